/** Game time: nweeks of `ndays` ndays each, counted from nweek 1, nday 1. Only commands move it. */
export interface Clock {
  readonly nweek: number;
  readonly nday: number;
  readonly ndays: number;
}

/**
 * The moments rules can hook onto, in the order one tick passes through them:
 * end of nday -> (end of nweek -> start of nweek) -> start of nday.
 * A hook learns which nday or nweek from the context's clock (already advanced for the start phases).
 */
export const CLOCK_PHASES = ['ndayEnd', 'nweekEnd', 'nweekStart', 'ndayStart'] as const;
export type ClockPhase = (typeof CLOCK_PHASES)[number];
