// Two builds side by side in one run (issue 28's "no loss over 3%"): the same benchmarks, each build's own
// dist/bench code run in a process of its own (bench/side-by-side-child.ts), interleaved round by round (A B,
// then B A, …) so that a busy moment of this shared machine falls on both alike. For each figure: each build's
// median and range over the rounds, the ratio of the medians (after ÷ before), and the range of the rounds'
// own ratios (each round's after ÷ the same round's before), which is what the noise does to the ratio.
// Command start-up, verify and growth compare their builds within one process already, interleaved, and are
// called here with both builds.
//
//   node dist/bench/side-by-side.js --before ROOT [--after ROOT] [--rounds 5] [--only a,b,…] [--doc]
//
// ROOT is a checkout with its dist/ built (`npx tsc -p tsconfig.build.json && node scripts/bundle-cli.js`);
// --after defaults to this checkout. `--doc` writes the table into docs/benchmarks.md's `side-by-side`
// section. Benches: grid-only in-memory durable-full durable-normal replay mail-import http-sqlite
// http-postgres verify cli-startup growth.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliStartup } from './cli-startup.js';
import { growthBench } from './growth.js';
import { verifyOnce } from './verify.js';
import { commandLine, measuredOn, writeSection } from './doc.js';
import { fmt } from './harness.js';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};

const HERE = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./side-by-side-child.js', import.meta.url));

interface Build {
  readonly name: 'before' | 'after';
  readonly root: string;
}

/** Whether a figure is better higher (a rate) or lower (a time); by its unit. */
const lowerIsBetter = (metric: string): boolean => /\bms\b|MB/.test(metric);

/** Samples: bench → metric → build → one value per round. */
type Samples = Map<string, Map<string, Record<Build['name'], number[]>>>;

function record(samples: Samples, bench: string, build: Build, figures: Record<string, number>): void {
  const metrics = samples.get(bench) ?? new Map<string, Record<Build['name'], number[]>>();
  samples.set(bench, metrics);
  for (const [metric, value] of Object.entries(figures)) {
    const s = metrics.get(metric) ?? { before: [], after: [] };
    metrics.set(metric, s);
    s[build.name].push(value);
  }
}

/** The figures one process of `build` prints for `bench` (its last line of output, JSON). */
function child(build: Build, bench: string): Record<string, number> {
  const out =
    bench === 'grid-only'
      ? execFileSync(process.execPath, [join(build.root, 'dist/bench/in-memory-grid-only.js')], {
          encoding: 'utf8',
        })
      : execFileSync(process.execPath, [CHILD, build.root, bench], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          maxBuffer: 1 << 26,
        });
  const last = out.trim().split('\n').at(-1) ?? '{}';
  const figures = JSON.parse(last) as Record<string, number>;
  return bench === 'grid-only'
    ? { 'announcements/s (kernel + The Grid alone)': figures.announce ?? 0 }
    : figures;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const num = (n: number): string => (Math.abs(n) >= 100 ? fmt(n) : n.toFixed(n >= 10 ? 1 : 2));
const range = (xs: readonly number[]): string => `${num(Math.min(...xs))}–${num(Math.max(...xs))}`;

export interface Row {
  readonly bench: string;
  readonly metric: string;
  readonly before: readonly number[];
  readonly after: readonly number[];
  /** Each round's after ÷ before, where the rounds pair up. */
  readonly paired: readonly number[];
}

function rows(samples: Samples): Row[] {
  const out: Row[] = [];
  for (const [bench, metrics] of samples)
    for (const [metric, s] of metrics) {
      const paired =
        s.after.length === s.before.length ? s.after.map((a, i) => a / (s.before[i] ?? NaN)) : [];
      out.push({ bench, metric, before: s.before, after: s.after, paired });
    }
  return out;
}

/** The table: one line a figure, and whether the after build loses more than 3% on it. */
export function table(all: readonly Row[]): string[] {
  return [
    "| bench | figure | before: median (range) | after: median (range) | after ÷ before | rounds' ratios | loss > 3%? |",
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...all.map((r) => {
      const ratio = median(r.after) / median(r.before);
      const loss = lowerIsBetter(r.metric) ? ratio - 1 : 1 - ratio;
      // Beyond the noise only if every round lost more than 3% (with one round, as start-up's and growth's
      // figures come, its own medians decide: treat them with care on a busy machine).
      const losses = r.paired.map((p) => (lowerIsBetter(r.metric) ? p - 1 : 1 - p));
      const verdict =
        loss <= 0.03
          ? 'no'
          : losses.length > 0 && losses.every((l) => l > 0.03)
            ? `**${(loss * 100).toFixed(1)}% worse**`
            : `${(loss * 100).toFixed(1)}% worse, within the rounds' noise`;
      return `| ${r.bench} | ${r.metric} | ${num(median(r.before))} (${range(r.before)}) | ${num(median(r.after))} (${range(r.after)}) | ${ratio.toFixed(3)} | ${r.paired.length ? range(r.paired.map((p) => Number(p.toFixed(3)))) : '—'} | ${verdict} |`;
    }),
  ];
}

async function main(): Promise<void> {
  const before: Build = { name: 'before', root: resolve(arg('before', '')) };
  const after: Build = { name: 'after', root: resolve(arg('after', HERE)) };
  for (const b of [before, after]) {
    if (!existsSync(join(b.root, 'dist/bench/in-memory.js')))
      throw new Error(`${b.root} has no built dist/ (--before ROOT, --after ROOT)`);
    // main.cjs runs the bundle only if it is newer than program.js (else every module, as ES modules: 3–4×
    // the start-up): a `tsc` after `scripts/bundle-cli.js` would measure that, not the code.
    const cli = (f: string) => statSync(join(b.root, 'dist/src/cli', f)).mtimeMs;
    if (cli('referee.cjs') < cli('program.js'))
      throw new Error(
        `${b.root}: dist/src/cli/referee.cjs is older than program.js (run scripts/bundle-cli.js)`,
      );
  }
  const rounds = Number(arg('rounds', '5'));
  const every = [
    'grid-only',
    'in-memory',
    'durable-full',
    'durable-normal',
    'replay',
    'mail-import',
    'http-sqlite',
    'http-postgres',
    'verify',
    'cli-startup',
    'growth',
  ];
  const only = arg('only', '');
  const chosen = only ? only.split(',') : every;
  const load = loadavg();
  const samples: Samples = new Map();
  const started = Date.now();
  const say = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${text}`);

  // Verify: each build writes its own game once (same size), then verifies it, interleaved with the other.
  const dir = mkdtempSync(join(tmpdir(), 'referee-side-by-side-'));
  try {
    const verifyDb: Partial<Record<Build['name'], { db: string; entries: number }>> = {};
    if (chosen.includes('verify'))
      for (const b of [before, after]) {
        const size = Number(arg('verify-entries', '200000'));
        const out = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const m = await import(${JSON.stringify(join(b.root, 'dist/bench/verify.js'))});
             const { mkdirSync } = await import('node:fs');
             (await import(${JSON.stringify(join(b.root, 'dist/src/node/native-hash.js'))})).useNativeHashes();
             mkdirSync(${JSON.stringify(join(dir, b.name))});
             const r = m.buildGame(${JSON.stringify(join(dir, b.name))}, ${size});
             process.stdout.write(JSON.stringify(r));`,
          ],
          { encoding: 'utf8' },
        );
        verifyDb[b.name] = JSON.parse(out) as { db: string; entries: number };
        say(`verify: ${b.name}'s game written (${verifyDb[b.name]?.entries} entries)`);
      }

    const perRound = chosen.filter((b) => !['cli-startup', 'growth'].includes(b));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [before, after] : [after, before];
      for (const bench of perRound)
        for (const b of order) {
          if (bench === 'verify') {
            const v = verifyDb[b.name];
            if (!v) continue;
            const cli = join(b.root, 'dist/src/cli/main.js');
            if (round === 0) verifyOnce(cli, v.db, v.entries); // one not counted, as verify.ts does
            const r = verifyOnce(cli, v.db, v.entries);
            record(samples, 'verify', b, { 'wall ms': r.wall, 'CPU ms': r.cpu });
            say(`round ${round + 1}/${rounds}: verify ${b.name} ${JSON.stringify(r)}`);
          } else {
            const figures = child(b, bench);
            record(samples, bench, b, figures);
            say(`round ${round + 1}/${rounds}: ${bench} ${b.name} ${JSON.stringify(figures)}`);
          }
        }
    }

    if (chosen.includes('cli-startup')) {
      const cli = (b: Build) => join(b.root, 'dist/src/cli/main.cjs');
      const r = cliStartup(Number(arg('startup-rounds', '15')), [
        { name: 'before', cli: cli(before) },
        { name: 'after', cli: cli(after) },
      ]);
      // Its rows come as "LABEL — before", "LABEL — after": paired by label; the ranges are over processes.
      for (const row of r.rows) {
        const m = / — (before|after)$/.exec(row.label);
        if (!m) continue;
        const b = m[1] === 'before' ? before : after;
        const verb = row.label.slice(0, m.index).replace(/`/g, '').split(' (')[0] ?? row.label;
        record(samples, 'cli-startup', b, {
          [`${verb}: wall ms`]: row.wall.median,
          [`${verb}: CPU ms`]: row.cpu.median,
        });
      }
      say('cli-startup done');
    }

    if (chosen.includes('growth')) {
      const g = await growthBench({
        entries: Number(arg('growth-entries', '30000')),
        runs: Number(arg('growth-runs', '10')),
        before: before.root,
      });
      const put = (b: Build, t: typeof g.after) =>
        record(samples, 'growth', b, {
          'nweek end, new game ms': median(t.nweekEnd.fresh),
          [`nweek end, ${fmt(g.entries)}-entry game ms`]: median(t.nweekEnd.long),
          'forum post, new game ms': median(t.post.fresh),
          [`forum post, ${fmt(g.entries)}-entry game ms`]: median(t.post.long),
        });
      if (g.before) put(before, g.before.timings);
      put(after, g.after);
      say('growth done');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const lines = table(rows(samples));
  console.log(['', ...lines].join('\n'));
  if (process.argv.includes('--doc'))
    writeSection(
      'side-by-side',
      [
        `${measuredOn(commandLine(), load)}; ${rounds} interleaved rounds, ${((Date.now() - started) / 60_000).toFixed(0)} min in all.`,
        '',
        ...lines,
      ].join('\n'),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
