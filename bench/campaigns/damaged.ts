// The damaged-files campaign (issue 8: "a truncated or corrupted SQLite file, a foreign file, a full disk:
// clear error, nothing overwritten"). A real database of two games is built through the Referee and closed
// (one self-contained file); then many damaged copies of it are made, each in its own folder - truncated,
// bytes flipped in the header, the schema page or the data pages, a page zeroed, garbage written, a foreign
// file, a file from a newer version, a bad `-wal` beside a good file - and each is put through what the
// verbs do: open the store, list the games (`referee games`), read, show and verify each game (`show`,
// `verify`), and try one write (`join`). Every copy must end one of three ways:
//
//   refused   - a StoreError with a clear code (not-our-file, damaged, newer-version, io), one line naming
//               the file, and the file byte for byte as it was, nothing new beside it;
//   identical - it opens and every game reads back exactly as built (the damage fell in free space), lists
//               as built and verifies (a write is then allowed);
//   detected  - it opens but `verify` reports a game does not verify, and a write to that game is refused
//               with nothing appended.
//
// Anything else is a failure: an exception that is not a StoreError (a stack trace), a game that reads back
// different and verifies, a refusal that changed the file, a write appended on a log that does not verify.
// A sample of the copies also goes through the built `referee` program as a child process (exit code, one
// line on stderr). Then a full disk is simulated (SqliteStore.capPages: SQLite's max_page_count, which
// raises SQLITE_FULL exactly as a full disk does): through the Referee and the HTTP server, every append
// that cannot be written is refused as `io` and nothing is acknowledged; once space is freed the game goes on.
//
// Run: `node dist/bench/campaigns/damaged.js [--variants N] [--seed S] [--cli-every K]` (after
// `npm run build`; defaults 3000, 20020101, 100). Prints the figures, writes the `damaged` section of
// docs/reliability.md (unless --no-doc), and exits 1 on any failure.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { ADMIN, PUBLIC, player } from '../../src/core/index.js';
import type { Command, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { useNativeHashes } from '../../src/node/native-hash.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { buildApp } from '../../src/server/app.js';
import { SCHEMA_VERSION, SqliteStore } from '../../src/store/sqlite.js';
import { StoreError } from '../../src/store/store.js';
import type { GameSummary } from '../../src/store/store.js';
import { machine, writeSection } from './reliability-doc.js';

/** The built program beside this built script (a test running the TypeScript names it with `cli`). */
const BUILT_CLI = fileURLToPath(new URL('../../src/cli/main.cjs', import.meta.url));

/** The codes a refusal of a damaged or foreign file may carry. */
const REFUSAL_CODES = new Set(['not-our-file', 'damaged', 'newer-version', 'io']);

export const KINDS = [
  'truncated',
  'header-bytes',
  'schema-page',
  'data-bytes',
  'zeroed-page',
  'garbage',
  'foreign',
  'newer-version',
  'bad-wal',
] as const;
export type Kind = (typeof KINDS)[number];

/** What the Grid game and the Life game looked like when the file was closed. */
export interface Reference {
  /** The clean file. */
  readonly path: string;
  readonly bytes: Buffer;
  readonly pageSize: number;
  readonly pages: number;
  readonly games: readonly GameSummary[];
  /** Each game's log as JSON text, the yardstick for "reads back exactly". */
  readonly logs: ReadonlyMap<string, string>;
  /** Another application's SQLite file, and a valid WAL of another database, for the foreign kinds. */
  readonly foreignDb: Buffer;
  readonly foreignWal: Buffer;
}

export interface KindTally {
  readonly kind: Kind;
  tried: number;
  /** Refused with a clear StoreError, the file unchanged. */
  refused: number;
  /** Opened, every game read back as built and verified. */
  identical: number;
  /** Opened, `verify` caught the altered log, and the write was refused. */
  detected: number;
  /** A 0-byte file: opened as a new, empty store (as documented: an empty file is made ours). */
  adoptedEmpty: number;
  failures: number;
}

export interface FullDiskResult {
  /** Commands submitted while the file could not grow. */
  readonly tried: number;
  /** Of those, accepted before the file was full (committed, read back). */
  readonly acknowledged: number;
  /** Refused with StoreError 'io' ("could not be written … nothing was recorded"). */
  readonly refusedIo: number;
  /** The refused commands, submitted again once the cap was lifted, all accepted. */
  readonly acceptedAfter: number;
  /** Through the HTTP server: joins refused 503 {"error":{"code":"io"}} / accepted after the cap was lifted. */
  readonly http503: number;
  readonly httpAfter: number;
  readonly verified: boolean;
  readonly problems: readonly string[];
}

export interface DamagedOptions {
  /** Damaged copies to try in all (spread over the kinds in turn). */
  readonly variants: number;
  readonly seed: number;
  /** Every K-th copy also goes through the built program as a child process (0: none). */
  readonly cliEvery?: number;
  /** The program to run: dist/src/cli/main.cjs (the default, beside this script once built). */
  readonly cli?: string;
  readonly verbose?: boolean;
}

export interface DamagedResult {
  readonly seed: number;
  readonly variants: number;
  readonly fileBytes: number;
  readonly pageSize: number;
  readonly pages: number;
  readonly games: readonly GameSummary[];
  readonly kinds: readonly KindTally[];
  /** Refusal codes seen (in process), with counts. */
  readonly codes: Readonly<Record<string, number>>;
  readonly cliCopies: number;
  readonly cliRuns: number;
  readonly fullDisk: FullDiskResult;
  readonly failures: readonly string[];
  readonly seconds: number;
}

// ---------------------------------------------------------------------------------------------------------
// A seeded random source (mulberry32): the same seed makes the same damage.

export type Rng = () => number;

export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
const bytesOf = (rng: Rng, n: number): Buffer =>
  Buffer.from(Array.from({ length: n }, () => int(rng, 0, 255)));
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

// ---------------------------------------------------------------------------------------------------------
// The reference database.

const GRID = 'grid1';
const LIFE = 'life1';

const must = async (referee: Referee, game: string, command: Command): Promise<void> => {
  const r = await referee.submit(game, command);
  if (!r.ok) throw new Error(`${game} ${command.type}: ${r.error.message}`);
};

/** Submits and ignores the rules' refusal: the log is whatever the rules made of it. */
const tryCommand = async (referee: Referee, game: string, command: Command): Promise<void> => {
  await referee.submit(game, command);
};

/** Deterministic dice secrets, so a seed rebuilds the same games. */
const entropyOf = (rng: Rng) => (): Uint8Array => new Uint8Array(bytesOf(rng, 32));

/**
 * Builds `dir/reference.db`: The Grid of January 2002 (eight players entering and moving over four nweeks,
 * fair dice) and a game of Life (three players, initialised, evolved and tweaked over three nweeks).
 */
export async function buildReference(dir: string, seed: number): Promise<Reference> {
  const rng = rngOf(seed ^ 0x5eed);
  const path = join(dir, 'reference.db');
  const store = new SqliteStore(path, { sync: 'normal' });
  const referee = new Referee(store, defaultRegistry(), entropyOf(rng));
  await must(referee, GRID, {
    type: 'create',
    by: ADMIN,
    args: { game: GRID, ruleset: 'grid-2002-01', dice: 'fair' },
  });
  const names = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi'];
  for (const n of names) await must(referee, GRID, { type: 'join', by: player(n), args: {} });
  for (let nweek = 1; nweek <= 4; nweek++) {
    for (const [i, n] of names.entries()) {
      const x = 1 + ((i * 3 + nweek * 5) % 20);
      const y = 1 + ((i * 7 + nweek * 2) % 20);
      const type = nweek === 1 ? 'enter' : 'move';
      await tryCommand(referee, GRID, { type, by: player(n), args: { x, y } });
    }
    await must(referee, GRID, { type: 'tick', by: ADMIN, args: { nweek: true } });
  }
  await must(referee, LIFE, {
    type: 'create',
    by: ADMIN,
    args: { game: LIFE, ruleset: 'life', dice: 'fair' },
  });
  for (const n of ['ann', 'ben', 'cid']) await must(referee, LIFE, { type: 'join', by: player(n), args: {} });
  await must(referee, LIFE, { type: 'initialize', by: ADMIN, args: {} });
  for (let nweek = 1; nweek <= 3; nweek++) {
    await tryCommand(referee, LIFE, { type: 'evolve', by: ADMIN, args: {} });
    for (const [i, n] of ['ann', 'ben', 'cid'].entries())
      await tryCommand(referee, LIFE, { type: 'tweak', by: player(n), args: { x: 2 + i, y: 3 + nweek } });
    await must(referee, LIFE, { type: 'tick', by: ADMIN, args: { nweek: true } });
  }
  const games = await store.listGames();
  const logs = new Map<string, string>();
  for (const g of games) logs.set(g.id, JSON.stringify(await store.entries(g.id)));
  await store.close();
  const bytes = readFileSync(path);
  if (existsSync(`${path}-wal`)) throw new Error('the reference store left a -wal behind');

  // Another application's SQLite file, and a WAL of it (kept by copying the files while it is open).
  const other = join(dir, 'other.db');
  const db = new Database(other);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE songs (title TEXT, seconds INTEGER)');
  const insert = db.prepare('INSERT INTO songs VALUES (?, ?)');
  for (let i = 0; i < 40; i++) insert.run(`Song ${i} ${'la'.repeat(i)}`, 100 + i);
  db.pragma('wal_checkpoint(TRUNCATE)');
  for (let i = 0; i < 40; i++) insert.run(`Encore ${i} ${'na'.repeat(i)}`, 200 + i);
  const foreignWal = readFileSync(`${other}-wal`);
  db.close();
  return {
    path,
    bytes,
    pageSize: bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16),
    pages: bytes.readUInt32BE(28),
    games,
    logs,
    foreignDb: readFileSync(other),
    foreignWal,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The damage.

export interface Variant {
  readonly kind: Kind;
  readonly what: string;
  readonly bytes: Buffer;
  /** A -wal to put beside the file. */
  readonly wal?: Buffer;
  /** The 0-byte file: made a new empty store, as the code documents. */
  readonly empty?: boolean;
}

function flipBytes(src: Buffer, rng: Rng, from: number, to: number, count: number): [Buffer, number[]] {
  const b = Buffer.from(src);
  const at: number[] = [];
  for (let i = 0; i < count; i++) {
    const o = int(rng, from, Math.min(to, b.length) - 1);
    b[o] = (b[o] as number) ^ (1 << int(rng, 0, 7));
    at.push(o);
  }
  return [b, at];
}

/** The `n`-th damaged copy of the reference (its kind is KINDS[n % KINDS.length]). */
export function makeVariant(ref: Reference, n: number, rng: Rng): Variant {
  const kind = KINDS[n % KINDS.length] as Kind;
  const round = Math.floor(n / KINDS.length);
  const { bytes, pageSize: ps, pages } = ref;
  const size = bytes.length;
  switch (kind) {
    case 'truncated': {
      // In turn: inside the header, at a page boundary, mid-page, one byte short; then anywhere.
      const choice = round % 5;
      const at =
        choice === 0
          ? int(rng, 1, 99)
          : choice === 1
            ? ps * int(rng, 1, pages - 1)
            : choice === 2
              ? ps * int(rng, 0, pages - 1) + int(rng, 1, ps - 1)
              : choice === 3
                ? size - 1
                : int(rng, 1, size - 1);
      return { kind, what: `truncated to ${at} of ${size} bytes`, bytes: bytes.subarray(0, at) };
    }
    case 'header-bytes': {
      const [b, at] = flipBytes(bytes, rng, 0, 100, int(rng, 1, 3));
      return { kind, what: `bits flipped in the header at ${at.join(',')}`, bytes: b };
    }
    case 'schema-page': {
      // Page 1 after the header: the schema (sqlite_master) b-tree page.
      const [b, at] = flipBytes(bytes, rng, 100, ps, int(rng, 1, 4));
      return { kind, what: `bits flipped in the schema page at ${at.join(',')}`, bytes: b };
    }
    case 'data-bytes': {
      const [b, at] = flipBytes(bytes, rng, ps, size, int(rng, 1, 4));
      return { kind, what: `bits flipped in data pages at ${at.join(',')}`, bytes: b };
    }
    case 'zeroed-page': {
      const page = int(rng, 1, pages);
      const b = Buffer.from(bytes);
      b.fill(0, (page - 1) * ps, page * ps);
      return { kind, what: `page ${page} of ${pages} zeroed`, bytes: b };
    }
    case 'garbage': {
      const length = int(rng, 1, 2 * ps);
      const at = int(rng, 0, size - 1);
      const b = Buffer.from(bytes);
      bytesOf(rng, length).copy(b, at);
      return { kind, what: `${Math.min(length, size - at)} random bytes written at ${at}`, bytes: b };
    }
    case 'foreign': {
      const choice = round % 5;
      if (choice === 0) {
        const text = 'Dear diary, today I refereed a nomic.\n'.repeat(int(rng, 1, 400));
        return { kind, what: `a text file of ${text.length} bytes`, bytes: Buffer.from(text) };
      }
      if (choice === 1) {
        const b = bytesOf(rng, int(rng, 1, 3 * ps));
        return { kind, what: `random binary of ${b.length} bytes`, bytes: b };
      }
      if (choice === 2) return { kind, what: "another application's SQLite database", bytes: ref.foreignDb };
      if (choice === 3) return { kind, what: 'an empty file (0 bytes)', bytes: Buffer.alloc(0), empty: true };
      // The SQLite magic followed by garbage.
      const b = Buffer.concat([bytes.subarray(0, 16), bytesOf(rng, int(rng, 84, 2 * ps))]);
      return { kind, what: `the SQLite magic and ${b.length - 16} random bytes`, bytes: b };
    }
    case 'newer-version': {
      // user_version, at offset 60 of the header, as a newer program would have written it.
      const version = SCHEMA_VERSION + int(rng, 1, round % 2 === 0 ? 3 : 1000);
      const b = Buffer.from(bytes);
      b.writeUInt32BE(version, 60);
      return { kind, what: `schema version ${version}`, bytes: b };
    }
    case 'bad-wal': {
      const choice = round % 3;
      if (choice === 0) {
        const wal = bytesOf(rng, int(rng, 1, 4 * ps));
        return { kind, what: `a -wal of ${wal.length} random bytes`, bytes, wal };
      }
      if (choice === 1) return { kind, what: "another database's valid -wal", bytes, wal: ref.foreignWal };
      const [wal, at] = flipBytes(ref.foreignWal, rng, 0, ref.foreignWal.length, int(rng, 1, 4));
      return { kind, what: `another database's -wal, bits flipped at ${at.join(',')}`, bytes, wal };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Putting one copy through the verbs, in process.

type Outcome = 'refused' | 'identical' | 'detected' | 'adopted-empty' | 'failure';

interface Examined {
  readonly outcome: Outcome;
  readonly code?: string;
  /** For a refusal: whether opening the store refused the file, or a read later on. */
  readonly atOpen?: boolean;
  readonly problem?: string;
  /** Per game: 'identical' or 'detected'. */
  readonly games: ReadonlyMap<string, 'identical' | 'detected'>;
}

/** The file's bytes and the names beside it, what "left untouched" compares. */
function snapshot(dir: string, path: string): { hash: string; names: string[] } {
  return { hash: sha(readFileSync(path)), names: readdirSync(dir).sort() };
}

const describeError = (e: unknown): string =>
  e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e);

/** A clear refusal: a StoreError of a refusal code, one line naming the file. */
function clearRefusal(e: unknown, path: string): string | undefined {
  if (!(e instanceof StoreError)) return `not a StoreError: ${describeError(e)}`;
  if (!REFUSAL_CODES.has(e.code)) return `refused with ${e.code}: ${e.message}`;
  if (!e.message.includes(path)) return `the message does not name the file: ${e.message}`;
  if (e.message.includes('\n')) return `the message is more than one line: ${e.message}`;
  return undefined;
}

/** No name beside the file that was not there before, except SQLite's own -shm/-wal that go on close. */
function newNames(before: readonly string[], after: readonly string[]): string[] {
  return after.filter((n) => !before.includes(n));
}

const WRITER = 'zed';

export async function examine(
  dir: string,
  path: string,
  ref: Reference,
  variant: Variant,
): Promise<Examined> {
  const before = snapshot(dir, path);
  const games = new Map<string, 'identical' | 'detected'>();
  const fail = (problem: string): Examined => ({ outcome: 'failure', problem, games });
  const refusedUnchanged = (e: unknown, atOpen: boolean): Examined => {
    const unclear = clearRefusal(e, path);
    if (unclear) return fail(unclear);
    const after = snapshot(dir, path);
    if (after.hash !== before.hash) return fail(`refused (${(e as StoreError).code}) but the file changed`);
    const extra = newNames(before.names, after.names);
    if (extra.length > 0) return fail(`refused but left ${extra.join(', ')} beside the file`);
    return { outcome: 'refused', code: (e as StoreError).code, atOpen, games };
  };

  let store: SqliteStore;
  try {
    store = new SqliteStore(path, { sync: 'normal' });
  } catch (e) {
    return refusedUnchanged(e, true);
  }
  let closed = false;
  const close = async () => {
    if (!closed) await store.close();
    closed = true;
  };
  try {
    const referee = new Referee(store, defaultRegistry(), () => new Uint8Array(32));
    // What `referee games`, `show` and `verify` do: list, read, render, replay and check.
    let listed: GameSummary[];
    const read = new Map<string, string>();
    const verified = new Map<string, boolean>();
    try {
      listed = await referee.listGames();
      if (variant.empty) {
        if (listed.length !== 0) return fail(`the empty file lists ${listed.length} games`);
        await close();
        return { outcome: 'adopted-empty', games };
      }
      for (const g of ref.games) {
        const entries = await store.entries(g.id);
        if (!entries) return fail(`game ${g.id} is gone, and nothing said so`);
        read.set(g.id, JSON.stringify(entries));
        const report = await referee.verify(g.id);
        verified.set(g.id, report.ok);
        if (report.ok) {
          // `show`: the game replays and renders for every viewer kind.
          await referee.render(g.id, PUBLIC);
          await referee.render(g.id, ADMIN);
        }
      }
    } catch (e) {
      await close();
      return refusedUnchanged(e, false);
    }
    for (const g of ref.games) {
      const same = read.get(g.id) === ref.logs.get(g.id);
      if (verified.get(g.id)) {
        if (!same) return fail(`game ${g.id} reads back different, and verifies`);
        games.set(g.id, 'identical');
      } else games.set(g.id, 'detected');
    }
    const detected = [...games].filter(([, v]) => v === 'detected').map(([g]) => g);
    if (detected.length === 0) {
      // (Listed by id: the order follows created_at, a time the log does not hash and no rule reads.)
      const byId = (l: readonly GameSummary[]) =>
        JSON.stringify([...l].sort((a, b) => (a.id < b.id ? -1 : 1)));
      const sameList = byId(listed) === byId(ref.games);
      if (!sameList) return fail(`the games list differs: ${JSON.stringify(listed)}`);
      // Read back identical: a write is allowed, and the game still verifies after it.
      const game = (ref.games[0] as GameSummary).id;
      try {
        const r = await referee.submit(game, { type: 'join', by: player(WRITER), args: {} });
        if (!r.ok) return fail(`a join on the intact game was refused by the rules: ${r.error.message}`);
        const report = await referee.verify(game);
        if (!report.ok) return fail(`after a join the intact game does not verify: ${report.problems[0]}`);
      } catch (e) {
        // The damage in free space may still stop a write: then it must be a clear refusal.
        const unclear = clearRefusal(e, path);
        if (unclear) return fail(`the write on an intact copy: ${unclear}`);
      }
      return { outcome: 'identical', games };
    }
    // A log that does not verify: a write to it must be refused, and nothing appended.
    for (const game of detected) {
      let accepted = false;
      try {
        const r = await referee.submit(game, { type: 'join', by: player(WRITER), args: {} });
        accepted = r.ok;
      } catch (e) {
        if (!(e instanceof StoreError)) return fail(`the write on ${game}: ${describeError(e)}`);
        if (e.message.includes('\n')) return fail(`the write on ${game}: a message of many lines`);
      }
      if (accepted) return fail(`a join was appended to ${game}, whose log does not verify`);
      let after: LogEntry[] | undefined;
      try {
        after = await store.entries(game);
      } catch (e) {
        return fail(`reading ${game} again: ${describeError(e)}`);
      }
      if (JSON.stringify(after) !== read.get(game))
        return fail(`the refused write on ${game} changed its log`);
    }
    await close();
    const after = snapshot(dir, path);
    if (after.hash !== before.hash) return fail('a copy whose log does not verify was changed on disk');
    return { outcome: 'detected', games };
  } catch (e) {
    return fail(`unexpected: ${describeError(e)}`);
  } finally {
    await close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The same copy through the built program.

interface CliRun {
  readonly status: number | null;
  readonly stderr: string;
}

function runCli(cli: string, dir: string, args: readonly string[]): CliRun {
  const env = { ...process.env };
  delete env.REFEREE_DB;
  delete env.DATABASE_URL;
  delete env.REFEREE_SYNC;
  const r = spawnSync(process.execPath, [cli, '--db', 'copy.db', ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (r.error) throw r.error;
  return { status: r.status, stderr: r.stderr };
}

/**
 * Runs games, show, verify (each game) and join on a fresh copy; answers the problems found. The exit code
 * must agree with what happened in process: a refused file exits 2 (1 for io) on every verb with one line
 * naming it; a log that does not verify exits 1 on `verify` and the write is refused; an intact copy exits 0.
 */
function checkCli(
  cli: string,
  dir: string,
  ref: Reference,
  variant: Variant,
  seen: Examined,
): [number, string[]] {
  const problems: string[] = [];
  const path = join(dir, 'copy.db');
  writeFileSync(path, variant.bytes);
  if (variant.wal) writeFileSync(`${path}-wal`, variant.wal);
  const verbs: string[][] = [['games']];
  for (const g of ref.games) verbs.push(['show', g.id], ['verify', g.id]);
  verbs.push(['join', (ref.games[0] as GameSummary).id, WRITER]);
  const before = snapshot(dir, path);
  let runs = 0;
  for (const args of verbs) {
    const r = runCli(cli, dir, args);
    runs++;
    const verb = `referee ${args.join(' ')}`;
    const lines = r.stderr.split('\n').filter((l) => l.length > 0);
    if (r.stderr.includes('internal error') || lines.some((l) => !l.startsWith('referee: ')))
      problems.push(`${verb}: exit ${r.status}, stderr ${JSON.stringify(r.stderr.slice(0, 300))}`);
    const atOpen = seen.outcome === 'refused' && seen.atOpen === true;
    if (seen.outcome === 'refused' && !atOpen) {
      // Refused on reading (in process, the first damaged read stopped the walk): each verb either works
      // or is refused cleanly; `verify` may list its problems, one line each, then exit 1.
      if (r.status !== 0 && r.status !== 1 && r.status !== 2) problems.push(`${verb}: exit ${r.status}`);
      if (r.status === 2 && lines.length !== 1) problems.push(`${verb}: ${lines.length} lines on stderr`);
      if (r.status === 1 && args[0] !== 'verify' && lines.length !== 1)
        problems.push(`${verb}: ${lines.length} lines on stderr`);
    } else if (atOpen || seen.outcome === 'adopted-empty') {
      const expected =
        seen.outcome === 'adopted-empty' ? (args[0] === 'games' ? 0 : 2) : seen.code === 'io' ? 1 : 2;
      if (r.status !== expected) problems.push(`${verb}: exit ${r.status}, expected ${expected}`);
      if (r.status !== 0 && lines.length !== 1) problems.push(`${verb}: ${lines.length} lines on stderr`);
      if (atOpen && r.status !== 0 && !r.stderr.includes('copy.db'))
        problems.push(`${verb}: the message does not name the file`);
      if (atOpen && snapshot(dir, path).hash !== before.hash)
        problems.push(`${verb}: the refused file changed`);
    } else if (args[0] === 'verify') {
      const state = seen.games.get(args[1] as string);
      const expected = state === 'detected' ? 1 : 0;
      if (r.status !== expected && !(state === 'detected' && r.status === 2 && lines.length === 1))
        problems.push(`${verb}: exit ${r.status}, expected ${expected}`);
    } else if (args[0] === 'join') {
      const state = seen.games.get(args[1] as string);
      if (state === 'detected' && r.status === 0)
        problems.push(`${verb}: appended to a log that does not verify`);
      if (state === 'detected' && lines.length !== 1)
        problems.push(`${verb}: ${lines.length} lines on stderr`);
      if (state === 'identical' && r.status !== 0 && lines.length !== 1)
        problems.push(`${verb}: exit ${r.status} with ${lines.length} lines`);
    } else if (r.status !== 0 && r.status !== 2) {
      problems.push(`${verb}: exit ${r.status}`);
    } else if (r.status === 2 && lines.length !== 1)
      problems.push(`${verb}: ${lines.length} lines on stderr`);
  }
  return [runs, problems.map((p) => `${variant.kind} (${variant.what}): cli: ${p}`)];
}

// ---------------------------------------------------------------------------------------------------------
// A full disk, simulated.

/**
 * On a copy of the reference: the file capped at its size, commands submitted through one Referee until
 * appends fail. Every failure must be StoreError 'io' ("could not be written … nothing was recorded"), with
 * the store and the Referee's cached state exactly as before it; every command accepted before is in the
 * log once. Then the cap is lifted and the refused commands are submitted again: all accepted, the game
 * verifies. The same through the HTTP server (buildApp, in process): a join that cannot be written is
 * answered 503 {"error":{"code":"io"}}, and the player is not in the game until the join is sent again.
 */
export async function fullDisk(dir: string, ref: Reference): Promise<FullDiskResult> {
  const problems: string[] = [];
  const path = join(dir, 'full.db');
  copyFileSync(ref.path, path);
  const store = new SqliteStore(path, { sync: 'normal' });
  const referee = new Referee(store, defaultRegistry(), () => new Uint8Array(32));
  const game = GRID;
  let tried = 0;
  let acknowledged = 0;
  let refusedIo = 0;
  let acceptedAfter = 0;
  const refused: Command[] = [];
  const acked: string[] = [];
  const viewNow = async (r: Referee) => JSON.stringify(await r.view(game, ADMIN));
  try {
    await referee.state(game); // cached, as a server holds it
    store.capPages(1); // SQLite never caps below the current size: the file cannot grow from here
    for (let i = 0; i < 400 && refused.length < 12; i++) {
      const id = `full-${i}`;
      const command: Command = { type: 'join', by: player(`fill${i}`), args: {}, id };
      tried++;
      const before = JSON.stringify(await store.entries(game));
      const cachedBefore = (await referee.state(game)).seq;
      try {
        const r = await referee.submit(game, command);
        if (!r.ok) {
          problems.push(`join ${i} refused by the rules: ${r.error.message}`);
          continue;
        }
        acknowledged++;
        acked.push(id);
      } catch (e) {
        if (!(e instanceof StoreError) || e.code !== 'io') {
          problems.push(`join ${i}: not an io refusal: ${describeError(e)}`);
          continue;
        }
        if (!/could not be written .*nothing was recorded/.test(e.message) || !e.message.includes(path))
          problems.push(`join ${i}: unclear message: ${e.message}`);
        refusedIo++;
        refused.push(command);
        const stored = JSON.stringify(await store.entries(game));
        if (stored !== before) problems.push(`join ${i}: refused, but the log changed`);
        if ((await store.command(game, id)) !== undefined)
          problems.push(`join ${i}: refused, but its id is recorded`);
        // The cache did not move on: the Referee's next read is the store's state.
        const state = await referee.state(game);
        if (state.seq !== cachedBefore) problems.push(`join ${i}: the cached state moved on after a refusal`);
        const fresh = new Referee(store, defaultRegistry(), () => new Uint8Array(32));
        if ((await viewNow(referee)) !== (await viewNow(fresh)))
          problems.push(`join ${i}: the cached state differs from the store's`);
        if (state.players.includes(`fill${i}`))
          problems.push(`join ${i}: refused, but the player is in the game`);
      }
    }
    if (refusedIo === 0) problems.push('the capped file never refused an append');
    for (const id of acked) {
      if ((await store.command(game, id)) === undefined)
        problems.push(`acknowledged ${id} is not in the log`);
    }
    // Space is freed: the same commands (same ids) go through, once each.
    store.capPages(null);
    for (const command of refused) {
      const r = await referee.submit(game, command);
      if (r.ok && !r.value.duplicate) acceptedAfter++;
      else problems.push(`after the cap was lifted, ${command.id} was not accepted`);
    }
    const report = await referee.verify(game);
    if (!report.ok) problems.push(`after the full disk, ${game} does not verify: ${report.problems[0]}`);
    const players = (await referee.state(game)).players;
    for (const command of refused) {
      const name = command.by.role === 'player' ? command.by.name : '';
      if (players.filter((p) => p === name).length !== 1)
        problems.push(`${name} is not in the game exactly once`);
    }
  } finally {
    await store.close();
  }

  // The HTTP server over a capped file.
  let http503 = 0;
  let httpAfter = 0;
  const httpPath = join(dir, 'full-http.db');
  copyFileSync(ref.path, httpPath);
  const hstore = new SqliteStore(httpPath, { sync: 'normal' });
  const href = new Referee(hstore, defaultRegistry(), () => new Uint8Array(32));
  const app = await buildApp({ referee: href, webRoot: false, authLimit: false });
  try {
    await app.ready();
    hstore.capPages(1);
    const failed: string[] = [];
    for (let i = 0; i < 400 && failed.length < 6; i++) {
      const name = `web${i}`;
      const before = JSON.stringify(await hstore.entries(GRID));
      const res = await app.inject({
        method: 'POST',
        url: `/api/games/${GRID}/join`,
        payload: { player: name },
      });
      if (res.statusCode === 201) continue;
      const body = res.json<{ error?: { code?: string; message?: string } }>();
      if (
        res.statusCode !== 503 ||
        body.error?.code !== 'io' ||
        !/nothing was recorded/.test(body.error.message ?? '')
      )
        problems.push(`http join ${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else http503++;
      if (JSON.stringify(await hstore.entries(GRID)) !== before)
        problems.push(`http join ${name}: the log changed`);
      const view = await app.inject({ method: 'GET', url: `/api/games/${GRID}` });
      if (view.statusCode !== 200 || view.body.includes(`"${name}"`))
        problems.push(`http join ${name}: refused, yet the public view shows em (${view.statusCode})`);
      failed.push(name);
    }
    if (http503 === 0) problems.push('the server never answered 503 io on a full disk');
    hstore.capPages(null);
    for (const name of failed) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/games/${GRID}/join`,
        payload: { player: name },
      });
      if (res.statusCode === 201) httpAfter++;
      else problems.push(`http join ${name} after space was freed: ${res.statusCode}`);
    }
    const report = await href.verify(GRID);
    if (!report.ok) problems.push(`after the server's full disk, ${GRID} does not verify`);
  } finally {
    await app.close();
    await hstore.close();
  }
  return {
    tried,
    acknowledged,
    refusedIo,
    acceptedAfter,
    http503,
    httpAfter,
    verified: problems.length === 0,
    problems,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The campaign.

export async function runDamaged(options: DamagedOptions): Promise<DamagedResult> {
  useNativeHashes();
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'referee-damaged-'));
  const cli = options.cli ?? BUILT_CLI;
  const cliEvery = options.cliEvery ?? 0;
  if (cliEvery > 0 && !existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first`);
  try {
    const ref = await buildReference(root, options.seed);
    const rng = rngOf(options.seed);
    const kinds = new Map<Kind, KindTally>(
      KINDS.map((kind) => [
        kind,
        { kind, tried: 0, refused: 0, identical: 0, detected: 0, adoptedEmpty: 0, failures: 0 },
      ]),
    );
    const codes: Record<string, number> = {};
    const failures: string[] = [];
    let cliCopies = 0;
    let cliRuns = 0;
    for (let n = 0; n < options.variants; n++) {
      const variant = makeVariant(ref, n, rng);
      const dir = join(root, `v${n}`);
      mkdirSync(dir);
      const path = join(dir, 'copy.db');
      writeFileSync(path, variant.bytes);
      if (variant.wal) writeFileSync(`${path}-wal`, variant.wal);
      const seen = await examine(dir, path, ref, variant);
      const tally = kinds.get(variant.kind) as KindTally;
      tally.tried++;
      if (seen.outcome === 'refused') {
        tally.refused++;
        codes[seen.code ?? '?'] = (codes[seen.code ?? '?'] ?? 0) + 1;
      } else if (seen.outcome === 'identical') tally.identical++;
      else if (seen.outcome === 'detected') tally.detected++;
      else if (seen.outcome === 'adopted-empty') tally.adoptedEmpty++;
      else {
        tally.failures++;
        failures.push(`#${n} ${variant.kind} (${variant.what}): ${seen.problem ?? ''}`);
      }
      if (cliEvery > 0 && n % cliEvery === 0 && seen.outcome !== 'failure') {
        const cdir = join(root, `c${n}`);
        mkdirSync(cdir);
        const [runs, problems] = checkCli(cli, cdir, ref, variant, seen);
        cliCopies++;
        cliRuns += runs;
        if (problems.length > 0) {
          tally.failures++;
          failures.push(...problems.map((p) => `#${n} ${p}`));
        }
        rmSync(cdir, { recursive: true, force: true });
      }
      rmSync(dir, { recursive: true, force: true });
      if (options.verbose && (n + 1) % 500 === 0)
        process.stderr.write(`${n + 1} copies, ${failures.length} failures\n`);
    }
    const disk = join(root, 'disk');
    mkdirSync(disk);
    const full = await fullDisk(disk, ref);
    failures.push(...full.problems.map((p) => `full disk: ${p}`));
    return {
      seed: options.seed,
      variants: options.variants,
      fileBytes: statSync(ref.path).size,
      pageSize: ref.pageSize,
      pages: ref.pages,
      games: ref.games,
      kinds: [...kinds.values()],
      codes,
      cliCopies,
      cliRuns,
      fullDisk: full,
      failures,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------
// The section of docs/reliability.md.

const fmt = (n: number): string => n.toLocaleString('en-US');

export function section(r: DamagedResult, command: string): string {
  const rows = r.kinds.map(
    (k) =>
      `| ${k.kind} | ${fmt(k.tried)} | ${fmt(k.refused)} | ${fmt(k.identical)} | ${fmt(k.detected)} | ${fmt(k.adoptedEmpty)} | ${fmt(k.failures)} |`,
  );
  const sum = (f: (k: KindTally) => number) => fmt(r.kinds.reduce((a, k) => a + f(k), 0));
  const codes = Object.entries(r.codes)
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `\`${c}\` ${fmt(n)}`)
    .join(', ');
  const d = r.fullDisk;
  const failures =
    r.failures.length === 0 ? 'Failures: 0.' : `Failures:\n\n${r.failures.map((f) => `- ${f}`).join('\n')}`;
  return `
## Damaged files

\`bench/campaigns/damaged.ts\` builds a real database through the Referee (SqliteStore, closed, so one
self-contained file of ${fmt(r.fileBytes)} bytes, ${r.pages} pages of ${r.pageSize}): ${r.games
    .map((g) => `\`${g.id}\` (${g.ruleset}, ${g.entries} entries)`)
    .join(' and ')}, a Grid game of eight players entering and moving over four nweeks and a game of Life
initialised, evolved and tweaked over three, both with fair dice. It then makes damaged copies, each in its
own folder: truncated (inside the header, at a page boundary, mid-page, one byte short, anywhere); bits
flipped in the 100-byte header, in the schema page (page 1) or in the data pages; a whole page zeroed;
random garbage written at a random offset; foreign files (text, random binary, another application's
SQLite database, the SQLite magic followed by garbage, an empty 0-byte file); a file from a newer version
(\`user_version\` above ${SCHEMA_VERSION}); and a good file with a bad \`-wal\` beside it (random bytes,
another database's valid WAL, the same with bits flipped).

Each copy goes through what the verbs do, in process through the functions the command uses (open the
store, \`games\`, then for each game read the log, \`verify\`, \`show\` for the public and the
Administrator, then one write, a \`join\`), and must end one of three ways: **refused** (a \`StoreError\`
\`not-our-file\`, \`damaged\`, \`newer-version\` or \`io\`, one line naming the file, the file's SHA-256
unchanged and nothing new beside it); **identical** (it opens, lists as built, every game reads back
entry for entry as built and verifies; the join is then accepted and the game still verifies); or
**detected** (it opens, but \`verify\` reports a game does not verify; a join on that game must be refused
with nothing appended, and the file is unchanged after closing). Anything else is a failure: an exception
that is not a \`StoreError\` (a stack trace), a game that reads back different yet verifies, a refusal that
changed the file, a write appended to a log that does not verify. The 0-byte file is made a new empty
store, as \`SqliteStore\` documents ("a new or empty file: make it ours"): it must list no games.
Every ${r.cliCopies > 0 ? Math.round(r.variants / r.cliCopies) : 0}th copy also goes through the built
\`referee\` as a child process (\`games\`, \`show\` and \`verify\` each game, \`join\`): a refused file
exits 2 (1 for \`io\`) on every verb with one line naming it and stays unchanged; \`verify\` exits 1 on a
log that does not verify and the \`join\` is refused with one line; no \`internal error\` anywhere.

Run: \`${command}\` (${r.seconds.toFixed(0)} s on ${machine()}, ${new Date().toISOString().slice(0, 10)}).

| kind | copies | refused | identical | detected by verify | 0-byte file adopted | failures |
| ---- | -----: | ------: | --------: | -----------------: | ------------------: | -------: |
${rows.join('\n')}
| **all** | ${sum((k) => k.tried)} | ${sum((k) => k.refused)} | ${sum((k) => k.identical)} | ${sum((k) => k.detected)} | ${sum((k) => k.adoptedEmpty)} | **${sum((k) => k.failures)}** |

Refusals by code: ${codes || 'none'}. Through the built program: ${fmt(r.cliCopies)} copies, ${fmt(r.cliRuns)} runs.

**Full disk, simulated.** \`SqliteStore.capPages\` sets SQLite's \`max_page_count\` at the file's size, so
an append that needs a new page fails with \`SQLITE_FULL\` exactly as on a full disk. Through one Referee
holding the game in its cache, joins (each with a command id) until twelve were refused: ${fmt(d.tried)}
tried, ${fmt(d.acknowledged)} acknowledged (in the log, once each), ${fmt(d.refusedIo)} refused \`io\`
("could not be written … nothing was recorded"), each with the log, the command ids and the Referee's
cached state exactly as before. After the cap was lifted the same ${fmt(d.refusedIo)} commands were
accepted (${fmt(d.acceptedAfter)}) and the game verifies. Through the HTTP server (\`buildApp\` in
process) a join that cannot be written is answered \`503 {"error":{"code":"io",…}}\` (${fmt(d.http503)}
times), the player is not in the game, and the same join is accepted once space is freed (${fmt(d.httpAfter)}).
The command line (not run on a capped file: it has no such option) answers the same \`StoreError\` with exit 1 and one line (\`referee: io: …\`).

${failures}

Found and fixed (regression tests in \`test/campaigns/damaged.test.ts\`): a join was appended on top of a
stored log whose hash chain was broken; the Referee now checks a game's stored log (hash chain, the dice
secret against the seeds the log committed to, and SQLite's \`integrity_check\` of the log's pages) before
its first write to that game in a process, and refuses with \`damaged\` ("does not verify … nothing was
written"). An event the rules cannot fold, a stored event that is not JSON, a schema that is not the one
the store wrote (\`no such column\`, a foreign-key mismatch, an unsupported file format) and a
read-only file each came out as a stack trace; they are now \`damaged\` (or \`io\`), one line. A
damaged index of the games table made a game silently vanish (\`there is no game\`); a game whose log
exists without its record is now \`damaged\`. A log b-tree page altered so that reads stopped short
(a key out of order, a lost page) gave a shorter log that still verified; \`referee verify\` now runs
\`integrity_check\` of the log and fails. Another database's valid \`-wal\` beside a good file was
copied into it when the refused store was closed, overwriting it: a file with a \`-wal\` beside it is
now examined through a read-only connection first, and a refused one is never opened for writing.
\`verify\` on an altered roll threw instead of reporting; it now reports the break.

\`test/campaigns/damaged.test.ts\` runs the campaign small with a fixed seed and asserts the outcome (0
failures, every kind tried, some copies refused and some detected), and the full-disk simulation on its own.
`;
}

// ---------------------------------------------------------------------------------------------------------

function arg(argv: readonly string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function cliMain(argv: readonly string[]): Promise<number> {
  const variants = Number(arg(argv, '--variants') ?? 3000);
  const seed = Number(arg(argv, '--seed') ?? 20020101);
  const cliEvery = Number(arg(argv, '--cli-every') ?? 100);
  const result = await runDamaged({ variants, seed, cliEvery, verbose: true });
  const { failures, ...figures } = result;
  console.log(JSON.stringify({ ...figures, failures: failures.length }, null, 2));
  for (const f of failures.slice(0, 50)) console.error(f);
  if (!argv.includes('--no-doc')) {
    const command = `node dist/bench/campaigns/damaged.js --variants ${variants} --seed ${seed} --cli-every ${cliEvery}`;
    await writeSection('damaged', section(result, command));
  }
  return failures.length === 0 ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await cliMain(process.argv.slice(2));
}
