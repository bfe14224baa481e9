// One measurement of one build for bench/side-by-side.ts, in a process of its own: imports the benchmark from
// the build under ROOT (ROOT/dist/bench/X.js, which imports ROOT's own src), runs it once and prints its figures
// as one line of JSON. This file imports nothing of this build's src, so the process runs only ROOT's code.
//
//   node dist/bench/side-by-side-child.js ROOT BENCH
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const [root, bench] = process.argv.slice(2) as [string, string];
const mod = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(join(root, 'dist', path)).href)) as T;

// As bench/run.ts does: node:crypto's SHA-256 for the hash chain.
(await mod<{ useNativeHashes: () => void }>('src/node/native-hash.js')).useNativeHashes();

type Figures = Record<string, number>;

const benches: Record<string, () => Promise<Figures>> = {
  'in-memory': async () => {
    const m = await mod<{ inMemory: () => Promise<{ announce: number; nweekMoves: number }> }>(
      'bench/in-memory.js',
    );
    const r = await m.inMemory();
    return { 'announcements/s (every ruleset loaded)': r.announce, 'nweek moves/s': r.nweekMoves };
  },
  'durable-full': async () => {
    const m = await mod<{ durable: (s: string) => Promise<number> }>('bench/durable.js');
    return { 'SQLite FULL, commands/s': await m.durable('full') };
  },
  'durable-normal': async () => {
    const m = await mod<{ durable: (s: string) => Promise<number> }>('bench/durable.js');
    return { 'SQLite NORMAL, commands/s': await m.durable('normal') };
  },
  replay: async () => {
    const m = await mod<{
      replay: (n: number) => Promise<{ entries: number; perSecond: number; buildSeconds: number }>;
    }>('bench/replay.js');
    const r = await m.replay(Number(process.env.SBS_REPLAY_ENTRIES ?? 200_000));
    return {
      'events folded/s': r.perSecond,
      'log written (kernel + store appends), entries/s': r.entries / r.buildSeconds,
    };
  },
  'mail-import': async () => {
    const m = await mod<{ mailImport: (n: number) => Promise<{ perSecond: number }> }>(
      'bench/mail-import.js',
    );
    return { 'forum posts by mail/s': (await m.mailImport(Number(process.env.SBS_POSTS ?? 2000))).perSecond };
  },
  'http-sqlite': () => http('sqlite'),
  'http-postgres': () => http('postgres'),
};

async function http(store: 'sqlite' | 'postgres'): Promise<Figures> {
  const m = await mod<{
    serverLoad: (o: object) => Promise<{
      perSecond: number;
      p99: number;
      lost: number;
      duplicated: number;
      serverCpuMsPerThousand: number;
    }>;
  }>('bench/server-load.js');
  const r = await m.serverLoad({
    store,
    processes: 1,
    games: store === 'sqlite' ? 10 : 12,
    playersPerGame: 10,
    seconds: Number(process.env.SBS_HTTP_SECONDS ?? 10),
    affinity: true,
  });
  if (r.lost || r.duplicated) throw new Error(`${store}: ${r.lost} lost, ${r.duplicated} twice`);
  return {
    'acknowledged/s': r.perSecond,
    'p99 ms': r.p99,
    'server CPU ms per 1,000': r.serverCpuMsPerThousand,
  };
}

const run = benches[bench];
if (!run) throw new Error(`no bench ${bench}; one of ${Object.keys(benches).join(', ')}`);
process.stdout.write(`${JSON.stringify(await run())}\n`);
