// A simulated clock for the Courier's tests (the TimeSource shape of src/clock/time.ts): time moves only when
// the test says, and due timers fire in order of their time.
import type { TimeSource } from '../../src/channels/courier.js';

export class SimulatedTime implements TimeSource {
  private timers: { at: number; fn: () => void; n: number }[] = [];
  private count = 0;

  constructor(private current = Date.UTC(2026, 10, 24)) {}

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.current + Math.max(0, ms), fn, n: this.count++ };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time on by `ms`, firing each timer due on the way at its own time. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.n - b.n)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = end;
  }

  /**
   * advance() for what reacts to timers asynchronously: moves time on timer by timer, letting `settle`
   * (e.g. a courier's idle()) finish the work each one started before the clock moves again.
   */
  async run(ms: number, settle: () => Promise<void>): Promise<void> {
    const end = this.current + ms;
    for (;;) {
      await settle();
      const next = this.next();
      if (next === undefined || next > end) break;
      this.advance(next - this.current);
    }
    this.current = end;
    await settle();
  }

  /** When the next timer is due, if any. */
  next(): number | undefined {
    return this.timers.reduce<number | undefined>(
      (m, t) => (m === undefined ? t.at : Math.min(m, t.at)),
      undefined,
    );
  }
}
