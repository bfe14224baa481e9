// Against the peer (issue 17): our kernel's whole nweeks of The Grid against boardgame.io 0.50.2's reducer
// running the same kind of move loop (../shared/peers/run-bgio.sh: a 20 × 20 walk, 4 players, a die per move),
// side by side: every figure is measured in a process of its own (bench/peer-child.ts), one after the other,
// round after round, in a different order each round, all with the same node, flags and environment
// (NODE_ENV=production, as run-bgio.sh runs the peer). Medians over the rounds, with the range beside.
//
//   node dist/bench/peer.js [--rounds 5 --seconds 3 --warmup 2 --before PATH --also LABEL=PATH
//                            --bgio DIR --no-doc --note TEXT]
//
// --before PATH times another build (its `dist`, or a checkout holding one) in the same rounds; --also adds
// more, labelled. boardgame.io is installed into a scratch folder outside the repository (--bgio, default as
// run-bgio.sh: $BGIO_DIR or $TMPDIR/bgio-peer), never into the project.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { commandLine, measuredOn, writeSection } from './doc.js';
import { fmt } from './harness.js';
import { defaultBgioDir, ensureBgio, BGIO_VERSION } from './peer-bgio.js';

interface Build {
  readonly label: string;
  readonly root: string;
}

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '2' },
    before: { type: 'string' },
    also: { type: 'string', multiple: true, default: [] },
    bgio: { type: 'string' },
    'no-doc': { type: 'boolean', default: false },
    note: { type: 'string' },
  },
});

/** A build's root: the directory holding src/core/index.js (a `dist`, or a checkout with one). */
function buildRoot(path: string): string {
  const p = resolve(path);
  if (existsSync(join(p, 'src/core/index.js'))) return p;
  if (existsSync(join(p, 'dist/src/core/index.js'))) return join(p, 'dist');
  throw new Error(`${path} holds no build (no src/core/index.js, nor dist/src/core/index.js)`);
}

const here = fileURLToPath(new URL('.', import.meta.url));
const builds: Build[] = [];
if (values.before) builds.push({ label: 'before', root: buildRoot(values.before) });
for (const a of values.also) {
  const eq = a.indexOf('=');
  if (eq <= 0) throw new Error(`--also LABEL=PATH, not ${a}`);
  builds.push({ label: a.slice(0, eq), root: buildRoot(a.slice(eq + 1)) });
}
builds.push({
  label: values.before || values.also.length ? 'after' : 'this build',
  root: resolve(here, '..'),
});

const bgioDir = values.bgio ?? defaultBgioDir();
ensureBgio(bgioDir);

/** The loops each build runs (bench/peer-child.ts), the unit of their figure, and what they are. */
const LOOPS = [
  {
    what: 'walk',
    unit: 'moves/s',
    text: 'whole nweeks of the walk (4 players announce, then the tick makes the moves)',
  },
  { what: 'walk-announce', unit: 'announcements/s', text: "the walk's announcements alone" },
  { what: 'band', unit: 'moves/s', text: 'whole nweeks of bench/in-memory.ts (20 players)' },
  { what: 'band-announce', unit: 'announcements/s', text: 'its announcements alone (bench/announce.ts)' },
] as const;

interface Task {
  readonly key: string;
  readonly args: string[];
}
const tasks: Task[] = [{ key: 'bgio', args: ['--what', 'bgio', '--bgio', bgioDir] }];
for (const b of builds)
  for (const l of LOOPS)
    tasks.push({ key: `${b.label}:${l.what}`, args: ['--what', l.what, '--root', b.root] });

const rounds = Number(values.rounds);
/** Each task's rates over the rounds: by wall time, and by the process's CPU time (bench/peer-child.ts). */
const samples = new Map<string, { wall: number[]; cpu: number[] }>(
  tasks.map((t) => [t.key, { wall: [], cpu: [] }]),
);
const load = loadavg();
const child = join(here, 'peer-child.js');
for (let r = 0; r < rounds; r++) {
  // A different order each round, so that no contender always follows the same one.
  const order = tasks.map((_, i) => tasks[(i + r) % tasks.length] as Task);
  for (const t of order) {
    const out = execFileSync(
      process.execPath,
      [...process.execArgv, child, ...t.args, '--warmup', values.warmup, '--seconds', values.seconds],
      { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    );
    const m = JSON.parse(out) as { rate: number; cpuRate: number };
    samples.get(t.key)?.wall.push(m.rate);
    samples.get(t.key)?.cpu.push(m.cpuRate);
    console.log(`round ${r + 1}/${rounds} ${t.key}: ${fmt(m.rate)}/s (by CPU time ${fmt(m.cpuRate)}/s)`);
  }
}

type Clock = 'wall' | 'cpu';
const sorted = (key: string, clock: Clock): number[] =>
  [...(samples.get(key)?.[clock] ?? [])].sort((a, b) => a - b);
const median = (key: string, clock: Clock): number => {
  const s = sorted(key, clock);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const figure = (key: string, clock: Clock): string => {
  const s = sorted(key, clock);
  return `${fmt(median(key, clock))} (${fmt(s[0] ?? 0)}–${fmt(s[s.length - 1] ?? 0)})`;
};
const ratio = (x: number): string => `${x >= 10 ? x.toFixed(0) : x.toFixed(1)}×`;
const ratios = (key: string): string =>
  `${ratio(median(key, 'wall') / median('bgio', 'wall'))} / ${ratio(median(key, 'cpu') / median('bgio', 'cpu'))}`;

const rows: string[] = [
  `| boardgame.io ${BGIO_VERSION}: its reducer, moves of the walk (one D4 each, one move a turn), moves/s | ${figure('bgio', 'wall')} | ${figure('bgio', 'cpu')} | 1× | |`,
];
for (const l of LOOPS) {
  for (const b of builds) {
    const key = `${b.label}:${l.what}`;
    const wall = median(key, 'wall') / median('bgio', 'wall');
    const cpu = median(key, 'cpu') / median('bgio', 'cpu');
    const target =
      l.what === 'walk' || l.what === 'band' ? (wall >= 50 && cpu >= 50 ? 'met' : 'NOT met') : '';
    rows.push(
      `| ${b.label === 'this build' ? '' : `${b.label}: `}${l.text}, ${l.unit} | ${figure(key, 'wall')} | ${figure(key, 'cpu')} | ${ratios(key)} | ${target} |`,
    );
  }
}
const after = builds[builds.length - 1] as Build;
const changes = builds
  .slice(0, -1)
  .map(
    (b) =>
      `${after.label} ÷ ${b.label} (by wall time / by CPU time): ` +
      LOOPS.map(
        (l) =>
          `${l.what} ${ratio(median(`${after.label}:${l.what}`, 'wall') / median(`${b.label}:${l.what}`, 'wall'))} / ${ratio(median(`${after.label}:${l.what}`, 'cpu') / median(`${b.label}:${l.what}`, 'cpu'))}`,
      ).join(', '),
  );

const head = `${measuredOn(commandLine(), load)}; ${rounds} rounds, each figure a process of its own (warm-up ${values.warmup} s, then ${values.seconds} s), NODE_ENV=production for all${values.note ? `; ${values.note}` : ''}:`;
const table = [
  head,
  '',
  '| what | by wall time: median (range) | by CPU time: median (range) | ÷ bgio (wall / CPU) | ≥ 50× |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
  ...(changes.length ? ['', ...changes.map((c) => `${c}.`)] : []),
].join('\n');
console.log(`\n${table}`);
if (!values['no-doc']) {
  writeSection('peer', table);
  console.log('\nwritten into docs/benchmarks.md');
}
