// The clock's defaults, apart from the Clockwork that applies them, so that the command line can show them in
// `referee clock --help` and `referee serve --help` without loading the clock (issue 17).

export const CLOCK_DEFAULTS = {
  graceMs: 60_000,
  heartbeatMs: 1_000,
  jumpMs: 2_000,
  concurrency: 32,
  retryMs: 5_000,
  /** K17: the most boundaries one catch-up fires; past it the game's clock is paused and its Administrator told. */
  catchUpCap: 10,
} as const;
