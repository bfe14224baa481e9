// Firing one boundary of one game (issue 14): its tick, or under the 'pause' policy after an outage, the pause
// of its clock; and what a rules' refusal of either means. Each gives the commands of commands.ts, so each is
// once-only across processes and restarts.
import type { GameState, RuleError } from '../core/index.js';
import type { ClockDoor, Notice } from '../engine/ports/index.js';
import type { Boundary } from './calendar.js';
import { backlogReason, outageReason, pausedNotice, pauseFor, tickAt } from './commands.js';
import { countMissed, nextToFire, scheduleOf } from './plan.js';
import { deadlineNotices } from './reminders.js';
import type { TimeSource } from './time.js';

/** What the clock did or saw, for the operator's log (the `text` is one line). */
export interface ClockReport {
  readonly kind:
    | 'started'
    | 'fired'
    | 'caught-up'
    | 'paused'
    | 'refused'
    | 'jumped'
    | 'set-back'
    | 'error'
    | 'stopped'
    /** A beacon round fetched and recorded, or not to be had (issue 26, B8-B10). */
    | 'beacon';
  readonly game?: string;
  /** The boundary's instant (fired, caught-up, paused, refused). */
  readonly scheduled?: string;
  /** How late the boundary's tick was committed, in ms after its instant (fired, caught-up). */
  readonly lateMs?: number;
  /** How late the clock gave the tick (before the rules decided it and the store committed it), in ms. */
  readonly givenMs?: number;
  readonly text: string;
}

/** What firing needs of the clock. */
export interface Firing {
  readonly referee: ClockDoor;
  readonly time: TimeSource;
  readonly graceMs: number;
  /** K17: the most boundaries one catch-up fires. */
  readonly catchUpCap: number;
  readonly say: (report: ClockReport) => void;
  readonly notify: (notices: readonly Notice[]) => void;
}

/** Plan the game again from this state, or drop it (kept with this state until its schedule or clock changes). */
export type Outcome = { readonly plan: GameState } | { readonly drop: GameState };

export const why = (e: unknown): string => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');

/** Fires one boundary as its tick; `late`: how overdue it was when its firing began. */
export async function fireTick(f: Firing, game: string, boundary: Boundary, late: number): Promise<Outcome> {
  // The players a wait this tick ends had left out are told, in the tick's own transaction (the outbox):
  // computed from the state the tick is decided on, so a player who acted just before is not told.
  const kernel = f.referee.rules;
  const r = await f.referee.submit(game, tickAt(boundary), {
    notices: (_entries, after, before) =>
      deadlineNotices(game, before ? kernel.awaiting(before) : undefined, after, boundary.iso),
  });
  if (!r.ok) return refused(f, game, boundary, `the tick of ${boundary.iso}`, r.error);
  const outage = late > f.graceMs;
  f.say({
    kind: outage ? 'caught-up' : 'fired',
    game,
    scheduled: boundary.iso,
    lateMs: f.time.now() - boundary.at,
    givenMs: late,
    text: `${game}: ${boundary.nweek ? 'nweek' : 'nday'} ended at ${boundary.iso}${outage ? ` (missed by ${Math.round(late / 1000)} s, caught up)` : ''}${r.value.duplicate ? ' (by another process)' : ''}`,
  });
  return { plan: r.value.state };
}

/**
 * K17: whether an overdue boundary under 'catch-up' begins (or continues) a catch-up larger than the cap:
 * more than `catchUpCap` boundaries due from it up to now. Counted no further than one past the cap.
 */
export function overCap(f: Firing, state: GameState, first: Boundary, now: number): boolean {
  const schedule = scheduleOf(state);
  if (!schedule) return false;
  return countMissed(schedule, state.clock, first, now, f.catchUpCap + 1) > f.catchUpCap;
}

/**
 * The 'pause' policy: the game's clock is paused with the outage as its reason, and the Administrator told.
 * The outage runs from the first boundary missed, or from the last instant the clock was seen running before
 * the machine's clock jumped (`awayFrom`), if that was earlier. With `capped` (K17), a 'catch-up' game whose
 * backlog is more than one catch-up fires takes the same path: one pause in its log (the bounded record of
 * what was not fired: its first boundary, how many, until when), one notice, whatever the backlog.
 */
export async function pauseAfterOutage(
  f: Firing,
  game: string,
  state: GameState,
  first: Boundary,
  now: number,
  awayFrom: number | undefined,
  capped = false,
): Promise<Outcome> {
  const schedule = scheduleOf(state);
  if (!schedule) return { plan: state };
  const missed = countMissed(schedule, state.clock, first, now);
  const from = awayFrom !== undefined && awayFrom <= first.at ? awayFrom : first.at;
  const reason = capped
    ? backlogReason(first.at, now, missed, f.catchUpCap)
    : outageReason(from, now, missed);
  const r = await f.referee.submit(game, pauseFor(first, reason, now));
  if (!r.ok) return refused(f, game, first, 'pausing its clock after an outage', r.error);
  f.say({ kind: 'paused', game, scheduled: first.iso, text: `${game}: clock paused: ${reason}` });
  f.notify([pausedNotice(game, first, reason, now, capped)]);
  return { plan: r.value.state };
}

/**
 * The rules refused what the clock gave. They decide on the game's latest state, so either the plan rested on
 * an older one (a schedule changed or paused, or a boundary fired, by a process this one did not hear from):
 * the latest state is planned from; or the game cannot take it (rules that refuse): it is dropped. Never tried
 * again as is, which would be refused again.
 */
async function refused(
  f: Firing,
  game: string,
  boundary: Boundary,
  what: string,
  error: RuleError,
): Promise<Outcome> {
  const latest = await f.referee.state(game);
  if (nextToFire(latest)?.iso !== boundary.iso) return { plan: latest };
  f.say({
    kind: 'refused',
    game,
    scheduled: boundary.iso,
    text: `${game}: the rules refused ${what} (${error.code}: ${error.message}); its clock is not kept until its schedule or its clock changes`,
  });
  return { drop: latest };
}
