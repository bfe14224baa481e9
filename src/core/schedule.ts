// A game's calendar (issue 14): when its ndays and nweeks end by the wall clock. The schedule is game state,
// set by logged commands (part of the rules in force, visible to all); the kernel only records it. The clock
// that reads it and fires the boundaries lives outside the kernel (src/clock), feeding ordinary `tick`s.
// Instants are ISO 8601 strings (UTC, "2026-11-29T23:59:00.000Z"): the kernel never reads the wall clock, so
// every instant it records came in a command's arguments, filled in by the edge that received it.

/** How the game's time is cut. */
export type ScheduleRhythm =
  /**
   * Each nday ends every day at `time` (HH:MM, 24-hour) in the IANA time zone `zone`, and the nweek ends at
   * that time on `weekday` (ISO: 1 Monday … 7 Sunday): "nweek ends Sunday 23:59 Europe/London, 7 ndays of
   * 24 h". Local time, so across a change of daylight saving an nday lasts 23 or 25 hours.
   */
  | { readonly kind: 'calendar'; readonly zone: string; readonly time: string; readonly weekday: number }
  /** An nday every `every` seconds from the schedule's `since`; an nweek is the game's ndays ndays (demos). */
  | { readonly kind: 'rhythm'; readonly every: number };

/** What the clock does with boundaries that fell while no clock ran (or while the machine's clock jumped). */
export type OutagePolicy = 'catch-up' | 'pause';

export interface Schedule {
  readonly rhythm: ScheduleRhythm;
  readonly policy: OutagePolicy;
  /** Seconds before each deadline at which the players still missing are reminded, largest first. */
  readonly warnings: readonly number[];
  /** The instant the schedule took effect (or was last resumed): only boundaries after it are due. */
  readonly since: string;
  /** Set while the Administrator has paused the clock: no boundary fires. */
  readonly paused: { readonly at: string; readonly reason: string } | null;
  /** The one extension of an nweek's end allowed, for that nweek: its end moves to `until`. */
  readonly extension: { readonly nweek: number; readonly until: string; readonly reason: string } | null;
  /** The scheduled instant of the last boundary the clock fired, or null before the first. */
  readonly fired: string | null;
}
