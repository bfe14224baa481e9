// Command start-up (issue 17: "every CLI verb that does not serve: wall and CPU ≤ 2× `node -e 0` on a small
// game"). Whole processes, side by side: `node -e 0`, `referee --version`, `referee show g1`, `referee act g1
// alice move …` and `referee tick g1`, interleaved in that order for N rounds (after one round not counted,
// which also gives each verb its code in the program's code cache, as any first run of a verb after a build
// does: src/node/code-cache.ts), on a Grid game of four players in a temporary SQLite file (`--sync full`,
// the default). The game has one nday to the nweek, so every `act` (alice's move, to a surrounding unit and
// back, in turn) is accepted and the `tick` after it ends the nweek and makes the move; a verb that does not
// exit 0 stops the bench.
//
// How a child's time is read: Node gives no child's resource usage, so each child is run under bash's `time`
// keyword (TIMEFORMAT `%3R %3U %3S`), which reads getrusage(RUSAGE_CHILDREN) around the child it waited for:
// wall time from fork to exit, and the child's user and system CPU (every thread of it: V8's compiler and GC
// threads, libuv's pool) to the microsecond. bash itself starts before the clock and is not counted.
//
// Run alone: `node dist/bench/cli-startup.js [--rounds 15 --cli PATH --before PATH --note TEXT --no-doc]`;
// `--cli` measures another build's dist/src/cli/main.cjs instead of this one's, and `--before` another build's
// beside it (its main.cjs, or main.js for a build before issue 17's bundle), round by round in the same run
// (a before/after comparison; each build has its own game).
import { mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, measuredOn, writeSection } from './doc.js';

const CLI = fileURLToPath(new URL('../src/cli/main.cjs', import.meta.url));

/** A child's wall time and CPU (user + system), in milliseconds. */
export interface Timing {
  readonly wall: number;
  readonly cpu: number;
}

/**
 * Runs `node ARGS` under bash's `time`: its timing, or an error with its output if it did not exit 0 (or, with
 * `anyExit`, its timing and exit status whatever they are).
 */
export function timed(args: readonly string[], anyExit = false): Timing & { readonly status: number | null } {
  const script = `TIMEFORMAT='@time %3R %3U %3S'; time "$@" 2>&1 >/dev/null`;
  const r = spawnSync('bash', ['-c', script, 'bash', process.execPath, ...args], { encoding: 'utf8' });
  const line = /@time (\d+\.\d+) (\d+\.\d+) (\d+\.\d+)\s*$/.exec(r.stderr);
  if ((r.status !== 0 && !anyExit) || !line)
    throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.stdout.trim()} ${r.stderr.trim()}`);
  const [, wall, user, sys] = line.map(Number) as [number, number, number, number];
  return { wall: wall * 1000, cpu: (user + sys) * 1000, status: r.status };
}

/** One row: what was run, and its median, fastest and slowest figures over the rounds. */
export interface StartupRow {
  readonly label: string;
  readonly wall: { readonly median: number; readonly min: number; readonly max: number };
  readonly cpu: { readonly median: number; readonly min: number; readonly max: number };
}

export interface StartupResult {
  readonly rounds: number;
  /** The builds measured (their executables), the first being this one unless `--cli` said otherwise. */
  readonly builds: readonly Build[];
  readonly rows: readonly StartupRow[];
}

/** A build of the command line: what its rows are called (empty for the only one) and its executable. */
export interface Build {
  readonly name: string;
  readonly cli: string;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

const spread = (xs: readonly number[]) => ({
  median: median(xs),
  min: Math.min(...xs),
  max: Math.max(...xs),
});

interface Verb {
  readonly label: string;
  readonly args: () => string[];
  /** Timed whatever it answers: `--version`, so that a build without it (before issue 17) compares. */
  readonly anyExit?: boolean;
}

/** One build's verbs over its own small game, set up here in `dir`. */
function buildVerbs(build: Build, dir: string, index: number): Verb[] {
  const db = join(dir, `small-${index}.db`);
  const referee = (...words: string[]) => [build.cli, '--db', db, ...words];
  // The small game: four players on the Grid, one nday to the nweek (each tick ends an nweek).
  timed(referee('new', 'grid-2002-01', '--game', 'g1', '--ndays', '1'));
  const at: Record<string, [number, number]> = { alice: [3, 4], bob: [8, 8], carol: [15, 3], dave: [10, 18] };
  for (const [name, [x, y]] of Object.entries(at)) {
    timed(referee('join', 'g1', name));
    timed(referee('act', 'g1', name, 'enter', String(x), String(y)));
  }
  const of = build.name ? ` — ${build.name}` : '';
  let east = true;
  return [
    { label: `\`referee --version\`${of}`, args: () => [build.cli, '--version'], anyExit: true },
    { label: `\`referee show g1\`${of}`, args: () => referee('show', 'g1') },
    {
      label: `\`referee act g1 alice move X Y\` (accepted)${of}`,
      args: () => {
        // Alice moves east, then back west, in turn: always to a surrounding unit that is free.
        const to = east ? ['4', '4'] : ['3', '4'];
        east = !east;
        return referee('act', 'g1', 'alice', 'move', ...to);
      },
    },
    {
      label: `\`referee tick g1\` (ends the nweek, making the move)${of}`,
      args: () => referee('tick', 'g1'),
    },
  ];
}

/**
 * `node -e 0`, then each build's verbs, round after round (one round first, not counted): every process is run
 * beside the others, so a busy moment of the machine falls on all of them alike.
 */
export function cliStartup(rounds = 15, builds: readonly Build[] = [{ name: '', cli: CLI }]): StartupResult {
  const dir = mkdtempSync(join(tmpdir(), 'referee-cli-startup-'));
  try {
    const verbs: Verb[] = [
      { label: '`node -e 0`', args: () => ['-e', '0'] },
      ...builds.flatMap((b, i) => buildVerbs(b, dir, i)),
    ];
    const samples = verbs.map(() => [] as Timing[]);
    const statuses = verbs.map(() => new Set<number | null>());
    for (let round = -1; round < rounds; round++)
      verbs.forEach((v, i) => {
        const t = timed(v.args(), v.anyExit);
        statuses[i]?.add(t.status);
        if (round >= 0) samples[i]?.push(t);
      });
    return {
      rounds,
      builds,
      rows: verbs.map((v, i) => ({
        label: v.label + [...(statuses[i] ?? [])].map((s) => (s === 0 ? '' : ` (exit ${s})`)).join(''),
        wall: spread((samples[i] ?? []).map((t) => t.wall)),
        cpu: spread((samples[i] ?? []).map((t) => t.cpu)),
      })),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The table: each row's medians (ranges beside), and its ratio to `node -e 0`'s. */
export function startupTable(r: StartupResult): string[] {
  const base = r.rows[0];
  if (!base) return [];
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const ratio = (n: number, of: number) => `${(n / of).toFixed(1)}×`;
  const lines = [
    '| what | wall (median, range) | CPU user+sys (median, range) | wall ÷ `node -e 0` | CPU ÷ `node -e 0` | ≤ 2× |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const row of r.rows) {
    const met = row.wall.median <= 2 * base.wall.median && row.cpu.median <= 2 * base.cpu.median;
    lines.push(
      `| ${row.label} | ${ms(row.wall.median)} (${ms(row.wall.min)}–${ms(row.wall.max)}) | ${ms(row.cpu.median)} (${ms(row.cpu.min)}–${ms(row.cpu.max)}) | ${ratio(row.wall.median, base.wall.median)} | ${ratio(row.cpu.median, base.cpu.median)} | ${row === base ? '' : met ? 'met' : 'NOT met'} |`,
    );
  }
  return lines;
}

/** The figures as `npm run bench`'s row (what, figure, target, met): the worst verb's ratios. */
export function startupRow(r: StartupResult): [string, string, string, boolean] {
  const [base, ...verbs] = r.rows;
  if (!base || verbs.length === 0) return ['Command start-up', '—', '≤ 2× `node -e 0`', false];
  const wall = Math.max(...verbs.map((v) => v.wall.median / base.wall.median));
  const cpu = Math.max(...verbs.map((v) => v.cpu.median / base.cpu.median));
  return [
    `Command start-up: \`referee --version\`, \`show\`, \`act\`, \`tick\` on a small Grid game, the slowest's medians over ${r.rounds} rounds ÷ \`node -e 0\`'s (${base.cpu.median.toFixed(0)} ms CPU)`,
    `wall ${wall.toFixed(1)}×, CPU ${cpu.toFixed(1)}×`,
    '≤ 2×',
    wall <= 2 && cpu <= 2,
  ];
}

/** Rewrites the cli-startup section of docs/benchmarks.md. */
export function writeStartupDoc(r: StartupResult, command: string, load: readonly number[], note = ''): void {
  writeSection(
    'cli-startup',
    [
      `${measuredOn(command, load)}; ${r.rounds} rounds${note ? `; ${note}` : ''}:`,
      '',
      ...startupTable(r),
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const load = loadavg();
  const rounds = Number(arg('rounds', '15'));
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds is a whole number from 1');
  // `--before PATH`: another build's executable measured in the same run, its rows marked "before".
  const before = arg('before', '');
  const builds: Build[] = [
    ...(before ? [{ name: 'before', cli: before }] : []),
    { name: before ? 'after' : '', cli: arg('cli', CLI) },
  ];
  const r = cliStartup(rounds, builds);
  console.log(
    `${r.builds.map((b) => b.cli).join(', ')}, ${r.rounds} rounds (load average ${load.map((l) => l.toFixed(1)).join(', ')}):`,
  );
  for (const line of startupTable(r)) console.log(line);
  if (!process.argv.includes('--no-doc')) writeStartupDoc(r, commandLine(), load, arg('note', ''));
}
