// The in-memory figure for a process that loads only the kernel and The Grid (January 2002): run by
// bench/run.ts in a child process, because once other rulesets' schemas are loaded, zod's shared code paths
// slow every validation in the process (see docs/benchmarks.md). Prints the announcements/s as JSON.
import { Kernel, Registry } from '../src/core/index.js';
import { grid200201Ruleset } from '../src/rulesets/grid-2002-01/index.js';
import { announceRate } from './announce.js';

const rate = await announceRate(new Kernel(new Registry([grid200201Ruleset])));
process.stdout.write(JSON.stringify({ announce: rate }));
