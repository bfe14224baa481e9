// Work that grows with the game (issue 28 item 4): what one command costs on a game of ~100,000 log entries
// against a new game, side by side in one run. Two commands, each through a Referee over a SQLite file with the
// mail producers on (as `referee serve --mail` has them: noticesByMail, both games marked by mail):
//   - an nweek's end (`tick --nweek`, its report and notices written in its transaction), and
//   - one forum post of five sentences by one player (three that act, two that only chat), with a key as mail
//     and the server give one.
// The long game is a Grid game of 20 players played through the engine to the length asked; the new one has
// the same players. Each run plays an nweek of both games (the other players' announcements, not timed), the
// post and the nweek's end timed, the games' order swapped every run; medians, and the long game's ÷ the new
// one's. A first nweek's end of each game is played before the runs (not timed): a long-running process's
// steady state.
//
// With `--before REF`, the same runs are made on REF's code too (built here into a temporary copy: `git archive`,
// node_modules linked, `tsc`), each code on its own copy of the same file, the two interleaved, so the figures
// before and after a change are from one run on one machine.
//
//   node dist/bench/growth.js [--entries 100000] [--runs 10] [--before REF] [--no-doc] [--note TEXT]
import { execFileSync, execSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { Command, GameState } from '../src/core/index.js';
import type * as MReferee from '../src/engine/referee.js';
import type * as MSqlite from '../src/store/sqlite.js';
import type * as MRulesets from '../src/rulesets/index.js';
import type * as MByMail from '../src/house/by-mail.js';
import type * as MForum from '../src/forum/post.js';
import type * as MEntropy from '../src/node/entropy.js';
import type * as MCodeVersion from '../src/node/code-version.js';
import type * as MHashes from '../src/node/native-hash.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from './grid-game.js';
import { commandLine, measuredOn, writeSection } from './doc.js';
import { fmt } from './harness.js';

/** The modules a run needs, from one build (this one's, or REF's). */
interface Code {
  readonly name: string;
  readonly referee: typeof MReferee;
  readonly sqlite: typeof MSqlite;
  readonly rulesets: typeof MRulesets;
  readonly byMail: typeof MByMail;
  readonly forum: typeof MForum;
  readonly entropy: typeof MEntropy;
  readonly codeVersion: typeof MCodeVersion;
  readonly hashes: typeof MHashes;
}

/** This build's modules (dist/src/…), or those of the build whose dist/ is under `root`. */
async function code(name: string, root?: string): Promise<Code> {
  const at = (path: string): string =>
    root ? pathToFileURL(join(root, 'dist/src', path)).href : new URL(`../src/${path}`, import.meta.url).href;
  const c: Code = {
    name,
    referee: (await import(at('engine/referee.js'))) as Code['referee'],
    sqlite: (await import(at('store/sqlite.js'))) as Code['sqlite'],
    rulesets: (await import(at('rulesets/index.js'))) as Code['rulesets'],
    // In the composition root since issue 28 (src/house/); in the CLI in builds before it (--before REF).
    byMail: (await import(at('house/by-mail.js')).catch(
      () => import(at('cli/by-mail.js')),
    )) as Code['byMail'],
    forum: (await import(at('forum/post.js'))) as Code['forum'],
    entropy: (await import(at('node/entropy.js'))) as Code['entropy'],
    codeVersion: (await import(at('node/code-version.js'))) as Code['codeVersion'],
    hashes: (await import(at('node/native-hash.js'))) as Code['hashes'],
  };
  c.hashes.useNativeHashes();
  return c;
}

/** REF's code built into a temporary directory (removed with the bench's own). */
function buildBefore(ref: string, dir: string): string {
  const root = join(dir, 'before');
  mkdirSync(root);
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  execSync(
    `git -C ${JSON.stringify(repo)} archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(root)}`,
  );
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  execFileSync(
    process.execPath,
    [join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  return root;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

type Referee = InstanceType<Code['referee']['Referee']>;

async function must(ref: Referee, game: string, c: Command): Promise<GameState> {
  const r = await ref.submit(game, c);
  if (!r.ok) throw new Error(`${game}: ${c.type}: ${r.error.message}`);
  return r.value.state;
}

/** Plays a Grid game until its log has at least `entries` entries (a new game: created, joined, entered). */
async function build(ref: Referee, game: string, entries: number): Promise<void> {
  let state: GameState | undefined;
  for (const c of [createCommand(game), ...setupCommands()]) state = await must(ref, game, c);
  while (state && state.seq < entries) {
    for (const c of moveCommands(state)) await must(ref, game, c);
    state = await must(ref, game, tickNweek);
  }
}

const GAMES = ['long', 'fresh'] as const;
type Game = (typeof GAMES)[number];

interface Timings {
  readonly nweekEnd: Record<Game, number[]>;
  readonly post: Record<Game, number[]>;
}
const timings = (): Timings => ({ nweekEnd: { long: [], fresh: [] }, post: { long: [], fresh: [] } });

/** One code's Referee over its own copy of the file, with the producers on as `serve --mail` has them. */
async function open(c: Code, file: string): Promise<{ referee: Referee; close: () => Promise<void> }> {
  const store = new c.sqlite.SqliteStore(file, { sync: 'normal' });
  const referee = new c.referee.Referee(store, c.rulesets.defaultRegistry(), c.entropy.systemEntropy, {
    snapshots: { code: c.codeVersion.programCode },
  });
  c.byMail.noticesByMail(referee);
  await c.byMail.markByMail(referee, GAMES);
  return { referee, close: () => store.close() };
}

/**
 * One nweek of a game: the post of p1 (timed), the other players' announcements, then the nweek's end
 * (timed). The post says hello, announces p1's move, the same again and a move too far (both refused: one
 * announcement an nweek), and says goodbye.
 */
async function nweek(c: Code, referee: Referee, game: Game, run: number, into?: Timings): Promise<void> {
  const state = await referee.state(game);
  const moves = moveCommands(state);
  const mine = moves[0] as Command;
  const [x, y] = [Number(mine.args.x), Number(mine.args.y)];
  const text = `Good morning, everyone. I move to (${x}, ${y}). I move to (${x}, ${y}). I move to (${x + 5}, ${y}). See you next nweek.`;
  let start = performance.now();
  const said = await c.forum.postMessage(referee, game, 'p1', text, { key: `growth-${game}-${run}` });
  const posted = performance.now() - start;
  if (!said.some((s) => s.status === 'accepted')) throw new Error(`${game}: the post did nothing`);
  for (const m of moves.slice(1)) await must(referee, game, m);
  start = performance.now();
  await must(referee, game, tickNweek);
  const ended = performance.now() - start;
  into?.post[game].push(posted);
  into?.nweekEnd[game].push(ended);
}

export interface GrowthResult {
  readonly entries: number;
  readonly runs: number;
  readonly buildSeconds: number;
  /** This code's timings, and REF's if it was measured. */
  readonly after: Timings;
  readonly before?: { readonly ref: string; readonly timings: Timings };
}

export async function growthBench(options: {
  entries: number;
  runs: number;
  before?: string;
}): Promise<GrowthResult> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-growth-bench-'));
  try {
    const now = await code('after');
    // REF: a git ref, built here; or a checkout whose dist/ is built already (bench/side-by-side.ts).
    const built = options.before && existsSync(join(options.before, 'dist/src/engine/referee.js'));
    const then = options.before
      ? await code('before', built ? options.before : buildBefore(options.before, dir))
      : undefined;
    const file = join(dir, 'built.db');
    const t0 = performance.now();
    {
      const { referee, close } = await open(now, file);
      // Built without the producers' notices: only the timed runs need them.
      referee.setNotices(undefined);
      await build(referee, 'long', options.entries);
      await build(referee, 'fresh', 0);
      await close();
    }
    const buildSeconds = (performance.now() - t0) / 1000;
    const codes = [now, ...(then ? [then] : [])];
    const opened = [];
    for (const c of codes) {
      const copy = join(dir, `${c.name}.db`);
      copyFileSync(file, copy);
      const o = await open(c, copy);
      // A first nweek of each game, not timed: the games loaded, the parsers built, the file in the page cache.
      for (const game of GAMES) await nweek(c, o.referee, game, -1);
      opened.push({ code: c, ...o, timings: timings() });
    }
    for (let run = 0; run < options.runs; run++) {
      const order = run % 2 === 0 ? opened : [...opened].reverse();
      const games = run % 2 === 0 ? GAMES : [...GAMES].reverse();
      for (const o of order) for (const game of games) await nweek(o.code, o.referee, game, run, o.timings);
    }
    for (const o of opened) await o.close();
    const [after, before] = opened;
    return {
      entries: (await countEntries(now, join(dir, 'after.db'))) ?? options.entries,
      runs: options.runs,
      buildSeconds,
      after: (after as (typeof opened)[number]).timings,
      ...(before && options.before ? { before: { ref: options.before, timings: before.timings } } : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many entries the long game had at the end. */
async function countEntries(c: Code, file: string): Promise<number | undefined> {
  const store = new c.sqlite.SqliteStore(file);
  try {
    return await store.logLength?.('long');
  } finally {
    await store.close();
  }
}

const ms = (n: number): string => (n < 10 ? `${n.toFixed(2)} ms` : `${Math.round(n)} ms`);

/** "long vs new (ratio×)" for one series. */
function side(t: Record<Game, number[]>): { text: string; ratio: number } {
  const ratio = median(t.long) / median(t.fresh);
  return { text: `${ms(median(t.long))} vs ${ms(median(t.fresh))} (${ratio.toFixed(2)}×)`, ratio };
}

export function growthRows(r: GrowthResult): string[][] {
  const what = {
    nweekEnd: `An nweek's end (\`tick --nweek\` through the Referee, the mail producers on: its report and notices written in its transaction), on a ${fmt(r.entries)}-entry Grid game vs a new game with the same 20 players; medians of ${r.runs} interleaved runs`,
    post: `One forum post of five sentences by one player (three that act: eir move, then twice a move the rules refuse; with a key, as mail gives one), same games, same runs`,
  };
  return (['nweekEnd', 'post'] as const).map((k) => {
    const now = side(r.after[k]);
    const then = r.before ? side(r.before.timings[k]) : undefined;
    return [
      what[k],
      then ? `before (${r.before?.ref}): ${then.text}` : '—',
      `${then ? 'after: ' : ''}${now.text}`,
      '≤ 1.5×',
      now.ratio <= 1.5 ? 'met' : 'NOT met',
    ];
  });
}

export function writeGrowthDoc(r: GrowthResult, command: string, load: readonly number[], note = ''): void {
  writeSection(
    'growth',
    [
      `${measuredOn(command, load)}${note ? `; ${note}` : ''}. The long game was played through the engine in ${r.buildSeconds.toFixed(0)} s. Each figure: the long game's median vs the new game's (the long ÷ the new).`,
      '',
      '| what | before | now | target (long ÷ new) | |',
      '| --- | --- | --- | --- | --- |',
      ...growthRows(r).map((cells) => `| ${cells.join(' | ')} |`),
    ].join('\n'),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string, fallback: string): string => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const load = loadavg();
  const before = arg('before', '');
  const r = await growthBench({
    entries: Number(arg('entries', '100000')),
    runs: Number(arg('runs', '10')),
    ...(before ? { before } : {}),
  });
  for (const [what, then, now, target, met] of growthRows(r))
    console.log(`${what}: ${then === '—' ? '' : `${then}; `}${now} (target ${target}: ${met})`);
  if (!process.argv.includes('--no-doc')) writeGrowthDoc(r, commandLine(), load, arg('note', ''));
}
