// A seed that reveals itself, in the kernel (issue 26 item 3; rulings B13-B15). The engine encrypts a beacon
// nweek's seed to the round this file names (timelockOpens) and the committing command carries the ciphertext;
// the kernel records it beside the commitment, with the round it opens at, once it has checked the
// ciphertext's recipient is that round of the game's chain (it cannot check more: opening needs the round).
// The round comes later by `beacon`, like an anchor, and is recorded verified, so `verify` and a player open the
// seed from the log alone.
import type { Decision } from './decision.js';
import type { GameState } from './state.js';
import type { BeaconChain } from './dice/beacon-chains.js';
import { roundAt, roundTime } from './dice/beacon-chains.js';
import { recipientOf, timelockable } from './dice/timelock.js';
import { weeklyInstantAfter } from './schedule-time.js';

const DAY_MS = 86_400_000;

/**
 * When the nweek whose seed is committed at `committedMs` ends (B13): by a running schedule, its next weekly
 * instant (a calendar) or its ndays' boundaries from the last (a rhythm); with no schedule running, a bound of
 * one day an nday, the length a schedule's calendar gives, counted from the commitment.
 */
export function nweekEndFor(state: GameState, committedMs: number): number {
  const s = state.schedule;
  const ndays = state.clock.ndays;
  if (s === null || s.paused !== null) return committedMs + ndays * DAY_MS;
  const from = Math.max(committedMs, s.fired === null ? Date.parse(s.since) : Date.parse(s.fired));
  if (s.rhythm.kind === 'calendar') return weeklyInstantAfter(s.rhythm, from);
  return from + ndays * s.rhythm.every * 1000;
}

/** The round a seed committed at `committedMs`, anchored to `anchor`, is timelocked to (B13). */
export function timelockOpens(
  state: GameState,
  chain: BeaconChain,
  anchor: number,
  committedMs: number,
): number {
  const end = nweekEndFor(state, committedMs);
  let r = roundAt(chain, end);
  if (roundTime(chain, r) < end) r++;
  return Math.max(r, anchor + 1);
}

/**
 * The timelock fields of a beacon nweek's commitment: the round it opens at, and the ciphertext the command
 * brought, checked to be to that round of this chain (B13). Chained chains (mainnet) have none (B15).
 */
export function timelockFields(
  ctx: Decision,
  chain: BeaconChain,
  anchor: number,
  committedMs: number,
  ciphertext: string | undefined,
): { opens?: number; timelock?: string } {
  if (!timelockable(chain)) {
    if (ciphertext !== undefined)
      ctx.reject(
        'bad-arguments',
        `timelock: ${chain.name}'s rounds are chained, tlock cannot encrypt to them`,
      );
    return {};
  }
  const opens = timelockOpens(ctx.state, chain, anchor, committedMs);
  if (ciphertext === undefined) return { opens };
  const to = recipientOf(ciphertext);
  if (!to.ok) return ctx.reject('bad-arguments', `timelock: ${to.error}`);
  if (to.value.chainHash !== chain.hash)
    ctx.reject('bad-arguments', `timelock: encrypted to another chain, not ${chain.name}`);
  if (to.value.round !== opens)
    ctx.reject(
      'bad-arguments',
      `timelock: encrypted to round ${to.value.round}; this nweek's seed opens at round ${opens}, at its end (B13)`,
    );
  return { opens, timelock: ciphertext };
}
