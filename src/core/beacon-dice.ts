// Beacon dice in the kernel (issue 26; rulings B1, B4-B7): a game whose dice setting is `beacon` commits each
// nweek's seed naming a round of a public randomness beacon that does not exist yet (roundToName from the
// instant of the command that commits), and every roll of that nweek, public or secret, is anchored to that
// round's randomness. Until the round is recorded the nweek does not begin (B5): the commitment is in the log,
// published, before anyone can know the round, and the game waits, as a roll waits for manual dice. The round
// comes in by the Administrator's `beacon` command (pasted, or fetched by the house from the relays), and is
// verified there against the chain's key; `referee verify` decides the command again, so verifies it again.
import { z } from 'zod';
import type { Decision } from './decision.js';
import type { GameState } from './state.js';
import type { Json } from './json.js';
import { isJson } from './json.js';
import { command } from './ruleset.js';
import type { CommandRule } from './ruleset.js';
import { reject } from './errors.js';
import { isoOf } from './instant.js';
import { PINNED_CHAINS, roundTime } from './dice/beacon-chains.js';
import type { BeaconChain, BeaconScheme } from './dice/beacon-chains.js';
import { anchoredSeed, roundToName } from './dice/beacon-draw.js';
import { checkRound, readRound } from './dice/beacon.js';

/** A beacon game's dice beside the seeds: its chain, the round the current nweek's commitment named, its randomness. */
export interface BeaconDice {
  readonly chain: BeaconChain;
  /** The round the current nweek's seed commitment named (0 before the first commitment is folded). */
  readonly round: number;
  /** That round's randomness, hex, once recorded (`beacon-round`); null while the game waits for it. */
  readonly randomness: string | null;
  /** B14: the rounds the seeds' timelocks open at, not yet recorded (absent: none). */
  readonly sealed?: readonly number[];
}

const SCHEMES: readonly BeaconScheme[] = ['bls-unchained-g1-rfc9380', 'pedersen-bls-chained'];
const HEX = /^(?:[0-9a-f]{2})+$/;

/**
 * The chain `create`'s `beacon` argument names (ruling B4): a pinned chain by its name (quicknet unless given),
 * or a chain the operator describes whole (a test chain whose key the operator gives). A description that uses
 * a pinned chain's name must be that chain exactly: no one passes off a key of their own as quicknet's.
 */
export function chainArgument(ctx: Decision, arg: Json | undefined): BeaconChain {
  if (arg === undefined || arg === null) return PINNED_CHAINS.get('quicknet') as BeaconChain;
  if (typeof arg === 'string') {
    const pinned = PINNED_CHAINS.get(arg);
    if (!pinned)
      return ctx.reject(
        'bad-arguments',
        `beacon: no chain is pinned as "${arg}" (pinned: ${[...PINNED_CHAINS.keys()].join(', ')}); describe another chain whole`,
      );
    return pinned;
  }
  if (typeof arg !== 'object' || Array.isArray(arg))
    return ctx.reject('bad-arguments', 'beacon: a chain name or a chain description');
  const o = arg as Record<string, Json>;
  const bad = (what: string): never => ctx.reject('bad-arguments', `beacon: the chain's ${what}`);
  if (typeof o.name !== 'string' || !/^[a-z][a-z0-9-]{0,31}$/.test(o.name)) bad('name (a-z, 0-9, -)');
  if (typeof o.hash !== 'string' || o.hash.length !== 64 || !HEX.test(o.hash)) bad('hash (64 hex digits)');
  if (typeof o.scheme !== 'string' || !SCHEMES.includes(o.scheme as BeaconScheme))
    bad(`scheme (${SCHEMES.join(' or ')})`);
  const keyLength = o.scheme === 'bls-unchained-g1-rfc9380' ? 192 : 96;
  if (typeof o.publicKey !== 'string' || o.publicKey.length !== keyLength || !HEX.test(o.publicKey))
    bad(`publicKey (${keyLength} hex digits)`);
  for (const k of ['genesis', 'period'] as const)
    if (typeof o[k] !== 'number' || !Number.isSafeInteger(o[k]) || o[k] < 1) bad(`${k}`);
  if (Object.keys(o).length !== 6) bad('fields: name, hash, scheme, publicKey, genesis, period, no others');
  const chain: BeaconChain = {
    name: o.name as string,
    hash: o.hash as string,
    scheme: o.scheme as BeaconScheme,
    publicKey: o.publicKey as string,
    genesis: o.genesis as number,
    period: o.period as number,
  };
  const pinned = PINNED_CHAINS.get(chain.name);
  if (pinned && JSON.stringify(pinned) !== JSON.stringify(chain))
    ctx.reject('bad-arguments', `beacon: ${chain.name} is pinned, and this is not its description`);
  return chain;
}

/** The round a seed committed at `instant` (ISO, as the command carries it) names (B1). */
export function roundNamedAt(ctx: Decision, chain: BeaconChain, instant: string | undefined): number {
  const ms = instant === undefined ? undefined : Date.parse(instant);
  if (ms === undefined || !Number.isFinite(ms))
    return ctx.reject(
      'bad-arguments',
      'a beacon game commits its seeds at an instant the edge fills in (at); none was given',
    );
  return roundToName(chain, ms);
}

/**
 * Whether a game waits for its current nweek's round (B5): what awaitedRound says, without making its answer
 * (every decision asks, twice for a tick: docs/benchmarks.md, "Beacon-anchored dice").
 */
export function waitsForRound(state: GameState): boolean {
  const b = state.dice.beacon;
  return (
    b !== undefined &&
    b.randomness === null &&
    b.round !== 0 &&
    state.dice.source === 'beacon' &&
    !state.ended
  );
}

/** The beacon round a game waits for before its current nweek can begin, if it does (B5). */
export function awaitedRound(state: GameState): { chain: BeaconChain; round: number; due: string } | null {
  if (!waitsForRound(state)) return null;
  const b = state.dice.beacon as BeaconDice;
  return { chain: b.chain, round: b.round, due: isoOf(roundTime(b.chain, b.round)) };
}

/** The commands a game waiting for its round still takes (B5): none of them rolls or acts in an nweek. */
export const WHILE_WAITING: ReadonlySet<string> = new Set([
  'beacon',
  'end',
  'schedule',
  'pause-clock',
  'resume-clock',
  'dice',
  // Issue 24: amending the rules rolls nothing; before the setup, it is how a nomic's game starts under its
  // amended text (ruling P6: the numbers of Things are read when the Things are placed).
  'amend-rules',
  'repeal-amendment',
]);

/** Why a command must wait for the round (B5), as a refusal everyone may read: the round is public. */
export function waitRefusal(state: GameState): void {
  if (!waitsForRound(state)) return;
  const w = awaitedRound(state);
  if (w && w.round > 0)
    reject(
      'beacon-needed',
      `the dice of nweek ${state.dice.epoch} wait for round ${w.round} of the ${w.chain.name} beacon (due ${w.due}); the game goes on once it is recorded`,
    );
}

/** Stream seeds anchored to a round, kept by seed object (the seeds are keptStreamSeed's shared ones). */
const anchored = new WeakMap<Uint8Array, { key: string; seed: Uint8Array }>();

/** The seed a beacon roll draws from: the stream seed anchored to the nweek's round (beacon-draw.ts). */
export function anchoredStreamSeed(seed: Uint8Array, b: BeaconDice): Uint8Array {
  if (b.randomness === null) return reject('beacon-needed', `round ${b.round} is not recorded yet`);
  const key = `${b.chain.hash}|${b.round}|${b.randomness}`;
  const kept = anchored.get(seed);
  if (kept?.key === key) return kept.seed;
  const s = anchoredSeed(seed, b.chain, { round: b.round, randomness: b.randomness, signature: '' });
  anchored.set(seed, { key, seed: s });
  return s;
}

/**
 * Records the round the game waits for, verified against its chain's key (B2), and begins the nweek (B5); or a
 * round a seed's timelock opens at (B14), verified the same way, which begins nothing. True for an anchor.
 */
function recordRound(ctx: Decision, round: number, json: Json): boolean {
  const dice = ctx.state.dice;
  const b = dice.beacon;
  if (dice.source !== 'beacon' || !b)
    return ctx.reject('not-allowed', "this game's dice are not anchored to a beacon");
  const opens = round !== b.round && (b.sealed ?? []).includes(round);
  if (b.randomness !== null && !opens)
    return ctx.reject(
      'not-allowed',
      `round ${b.round} is already recorded; the next round is named when nweek ${dice.epoch} ends`,
    );
  if (round !== b.round && !opens)
    return ctx.reject(
      'bad-arguments',
      `the dice of nweek ${dice.epoch} wait for round ${b.round} of ${b.chain.name}, not round ${round}`,
    );
  const read = readRound(typeof json === 'string' ? parseJson(ctx, json) : json);
  if (!read.ok) return ctx.reject('bad-beacon-round', read.error);
  const why = checkRound(b.chain, read.value, round);
  if (why !== null) return ctx.reject('bad-beacon-round', why);
  const r = read.value;
  ctx.emit({
    type: 'beacon-round',
    vis: 'public',
    chain: b.chain.name,
    round: r.round,
    randomness: r.randomness,
    signature: r.signature,
    ...(r.previous_signature !== undefined ? { previous_signature: r.previous_signature } : {}),
  });
  return !opens;
}

function parseJson(ctx: Decision, text: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return ctx.reject('bad-beacon-round', 'the round is not JSON');
  }
}

/**
 * `beacon ROUND JSON`: the Administrator's (or the house's) record of the round the dice wait for; `begin`
 * then begins the nweek it anchors (the game's setup too, for nweek 1). A factory, so that the kernel's
 * commands, which begin nweeks, import this file and not the other way round.
 */
export function beaconCommand(begin: (ctx: Decision, epoch: number) => void): CommandRule<unknown> {
  return command({
    actor: 'admin',
    visibility: 'public',
    summary:
      "record the beacon round this nweek's dice wait for, or one a seed's timelock opens at (drand's JSON for the round, verified)",
    words: ['round', 'json'],
    args: () =>
      z
        .object({
          round: z.number().int().min(1),
          json: z.custom<Json>(isJson, 'the round is not JSON'),
        })
        .strict(),
    run(ctx, _by, { round, json }) {
      if (recordRound(ctx, round, json)) begin(ctx, ctx.state.dice.epoch);
    },
  });
}
