// The clock under load (issue 14): one `referee serve` keeping 10,000 scheduled games on time (a rhythm of one
// nday a minute each, their boundaries spread evenly over the minute: 167 ticks a second) while the HTTP load
// of server-load.ts (10 games × 10 players, autocannon) runs against the same process. Lateness is what the
// clock itself reports for each boundary: the wall time its tick was committed, minus its scheduled instant
// (REFEREE_CLOCK_LOG=json). Only boundaries due after the clock had found every game count; every boundary due
// in that window must have fired (missed = due - fired), and the store's log must hold each exactly once.
// Run alone: `node dist/bench/clock.js [--games N --seconds S --every S --doc]`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN } from '../src/core/index.js';
import { Referee } from '../src/engine/referee.js';
import { systemEntropy } from '../src/node/entropy.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { openStore } from '../src/store/open.js';
import { useNativeHashes } from '../src/node/native-hash.js';
import { fmt } from './harness.js';
import { startServe } from './serve-process.js';
import { announce, loadPlayers } from './server-load.js';

const CLI = fileURLToPath(new URL('../src/cli/main.cjs', import.meta.url));

export interface ClockOptions {
  readonly games: number;
  /** Each game's rhythm, in seconds (its boundaries fall every `every` s, the games' spread over it). */
  readonly every: number;
  /** How long the HTTP load runs (and the boundaries in it are measured). */
  readonly seconds: number;
}

export interface ClockResult extends ClockOptions {
  /** From the server listening to the clock having found every game. */
  readonly startSeconds: number;
  readonly fired: number;
  readonly missed: number;
  /** Boundaries the log holds more than once (must be 0). */
  readonly twice: number;
  /** Lateness of each boundary's tick when committed (ms after its instant). */
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Lateness of each boundary's tick when the clock gave it (before it was decided and committed). */
  readonly givenP99: number;
  readonly givenMax: number;
  readonly httpPerSecond: number;
  readonly httpP99: number;
}

interface Report {
  readonly kind: string;
  readonly game?: string;
  readonly scheduled?: string;
  readonly lateMs?: number;
  readonly givenMs?: number;
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Runs `work(i)` for i in 0..n-1, 64 at a time (so the store commits them in groups). */
async function each(n: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < n) await work(next++);
  };
  await Promise.all(Array.from({ length: 64 }, worker));
}

/**
 * Creates the games in the store before the server starts (in-process), then gives them their schedules. The
 * schedules start in the future, late enough for the server to have started and found them all (estimated
 * from how long the creations took, generously): boundaries before a schedule's `since` are not due, so none
 * is caught up and what is measured is the clock keeping time, not catching up. Returns each game's `since`.
 */
async function prepare(db: string, o: ClockOptions): Promise<number[]> {
  const store = await openStore(db, { sync: 'normal' });
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  const began = Date.now();
  await each(o.games, async (i) => {
    const game = `clock${i}`;
    const created = await referee.submit(game, {
      type: 'create',
      by: ADMIN,
      args: { game, ruleset: 'grid-2002-01', dice: 'fair' },
    });
    if (!created.ok) throw new Error(`create ${game}: ${created.error.message}`);
  });
  const took = Date.now() - began;
  const base = Date.now() + took + 30_000;
  const since: number[] = [];
  await each(o.games, async (i) => {
    const game = `clock${i}`;
    // Spread over one rhythm: game i's boundaries fall at i/N of it, then every `every` s.
    const start = base + Math.floor((i * o.every * 1000) / o.games);
    since[i] = start;
    const args = { every: o.every, policy: 'catch-up', since: new Date(start).toISOString() };
    const scheduled = await referee.submit(game, { type: 'schedule', by: ADMIN, args });
    if (!scheduled.ok) throw new Error(`schedule ${game}: ${scheduled.error.message}`);
  });
  await store.close();
  return since;
}

export async function clockBench(o: ClockOptions): Promise<ClockResult> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-clock-'));
  const db = join(dir, 'clock.db');
  process.env.REFEREE_CLOCK_LOG = 'json';
  try {
    const since = await prepare(db, o);
    const firstDue = Math.min(...since) + o.every * 1000;
    const server = await startServe(CLI, ['--db', db, 'serve', '--port', '0']);
    const listening = Date.now();
    const reports: Report[] = [];
    let started: (at: number) => void = () => undefined;
    const ready = new Promise<number>((resolve) => (started = resolve));
    let buffer = '';
    server.child.stderr?.setEncoding('utf8');
    server.child.stderr?.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('clock: {')) continue;
        const report = JSON.parse(line.slice('clock: '.length)) as Report;
        reports.push(report);
        if (report.kind === 'started') started(Date.now());
      }
    });
    try {
      const startedAt = await ready;
      const players = await loadPlayers(server.url, 10, 10);
      // The load and the window start with the first boundaries (or now, if the start took longer).
      const wait = firstDue - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const from = Math.max(Date.now(), startedAt + 1000);
      const acked = new Set<string>();
      const load = await announce(server.url, players, o.seconds, new Set(), acked);
      const to = Date.now() - 2000;
      server.child.kill('SIGTERM');
      await new Promise((r) => (server.child.exitCode !== null ? r(0) : server.child.once('exit', r)));

      const inWindow = (ms: number) => ms >= from && ms <= to;
      const measured = reports
        .filter((r) => r.kind === 'fired' || r.kind === 'caught-up')
        .filter((r) => r.scheduled !== undefined && inWindow(Date.parse(r.scheduled)));
      const late = measured.map((r) => r.lateMs ?? 0).sort((a, b) => a - b);
      const given = measured.map((r) => r.givenMs ?? 0).sort((a, b) => a - b);
      let due = 0;
      const every = o.every * 1000;
      for (const start of since) {
        const first = Math.ceil((from - start) / every);
        const last = Math.floor((to - start) / every);
        if (last >= first) due += last - first + 1;
      }
      // Every boundary in the log once: the log's boundary-fired entries per game, against the distinct instants.
      const store = await openStore(db);
      let twice = 0;
      try {
        for (let i = 0; i < o.games; i++) {
          const seen = new Set<string>();
          for (const e of (await store.entries(`clock${i}`)) ?? []) {
            if (e.event.type !== 'boundary-fired') continue;
            const at = e.event.scheduled as string;
            if (seen.has(at)) twice++;
            seen.add(at);
          }
        }
      } finally {
        await store.close();
      }
      return {
        ...o,
        startSeconds: (startedAt - listening) / 1000,
        fired: late.length,
        missed: Math.max(0, due - late.length),
        twice,
        p50: quantile(late, 0.5),
        p99: quantile(late, 0.99),
        max: late[late.length - 1] ?? 0,
        givenP99: quantile(given, 0.99),
        givenMax: given[given.length - 1] ?? 0,
        httpPerSecond: acked.size / o.seconds,
        httpP99: load.latency.p99,
      };
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as the table's row (what, figure, target, met). */
export function clockRow(r: ClockResult): [string, string, string, boolean] {
  return [
    `Clock: ${fmt(r.games)} games on a ${r.every} s rhythm kept by one \`referee serve\` under the HTTP load for ${r.seconds} s (${fmt(r.fired)} boundaries, ${r.missed} missed, ${r.twice} twice; found in ${r.startSeconds.toFixed(1)} s; HTTP ${fmt(r.httpPerSecond)}/s, p99 ${r.httpP99} ms)`,
    `committed late p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms (given: p99 ${fmt(r.givenP99)} ms, max ${fmt(r.givenMax)} ms)`,
    'each within 1 s, 0 missed',
    r.max <= 1000 && r.missed === 0 && r.twice === 0,
  ];
}

const DOC = 'docs/benchmarks.md';
const START = '<!-- bench:clock:start -->';
const END = '<!-- bench:clock:end -->';

/** Rewrites the clock section's figures in docs/benchmarks.md. */
export function writeClockDoc(r: ClockResult, note: string): void {
  const [what, figure, target, met] = clockRow(r);
  const text = [
    `Measured ${new Date().toISOString().slice(0, 10)}${note}:`,
    '',
    '| what | figure | target | |',
    '| --- | --- | --- | --- |',
    `| ${what} | ${figure} | ${target} | ${met ? 'met' : 'NOT met'} |`,
  ].join('\n');
  const doc = readFileSync(DOC, 'utf8');
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${DOC} has no ${START} … ${END}`);
  writeFileSync(DOC, `${doc.slice(0, a + START.length)}\n${text}\n${doc.slice(b)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  useNativeHashes();
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const r = await clockBench({
    games: Number(arg('games', '10000')),
    every: Number(arg('every', '60')),
    seconds: Number(arg('seconds', '120')),
  });
  console.log(JSON.stringify(r));
  if (process.argv.includes('--doc')) writeClockDoc(r, arg('note', ''));
}
