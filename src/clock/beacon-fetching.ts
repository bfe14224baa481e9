// The clock fetches the beacon round a game waits for (issue 26 item 2; rulings B3, B8-B10). A game on beacon
// dice whose nweek waits for round N (B5) is planned, like a boundary, for N's time by the chain's clock
// (genesis + (N-1)·period); then the round is asked of the relays the service was given, verified there and
// recorded through the Administrator's own `beacon` command, so the log is the same whether the round was
// fetched or pasted (and verified again by the kernel). No relay with a round that verifies: the game keeps
// waiting, the clock tries again later with back-off, and the Administrator is told why, once per round.
import type { Command, GameState, Json, Result } from '../core/index.js';
import { ADMIN } from '../core/index.js';
import { awaitedRound } from '../core/beacon-dice.js';
import type { BeaconChain } from '../core/dice/beacon-chains.js';
import { roundTime } from '../core/dice/beacon-chains.js';
import type { BeaconRound } from '../core/dice/beacon.js';
import type { ClockDoor, Notice } from '../engine/ports/index.js';
import type { ClockReport } from './firing.js';

/** Why a round could not be had (src/node/beacon-relays.ts's RoundUnavailable). */
export interface RoundMissing {
  readonly reason: 'not-yet' | 'unavailable';
  /** What each relay did, in words. */
  readonly relays: readonly string[];
  /** When the round is due, ms since the epoch. */
  readonly due: number;
}

/** How the clock gets a round: the relays the service was given (the house wires fetchRound). */
export type RoundFetcher = (
  chain: BeaconChain,
  round: number,
  now: number,
) => Promise<Result<BeaconRound, RoundMissing>>;

export interface BeaconFetching {
  readonly fetch: RoundFetcher;
  /** After the first attempt that finds no round, when the next is (ms); doubled each time (B9). */
  readonly firstRetryMs?: number;
  /** The longest wait between two attempts (ms). */
  readonly maxRetryMs?: number;
}

export const BEACON_DEFAULTS = { firstRetryMs: 2_000, maxRetryMs: 60_000 } as const;

/** The round a game waits for, if it does (B5). */
export const waitingFor = (state: GameState): { chain: BeaconChain; round: number; at: number } | null => {
  const w = awaitedRound(state);
  return w ? { chain: w.chain, round: w.round, at: Date.parse(w.due) } : null;
};

/**
 * The round the clock should fetch for a game (B8, B14): the round its dice wait for, or else the earliest
 * round a seed's timelock opens at that is not yet recorded. Only the first holds the game up (B10): a
 * timelock's round is fetched when due so that the seed opens from the log alone, whether or not it is revealed.
 */
export const roundToFetch = (
  state: GameState,
): { chain: BeaconChain; round: number; at: number; holds: boolean } | null => {
  const waiting = waitingFor(state);
  if (waiting) return { ...waiting, holds: true };
  const b = state.dice.beacon;
  if (state.dice.source !== 'beacon' || !b || state.ended || !b.sealed || b.sealed.length === 0) return null;
  const round = Math.min(...b.sealed);
  return { chain: b.chain, round, at: roundTime(b.chain, round), holds: false };
};

/** The Administrator's `beacon` command with a fetched round, once-only by the round's number (B8). */
export function beaconCommandFor(round: BeaconRound): Command {
  const json: Record<string, Json> = {
    round: round.round,
    randomness: round.randomness,
    signature: round.signature,
    ...(round.previous_signature !== undefined ? { previous_signature: round.previous_signature } : {}),
  };
  return { type: 'beacon', by: ADMIN, args: { round: round.round, json }, id: `clock:beacon:${round.round}` };
}

/** The wait before attempt `tries + 1` after `tries` attempts that found no round (B9). */
export function backOff(settings: BeaconFetching, tries: number): number {
  const first = settings.firstRetryMs ?? BEACON_DEFAULTS.firstRetryMs;
  const max = settings.maxRetryMs ?? BEACON_DEFAULTS.maxRetryMs;
  return Math.min(max, first * 2 ** Math.max(0, Math.min(tries - 1, 30)));
}

/** What an attempt came to: the state to plan from, or when to try again. */
export type Fetched =
  | { readonly recorded: GameState }
  | { readonly again: number; readonly missing?: RoundMissing }
  | { readonly latest: GameState };

/** One attempt at the round `wait` names for `game`: asked of the relays, recorded if one verifies. */
export async function fetchAndRecord(
  referee: ClockDoor,
  settings: BeaconFetching,
  game: string,
  wait: { chain: BeaconChain; round: number; holds?: boolean },
  now: number,
  say: (r: ClockReport) => void,
): Promise<Fetched> {
  const got = await settings.fetch(wait.chain, wait.round, now);
  if (!got.ok) {
    if (got.error.reason === 'not-yet') return { again: got.error.due };
    say({
      kind: 'beacon',
      game,
      text: `${game}: round ${wait.round} of ${wait.chain.name} could not be had from any relay (${got.error.relays.join('; ') || 'no relay configured'}); ${wait.holds === false ? "a seed's timelock waits for it" : 'the game waits'}`,
    });
    return { again: now, missing: got.error };
  }
  const r = await referee.submit(game, beaconCommandFor(got.value));
  if (!r.ok) {
    // Recorded meanwhile (pasted, or by another process): the latest state says what the game waits for now.
    say({
      kind: 'beacon',
      game,
      text: `${game}: round ${wait.round} was not recorded (${r.error.code}: ${r.error.message})`,
    });
    return { latest: await referee.state(game) };
  }
  say({
    kind: 'beacon',
    game,
    text: `${game}: round ${wait.round} of ${wait.chain.name} fetched, verified and recorded${r.value.duplicate ? ' (by another process)' : ''}`,
  });
  return { recorded: r.value.state };
}

/** Tells the Administrator, once per round, that no relay gave the round the game waits for, and what to do. */
export function unreachableNotice(
  game: string,
  wait: { chain: BeaconChain; round: number },
  missing: RoundMissing,
  now: number,
  retryMs: number,
): Notice {
  const due = new Date(missing.due).toISOString();
  return {
    game,
    key: `clock:beacon:${wait.round}`,
    to: 'admin',
    topic: 'clock',
    subject: `${game}: beacon round ${wait.round} cannot be fetched`,
    text:
      `${game}'s dice wait for round ${wait.round} of the ${wait.chain.name} beacon, due ${due}, and no relay gave ` +
      `a round that verifies: ${missing.relays.join('; ') || 'no relay is configured'}. The game waits; the ` +
      `referee asks again (next in ${Math.round(retryMs / 1000)} s, then less often). You may paste the round: ` +
      `referee beacon ${game} ${wait.round} 'JSON' (drand's answer for round ${wait.round}, from any relay or ` +
      `client); it is verified against the chain's key like a fetched one.`,
    at: new Date(now).toISOString(),
  };
}
