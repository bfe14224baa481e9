// The embedded default store: one SQLite file through better-sqlite3 (synchronous, fast, maintained), many
// games, WAL journal. Appends are committed in groups (one IMMEDIATE transaction for the appends that arrive
// in one round of the event loop), each answered only once its group is on disk (see durable).
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  close,
  closeSync,
  existsSync,
  fdatasync,
  fdatasyncSync,
  open,
  openSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import type { GameEvent, LogEntry, Visibility } from '../core/index.js';
import { checkConsecutive, StoreError } from './store.js';
import type {
  Append,
  CommandIdRecord,
  CommandRecord,
  FoldBatch,
  GameDump,
  GameSummary,
  Store,
  StoreWatcher,
  TokenGrant,
} from './store.js';

/** 'NREF' in the SQLite header's application_id: marks a file as ours. */
export const APPLICATION_ID = 0x4e524546;
export const SCHEMA_VERSION = 2;
const SQLITE_MAGIC = 'SQLite format 3\0';

/** How hard a commit waits for the disk: FULL (the default) survives power loss, NORMAL a process crash. */
export type SyncMode = 'full' | 'normal';

// Version 2: access tokens for the server, hashed; one per holder, so issuing again rotates.
const TOKENS = `
CREATE TABLE tokens (
  game TEXT NOT NULL REFERENCES games(id),
  holder TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (game, holder)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tokens_by_hash ON tokens (game, hash);
`;

const SCHEMA = `
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE game_secrets (
  game TEXT PRIMARY KEY REFERENCES games(id),
  master BLOB NOT NULL
);
CREATE TABLE log (
  game TEXT NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  nweek INTEGER NOT NULL,
  nday INTEGER NOT NULL,
  type TEXT NOT NULL,
  event TEXT NOT NULL,
  prev TEXT NOT NULL,
  hash TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE command_ids (
  game TEXT NOT NULL REFERENCES games(id),
  id TEXT NOT NULL,
  first_seq INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (game, id)
) WITHOUT ROWID;
${TOKENS}`;

interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: string;
  prev: string;
  hash: string;
}

/**
 * Refuses, before SQLite touches it, a file that is not a SQLite database or is shorter than its header says.
 * Answers true when the file is short but a WAL lies beside it: a checkpoint cut short (the process killed
 * while copying the WAL into the file, which writes page 1 first) leaves exactly that, and SQLite completes
 * it from the WAL on opening; the caller then has SQLite check the pages before trusting the file.
 */
function checkFileHeader(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return false;
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
    throw new StoreError(
      'not-our-file',
      `${path} is not a nomic-referee database (not a SQLite file); it was left untouched`,
    );
  }
  const rawPage = header.readUInt16BE(16);
  const pageSize = rawPage === 1 ? 65536 : rawPage;
  const pages = header.readUInt32BE(28);
  if (pages > 0 && size < pages * pageSize) {
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) return true;
    throw new StoreError(
      'damaged',
      `${path} is damaged: it holds ${size} bytes but its header promises ${pages * pageSize}; it was left untouched`,
    );
  }
  return false;
}

/**
 * What a file SQLite opens is: new (or empty: it will be made ours), ours at some schema version, or refused
 * (not ours, or from a newer version).
 */
function classify(
  db: Database.Database,
  path: string,
): { readonly kind: 'new' } | { readonly kind: 'ours'; readonly version: number } | StoreError {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n;
  if (appId === 0 && tables === 0) return { kind: 'new' };
  if (appId !== APPLICATION_ID)
    return new StoreError(
      'not-our-file',
      `${path} is a SQLite database of some other program; it was left untouched`,
    );
  if (version > SCHEMA_VERSION)
    return new StoreError(
      'newer-version',
      `${path} was written by a newer nomic-referee (schema ${version}; this one knows ${SCHEMA_VERSION})`,
    );
  return { kind: 'ours', version };
}

/**
 * A file with a -wal beside it (left by a crash, or another process has it open) is first looked at through a
 * read-only connection, which never writes: a read-write connection refused and closed would copy the WAL into
 * the file on closing, and a WAL that is not the file's own (another database's, or garbage that passes
 * SQLite's checks) would then overwrite it. A file short of its header's size (a checkpoint cut short) must
 * also pass SQLite's quick_check here. The -shm the read-only connection may create is removed again if it
 * was not there before (no other connection had the file open then).
 */
function checkWithWal(path: string, unfinished: boolean): void {
  const shm = `${path}-shm`;
  const hadShm = existsSync(shm);
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const file = classify(db, path);
    if (file instanceof StoreError) throw file;
    if (unfinished && db.pragma('quick_check', { simple: true }) !== 'ok')
      throw new StoreError(
        'damaged',
        `${path} is damaged: its pages do not check out; it was left untouched`,
      );
  } catch (e) {
    throw translate(e, path);
  } finally {
    db?.close();
    if (!hadShm) rmSync(shm, { force: true });
  }
}

/** An append waiting for its group commit, and who to answer. */
interface WaitingAppend {
  readonly append: Append;
  readonly first: LogEntry;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
}

/** Every statement the store runs, prepared once (a schema that is not ours fails here, as damaged). */
function prepareStatements(db: Database.Database) {
  return {
    games: db.prepare<[], GameSummary>(
      'SELECT g.id AS id, g.ruleset AS ruleset, (SELECT count(*) FROM log l WHERE l.game = g.id) AS entries FROM games g ORDER BY g.created_at, g.id',
    ),
    exists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM games WHERE id = ?'),
    logged: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM log WHERE game = ? LIMIT 1'),
    entries: db.prepare<[string, number], LogRow>(
      'SELECT seq, nweek, nday, event, prev, hash FROM log WHERE game = ? AND seq >= ? ORDER BY seq',
    ),
    page: db.prepare<[string, number, number], LogRow>(
      'SELECT seq, nweek, nday, event, prev, hash FROM log WHERE game = ? AND seq >= ? ORDER BY seq LIMIT ?',
    ),
    last: db.prepare<[string], { seq: number }>('SELECT max(seq) AS seq FROM log WHERE game = ?'),
    master: db.prepare<[string], { master: Buffer }>('SELECT master FROM game_secrets WHERE game = ?'),
    command: db.prepare<[string, string], { first: number; last: number }>(
      'SELECT first_seq AS first, last_seq AS last FROM command_ids WHERE game = ? AND id = ?',
    ),
    insertGame: db.prepare('INSERT INTO games (id, ruleset, created_at) VALUES (?, ?, ?)'),
    insertSecret: db.prepare('INSERT INTO game_secrets (game, master) VALUES (?, ?)'),
    insertEntry: db.prepare(
      'INSERT INTO log (game, seq, nweek, nday, type, event, prev, hash, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    grant: db.prepare(
      'INSERT INTO tokens (game, holder, hash) VALUES (?, ?, ?) ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash',
    ),
    holder: db.prepare<[string, string], { holder: string }>(
      'SELECT holder FROM tokens WHERE game = ? AND hash = ?',
    ),
    insertCommand: db.prepare('INSERT INTO command_ids (game, id, first_seq, last_seq) VALUES (?, ?, ?, ?)'),
  };
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  /** In-process only: one process owns a SQLite file, so its own appends are all there is to tell. */
  private readonly watchers = new Set<StoreWatcher>();
  /** Appends waiting for the next group commit (see append). */
  private waiting: WaitingAppend[] = [];
  /** FULL: no write is answered before the WAL holding it is on disk (see durable). */
  private readonly syncEveryWrite: boolean = true;
  /** The WAL syncs under way (see durable), and the WAL file they sync (see walFile). */
  private readonly syncs = new Set<Promise<void>>();
  private walFd: number | undefined;
  private groupTransaction:
    | Database.Transaction<(group: readonly WaitingAppend[], refused: (Error | undefined)[]) => void>
    | undefined;
  private allTransaction: Database.Transaction<(group: readonly WaitingAppend[]) => void> | undefined;
  /** One group commit, every append in one transaction: any refusal rolls the whole group back. */
  private get writeAll() {
    this.allTransaction ??= this.db.transaction((group: readonly WaitingAppend[]) => {
      for (const w of group) this.write(w.append, w.first);
    });
    return this.allTransaction;
  }
  /**
   * One group commit the careful way: each append in a savepoint of its own (better-sqlite3 makes a nested
   * transaction a savepoint), its refusal recorded in `refused` at its index. An error after which SQLite
   * has ended the whole transaction itself (it may, on a full disk or an I/O error) fails the group.
   */
  private get writeGroup() {
    if (this.groupTransaction) return this.groupTransaction;
    const one = this.db.transaction((a: Append, first: LogEntry) => this.write(a, first));
    this.groupTransaction = this.db.transaction(
      (group: readonly WaitingAppend[], refused: (Error | undefined)[]) => {
        for (const w of group) {
          try {
            one(w.append, w.first);
            refused.push(undefined);
          } catch (e) {
            if (!this.db.inTransaction) throw e;
            refused.push(translate(e, this.path));
          }
        }
      },
    );
    return this.groupTransaction;
  }

  /** Opens (or creates) a store file. A file that is not ours, damaged, or from a newer version is refused. */
  constructor(
    readonly path: string,
    options: { sync?: SyncMode } = {},
  ) {
    if (path !== ':memory:') checkPath(path);
    const fresh = path === ':memory:' || !existsSync(path);
    // The file holds every game's dice secret: created readable by its owner only (SQLite gives the -wal
    // and -shm beside it the same mode), whatever the umask.
    if (fresh && path !== ':memory:') closeSync(openSync(path, 'wx', 0o600));
    const unfinished = !fresh && checkFileHeader(path);
    if (!fresh && existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0)
      checkWithWal(path, unfinished);
    let opened: Database.Database | undefined;
    try {
      this.db = opened = new Database(path);
      this.db.pragma('busy_timeout = 5000');
      this.prepareFile(fresh);
      this.db.pragma('journal_mode = WAL');
      // FULL is kept by this store itself, not by SQLite: SQLite runs at NORMAL (the WAL synced at each
      // checkpoint), and every write is answered only once the WAL holding it is synced to disk (see
      // durable), off the event loop, so the server keeps serving while the disk syncs.
      this.db.pragma('synchronous = NORMAL');
      this.syncEveryWrite = options.sync !== 'normal' && path !== ':memory:';
      this.db.pragma('foreign_keys = ON');
      this.stmts = prepareStatements(this.db);
    } catch (e) {
      // A refused file is let go at once: no open handle, no -wal or -shm left beside it.
      opened?.close();
      throw translate(e, path);
    }
  }

  private prepareFile(fresh: boolean): void {
    const file = classify(this.db, this.path);
    if (file instanceof StoreError) throw file;
    if (file.kind === 'new') {
      // A new or empty file: make it ours.
      this.db.exec('BEGIN');
      this.db.exec(SCHEMA);
      this.db.pragma(`application_id = ${APPLICATION_ID}`);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      this.db.exec('COMMIT');
      return;
    }
    void fresh;
    if (file.version < 2) {
      // Migrations run in one transaction with the version bump: a file is at one version or the other.
      this.db.exec('BEGIN');
      this.db.exec(TOKENS);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      this.db.exec('COMMIT');
    }
  }

  /**
   * Whether the game exists. Its log without its record in the games table is a damaged file (an index or a
   * row altered where SQLite cannot see it), never a game that is not there.
   */
  private known(game: string): boolean {
    if (this.stmts.exists.get(game)) return true;
    if (!this.stmts.logged.get(game)) return false;
    throw new StoreError(
      'damaged',
      `${this.path} is damaged: the log of ${game} is there but not its record in the games; it was left untouched`,
    );
  }

  listGames(): Promise<GameSummary[]> {
    return this.run(() => this.stmts.games.all());
  }

  entries(game: string, fromSeq = 1): Promise<LogEntry[] | undefined> {
    return this.run(() => {
      if (!this.known(game)) return undefined;
      return this.stmts.entries.all(game, fromSeq).map(this.toEntry);
    });
  }

  /**
   * A game's entries in batches, read lazily: a long log is folded without ever being in memory whole.
   * Yields nothing for an unknown game.
   */
  async *stream(game: string, fromSeq = 1, batch = 5000): AsyncGenerator<LogEntry[]> {
    let next = fromSeq;
    for (;;) {
      const rows = this.run(() => this.stmts.page.all(game, next, batch));
      const page = (await rows).map(this.toEntry);
      if (page.length === 0) return;
      yield page;
      next = (page[page.length - 1] as LogEntry).seq + 1;
    }
  }

  async *foldStream(game: string, stub: readonly string[], batch = 5000): AsyncGenerator<FoldBatch> {
    // Each batch is one query returning one string per entry: the stored JSON, or for a stub type just
    // the type name and, after a tab, its visibility as JSON (which SQLite extracts without handing the
    // entry over; the text cannot start with '{'), so those entries are never parsed whole. The visibility
    // is the real one: the counts of what each viewer may see are folded from it.
    const placeholders = stub.map(() => '?').join(',') || "''";
    const [page, hashAt] = await this.run(() => [
      this.db
        .prepare<unknown[], string>(
          `SELECT CASE WHEN type IN (${placeholders}) THEN type || char(9) || (event -> '$.vis') ELSE event END FROM log WHERE game = ? AND seq >= ? ORDER BY seq LIMIT ?`,
        )
        .pluck(),
      this.db.prepare<[string, number], string>('SELECT hash FROM log WHERE game = ? AND seq = ?').pluck(),
    ]);
    let next = 1;
    for (;;) {
      const rows = await this.run(() => page.all(...stub, game, next, batch));
      if (rows.length === 0) return;
      const events = rows.map((r): GameEvent =>
        typeof r === 'string' && r.charCodeAt(0) !== 123
          ? stubEvent(r)
          : parseEvent(this.path, r, `an entry of the log of ${game}`),
      );
      next += rows.length;
      const lastHash = await this.run(() => hashAt.get(game, next - 1) ?? '');
      yield { events, lastHash };
    }
  }

  master(game: string): Promise<Uint8Array | null> {
    return this.run(() => {
      const row = this.stmts.master.get(game);
      return row ? new Uint8Array(row.master) : null;
    });
  }

  command(game: string, id: string): Promise<CommandRecord | undefined> {
    return this.run(() => this.stmts.command.get(game, id));
  }

  /**
   * Group commit: appends given while the event loop handles one round of I/O wait for the end of that round
   * (setImmediate) and are committed together, one IMMEDIATE transaction (one WAL sync under FULL) for all of
   * them. Each is checked on its own: one refused append (a conflict, a command id seen before) is rolled back
   * alone and the others commit (see commitWaiting); if the commit itself fails (a full disk), every append of
   * the group is refused and nothing of it is recorded. Nobody is answered before the group is durable (see
   * durable). The referee appends one command per game at a time, so a group holds different games' appends,
   * or one process's appends racing another's, which the per-append checks settle.
   */
  append(a: Append): Promise<void> {
    const first = a.entries[0];
    if (!first) return Promise.resolve();
    try {
      checkConsecutive(a.game, a.entries);
    } catch (e) {
      return Promise.reject(translate(e, this.path));
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ append: a, first, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.commitWaiting());
    });
  }

  /** Commits the appends waiting (see append), and answers them once their group is durable. */
  private commitWaiting(): void {
    const group = this.waiting;
    this.waiting = [];
    if (group.length === 0) return;
    let refused: (Error | undefined)[];
    try {
      // Most groups have no refusal: all of it in one transaction, without a savepoint per append (two
      // statements fewer each). If one is refused the whole transaction is rolled back, and the group is
      // written again the careful way, each append in its own savepoint.
      this.writeAll.immediate(group);
      refused = group.map(() => undefined);
    } catch {
      refused = [];
      try {
        this.writeGroup.immediate(group, refused);
      } catch (e) {
        const error = translate(e, this.path);
        for (const w of group) w.reject(error);
        return;
      }
    }
    const answer = (unsynced?: Error) =>
      group.forEach((w, i) => {
        const error = refused[i] ?? unsynced;
        if (error) return w.reject(error);
        this.tell(
          w.append.game,
          w.first.seq,
          (w.append.entries[w.append.entries.length - 1] as LogEntry).seq,
        );
        w.resolve();
      });
    if (refused.every((e) => e !== undefined)) return answer();
    if (group.length === 1 && this.syncs.size === 0) {
      // A lone append with no other sync under way: nothing else is waiting for this thread, so syncing here
      // costs nobody anything and saves the trip to the thread pool (a client sending one command after
      // another was twice as slow with it).
      try {
        this.durableNow();
      } catch (e) {
        return answer(e as Error);
      }
      return answer();
    }
    this.durable().then(
      () => answer(),
      (e: unknown) => answer(e as Error),
    );
  }

  /**
   * Resolves once everything committed before the call is on disk. Under FULL that is an fdatasync of the
   * WAL (where SQLite wrote the commit) on libuv's thread pool, so the event loop goes on meanwhile and
   * other groups commit behind it; under NORMAL at once. Each call starts a sync of its own, after its
   * commit, so it covers that commit; syncs of several groups may run at once (waiting for the one under
   * way before starting the next made the server a fifth slower). A sync that fails is an `io` StoreError:
   * the write is committed but the disk did not confirm it, so it is not acknowledged.
   */
  private durable(): Promise<void> {
    if (!this.syncEveryWrite) return Promise.resolve();
    const sync = this.syncWal().finally(() => this.syncs.delete(sync));
    this.syncs.add(sync);
    return sync;
  }

  /**
   * The WAL file, opened once and kept: opening it for every sync cost three trips to the thread pool
   * instead of one. It is the same file for as long as this connection is open (SQLite removes the WAL only
   * when the last connection closes, and reuses it in place after a checkpoint). Undefined while there is
   * no WAL file yet.
   */
  private walFile(): number | undefined {
    if (this.walFd === undefined) {
      try {
        this.walFd = openSync(`${this.path}-wal`, 'r');
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') return undefined;
        throw e;
      }
    }
    return this.walFd;
  }

  /** fdatasync of the WAL file (or of the database file, while there is no WAL). */
  private syncWal(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (e: Error | null) => (e ? reject(unsynced(this.path, e)) : resolve());
      try {
        const wal = this.walFile();
        if (wal !== undefined) return fdatasync(wal, done);
        open(this.path, 'r', (e, fd) => {
          if (e) return done(e);
          fdatasync(fd, (synced) => close(fd, (closed) => done(synced ?? closed)));
        });
      } catch (e) {
        done(e as Error);
      }
    });
  }

  /** durable() for the synchronous paths: the same sync, on this thread. */
  private durableNow(): void {
    if (!this.syncEveryWrite) return;
    try {
      const wal = this.walFile();
      if (wal !== undefined) return fdatasyncSync(wal);
      const fd = openSync(this.path, 'r');
      try {
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      throw unsynced(this.path, e);
    }
  }

  /** The synchronous append, for callers (and benchmarks) that want no promise in the way. */
  appendNow(a: Append): void {
    const first = a.entries[0];
    if (!first) return;
    checkConsecutive(a.game, a.entries);
    const tx = this.db.transaction(() => this.write(a, first));
    try {
      tx.immediate();
    } catch (e) {
      throw translate(e, this.path);
    }
    this.durableNow();
    this.tell(a.game, first.seq, (a.entries[a.entries.length - 1] as LogEntry).seq);
  }

  /** The body of an append's transaction: every check, then every write. */
  private write(a: Append, first: LogEntry): void {
    if (a.create) {
      if (this.known(a.game)) throw new StoreError('conflict', `the game ${a.game} already exists`);
      this.stmts.insertGame.run(a.game, a.create.ruleset, new Date().toISOString());
      if (a.create.master) this.stmts.insertSecret.run(a.game, Buffer.from(a.create.master));
    } else if (!this.known(a.game)) throw new StoreError('unknown-game', `there is no game ${a.game}`);
    const last = this.stmts.last.get(a.game)?.seq ?? 0;
    if (first.seq !== last + 1)
      throw new StoreError(
        'conflict',
        `the game ${a.game} moved on (entry ${last + 1} expected, ${first.seq} offered)`,
      );
    const now = new Date().toISOString();
    for (const e of a.entries) {
      this.stmts.insertEntry.run(
        a.game,
        e.seq,
        e.at.nweek,
        e.at.nday,
        e.event.type,
        JSON.stringify(e.event),
        e.prev,
        e.hash,
        now,
      );
    }
    if (a.commandId !== undefined) {
      const last = a.entries[a.entries.length - 1] as LogEntry;
      if (this.stmts.command.get(a.game, a.commandId))
        throw new StoreError('duplicate-command', `command ${a.commandId} was already applied`);
      this.stmts.insertCommand.run(a.game, a.commandId, first.seq, last.seq);
    }
    for (const t of a.tokens ?? []) this.stmts.grant.run(a.game, t.holder, t.hash);
  }

  /** Appends through this store object, told after each commit (see Store.watch). */
  watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    this.watchers.add(watcher);
    return Promise.resolve(() => {
      this.watchers.delete(watcher);
      return Promise.resolve();
    });
  }

  private tell(game: string, first: number, last: number): void {
    for (const watcher of this.watchers) {
      try {
        watcher({ kind: 'append', game, first, last });
      } catch {
        // A watcher that throws is its own bug; the append is committed whatever it does.
      }
    }
  }

  dumpGame(game: string): Promise<GameDump | undefined> {
    // One read transaction: the log, command ids and tokens from one snapshot.
    return this.run(
      this.db.transaction((): GameDump | undefined => {
        const row = this.db
          .prepare<[string], { ruleset: string }>('SELECT ruleset FROM games WHERE id = ?')
          .get(game);
        if (!row) return undefined;
        const secret = this.stmts.master.get(game);
        return {
          game,
          ruleset: row.ruleset,
          entries: this.stmts.entries.all(game, 1).map(this.toEntry),
          master: secret ? new Uint8Array(secret.master) : null,
          commands: this.db
            .prepare<[string], CommandIdRecord>(
              'SELECT id, first_seq AS first, last_seq AS last FROM command_ids WHERE game = ? ORDER BY first_seq, id',
            )
            .all(game),
          tokens: this.db
            .prepare<[string], TokenGrant>('SELECT holder, hash FROM tokens WHERE game = ? ORDER BY holder')
            .all(game),
        };
      }),
    );
  }

  async restoreGame(dump: GameDump): Promise<void> {
    await this.run(() => {
      const first = dump.entries[0];
      if (!first || first.seq !== 1)
        throw new StoreError('conflict', `the copy of ${dump.game} does not start at entry 1`);
      checkConsecutive(dump.game, dump.entries);
      const tx = this.db.transaction(() => {
        this.write(
          {
            game: dump.game,
            entries: dump.entries,
            create: { ruleset: dump.ruleset, master: dump.master },
            tokens: dump.tokens,
          },
          first,
        );
        for (const c of dump.commands) this.stmts.insertCommand.run(dump.game, c.id, c.first, c.last);
      });
      tx.immediate();
    });
    await this.durable();
    this.tell(dump.game, 1, (dump.entries[dump.entries.length - 1] as LogEntry).seq);
  }

  async grantToken(game: string, grant: TokenGrant): Promise<void> {
    await this.run(() => {
      if (!this.known(game)) throw new StoreError('unknown-game', `there is no game ${game}`);
      this.stmts.grant.run(game, grant.holder, grant.hash);
    });
    await this.durable();
  }

  tokenHolder(game: string, hash: string): Promise<string | undefined> {
    return this.run(() => this.stmts.holder.get(game, hash)?.holder);
  }

  /**
   * SQLite's integrity_check of the log's pages: undefined if they hold together, else what is wrong, in one
   * line. A damaged page of the log's b-tree (a lost page, a key altered out of order) can make a read stop
   * short without an error, leaving a shorter log whose hash chain still holds; this sees it. Work in
   * proportion to the log, so only `referee verify` and a process's first write to a game ask for it.
   */
  checkFile(): Promise<string | undefined> {
    return this.run(() => {
      const result = String(this.db.pragma('integrity_check(log)', { simple: true }));
      return result === 'ok' ? undefined : result.replace(/\s+/g, ' ');
    });
  }

  /**
   * Caps the file at `pages` pages (SQLite's max_page_count, never below the current size; null lifts the
   * cap) and answers the cap now in force: an append that would grow the file past it fails with
   * SQLITE_FULL exactly as on a full disk. Only for tests and the damaged-files campaign (a full disk,
   * simulated); the program itself never calls it.
   */
  capPages(pages: number | null): number {
    return this.db.pragma(`max_page_count = ${pages ?? 0xfffffffe}`, { simple: true }) as number;
  }

  private readonly toEntry = (r: LogRow): LogEntry => ({
    seq: r.seq,
    at: { nweek: r.nweek, nday: r.nday },
    event: parseEvent(this.path, r.event, `entry ${r.seq} of a game's log`),
    prev: r.prev,
    hash: r.hash,
  });

  async close(): Promise<void> {
    // Appends still waiting for their group are committed before the file is closed (closing checkpoints
    // the WAL into the file and syncs it), and answered before close() is.
    if (this.db.open) this.commitWaiting();
    this.db.close();
    await Promise.allSettled([...this.syncs]);
    if (this.walFd !== undefined) closeSync(this.walFd);
    this.walFd = undefined;
  }

  private run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (e) {
      return Promise.reject(translate(e, this.path));
    }
  }
}

/**
 * A stored event, which is a JSON object: anything else (bytes altered in the file where SQLite cannot
 * see it) is refused as damaged, in one line, rather than thrown as a parser's error.
 */
function parseEvent(path: string, text: unknown, where: string): GameEvent {
  let event: unknown;
  try {
    event = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    event = undefined;
  }
  if (typeof event === 'object' && event !== null && typeof (event as GameEvent).type === 'string')
    return event as GameEvent;
  throw new StoreError('damaged', `${path} is damaged: ${where} cannot be read; it was left untouched`);
}

/** A sync of the disk that failed: the write is committed, but the disk did not confirm it. */
function unsynced(path: string, e: unknown): StoreError {
  return new StoreError(
    'io',
    `${path} could not be synced to disk (${(e as Error).message}); the last write is not confirmed: send it again with the same key`,
  );
}

/** SQLite's own error codes, as a sentence a user can act on. */
/** A path that cannot be a database file (a folder, or in a folder that does not exist) is bad input. */
function checkPath(path: string): void {
  if (existsSync(path) && statSync(path).isDirectory())
    throw new StoreError('bad-path', `${path} is a folder, not a database file`);
  const folder = dirname(path);
  if (!existsSync(folder)) throw new StoreError('bad-path', `the folder ${folder} does not exist`);
  if (!statSync(folder).isDirectory()) throw new StoreError('bad-path', `${folder} is not a folder`);
}

function translate(e: unknown, path: string): Error {
  if (e instanceof StoreError) return e;
  const code = (e as { code?: string }).code ?? '';
  // SQLite's messages may quote a damaged schema, newlines and all: the refusal stays one line.
  const message = ((e as Error).message ?? '').replace(/\s+/g, ' ');
  if (code === 'SQLITE_NOTADB')
    return new StoreError('not-our-file', `${path} is not a nomic-referee database; it was left untouched`);
  // SQLITE_ERROR from the store's own fixed statements: the file's schema is not the one it wrote ("no
  // such column", "malformed database schema", "unsupported file format").
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_ERROR')
    return new StoreError('damaged', `${path} is damaged (${message}); it was left untouched`);
  if (
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN')
  ) {
    return new StoreError('io', `${path} could not be written (${message}); nothing was recorded`);
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** A stub of foldStream, `type<TAB>vis-as-JSON`, as the event a fold needs: its type and its visibility. */
function stubEvent(row: string): GameEvent {
  const tab = row.indexOf('\t');
  const vis = row.slice(tab + 1);
  return {
    type: row.slice(0, tab),
    vis: vis === '"public"' ? 'public' : vis === '"admin"' ? 'admin' : (JSON.parse(vis) as Visibility),
  };
}
