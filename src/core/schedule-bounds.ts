// What a schedule may ask (issue 23 item 7, ruling K16): no start before the game existed, no rhythm faster
// than the game's floor. Creation is open, so without these a stranger's game could ask for an nday every
// second since 2000 and the clock would owe it every one of those boundaries. Decided in the kernel, so every
// edge (command line, API, forum, mail) gets the same answer, and a refused schedule changes nothing.
//
// K4: a reading that changes what the kernel accepts is a kernel edition. Games created under edition 3 and
// later record their creation instant and their rhythm floor in `game-created`; older games (whose logs may
// hold a fast rhythm, legally set then) keep deciding schedules as they did, so they replay and verify
// exactly as written. The clock's own bounds (the catch-up cap and fair dispatch, K17) hold for every game.
import type { Decision } from './decision.js';
import { isoOf } from './instant.js';
import { durationText } from './schedule-describe.js';

/** The first kernel edition whose schedules are bounded (K16). */
export const SCHEDULE_BOUNDS_EDITION = 3;

/** An ordinary game's fastest rhythm: an nday every minute (the demo's 30 s needs the operator's say). */
export const DEFAULT_RHYTHM_FLOOR = 60;

/**
 * How far before the game's creation a start (a schedule's `since`, a pause's or resumption's `at`) may be:
 * the instant an edge fills in is its own machine's, and two processes (two machines on one PostgreSQL) may
 * disagree by this much. It is no more than the clock's grace, so no start allowed makes an outage.
 */
export const START_TOLERANCE_MS = 60_000;

/** What a game of edition 3 or later recorded at its creation; absent for older games (nothing bounded). */
export interface ScheduleBounds {
  /** The instant the game was created (as the edge that received the creation filled it in), or null. */
  readonly created: string | null;
  /** The fastest rhythm the game may be given, in seconds. */
  readonly rhythmFloor: number;
}

/** The bounds a game's creation records: only from edition 3 (K4: older creations decide as they did). */
export function boundsAtCreation(
  kernelEdition: number,
  created: string | undefined,
  rhythmFloor: number | undefined,
): ScheduleBounds | undefined {
  if (kernelEdition < SCHEDULE_BOUNDS_EDITION) return undefined;
  return { created: created ?? null, rhythmFloor: rhythmFloor ?? DEFAULT_RHYTHM_FLOOR };
}

/** Refuses a start (ms) before the game existed, less the tolerance. */
export function checkStart(ctx: Decision, name: string, ms: number): void {
  const created = ctx.state.scheduleBounds?.created;
  if (created === undefined || created === null) return;
  const earliest = Date.parse(created) - START_TOLERANCE_MS;
  if (ms < earliest)
    ctx.reject(
      'bad-arguments',
      `${name}: ${isoOf(ms)} is before this game existed (created ${created}); a schedule starts at its creation or later`,
    );
}

/** Refuses a rhythm (seconds) faster than the game's floor. */
export function checkRhythm(ctx: Decision, every: number): void {
  const floor = ctx.state.scheduleBounds?.rhythmFloor;
  if (floor === undefined || every >= floor) return;
  ctx.reject(
    'bad-arguments',
    `every: an nday every ${durationText(every)} is faster than this game allows (at least every ${durationText(floor)}; the server's operator sets faster rhythms for demonstrations)`,
  );
}
