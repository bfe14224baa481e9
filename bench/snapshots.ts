// Snapshots (issue 17): `referee act` on a 100,000-entry Grid game against `referee act` on a new game, whole
// processes, side by side. The long game is played in this process through the engine (a Referee over the
// SQLite file, so its snapshots are written as a game's are, every SNAPSHOT_EVERY entries, with the same code
// fingerprint as the built CLI's), and so is a new game with the same twenty players on the Grid. Then, for each
// run, one player of each game announces a move through the built CLI (`node dist/src/cli/main.cjs --db FILE act
// GAME PLAYER move X Y`, `--sync full`, the default), the two games in turn and the order swapped every run;
// wall time from this process, CPU (user + system) from GNU time. Medians, and their ratio (target ≤ 1.5×).
// `referee show` of each game is timed the same way, for the record; and, for what snapshots save, `act` on a
// second long game whose snapshot is deleted before each run (as every game was before them: the first write
// checks the whole chain and the load folds the whole log).
//
// Also the cost of writing snapshots on the command path (each is written in the transaction of the append
// that crosses the mark): the time to make one of this game's state (encode and tag), and announcements per
// second through a Referee in this process with snapshots every 1,000 entries and with none, interleaved.
//
//   node dist/bench/snapshots.js [--entries 100000] [--runs 20] [--no-doc] [--note TEXT]
import { execFileSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Command, GameState } from '../src/core/index.js';
import type { GridState } from '../src/rulesets/grid-2002-01/index.js';
import { positionOf } from '../src/rulesets/grid-2002-01/index.js';
import { Referee } from '../src/engine/referee.js';
import { makeSnapshot, SNAPSHOT_EVERY } from '../src/engine/snapshots.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { systemEntropy } from '../src/node/entropy.js';
import { programCode } from '../src/node/code-version.js';
import { useNativeHashes } from '../src/node/native-hash.js';
import { foldCode, snapshotVersion } from '../src/core/index.js';
import { createCommand, moveCommands, PLAYERS, setupCommands, tickNweek } from './grid-game.js';
import { commandLine, measuredOn, writeSection } from './doc.js';
import { fmt } from './harness.js';

useNativeHashes();

const CLI = fileURLToPath(new URL('../src/cli/main.cjs', import.meta.url));

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** A Referee as the CLI has one (the same code fingerprint), snapshotting every `every` entries, or never. */
const referee = (store: SqliteStore, every: number | false = SNAPSHOT_EVERY): Referee =>
  new Referee(store, defaultRegistry(), systemEntropy, {
    snapshots: every === false ? false : { every, code: programCode },
  });

async function must(ref: Referee, game: string, c: Command): Promise<GameState> {
  const r = await ref.submit(game, c);
  if (!r.ok) throw new Error(`${game}: ${c.type}: ${r.error.message}`);
  return r.value.state;
}

/** Plays a Grid game through the engine until its log has at least `entries` entries; its last state. */
async function build(ref: Referee, game: string, entries: number): Promise<GameState> {
  let state: GameState | undefined;
  for (const c of [createCommand(game), ...setupCommands()]) state = await must(ref, game, c);
  while (state && state.seq < entries) {
    for (const c of moveCommands(state)) await must(ref, game, c);
    state = await must(ref, game, tickNweek);
  }
  if (!state) throw new Error('no game');
  return state;
}

/** One whole `referee` process: wall ms (from here) and CPU ms (GNU time's user + system). */
function timed(db: string, args: readonly string[]): { wall: number; cpu: number } {
  const out = join(tmpdir(), `referee-time-${process.pid}`);
  const start = performance.now();
  execFileSync('/usr/bin/time', ['-o', out, '-f', '%U %S', process.execPath, CLI, '--db', db, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const wall = performance.now() - start;
  const [user, system] = readFileSync(out, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  rmSync(out, { force: true });
  return { wall, cpu: ((user ?? 0) + (system ?? 0)) * 1000 };
}

interface Series {
  wall: number[];
  cpu: number[];
}
const series = (): Series => ({ wall: [], cpu: [] });

export interface SnapshotsResult {
  readonly entries: number;
  readonly runs: number;
  readonly buildSeconds: number;
  readonly snapshotAt: number;
  /** The long game's length when the timed runs began. */
  readonly length: number;
  readonly act: { readonly long: Series; readonly fresh: Series; readonly plain: Series };
  readonly show: { readonly long: Series; readonly fresh: Series };
  readonly makeMs: number;
  readonly stateBytes: number;
  readonly announce: { readonly with: number; readonly without: number };
}

/** Announcements per second through a Referee (SQLite, --sync normal), a fresh game each time. */
async function announceRate(snapshots: boolean, dir: string, n: number, round: number): Promise<number> {
  const store = new SqliteStore(join(dir, `announce-${round}-${snapshots}.db`), { sync: 'normal' });
  try {
    const ref = referee(store, snapshots ? SNAPSHOT_EVERY : false);
    let state = await build(ref, 'a', 0);
    let done = 0;
    const start = performance.now();
    while (done < n) {
      for (const c of moveCommands(state)) {
        state = await must(ref, 'a', c);
        done++;
      }
      state = await must(ref, 'a', tickNweek);
    }
    return done / ((performance.now() - start) / 1000);
  } finally {
    await store.close();
  }
}

export async function snapshotsBench(options: { entries: number; runs: number }): Promise<SnapshotsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-snapshots-bench-'));
  const db = join(dir, 'games.db');
  try {
    const store = new SqliteStore(db, { sync: 'normal' });
    const t0 = performance.now();
    const ref = referee(store);
    let long = await build(ref, 'long', options.entries);
    const fresh = await build(ref, 'fresh', 0);
    const buildSeconds = (performance.now() - t0) / 1000;
    const plain = await build(referee(store, false), 'plain', options.entries);
    const snapshotAt = (await store.snapshot('long'))?.seq ?? 0;
    // The worst case: the long game played on (by a process that writes no snapshot) in whole nweeks until
    // its snapshot is nearly SNAPSHOT_EVERY entries behind, short of what the timed runs add, so every run
    // checks and folds about a thousand entries after it.
    const lagging = referee(store, Number.MAX_SAFE_INTEGER);
    let nweek = 0;
    while (long.seq + nweek + 2 * options.runs + 2 < snapshotAt + SNAPSHOT_EVERY) {
      const before = long.seq;
      for (const c of moveCommands(long)) await must(lagging, 'long', c);
      long = await must(lagging, 'long', tickNweek);
      nweek = long.seq - before;
    }
    // What a snapshot of this state costs to make (on the path of every SNAPSHOT_EVERY-th entry's command).
    const master = (await store.master('long')) ?? new Uint8Array(32);
    const version = snapshotVersion(`${foldCode(defaultRegistry())}\n${programCode()}`);
    const made = makeSnapshot(long, 'f'.repeat(64), master, version);
    const makes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      makeSnapshot(long, 'f'.repeat(64), master, version);
      makes.push(performance.now() - s);
    }
    await store.close();

    // The moves of this nweek: each player once, from where the game left em.
    const movesOf = (state: GameState): string[][] => {
      const dy = state.clock.nweek % 2 === 0 ? 1 : -1;
      return PLAYERS.map((p) => {
        const at = positionOf(state.rules as GridState, p) ?? [1, 1];
        return [p, 'move', String(at[0]), String(at[1] + dy)];
      });
    };
    const moves = { long: movesOf(long), fresh: movesOf(fresh), plain: movesOf(plain) } as const;
    const act = { long: series(), fresh: series(), plain: series() };
    const unsnapshot = () => {
      const raw = new Database(db);
      try {
        raw.prepare("DELETE FROM snapshots WHERE game = 'plain'").run();
      } finally {
        raw.close();
      }
    };
    const show = { long: series(), fresh: series() };
    // A first look at each (the file in the page cache, as for any command after the first).
    timed(db, ['show', 'long']);
    timed(db, ['show', 'fresh']);
    for (let i = 0; i < options.runs; i++) {
      const k = i; // one announcement per player: at most one nweek's worth of runs
      const order = i % 2 === 0 ? (['long', 'fresh'] as const) : (['fresh', 'long'] as const);
      for (const game of [...order, 'plain'] as const) {
        if (game === 'plain') unsnapshot();
        const t = timed(db, ['act', game, ...(moves[game][k] ?? [])]);
        act[game].wall.push(t.wall);
        act[game].cpu.push(t.cpu);
      }
      for (const game of order) {
        const t = timed(db, ['show', game]);
        show[game].wall.push(t.wall);
        show[game].cpu.push(t.cpu);
      }
    }

    // The cost on announcements: with snapshots every SNAPSHOT_EVERY entries and with none, interleaved.
    const withRates: number[] = [];
    const withoutRates: number[] = [];
    for (let round = 0; round < 3; round++) {
      withRates.push(await announceRate(true, dir, 20_000, round));
      withoutRates.push(await announceRate(false, dir, 20_000, round));
    }
    return {
      entries: plain.seq,
      runs: options.runs,
      buildSeconds,
      snapshotAt,
      length: long.seq,
      act,
      show,
      makeMs: median(makes),
      stateBytes: made?.state.length ?? 0,
      announce: { with: median(withRates), without: median(withoutRates) },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number): string => `${Math.round(n)} ms`;
const ratio = (a: readonly number[], b: readonly number[]): number => median(a) / median(b);

export function snapshotsRows(r: SnapshotsResult): string[][] {
  const actWall = ratio(r.act.long.wall, r.act.fresh.wall);
  const actCpu = ratio(r.act.long.cpu, r.act.fresh.cpu);
  return [
    [
      `\`referee act\` (a move announced, \`--sync full\`) on a ${fmt(r.length)}-entry Grid game (its snapshot at entry ${fmt(r.snapshotAt)}: each run checks and folds the ${fmt(r.length - r.snapshotAt)} entries after it and more) against a new game with the same 20 players; whole processes, medians of ${r.runs} interleaved runs`,
      `wall ${ms(median(r.act.long.wall))} vs ${ms(median(r.act.fresh.wall))} (${actWall.toFixed(2)}×); CPU ${ms(median(r.act.long.cpu))} vs ${ms(median(r.act.fresh.cpu))} (${actCpu.toFixed(2)}×)`,
      '≤ 1.5×',
      actWall <= 1.5 && actCpu <= 1.5 ? 'met' : 'NOT met',
    ],
    [
      `The same \`act\` on a second game of ${fmt(r.entries)} entries whose snapshot is deleted before each run (as before snapshots: the whole log checked and folded), same runs`,
      `wall ${ms(median(r.act.plain.wall))} (${ratio(r.act.plain.wall, r.act.fresh.wall).toFixed(2)}× the new game's); CPU ${ms(median(r.act.plain.cpu))} (${ratio(r.act.plain.cpu, r.act.fresh.cpu).toFixed(2)}×)`,
      '—',
      '',
    ],
    [
      `\`referee show\` of the long game and the new one, same runs`,
      `wall ${ms(median(r.show.long.wall))} vs ${ms(median(r.show.fresh.wall))} (${ratio(r.show.long.wall, r.show.fresh.wall).toFixed(2)}×); CPU ${ms(median(r.show.long.cpu))} vs ${ms(median(r.show.fresh.cpu))} (${ratio(r.show.long.cpu, r.show.fresh.cpu).toFixed(2)}×)`,
      '—',
      '',
    ],
    [
      `Writing a snapshot on the command path: one of this game's state made (encoded, ${fmt(r.stateBytes)} bytes, and tagged), once every ${fmt(SNAPSHOT_EVERY)} entries; announcements through a Referee (SQLite, \`--sync normal\`), medians of 3 interleaved runs of 20,000`,
      `${r.makeMs.toFixed(2)} ms each; ${fmt(r.announce.with)}/s with snapshots, ${fmt(r.announce.without)}/s without (${(r.announce.with / r.announce.without).toFixed(2)}×)`,
      '—',
      '',
    ],
  ];
}

export function writeSnapshotsDoc(
  r: SnapshotsResult,
  command: string,
  load: readonly number[],
  note = '',
): void {
  writeSection(
    'snapshots',
    [
      `${measuredOn(command, load)}${note ? `; ${note}` : ''}. The long game was played through the engine in ${r.buildSeconds.toFixed(0)} s.`,
      '',
      '| what | figure | target | |',
      '| --- | --- | --- | --- |',
      ...snapshotsRows(r).map((cells) => `| ${cells.join(' | ')} |`),
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const load = loadavg();
  const r = await snapshotsBench({
    entries: Number(arg('entries', '100000')),
    runs: Math.min(Number(arg('runs', '20')), PLAYERS.length),
  });
  for (const [what, figure, target, met] of snapshotsRows(r))
    console.log(`${what}: ${figure}${target === '—' ? '' : ` (target ${target}: ${met})`}`);
  if (!process.argv.includes('--no-doc')) writeSnapshotsDoc(r, commandLine(), load, arg('note', ''));
}
