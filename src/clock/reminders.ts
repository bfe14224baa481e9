// Reminders before a deadline and notices when one passes (issue 14): "Before a deadline (a schedule of
// warnings, e.g. 24 h and 2 h), each missing player is reminded, and the Administrator sees the list."
// Pure: the clock runner calls these with the game's state, who the rules wait for (Ruleset.awaiting) and the
// deadline as an instant, and writes what they return to the outbox. Every text is made from public facts
// only (the awaiting, the schedule, the game's name) and the recipient's own name, so a player's notice says
// nothing the public view does not; and each notice has a key made from what it is about, so computing it
// again (a retry, a second process, a restarted clock) stores it once.
import type { Awaiting, GameState } from '../core/index.js';
import type { Notice } from '../engine/ports/index.js';
import { deadlineText, gameTime } from './notice-text.js';
import { dueAt } from './calendar.js';

/** The players the wait is still for, in the game's order. */
export const missing = (awaiting: Awaiting): string[] =>
  awaiting.players.filter((p) => !p.done).map((p) => p.name);

/**
 * The reminders due in (from, to]: for each warning (seconds before the deadline) whose instant falls in it,
 * one notice to each player still awaited and one to the Administrator listing them. Nobody else is told, and
 * a player who has acted is not; when no one is missing, nothing is sent.
 */
export function reminders(
  game: string,
  state: GameState,
  awaiting: Awaiting | undefined,
  deadline: number,
  warnings: readonly number[],
  from: number,
  to: number,
): Notice[] {
  if (!awaiting) return [];
  const late = missing(awaiting);
  if (late.length === 0) return [];
  const zone = zoneOf(state);
  const due = deadlineText(deadline, zone);
  const iso = new Date(deadline).toISOString();
  const when = gameTime(awaiting.until);
  const notices: Notice[] = [];
  // Each warning once, even if the schedule lists it twice; the largest (earliest) first.
  for (const warning of [...new Set(warnings)].sort((a, b) => b - a)) {
    const instant = deadline - warning * 1000;
    if (!(instant > from && instant <= to)) continue;
    const at = new Date(instant).toISOString();
    const key = (recipient: string): string => `remind:${iso}:${warning}:${recipient}`;
    for (const name of late) {
      const lines = [
        `${name}, the game ${game} is waiting for you: ${awaiting.what}.`,
        `Deadline: ${due} (${when}).`,
      ];
      if (awaiting.how) lines.push(`How to act: ${awaiting.how}.`);
      notices.push({
        game,
        key: key(`player:${name}`),
        to: `player:${name}`,
        topic: 'reminder',
        subject: `${game}: ${awaiting.what}, deadline ${due}`,
        text: lines.join('\n'),
        at,
      });
    }
    notices.push({
      game,
      key: key('admin'),
      to: 'admin',
      topic: 'reminder',
      subject: `${game}: ${late.length} still awaited for ${awaiting.what}`,
      text: [
        `${game}: ${awaiting.what}. Deadline: ${due} (${when}).`,
        `Still awaited (${late.length} of ${awaiting.players.length}): ${late.join(', ')}.`,
        `Each of them has been reminded.`,
      ].join('\n'),
      at,
    });
  }
  return notices;
}

/**
 * The reminders due in (from, to] for a game as it stands: who its rules wait for, the deadline its schedule
 * gives that wait (dueAt, counted from the last boundary fired) and the schedule's warnings. Nothing without a
 * schedule, while it is paused, or with no warnings. What the clock calls between boundaries.
 */
export function remindersDue(
  game: string,
  state: GameState,
  awaiting: Awaiting | undefined,
  from: number,
  to: number,
): Notice[] {
  const schedule = state.schedule;
  if (!schedule || !awaiting || schedule.warnings.length === 0) return [];
  const deadline = dueAt(schedule, state.clock, awaiting.until, from);
  if (deadline === undefined) return [];
  return reminders(game, state, awaiting, deadline, schedule.warnings, from, to);
}

/** Whether the game's clock is past the end of the nday a wait ran until (a boundary passed it). */
export function passed(until: Awaiting['until'], state: GameState): boolean {
  const { nweek, nday } = state.clock;
  return nweek > until.nweek || (nweek === until.nweek && nday > until.nday);
}

/**
 * The notices of a wait that a boundary has ended: `before` is who the rules waited for before the tick,
 * `after` the state it left, `at` the boundary's instant (ISO). One notice to each player who had not acted
 * ("the nweek ended; you had not announced"), in the rules' words, and one to the Administrator naming them.
 * Nothing when the wait has not ended (the clock is not past its nday), when everyone had acted, or when the
 * game is over (its end is told otherwise).
 */
export function deadlineNotices(
  game: string,
  before: Awaiting | undefined,
  after: GameState,
  at: string,
): Notice[] {
  if (!before || after.ended || !passed(before.until, after)) return [];
  const late = missing(before);
  if (late.length === 0) return [];
  const when = gameTime(before.until);
  const due = deadlineText(Date.parse(at), zoneOf(after));
  const key = (recipient: string): string =>
    `deadline:${before.until.nweek}.${before.until.nday}:${before.what}:${recipient}`;
  const notices: Notice[] = late.map((name) => ({
    game,
    key: key(`player:${name}`),
    to: `player:${name}`,
    topic: 'deadline',
    subject: `${game}: the time for ${before.what} is up`,
    text: [
      `${name}, the time for ${before.what} in ${game} is up: ${when}, ${due}.`,
      before.late ? `${capital(before.late)}.` : 'You had not acted in time.',
    ].join('\n'),
    at,
  }));
  notices.push({
    game,
    key: key('admin'),
    to: 'admin',
    topic: 'deadline',
    subject: `${game}: ${before.what} is over; ${late.length} had not acted`,
    text: [
      `${game}: the time for ${before.what} is up: ${when}, ${due}.`,
      `Had not acted (${late.length} of ${before.players.length}): ${late.join(', ')}. Each of them has been told.`,
    ].join('\n'),
    at,
  });
  return notices;
}

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The zone the game's calendar keeps, if it keeps one (a rhythm keeps none: UTC alone is shown). */
function zoneOf(state: GameState): string | null {
  const rhythm = state.schedule?.rhythm;
  return rhythm?.kind === 'calendar' ? rhythm.zone : null;
}
