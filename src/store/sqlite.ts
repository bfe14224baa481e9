// The embedded default store: one SQLite file through better-sqlite3 (synchronous, fast, maintained), many
// games, WAL journal. Appends are committed in groups (one IMMEDIATE transaction for the appends that arrive
// in one round of the event loop), each answered only once its group is on disk (see durable).
import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite/driver.js';
import { close, closeSync, existsSync, fdatasync, fdatasyncSync, open, openSync, statSync } from 'node:fs';
import type { GameEvent, LogEntry } from '../core/index.js';
import { canonicalJson } from '../core/index.js';
import type { Json } from '../core/index.js';
import { checkConsecutive, checkGameNames, checkNoticesOf, checkSnapshotOf, StoreError } from './store.js';
import type {
  Append,
  ClaimedNotice,
  CommandIdRecord,
  CommandRecord,
  FoldBatch,
  GameDump,
  GameSummary,
  Notice,
  PlayerAddress,
  Store,
  StoreChange,
  StoredLog,
  StoredNotice,
  StoredSnapshot,
  StoreWatcher,
  TokenGrant,
} from './store.js';
import {
  checkFileHeader,
  checkPath,
  checkWithWal,
  classify,
  fileRefused,
  parseEvent,
  stubEvent,
  translate,
  unsynced,
} from './sqlite/file.js';
import type { Leases } from './leases.js';
import { SqliteAddresses } from './sqlite/addresses.js';
import { SqliteClaims } from './sqlite/claims.js';
import type { AddressClaim, ClaimConfirmation } from './claims.js';
import { SqliteByMail } from './sqlite/by-mail.js';
import { SqliteGuards } from './sqlite/guards.js';
import type { AnswerBudget, PhraseStanding } from './guards.js';
import { SqliteOutbox } from './sqlite/outbox.js';
import type { LookoutOptions } from './sqlite/others.js';
import { Others } from './sqlite/others.js';
import { SqliteSnapshots } from './sqlite/snapshots.js';
import { Checkpoints } from './sqlite/checkpoints.js';
import { sqliteStoredLog, storedPage } from './sqlite/stored-log.js';
import { APPLICATION_ID, migrate, SCHEMA, SCHEMA_VERSION } from './sqlite/schema.js';

export { APPLICATION_ID, SCHEMA_VERSION } from './sqlite/schema.js';

/** How hard a commit waits for the disk: FULL (the default) survives power loss, NORMAL a process crash. */
export type SyncMode = 'full' | 'normal';

interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: string;
  prev: string;
  hash: string;
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

/** The most a lone append may write and still be synced on the event loop rather than on the thread pool. */
const INLINE_SYNC_BYTES = 16_384;

export class SqliteStore implements Store, Leases {
  private readonly db: Database.Database;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly outbox: SqliteOutbox;
  private readonly addresses: SqliteAddresses;
  private readonly claims: SqliteClaims;
  private readonly byMail: SqliteByMail;
  private readonly guards: SqliteGuards;
  private readonly snapshots: SqliteSnapshots;
  /** Who checkpoints the WAL, and when (sqlite/checkpoints.ts). */
  private readonly checkpoints: Checkpoints;
  /** Told of this connection's appends at once, and of other connections' while someone looks out. */
  private readonly watchers = new Set<StoreWatcher>();
  /** Looks out for other connections' commits (sqlite/others.ts). */
  private readonly others: Others;
  /** Appends waiting for the next group commit (see append). */
  private waiting: WaitingAppend[] = [];
  /** FULL: no write is answered before the WAL holding it is on disk (see durable). */
  private readonly syncEveryWrite: boolean = true;
  /** The WAL syncs under way (see durable), and the WAL file they sync (see walFile). */
  private readonly syncs = new Set<Promise<void>>();
  /** Characters of events written since the last commit group began (see INLINE_SYNC_BYTES). */
  private written = 0;
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
    options: { sync?: SyncMode; lookout?: LookoutOptions } = {},
  ) {
    if (path !== ':memory:') checkPath(path);
    const fresh = path === ':memory:' || !existsSync(path);
    let unfinished: boolean;
    try {
      // The file holds every game's dice secret: created readable by its owner only (SQLite gives the -wal
      // and -shm beside it the same mode), whatever the umask.
      if (fresh && path !== ':memory:') closeSync(openSync(path, 'wx', 0o600));
      unfinished = !fresh && checkFileHeader(path);
    } catch (e) {
      throw fileRefused(e, path) ?? e;
    }
    if (!fresh && existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0)
      checkWithWal(path, unfinished);
    let opened: Database.Database | undefined;
    try {
      this.db = opened = openDatabase(path);
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
      this.outbox = new SqliteOutbox(this.db);
      this.addresses = new SqliteAddresses(this.db);
      this.claims = new SqliteClaims(this.db, this.addresses);
      this.byMail = new SqliteByMail(this.db);
      this.guards = new SqliteGuards(this.db);
      this.others = new Others(this.db, (change) => this.tell(change), options.lookout);
      this.snapshots = new SqliteSnapshots(this.db);
      this.checkpoints = new Checkpoints(this.db);
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
    migrate(this.db, file.version);
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

  /**
   * A game's log read back empty from its start: a game the games table lists always has its creation's
   * entries (written in one transaction with its row), so if it is listed that is a damaged file (a page of
   * the log lost), never a game that is not there.
   */
  private noLog(game: string): void {
    if (this.stmts.exists.get(game))
      throw new StoreError(
        'damaged',
        `${this.path} is damaged: ${game} is in the games but its log reads back empty; it was left untouched`,
      );
  }

  listGames(): Promise<GameSummary[]> {
    return this.run(() => this.stmts.games.all());
  }

  entries(game: string, fromSeq = 1, toSeq?: number): Promise<LogEntry[] | undefined> {
    return this.run(() => {
      if (!this.known(game)) return undefined;
      const rows =
        toSeq === undefined
          ? this.stmts.entries.all(game, fromSeq)
          : this.stmts.page.all(game, fromSeq, Math.max(0, toSeq - fromSeq + 1));
      if (rows.length === 0 && fromSeq <= 1) this.noLog(game);
      return rows.map(this.toEntry);
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
      if (page.length === 0) {
        if (next <= 1) await this.run(() => this.noLog(game));
        return;
      }
      yield page;
      next = (page[page.length - 1] as LogEntry).seq + 1;
    }
  }

  logLength(game: string): Promise<number> {
    return this.run(() => this.stmts.last.get(game)?.seq ?? 0);
  }

  /** The log as the file keeps it, for verification (sqlite/stored-log.ts). */
  storedLog(game: string): StoredLog {
    this.storedStatement ??= storedPage(this.db);
    return sqliteStoredLog(this.path, this.storedStatement, game);
  }
  private storedStatement: ReturnType<typeof storedPage> | undefined;

  async *foldStream(
    game: string,
    stub: readonly string[],
    fromSeq = 1,
    batch = 5000,
  ): AsyncGenerator<FoldBatch> {
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
    let next = fromSeq;
    for (;;) {
      const rows = await this.run(() => page.all(...stub, game, next, batch));
      if (rows.length === 0) {
        if (next <= 1) await this.run(() => this.noLog(game));
        return;
      }
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

  snapshot(game: string): Promise<StoredSnapshot | undefined> {
    return this.run(() => this.snapshots.read(game));
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

  /**
   * Has `run` checkpoint the WAL (on a connection of its own, on another thread: the server's checking
   * thread) instead of SQLite doing it on this connection inside a commit, or SQLite again when undefined.
   * See sqlite/checkpoints.ts.
   */
  checkpointWith(run: (() => Promise<void>) | undefined): void {
    this.checkpoints.by(run);
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
    group.forEach((w, i) => {
      if (!refused[i]) this.others.committed(w.append.game);
    });
    const answer = (unsynced?: Error) =>
      group.forEach((w, i) => {
        const refusal = refused[i];
        if (refusal) return w.reject(refusal);
        this.others.settled(w.append.game, !unsynced);
        if (unsynced) return w.reject(unsynced);
        this.tellAppend(w.append, w.first.seq);
        w.resolve();
      });
    const written = this.written;
    this.written = 0;
    this.checkpoints.committed(written);
    if (refused.every((e) => e !== undefined)) return answer();
    if (group.length === 1 && this.syncs.size === 0 && written <= INLINE_SYNC_BYTES) {
      // A lone small append with no other sync under way: syncing here is quick and saves the trip to the
      // thread pool (a client sending one command after another was twice as slow with it). A large one
      // (a Life Initialize of 1,024 rolls, a Quests map) goes to the pool like a group: its sync takes as
      // long as the disk needs for that many bytes, and on this thread every other game would wait (issue 13).
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

  /** Counts what a commit group writes (see INLINE_SYNC_BYTES). */
  private counted(text: string): string {
    this.written += text.length;
    return text;
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
    this.tellAppend(a, first.seq);
  }

  /** The body of an append's transaction: every check, then every write. */
  private write(a: Append, first: LogEntry): void {
    if (a.notices) checkNoticesOf(a.game, a.notices);
    checkSnapshotOf(a);
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
        this.counted(canonicalJson(e.event as unknown as Json)),
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
    if (a.notices) this.outbox.write(a.notices);
    if (a.snapshot) this.snapshots.write(a.snapshot);
  }

  /**
   * Appends and notices through this store object, told after each commit, and those of other connections
   * to the file (the CLI beside a server), told while someone looks out (see lookForOthers).
   */
  watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    this.watchers.add(watcher);
    return Promise.resolve(() => {
      this.watchers.delete(watcher);
      return Promise.resolve();
    });
  }

  /**
   * Looks for other connections' commits (PRAGMA data_version, every POLL_MS) until the answer is called, and
   * tells the watchers what they appended and which games' notices they wrote. The CLI beside `referee
   * serve` on one file: the server's pages, clock and Couriers hear of its commands (issue 16). No timer runs
   * while nobody looks out; one PRAGMA per interval while somebody does, however many.
   */
  lookForOthers(): () => void {
    return this.others.hold();
  }

  /** Whether someone looks out for other connections' commits (see lookForOthers). */
  get lookingForOthers(): boolean {
    return this.others.looking;
  }

  /** Tells of a committed append, and of its notices (the entries first: the notices follow from them). */
  private tellAppend(a: Append, first: number): void {
    const last = (a.entries[a.entries.length - 1] as LogEntry).seq;
    // Entries another connection committed just before these, not told yet (see Others.before).
    for (const change of this.others.before(a.game, first, last)) this.tell(change);
    this.tell({ kind: 'append', game: a.game, first, last });
    if (a.notices && a.notices.length > 0) this.tell({ kind: 'notice', game: a.game });
  }

  private tell(change: StoreChange): void {
    for (const watcher of this.watchers) {
      try {
        watcher(change);
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
          notices: this.outbox.ofGame(game),
          addresses: this.addresses.ofGame(game),
          byMail: this.byMail.has(game),
          phraseStandings: this.guards.ofGame(game),
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
        // History, delivered by the store it comes from: readable here, never sent again.
        checkNoticesOf(dump.game, dump.notices ?? []);
        this.outbox.write(dump.notices ?? [], false);
        this.addresses.restore(dump.game, dump.addresses ?? []);
        this.guards.restore(dump.game, dump.phraseStandings ?? []);
        if (dump.byMail) this.byMail.mark([dump.game]);
      });
      tx.immediate();
      this.others.committed(dump.game);
    });
    try {
      await this.durable();
    } catch (e) {
      this.others.settled(dump.game, false);
      throw e;
    }
    this.others.settled(dump.game, true);
    this.tellAppend({ game: dump.game, entries: dump.entries }, 1);
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

  async enqueue(notices: readonly Notice[]): Promise<number> {
    if (notices.length === 0) return 0;
    const fresh = await this.run(() =>
      this.db
        .transaction(() => {
          for (const game of new Set(notices.map((n) => n.game)))
            if (!this.known(game)) throw new StoreError('unknown-game', `there is no game ${game}`);
          return this.outbox.write(notices);
        })
        .immediate(),
    );
    await this.durable();
    if (fresh > 0)
      for (const game of new Set(notices.map((n) => n.game))) this.tell({ kind: 'notice', game });
    return fresh;
  }

  notices(game: string, to: string | readonly string[], after = 0, limit = 100): Promise<StoredNotice[]> {
    return this.run(() => this.outbox.notices(game, typeof to === 'string' ? [to] : to, after, limit));
  }

  noticeByKey(game: string, key: string): Promise<StoredNotice | undefined> {
    return this.run(() => this.outbox.byKey(game, key));
  }

  async openChannel(channel: string): Promise<void> {
    await this.run(() => this.outbox.openChannel(channel));
    await this.durable();
  }

  claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant?: string,
  ): Promise<ClaimedNotice[]> {
    return this.run(() => {
      this.outbox.openChannel(channel);
      return this.outbox.claim(channel, now, leaseMs, limit, claimant ?? null);
    });
  }

  leaseHolders(channel: string, now: number): Promise<string[]> {
    return this.run(() => this.outbox.leaseHolders(channel, now));
  }

  async releaseLeases(channel: string, claimant: string, now: number): Promise<number> {
    const released = await this.run(() => this.outbox.releaseLeases(channel, claimant, now));
    await this.durable();
    return released;
  }

  undelivered(channel: string, game: string, exceptTopic?: string): Promise<number> {
    return this.run(() => this.outbox.undelivered(channel, game, exceptTopic));
  }

  async dueNow(channel: string, now: number): Promise<number> {
    const due = await this.run(() => this.outbox.dueNow(channel, now));
    await this.durable();
    return due;
  }

  async delivered(channel: string, id: number): Promise<void> {
    // Durable before it is answered: a mark lost in a crash would send the notice again.
    await this.run(() => this.outbox.delivered(channel, id));
    await this.durable();
  }

  async deferred(channel: string, id: number, retryAt: number, error: string): Promise<void> {
    await this.run(() => this.outbox.deferred(channel, id, retryAt, error));
    await this.durable();
  }

  async setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    await this.run(() =>
      this.db
        .transaction(() => {
          if (!this.known(game)) throw new StoreError('unknown-game', `there is no game ${game}`);
          // A phrase registered anew starts with no failures and unburned (ruling M11): addresses.set clears it.
          this.addresses.set(game, player, address, phraseHash);
        })
        .immediate(),
    );
    await this.durable();
  }

  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    return this.run(() => this.addresses.byAddress(game, address));
  }

  addressOf(game: string, player: string): Promise<string | undefined> {
    return this.run(() => this.addresses.of(game, player));
  }

  async putClaim(claim: Omit<AddressClaim, 'attempts'>): Promise<void> {
    await this.privately(claim.game, () => this.claims.put(claim));
  }

  claimOf(game: string, player: string): Promise<AddressClaim | undefined> {
    return this.run(() => this.claims.of(game, player));
  }

  claimsOn(address: string): Promise<AddressClaim[]> {
    return this.run(() => this.claims.on(address));
  }

  missClaim(game: string, player: string, codeHash: string, limit: number): Promise<number> {
    return this.privately(game, () => this.claims.miss(game, player, codeHash, limit));
  }

  confirmClaim(game: string, player: string, codeHash: string, now: number): Promise<ClaimConfirmation> {
    return this.privately(game, () => this.claims.confirm(game, player, codeHash, now));
  }

  async dropClaim(game: string, player: string, codeHash?: string): Promise<void> {
    await this.privately(game, () => this.claims.drop(game, player, codeHash));
  }

  /** One IMMEDIATE transaction of a known game's private rows, durable before it is answered. */
  private async privately<T>(game: string, work: () => T): Promise<T> {
    const done = await this.run(() =>
      this.db
        .transaction(() => {
          if (!this.known(game)) throw new StoreError('unknown-game', `there is no game ${game}`);
          return work();
        })
        .immediate(),
    );
    await this.durable();
    return done;
  }

  phraseStanding(game: string, player: string): Promise<PhraseStanding> {
    return this.run(() => this.guards.standing(game, player));
  }

  phraseFailed(game: string, player: string, at: number): Promise<PhraseStanding> {
    return this.guarded(() => this.guards.failed(game, player, at));
  }

  burnPhrase(game: string, player: string, at: number): Promise<void> {
    return this.guarded(() => this.guards.burn(game, player, at));
  }

  clearPhraseStanding(game: string, player: string): Promise<boolean> {
    return this.guarded(() => this.guards.clear(game, player));
  }

  spendAnswer(game: string, budgets: readonly AnswerBudget[], now: number): Promise<boolean> {
    return this.guarded(() => this.guards.spend(game, budgets, now));
  }

  /** A write of the guards, in one immediate transaction, answered once durable. */
  private async guarded<T>(work: () => T): Promise<T> {
    const result = await this.run(() => this.db.transaction(work).immediate());
    await this.durable();
    return result;
  }

  markByMail(games: readonly string[]): Promise<number> {
    return this.changeByMail(games, (g) => this.byMail.mark(g));
  }

  unmarkByMail(games: readonly string[]): Promise<number> {
    return this.changeByMail(games, (g) => this.byMail.unmark(g));
  }

  private async changeByMail(games: readonly string[], change: (g: readonly string[]) => number) {
    const changed = await this.run(() => {
      checkGameNames(games);
      return this.db.transaction(() => change(games)).immediate();
    });
    await this.durable();
    return changed;
  }

  gamesByMail(): Promise<string[]> {
    return this.run(() => this.byMail.all());
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
    this.others.close();
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
