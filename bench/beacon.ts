// Beacon-anchored dice (issue 26): what anchoring costs. A round's verification (the pairing check against the
// pinned key, quicknet's G1 scheme and mainnet's chained G2 scheme, on the recorded real rounds), the same round
// checked again (from the record of verified rounds), and an anchored draw against a fair one. An nweek on
// beacon dice pays one round's verification and one anchoring HMAC beyond what fair dice pay.
//
// Run alone: `node dist/bench/beacon.js [--rounds 20 --no-doc]`.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { MAINNET, QUICKNET } from '../src/core/dice/beacon-chains.js';
import type { BeaconChain } from '../src/core/dice/beacon-chains.js';
import { checkRound, forgetVerifiedRounds } from '../src/core/dice/beacon.js';
import type { BeaconRound } from '../src/core/dice/beacon.js';
import { anchoredSeed } from '../src/core/dice/beacon-draw.js';
import { fairDraw, streamSeed } from '../src/core/dice/fair.js';
import { useNativeHashes } from '../src/node/native-hash.js';
import { commandLine, measuredOn, writeSection } from './doc.js';

useNativeHashes();

const FIXTURE = fileURLToPath(new URL('../../test/beacon/drand-rounds.json', import.meta.url));

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

/** The median ms of verifying `round` afresh, over `n` runs after one to warm up. */
function verifyMs(chain: BeaconChain, round: BeaconRound, n: number): number {
  const times: number[] = [];
  for (let i = 0; i <= n; i++) {
    forgetVerifiedRounds();
    const t = performance.now();
    const why = checkRound(chain, round, round.round);
    const ms = performance.now() - t;
    if (why !== null)
      throw new Error(`the recorded ${chain.name} round ${round.round} does not verify: ${why}`);
    if (i > 0) times.push(ms);
  }
  return median(times);
}

export function beaconBench(n = arg('rounds', 20)) {
  const loadAtStart = loadavg();
  const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as {
    quicknet: BeaconRound[];
    mainnet: BeaconRound[];
  };
  const q = recorded.quicknet[0] as BeaconRound;
  const m = recorded.mainnet[0] as BeaconRound;
  const quicknet = verifyMs(QUICKNET, q, n);
  const mainnet = verifyMs(MAINNET, m, n);
  // Checked again: the record of verified rounds answers (the randomness is still re-hashed).
  const again = 10_000;
  let t = performance.now();
  for (let i = 0; i < again; i++) if (checkRound(QUICKNET, q, q.round) !== null) throw new Error('refused');
  const cachedUs = ((performance.now() - t) * 1000) / again;
  // Draws: fair, and anchored (the anchored seed derived once an nweek, as a kept stream seed is).
  const seed = streamSeed(new Uint8Array(32).fill(7), 'public', 1);
  const draws = 200_000;
  const at = (index: number) => ({
    game: 'g',
    stream: 'public' as const,
    epoch: 1,
    index,
    head: 'ab'.repeat(32),
  });
  t = performance.now();
  for (let i = 0; i < draws; i++) fairDraw(seed, at(i), 20);
  const fairNs = ((performance.now() - t) * 1e6) / draws;
  const anchorings = 10_000;
  t = performance.now();
  for (let i = 0; i < anchorings; i++) anchoredSeed(seed, QUICKNET, q);
  const anchorUs = ((performance.now() - t) * 1000) / anchorings;
  const anchored = anchoredSeed(seed, QUICKNET, q);
  t = performance.now();
  for (let i = 0; i < draws; i++) fairDraw(anchored, at(i), 20);
  const anchoredNs = ((performance.now() - t) * 1e6) / draws;
  return { n, quicknet, mainnet, cachedUs, fairNs, anchoredNs, anchorUs, loadAtStart };
}

const r = beaconBench();
const text = [
  measuredOn(commandLine(), r.loadAtStart),
  '',
  '| what | figure |',
  '| --- | --- |',
  `| a quicknet round verified the first time (pairing, G1 signature), median of ${r.n} | ${r.quicknet.toFixed(1)} ms |`,
  `| a mainnet round verified the first time (pairing, chained G2 signature), median of ${r.n} | ${r.mainnet.toFixed(1)} ms |`,
  `| the same round checked again (the record of verified rounds) | ${r.cachedUs.toFixed(1)} µs |`,
  `| anchoring an nweek's seed to its round (one HMAC) | ${r.anchorUs.toFixed(1)} µs |`,
  `| a fair draw (d20) | ${r.fairNs.toFixed(0)} ns |`,
  `| an anchored draw (d20, the anchored seed kept for the nweek) | ${r.anchoredNs.toFixed(0)} ns |`,
].join('\n');
console.log(text);
if (!process.argv.includes('--no-doc')) writeSection('beacon', text);
