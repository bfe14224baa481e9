// The commands the clock gives and the notices it leaves, each with the id or key that makes it happen once
// whichever process gives it and however often (the store's command_ids and the outbox's keys are unique per
// game): a boundary is one instant of one game, so its instant names it.
import type { Command } from '../core/index.js';
import { ADMIN } from '../core/index.js';
import type { Notice } from '../store/store.js';
import type { Boundary } from './calendar.js';

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

/** `pause-clock`, once per outage: the outage is named by the first boundary it swallowed. */
export function pauseFor(first: Boundary, reason: string, now: number): Command {
  return { type: 'pause-clock', by: ADMIN, args: { reason, at: iso(now) }, id: `clock:pause:${first.iso}` };
}

/** Tells the game's Administrator that the clock paused it, and how to go on. */
export function pausedNotice(game: string, first: Boundary, reason: string, now: number): Notice {
  return {
    game,
    key: `clock:pause:${first.iso}`,
    to: 'admin',
    topic: 'clock',
    subject: `${game}: the clock is paused`,
    text:
      `The clock paused ${game}: ${reason}. Its schedule says to pause after an outage rather than catch up. ` +
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
