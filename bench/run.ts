// `npm run bench`: the figures issue 2 asks for. Not a test: it prints figures and writes them into
// docs/benchmarks.md between the markers, with the machine they were measured on.
import { inMemory } from './in-memory.js';
import { durable } from './durable.js';
import { replay } from './replay.js';
import { fmt } from './harness.js';
import { useNativeHashes } from '../src/node/native-hash.js';

useNativeHashes();

const m = await inMemory();
console.log(
  `in memory: ${fmt(m.announce)} move announcements decided+applied/s; ${fmt(m.nweekMoves)} moves/s including the end-of-nweek processing`,
);
for (const sync of ['full', 'normal'] as const)
  console.log(`durable (${sync}): ${fmt(await durable(sync))} acknowledged commands/s`);
const r = await replay();
console.log(
  `replay: ${fmt(r.perSecond)} events/s over ${fmt(r.entries)} entries, peak heap ${r.peakHeapMB.toFixed(0)} MB (log built in ${r.buildSeconds.toFixed(1)} s)`,
);
