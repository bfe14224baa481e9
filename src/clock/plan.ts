// What the clock reads from a game's state: its schedule, the boundary it fires next, and how many boundaries
// an outage swallowed. Pure functions of the state and an instant; the calendar does the arithmetic.
import type { Clock } from '../core/clock.js';
import type { GameState } from '../core/index.js';
import type { Schedule } from '../core/schedule.js';
import type { Boundary } from './calendar.js';
import { nextBoundary } from './calendar.js';

/** The game's schedule (null: none; the clock leaves the game alone). */
export function scheduleOf(state: GameState): Schedule | null {
  return state.schedule;
}

/**
 * The boundary the clock fires next for a game: the first strictly after the later of the last one fired and
 * the schedule's start, so nothing fires twice (even when the machine's clock is set back) and nothing before
 * the schedule (or its last resumption) is due. Undefined: nothing to fire (no schedule, paused, game over).
 */
export function nextToFire(state: GameState): Boundary | undefined {
  const schedule = scheduleOf(state);
  if (!schedule || state.ended) return undefined;
  const since = Date.parse(schedule.since);
  const fired = schedule.fired === null ? since : Date.parse(schedule.fired);
  return nextBoundary(schedule, state.clock, Math.max(since, fired));
}

/** The game's clock after a boundary's tick: the next nday, or the next nweek's first. */
export function clockAfter(clock: Clock, boundary: Boundary): Clock {
  if (boundary.nweek || clock.nday >= clock.ndays) return { ...clock, nweek: clock.nweek + 1, nday: 1 };
  return { ...clock, nday: clock.nday + 1 };
}

/** Past this many, "N boundaries missed" says "at least N": counting further tells the Administrator nothing. */
export const MISSED_COUNT_CAP = 10_000;

/**
 * How many boundaries fell due from `first` up to `now` (`first` included; at most `limit`), walking the game's clock on as the
 * ticks would have: on a calendar, whether a day ends an nday depends on the nday the game is on.
 */
export function countMissed(
  schedule: Schedule,
  clock: Clock,
  first: Boundary,
  now: number,
  limit = MISSED_COUNT_CAP,
): number {
  let count = 0;
  let at: Boundary | undefined = first;
  let walked = clock;
  while (at && at.at <= now && count < limit) {
    count++;
    walked = clockAfter(walked, at);
    at = nextBoundary(schedule, walked, at.at);
  }
  return count;
}
