// Where the clock gets its time (issue 14). Injected, so that the tests move time by hand and never sleep: the
// system's clocks in a running referee, a simulated one in tests (xstate's SimulatedClock is the model).
//
// Two clocks, because they can disagree: the wall clock (`now`) says what time it is, and is what a game's
// calendar is read against, but it jumps when the machine is suspended and resumed or its time is set; the
// monotonic clock only counts time that passed while the program ran, and never goes back. The clock watches
// the difference between them to notice a jump.

/** The clock's view of time. */
export interface TimeSource {
  /** Wall time, ms since the epoch: what the calendar is read against. May jump, forwards or back. */
  now(): number;
  /** Ms from an arbitrary origin, counting only time the program ran: never jumps, never goes back. */
  monotonic(): number;
  /** Calls `fn` once after `ms` of monotonic time; returns the function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

/**
 * The machine's clocks. Timers are unref'd: a pending boundary alone does not keep a process alive, whoever
 * runs the clock (`referee serve`, `referee clock`) decides how long the process lives.
 */
export const systemTime: TimeSource = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimer(ms, fn) {
    // setTimeout takes at most 2^31-1 ms; the clock re-arms long before that anyway.
    const handle = setTimeout(fn, Math.min(Math.max(0, ms), 2 ** 31 - 1));
    handle.unref();
    return () => clearTimeout(handle);
  },
};

interface Pending {
  readonly at: number;
  readonly order: number;
  readonly fn: () => void;
}

/**
 * Time that moves only when told. `advance(ms)` moves both clocks and runs the timers that fall due, in the
 * order of their instants (then of their setting), each at its instant; `jump(ms)` moves the wall clock alone,
 * as a machine suspended for `ms` and resumed (positive) or a clock set back (negative) would.
 */
export class SimulatedTime implements TimeSource {
  private wall: number;
  private mono = 0;
  private order = 0;
  private pending: Pending[] = [];

  /** Starts at the wall instant `start` (ms, or an ISO string). */
  constructor(start: number | string) {
    this.wall = typeof start === 'string' ? Date.parse(start) : start;
    if (!Number.isFinite(this.wall)) throw new Error(`SimulatedTime: ${String(start)} is not an instant`);
  }

  now(): number {
    return this.wall;
  }

  monotonic(): number {
    return this.mono;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer: Pending = { at: this.mono + Math.max(0, ms), order: this.order++, fn };
    this.pending.push(timer);
    return () => {
      this.pending = this.pending.filter((t) => t !== timer);
    };
  }

  /** The monotonic instant of the next timer, if any. */
  nextTimer(): number | undefined {
    return this.earliest()?.at;
  }

  /** Moves both clocks on by `ms`, running each timer that falls due at its own instant. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error(`SimulatedTime.advance: ${ms} is not a duration`);
    const end = this.mono + ms;
    for (let next = this.earliest(); next && next.at <= end; next = this.earliest()) {
      this.pending = this.pending.filter((t) => t !== next);
      this.wall += next.at - this.mono;
      this.mono = next.at;
      next.fn();
    }
    this.wall += end - this.mono;
    this.mono = end;
  }

  /**
   * Like advance, but after each timer waits for `settle()` (the asynchronous work the timer started), so
   * that work sees the time of its own timer and sets its next timers from there, as it would in real time.
   */
  async run(ms: number, settle: () => Promise<void>): Promise<void> {
    if (!(ms >= 0)) throw new Error(`SimulatedTime.run: ${ms} is not a duration`);
    const end = this.mono + ms;
    await settle();
    for (let next = this.nextTimer(); next !== undefined && next <= end; next = this.nextTimer()) {
      this.advance(next - this.mono);
      await settle();
    }
    this.advance(end - this.mono);
    await settle();
  }

  /** Moves the wall clock alone: a suspended machine resumed (ms > 0) or a clock set back (ms < 0). */
  jump(ms: number): void {
    this.wall += ms;
  }

  private earliest(): Pending | undefined {
    let best: Pending | undefined;
    for (const t of this.pending)
      if (!best || t.at < best.at || (t.at === best.at && t.order < best.order)) best = t;
    return best;
  }
}
