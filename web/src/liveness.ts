// Whether a live stream still lives (issue 16): the "live" mark must not stay green while the page is behind.
// The server sends a heartbeat on an idle stream and says in its greeting how often (`hello`'s `heartbeat`);
// a stream that has heard nothing — no heartbeat, no update — for two heartbeats has stalled (a proxy or a
// suspended laptop dropped it without a word), and the page says so and connects again. Pure but for the
// timer it is given, so a test drives it on simulated time.

/** The heartbeat assumed until the server says (and from a server that does not). */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/** How many heartbeats in a row may be missed before the stream counts as stalled. */
export const MISSED_HEARTBEATS = 2;

/** Calls `fn` once after `ms`; answers the function that cancels it. */
export type SetTimer = (ms: number, fn: () => void) => () => void;

/** The browser's timer. */
export const browserTimer: SetTimer = (ms, fn) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/** The heartbeat a `hello` message gives (ms), if it gives a sensible one. */
export function heartbeatOf(hello: unknown): number | undefined {
  if (hello === null || typeof hello !== 'object') return undefined;
  const ms = (hello as { heartbeat?: unknown }).heartbeat;
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * Watches one connection: `heard()` on every byte that arrives, `heartbeat(ms)` when the greeting tells the
 * interval, `stop()` when the connection ends. Calls `stalled` once if MISSED_HEARTBEATS go by unheard.
 */
export class Liveness {
  private interval = DEFAULT_HEARTBEAT_MS;
  private cancel: (() => void) | undefined;
  private done = false;

  constructor(
    private readonly stalled: () => void,
    private readonly setTimer: SetTimer = browserTimer,
  ) {
    this.arm();
  }

  /** Something arrived: the stream lives; the count of missed heartbeats starts again. */
  heard(): void {
    this.arm();
  }

  /** The server's heartbeat interval (from `hello`). */
  heartbeat(ms: number): void {
    this.interval = ms;
    this.arm();
  }

  stop(): void {
    this.done = true;
    this.cancel?.();
    this.cancel = undefined;
  }

  private arm(): void {
    if (this.done) return;
    this.cancel?.();
    this.cancel = this.setTimer(this.interval * MISSED_HEARTBEATS, () => {
      this.cancel = undefined;
      if (this.done) return;
      this.done = true;
      this.stalled();
    });
  }
}
