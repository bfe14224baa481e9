// `npm run bench`: the figures issue 2 asks for. Not a test: it prints the figures and writes them into
// docs/benchmarks.md between the markers, with the machine and the date they were measured on.
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg, totalmem } from 'node:os';
import { inMemory } from './in-memory.js';
import { durable } from './durable.js';
import { replay } from './replay.js';
import { lifeEvolve } from './life.js';
import { serverLoad } from './server-load.js';
import { clockBench, clockRow, writeClockDoc } from './clock.js';
import { importRow, mailImport, writeImportDoc } from './mail-import.js';
import { latencyRow, mailLatency, writeLatencyDoc } from './mail-latency.js';
import { cliStartup, startupRow, writeStartupDoc } from './cli-startup.js';
import { snapshotsBench, snapshotsRows, writeSnapshotsDoc } from './snapshots.js';
import { growthBench, growthRows, writeGrowthDoc } from './growth.js';
import { verifyBench, verifyRow, writeVerifyDoc } from './verify.js';
import { fmt } from './harness.js';
import { useNativeHashes } from '../src/node/native-hash.js';

useNativeHashes();

const DOC = 'docs/benchmarks.md';
const START = '<!-- bench:start -->';
const END = '<!-- bench:end -->';

const rows: string[][] = [];
const row = (what: string, figure: string, target: string, met: boolean) => {
  rows.push([what, figure, target, met ? 'met' : 'NOT met']);
  console.log(`${what}: ${figure} (target ${target}: ${met ? 'met' : 'NOT met'})`);
};

// First, in a process of its own, the kernel with The Grid alone (the figure the target is about).
const child = execFileSync(
  process.execPath,
  [fileURLToPath(new URL('./in-memory-grid-only.js', import.meta.url))],
  { encoding: 'utf8' },
);
const gridOnly = (JSON.parse(child) as { announce: number }).announce;
row(
  'In memory: Grid move announcements decided and applied (kernel + The Grid)',
  `${fmt(gridOnly)}/s`,
  '≥ 1,000,000/s',
  gridOnly >= 1e6,
);
const m = await inMemory();
row(
  'In memory: the same with every ruleset loaded, as in the referee command',
  `${fmt(m.announce)}/s`,
  '—',
  true,
);
row(
  'In memory: whole nweeks (announcements + the end-of-nweek moves)',
  `${fmt(m.nweekMoves)} moves/s`,
  '—',
  true,
);
const full = await durable('full');
row(
  'Durable: acknowledged commands into SQLite, synchronous=FULL (the default)',
  `${fmt(full)}/s`,
  '≥ 10,000/s',
  full >= 1e4,
);
const normal = await durable('normal');
row(
  'Durable: acknowledged commands into SQLite, synchronous=NORMAL (`--sync normal`)',
  `${fmt(normal)}/s`,
  '≥ 10,000/s',
  normal >= 1e4,
);
const r = await replay();
row(
  `Replay: events folded rebuilding a game from a ${fmt(r.entries)}-entry SQLite log`,
  `${fmt(r.perSecond)}/s`,
  '≥ 1,000,000/s',
  r.perSecond >= 1e6,
);
row('Replay: peak heap while rebuilding', `${r.peakHeapMB.toFixed(0)} MB`, '< 300 MB', r.peakHeapMB < 300);
const life = lifeEvolve();
row(
  `Life: Evolve on a 1000 × 1000 Field (the Referee's command decided and applied; step 1 alone ${life.stepMs.toFixed(1)} ms)`,
  `${life.decideMs.toFixed(1)} ms`,
  '< 20 ms',
  life.decideMs < 20,
);

// Verify (issue 17): `referee verify` on a million-entry game; also rewrites its own section of the doc.
const verifyLoad = loadavg();
const verified = verifyBench(1_000_000, 3);
row(...verifyRow(verified));
writeVerifyDoc(verified, 'npm run bench', verifyLoad);

// Command start-up (issue 17): whole processes side by side; also rewrites its own section of the doc.
const startupLoad = loadavg();
const startup = cliStartup(15);
row(...startupRow(startup));
writeStartupDoc(startup, 'npm run bench', startupLoad);

// Mail (issue 15): each also rewrites its own section of the doc, as when run alone.
const importLoad = loadavg();
const mailIn = await mailImport(10_000);
row(...importRow(mailIn));
writeImportDoc(mailIn, 'npm run bench', importLoad);
const latencyLoad = loadavg();
const latency = await mailLatency({ posts: 200, rate: 5 });
row(...latencyRow(latency));
writeLatencyDoc(latency, 'npm run bench', latencyLoad);

// Snapshots (issue 17): `act` on a 100,000-entry game against `act` on a new game; its own section too.
const snapshotsLoad = loadavg();
const snapshots = await snapshotsBench({ entries: 100_000, runs: 20 });
const [actRow] = snapshotsRows(snapshots);
if (actRow) row(actRow[0] ?? '', actRow[1] ?? '', actRow[2] ?? '', actRow[3] === 'met');
writeSnapshotsDoc(snapshots, 'npm run bench', snapshotsLoad);

// Work that grows with the game (issue 28 item 4): an nweek's end and a forum post on a 100,000-entry game
// against a new one; its own section too (without `--before`: this code's figures alone).
const growthLoad = loadavg();
const growth = await growthBench({ entries: 100_000, runs: 10 });
for (const [what, , now, target, met] of growthRows(growth))
  row(what ?? '', now ?? '', target ?? '', met === 'met');
writeGrowthDoc(growth, 'npm run bench', growthLoad);

// Over HTTP on loopback: real `referee serve` processes, autocannon as the clients (10 games × 10 players),
// every acknowledged command looked for in the logs afterwards. Five runs, as this shared 2-core machine
// swings by a fifth between runs of the same build: the medians are reported (throughput and p99 each),
// with their ranges.
const httpRuns: Awaited<ReturnType<typeof serverLoad>>[] = [];
for (let i = 0; i < 5; i++)
  httpRuns.push(
    await serverLoad({ store: 'sqlite', processes: 1, games: 10, playersPerGame: 10, seconds: 10 }),
  );
const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rates = httpRuns.map((r) => r.perSecond);
const p99s = httpRuns.map((r) => r.p99);
const httpRate = median(rates);
const httpP99 = median(p99s);
const lostAll = httpRuns.reduce((n, r) => n + r.lost + r.duplicated, 0);
row(
  `HTTP: acknowledged commands, 1 process on SQLite (FULL); medians of 5 runs of 10 s (${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))}/s, p99 ${Math.min(...p99s)}–${Math.max(...p99s)} ms), ${fmt(httpRuns.reduce((n, r) => n + r.acknowledged, 0))} acknowledged in all, ${lostAll} lost or twice; server CPU ${fmt(median(httpRuns.map((r) => r.serverCpuMsPerThousand)))} ms per 1,000`,
  `${fmt(httpRate)}/s, p99 ${httpP99} ms`,
  '≥ 5,000/s, p99 < 50 ms, 0 lost',
  httpRate >= 5000 && httpP99 < 50 && lostAll === 0,
);
for (const processes of [1, 2, 3]) {
  const r = await serverLoad({
    store: 'postgres',
    processes,
    games: 12,
    playersPerGame: 10,
    seconds: 10,
    affinity: true,
  });
  row(
    `HTTP: ${processes} process${processes > 1 ? 'es' : ''} on PostgreSQL, ${r.acknowledged} acknowledged, ${r.lost} lost, ${r.duplicated} twice`,
    `${fmt(r.perSecond)}/s, p50 ${r.p50} ms, p99 ${r.p99} ms; CPU per 1,000: servers ${fmt(r.serverCpuMsPerThousand)} ms, PostgreSQL ${fmt(r.postgresCpuMsPerThousand)} ms`,
    '0 lost',
    r.lost === 0 && r.duplicated === 0,
  );
}

// The clock: 10,000 scheduled games (one nday a minute each, spread over the minute) kept by one server
// process with the HTTP load beside it; how late each boundary's tick is committed.
const clock = await clockBench({ games: 10_000, every: 60, seconds: 120 });
row(...clockRow(clock));
writeClockDoc(clock, ` on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'} by \`npm run bench\``);

// Beacon dice (issue 26): a round's verification, a seed's timelock, and whole nweeks against fair dice, in a
// process of its own (bench/beacon.ts writes its section of docs/benchmarks.md).
const beaconOut = execFileSync(process.execPath, [fileURLToPath(new URL('./beacon.js', import.meta.url))], {
  encoding: 'utf8',
});
const beaconOver = Number(/\(([-+][0-9.]+)%; target/.exec(beaconOut)?.[1] ?? NaN);
row(
  'Beacon dice: a whole nweek against fair dice (rounds cached)',
  `${beaconOver >= 0 ? '+' : ''}${beaconOver}%`,
  '≤ +5%',
  beaconOver <= 5,
);

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
  '',
  '| what | figure | target | |',
  '| --- | --- | --- | --- |',
  ...rows.map((cells) => `| ${cells.join(' | ')} |`),
].join('\n');
try {
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a >= 0 && b > a) {
    writeFileSync(DOC, `${doc.slice(0, a + START.length)}\n${table}\n${doc.slice(b)}`);
    console.log(`\nwritten into ${DOC}`);
  }
} catch {
  console.log(`\n(${DOC} not found; figures not written)`);
}
