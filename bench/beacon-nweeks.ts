// Whole nweeks of a busy Grid game (20 players announcing every nweek: grid-game.ts) on `beacon` dice against
// `fair` dice, side by side in one run (issue 26, "Done means": within 5% when rounds are cached). The pure
// kernel, as bench/in-memory.ts measures it: each beacon nweek adds its round's record (`beacon`, the round
// verified once and then found in the record of verified rounds: "cached") and its seed's timelock, sealed
// beforehand (the engine's encryption is measured apart, in bench/beacon.ts) and carried by the tick, whose
// recipient the kernel checks. Runs alternate fair and beacon, so a busy machine weighs on both alike.
import { bls12_381 as bls } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { performance } from 'node:perf_hooks';
import { ADMIN, GENESIS, Kernel } from '../src/core/index.js';
import type { Command, GameState, KernelEvent } from '../src/core/index.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import type { BeaconChain } from '../src/core/dice/beacon-chains.js';
import { roundTime } from '../src/core/dice/beacon-chains.js';
import { signedMessage } from '../src/core/dice/beacon.js';
import type { BeaconRound } from '../src/core/dice/beacon.js';
import { streamSeed } from '../src/core/dice/fair.js';
import { sealSeed } from '../src/engine/timelock-seal.js';
import { MASTER } from './announce.js';
import { createCommand, moveCommands, setupCommands } from './grid-game.js';

/** A chain of the benchmark's own, in quicknet's scheme, with its rounds signed on demand (each once). */
export function benchChain(): { chain: BeaconChain; round(n: number): BeaconRound } {
  const sigs = bls.shortSignatures;
  const { secretKey, publicKey } = sigs.keygen(new Uint8Array(48).fill(9));
  const chain: BeaconChain = {
    name: 'bench',
    hash: bytesToHex(sha256(publicKey.toBytes())),
    scheme: 'bls-unchained-g1-rfc9380',
    publicKey: publicKey.toHex(),
    genesis: 1_700_000_000,
    period: 3,
  };
  const signed = new Map<number, BeaconRound>();
  return {
    chain,
    round(n) {
      const kept = signed.get(n);
      if (kept) return kept;
      const sig = sigs.sign(
        sigs.hash(signedMessage(chain, { round: n, randomness: '', signature: '' })),
        secretKey,
      );
      const bytes = sig.toBytes();
      const r = { round: n, randomness: bytesToHex(sha256(bytes)), signature: bytesToHex(bytes) };
      signed.set(n, r);
      return r;
    },
  };
}

const DAY = 86_400_000;

interface Script {
  readonly start: GameState;
  /** Per nweek, what follows the moves: the tick (beacon: its instant and timelock) and the round's record. */
  readonly after: readonly (readonly Command[])[];
}

/** The game set up, and each nweek's tick (and round) decided once to learn what they carry. */
export async function script(kernel: Kernel, dice: 'fair' | 'beacon', nweeks: number): Promise<Script> {
  const b = benchChain();
  const env = { head: GENESIS, master: MASTER };
  const t0 = roundTime(b.chain, 1000);
  const decide = (state: GameState | undefined, c: Command): GameState => {
    const r = kernel.decide(state, c, env);
    if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
    return r.value.state;
  };
  const create = createCommand('bench');
  const lastCommit = (events: readonly KernelEvent[]) =>
    events.find((e) => e.type === 'seed-committed' && e.stream === 'public') as
      Extract<KernelEvent, { type: 'seed-committed' }> | undefined;
  // The creation, sealed as the engine seals it.
  let args: Command['args'] = {
    ...create.args,
    dice,
    ...(dice === 'beacon' ? { beacon: { ...b.chain }, at: new Date(t0).toISOString() } : {}),
  };
  let first = kernel.decide(undefined, { ...create, args }, env);
  if (!first.ok) throw new Error(first.error.message);
  let c = lastCommit(first.value.events as KernelEvent[]);
  if (dice === 'beacon' && c?.opens !== undefined) {
    args = { ...args, timelock: await sealSeed(b.chain, c.opens, streamSeed(MASTER, 'public', 1)) };
    first = kernel.decide(undefined, { ...create, args }, env);
    if (!first.ok) throw new Error(first.error.message);
  }
  let state = first.value.state;
  const record = (n: number): Command => ({
    type: 'beacon',
    by: ADMIN,
    args: { round: n, json: { ...b.round(n) } },
  });
  if (dice === 'beacon') state = decide(state, record(state.dice.beacon?.round ?? 0));
  for (const s of setupCommands()) state = decide(state, s);
  const start = state;
  const after: Command[][] = [];
  for (let w = 0; w < nweeks; w++) {
    for (const m of moveCommands(state)) state = decide(state, m);
    let tick: Command = {
      type: 'tick',
      by: ADMIN,
      args: {
        nweek: true,
        ...(dice === 'beacon' ? { at: new Date(t0 + (w + 1) * 7 * DAY).toISOString() } : {}),
      },
    };
    const r = kernel.decide(state, tick, env);
    if (!r.ok) throw new Error(r.error.message);
    c = lastCommit(r.value.events as KernelEvent[]);
    if (dice === 'beacon' && c?.opens !== undefined)
      tick = {
        ...tick,
        args: {
          ...tick.args,
          timelock: await sealSeed(b.chain, c.opens, streamSeed(MASTER, 'public', c.epoch)),
        },
      };
    state = decide(state, tick);
    const week = [tick];
    if (dice === 'beacon') {
      const rec = record(state.dice.beacon?.round ?? 0);
      state = decide(state, rec);
      week.push(rec);
    }
    after.push(week);
  }
  return { start, after };
}

/** ms to play the script's nweeks once (the moves made from the state, as an edge hands them over). */
export function play(kernel: Kernel, s: Script, split?: Map<string, number>): number {
  const env = { head: GENESIS, master: MASTER };
  let state = s.start;
  const t = performance.now();
  for (const week of s.after) {
    for (const c of [...moveCommands(state), ...week]) {
      const t1 = split ? performance.now() : 0;
      const r = kernel.decide(state, c, env);
      if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
      state = r.value.state;
      if (split) split.set(c.type, (split.get(c.type) ?? 0) + performance.now() - t1);
    }
  }
  return performance.now() - t;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Median ms per nweek on fair and on beacon dice, alternating `runs` times after a warm-up of each. */
export async function beaconNweeks(
  nweeks = 40,
  runs = 9,
): Promise<{ fairMs: number; beaconMs: number; nweeks: number; runs: number }> {
  const kernel = new Kernel(defaultRegistry());
  const fair = await script(kernel, 'fair', nweeks);
  const beacon = await script(kernel, 'beacon', nweeks);
  play(kernel, fair);
  play(kernel, beacon);
  const f: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    f.push(play(kernel, fair));
    b.push(play(kernel, beacon));
  }
  return { fairMs: median(f) / nweeks, beaconMs: median(b) / nweeks, nweeks, runs };
}
