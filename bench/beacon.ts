// Beacon-anchored dice (issue 26): what anchoring costs. A round's verification (the pairing check against the
// pinned key, quicknet's G1 scheme and mainnet's chained G2 scheme, on the recorded real rounds), the same round
// checked again (from the record of verified rounds), and an anchored draw against a fair one. An nweek on
// beacon dice pays one round's verification and one anchoring HMAC beyond what fair dice pay.
//
// A seed's timelock (B13): sealing it (tlock-js's timelockEncrypt, the engine's, once an nweek) and opening it
// (once an nweek, by verify or a player), to a real quicknet round. And whole nweeks of a Grid game on beacon
// dice against fair dice, side by side (beacon-nweeks.ts), by the pure kernel and through the whole Referee
// on the durable SQLite store (beacon-referee.ts).
//
// Run alone: `node dist/bench/beacon.js [--rounds 20 --runs 9 --referee-runs 5 --no-doc]`; `npm run bench`
// runs it too.
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
import { openTimelock } from '../src/core/dice/timelock.js';
import { sealSeed } from '../src/engine/timelock-seal.js';
import { beaconNweeks } from './beacon-nweeks.js';
import { beaconReferee } from './beacon-referee.js';

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

/** Median ms of sealing a seed to a recorded quicknet round, and of opening it with that round. */
async function timelockMs(round: BeaconRound, n: number): Promise<{ seal: number; open: number }> {
  const seed = new Uint8Array(32).fill(5);
  const seals: number[] = [];
  const opens: number[] = [];
  for (let i = 0; i <= n; i++) {
    let t = performance.now();
    const sealed = await sealSeed(QUICKNET, round.round, seed);
    const sealMs = performance.now() - t;
    t = performance.now();
    const opened = await openTimelock(QUICKNET, sealed, round);
    const openMs = performance.now() - t;
    if (!opened.ok || opened.value.join() !== seed.join())
      throw new Error('the timelock did not open to the seed');
    if (i > 0) {
      seals.push(sealMs);
      opens.push(openMs);
    }
  }
  return { seal: median(seals), open: median(opens) };
}

const r = beaconBench();
const q0 = (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { quicknet: BeaconRound[] })
  .quicknet[0] as BeaconRound;
const lock = await timelockMs(q0, r.n);
const weeks = await beaconNweeks(arg('nweeks', 40), arg('runs', 9));
const over = (weeks.beaconMs / weeks.fairMs - 1) * 100;
const ref = await beaconReferee(arg('referee-nweeks', 20), arg('referee-runs', 5));
const refOver = (ref.beaconMs / ref.fairMs - 1) * 100;
const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;
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
  `| a seed sealed in its timelock (tlock-js timelockEncrypt, quicknet; the engine, once an nweek), median of ${r.n} | ${lock.seal.toFixed(1)} ms |`,
  `| a timelock opened with its round (verify or a player, once an nweek; the round already verified), median of ${r.n} | ${lock.open.toFixed(1)} ms |`,
  `| a whole nweek of a 20-player Grid game, \`fair\` dice (kernel, median of ${weeks.runs} runs of ${weeks.nweeks} nweeks) | ${weeks.fairMs.toFixed(2)} ms |`,
  `| the same on \`beacon\` dice, rounds cached, timelock sealed beforehand (same run, alternating) | ${weeks.beaconMs.toFixed(2)} ms (${pct(over)}; target ≤ 5%: ${over <= 5 ? 'met' : 'NOT met'}) |`,
  `| a whole nweek of the same game through the Referee on SQLite (sync ${ref.sync}: each command its own durable transaction), \`fair\` dice, median of ${ref.runs} games of ${ref.nweeks} nweeks | ${ref.fairMs.toFixed(2)} ms (its tick ${ref.fairTickMs.toFixed(2)} ms) |`,
  `| the same on \`beacon\` dice (same run, games alternating; rounds cached; the tick seals its seed; the anchor and the last nweek's timelock round each recorded by a \`beacon\` command) | ${ref.beaconMs.toFixed(2)} ms (${pct(refOver)}; its tick ${ref.beaconTickMs.toFixed(2)} ms, its two rounds ${ref.roundMs.toFixed(2)} ms) |`,
].join('\n');
console.log(text);
if (!process.argv.includes('--no-doc')) writeSection('beacon', text);
