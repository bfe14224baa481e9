// The server's default limits, apart from the code that applies them (live.ts, policy.ts), so that the command
// line can show them in `referee serve --help` without loading the server (issue 17: a verb loads what it needs).

/** Limits of the event streams (buildApp's `live`, `referee serve --streams-*`). */
export interface LiveOptions {
  /** Open streams per client address (the request's ip); default 16. */
  readonly perClient?: number;
  /** Open streams per server; default 1,000. */
  readonly total?: number;
  /** Bytes a stream may leave unread before it is dropped; default 1 MiB. */
  readonly maxBuffered?: number;
  /**
   * How often an idle stream is sent a heartbeat (a comment line), told to the page in `hello`, which shows
   * the stream as stale after two missed; default 15 s (well inside the idle timeouts of common proxies).
   */
  readonly heartbeatMs?: number;
}

export const LIVE_DEFAULTS: Required<LiveOptions> = {
  perClient: 16,
  total: 1000,
  maxBuffered: 1 << 20,
  heartbeatMs: 15_000,
};

/** A limit: at most `max` requests per client address in each window of `windowMs` milliseconds. */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** The per-client limits of the routes that create things, and of the commands that change a game's clock. */
export interface ClientLimits {
  readonly create?: Limit;
  readonly join?: Limit;
  readonly post?: Limit;
  /**
   * Issue 23 item 7: schedule changes (schedule, pause-clock, resume-clock, extend-nweek) through the command
   * route; each may make the clock plan the game again or fire a catch-up, so they cost like a creation.
   */
  readonly schedule?: Limit;
}

export const CLIENT_LIMIT_DEFAULTS = {
  create: { max: 30, windowMs: 60_000 },
  join: { max: 120, windowMs: 60_000 },
  post: { max: 120, windowMs: 60_000 },
  schedule: { max: 30, windowMs: 60_000 },
} as const satisfies Required<ClientLimits>;

/** The commands the `schedule` limit counts: those that change when a game's boundaries fall. */
export const SCHEDULE_CHANGES: ReadonlySet<string> = new Set([
  'schedule',
  'pause-clock',
  'resume-clock',
  'extend-nweek',
]);
