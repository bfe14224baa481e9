// One measurement of bench/peer.ts, in a process of its own (so that one contender's code never shares V8's
// type feedback or heap with another's): `node dist/bench/peer-child.js --what WHAT [--root DIR] [--bgio DIR]
// [--warmup S] [--seconds S]`. Runs the loop for the warm-up time, then in chunks until the measured time has
// passed, and prints {ops, seconds, cpuSeconds, rate, cpuRate} as JSON. WHAT is one of:
//   bgio           boardgame.io's reducer, moves of the walk
//   walk           our whole nweeks of the walk (4 announcements and the tick), moves
//   walk-announce  the walk's 4 announcements alone, decided from one state again and again
//   band           the 20-player game of bench/in-memory.ts, whole nweeks, moves
//   band-announce  its 20 announcements alone (bench/announce.ts's loop)
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { bgioWalk } from './peer-bgio.js';
import {
  announceOnly,
  bandGame,
  bandNweeks,
  d4,
  loadBuild,
  playNweeks,
  walkGame,
  bandAnnounce,
} from './peer-walk.js';

const { values } = parseArgs({
  options: {
    what: { type: 'string' },
    root: { type: 'string' },
    bgio: { type: 'string' },
    warmup: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '3' },
  },
});

/** A loop's chunk: does some work and says how many operations it was. */
async function chunkOf(what: string): Promise<() => number> {
  if (what === 'bgio') {
    if (!values.bgio) throw new Error('--bgio DIR is needed');
    const walk = bgioWalk(values.bgio);
    return () => walk.moves(1_000);
  }
  if (!values.root) throw new Error('--root DIR (a build) is needed');
  const b = await loadBuild(values.root);
  const kernel = new b.Kernel(new b.Registry([b.grid200201Ruleset]));
  if (what === 'walk') {
    let state = walkGame(b, kernel);
    const die = d4(20020120);
    return () => {
      const r = playNweeks(b, kernel, state, 500, die);
      state = r.state;
      return r.moves;
    };
  }
  if (what === 'walk-announce') {
    const start = walkGame(b, kernel);
    return () => announceOnly(b, kernel, start, 2_000);
  }
  if (what === 'band') {
    let state = bandGame(b, kernel);
    return () => {
      const r = bandNweeks(b, kernel, state, 100);
      state = r.state;
      return r.moves;
    };
  }
  if (what === 'band-announce') {
    const start = bandGame(b, kernel);
    return () => bandAnnounce(b, kernel, start, 500);
  }
  throw new Error(`unknown --what ${what}`);
}

const chunk = await chunkOf(values.what ?? '');
/**
 * Runs chunks until `seconds` of wall time have passed: the operations, the wall and CPU time they took, and the
 * best rate of a single chunk (each is a few milliseconds: on a machine shared with other work, the best chunk
 * is the one the scheduler left alone, so it varies least from one run to the next).
 */
const run = (seconds: number): { ops: number; seconds: number; cpuSeconds: number; best: number } => {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let ops = 0;
  let best = 0;
  for (let last = start; ;) {
    const n = chunk();
    ops += n;
    const now = performance.now();
    best = Math.max(best, n / ((now - last) / 1000));
    last = now;
    const elapsed = (now - start) / 1000;
    if (elapsed >= seconds) {
      const used = process.cpuUsage(cpu);
      return { ops, seconds: elapsed, cpuSeconds: (used.user + used.system) / 1e6, best };
    }
  }
};
run(Number(values.warmup));
const m = run(Number(values.seconds));
// Three rates: by wall time (what the other benchmarks report), by the process's CPU time (user + system, every
// thread's: V8's compiler and collector threads included), which a busy machine's other work disturbs less,
// and the best chunk's.
process.stdout.write(JSON.stringify({ ...m, rate: m.ops / m.seconds, cpuRate: m.ops / m.cpuSeconds }));
