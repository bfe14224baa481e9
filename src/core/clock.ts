/** Game time: nweeks of `ndays` ndays each, counted from nweek 1, nday 1. Only commands move it. */
export interface Clock {
  readonly nweek: number;
  readonly nday: number;
  readonly ndays: number;
}

/** How many ndays of the game have begun, counting the current one: nday 2 of nweek 3 of 7-nday nweeks is 16. */
export const ndayCount = (clock: Clock): number => (clock.nweek - 1) * clock.ndays + clock.nday;

/** The nweek and nday of the `count`th nday of the game (ndayCount's inverse). */
export const ndayAt = (clock: Clock, count: number): { nweek: number; nday: number } => ({
  nweek: Math.floor((count - 1) / clock.ndays) + 1,
  nday: ((count - 1) % clock.ndays) + 1,
});

/**
 * The moments rules can hook onto, in the order one tick passes through them:
 * end of nday -> (end of nweek -> start of nweek) -> start of nday.
 * A hook learns which nday or nweek from the context's clock (already advanced for the start phases).
 */
export const CLOCK_PHASES = ['ndayEnd', 'nweekEnd', 'nweekStart', 'ndayStart'] as const;
export type ClockPhase = (typeof CLOCK_PHASES)[number];
