// When the clock reminds (issue 14: "Before a deadline (a schedule of warnings, e.g. 24 h and 2 h), each
// missing player is reminded, and the Administrator sees the list"): the next instant at which one of a
// game's warnings falls, from who its rules wait for now and the deadline its schedule gives that wait. The
// reminders themselves (reminders.ts) are computed again at that instant from the game's latest state, so a
// player who acted meanwhile is not reminded.
import type { Awaiting, GameState } from '../core/index.js';
import { dueAt } from './calendar.js';
import { missing } from './reminders.js';
import type { Rules } from '../engine/ports/index.js';

/** The first instant strictly after `after` at which a reminder of this game falls; Infinity if none does. */
export function nextReminder(kernel: Rules, state: GameState, after: number): number {
  const schedule = state.schedule;
  if (!schedule || schedule.paused || state.ended || schedule.warnings.length === 0) return Infinity;
  const awaiting = kernel.awaiting(state);
  if (!awaiting || missing(awaiting).length === 0) return Infinity;
  const deadline = dueAt(schedule, state.clock, awaiting.until, after);
  if (deadline === undefined) return Infinity;
  let next = Infinity;
  for (const warning of schedule.warnings) {
    const instant = deadline - warning * 1000;
    if (instant > after && instant < next) next = instant;
  }
  return next;
}

/** What a wait is, apart from who has acted in it: when it changes, the reminders are planned again. */
export function waitOf(kernel: Rules, state: GameState): string {
  const a: Awaiting | undefined = kernel.awaiting(state);
  return a ? `${a.what}|${a.until.nweek}.${a.until.nday}` : '';
}
