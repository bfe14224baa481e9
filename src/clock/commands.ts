// The commands the clock gives and the notices it leaves, each with the id or key that makes it happen once
// whichever process gives it and however often (the store's command_ids and the outbox's keys are unique per
// game): a boundary is one instant of one game, so its instant names it.
import type { Command } from '../core/index.js';
import { ADMIN } from '../core/index.js';
import type { Notice } from '../engine/ports/index.js';
import type { Boundary } from './calendar.js';
import { MISSED_COUNT_CAP } from './plan.js';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The ordinary `tick` that ends the nday (or the nweek) at a boundary, with its scheduled instant. */
export function tickAt(boundary: Boundary): Command {
  return {
    type: 'tick',
    by: ADMIN,
    args: { scheduled: boundary.iso, ...(boundary.nweek ? { nweek: true } : {}) },
    id: `clock:${boundary.iso}`,
  };
}

/** Why the clock paused a game after an outage: from when to when, and how many boundaries fell in it. */
export function outageReason(from: number, to: number, missed: number): string {
  const count = missed === 1 ? '1 boundary' : `${missed} boundaries`;
  return `the referee was not running from ${iso(from)} to ${iso(to)}: ${count} missed`;
}

/**
 * Why the clock paused a game whose backlog is more than one catch-up fires (K17): from which boundary to
 * when, how many, and the cap. Not "the referee was not running": a backlog may also come from a start or a
 * resumption in the past, or from an old game's fast rhythm.
 */
export function backlogReason(from: number, to: number, missed: number, cap: number): string {
  const count = missed >= MISSED_COUNT_CAP ? `at least ${missed}` : `${missed}`;
  return `${count} boundaries were overdue (from ${iso(from)} to ${iso(to)}), more than one catch-up fires (at most ${cap})`;
}

/** `pause-clock`, once per outage: the outage is named by the first boundary it swallowed. */
export function pauseFor(first: Boundary, reason: string, now: number): Command {
  return { type: 'pause-clock', by: ADMIN, args: { reason, at: iso(now) }, id: `clock:pause:${first.iso}` };
}

/**
 * Tells the game's Administrator that the clock paused it, and how to go on: after an outage under the
 * 'pause' policy, or (`capped`) a backlog larger than one catch-up fires (K17).
 */
export function pausedNotice(
  game: string,
  first: Boundary,
  reason: string,
  now: number,
  capped = false,
): Notice {
  const why = capped
    ? 'Its schedule says to catch up missed boundaries, but one catch-up fires only so many, so that no game keeps the clock from the others.'
    : 'Its schedule says to pause after an outage rather than catch up.';
  return {
    game,
    key: `clock:pause:${first.iso}`,
    to: 'admin',
    topic: 'clock',
    subject: `${game}: the clock is paused`,
    text:
      `The clock paused ${game}: ${reason}. ${why} ` +
      `When the players are ready, resume it: referee admin ${game} resume-clock reason="…" ` +
      `(boundaries from then on are due; the missed ones are not fired).`,
    at: iso(now),
  };
}

/** Tells the game's Administrator that the machine's clock went back: a boundary may come later than meant. */
export function setBackNotice(game: string, from: number, to: number, fired: string | null): Notice {
  const back = Math.round((from - to) / 1000);
  return {
    game,
    key: `clock:set-back:${iso(to)}`,
    to: 'admin',
    topic: 'clock',
    subject: `${game}: the machine's clock went back ${back} s`,
    text:
      `The machine keeping ${game}'s time had its clock set back by ${back} s (from ${iso(from)} to ${iso(to)}). ` +
      `No boundary fires twice: the next is the first after the last fired (${fired ?? 'none yet'}), ` +
      `but it comes as late as the clock is behind. Check the machine's time (NTP).`,
    at: iso(to),
  };
}
