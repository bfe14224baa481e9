// The log in the SQLite file (the GameLog contract, src/store/log.ts; split from sqlite.ts, issue 28 item 2):
// games, their entries, dice secrets, command ids and snapshots. Appends are committed in groups
// (group-commit.ts); reads are single statements, long logs read in pages.
import type Database from 'better-sqlite3';
import type { GameEvent, Json, LogEntry } from '../../core/index.js';
import { canonicalJson } from '../../core/index.js';
import type { GameLog } from '../log.js';
import type { Append, CommandRecord, FoldBatch, GameSummary, StoredSnapshot } from '../store.js';
import { checkNoticesOf, checkSnapshotOf, StoreError } from '../store.js';
import type { Checkpoints } from './checkpoints.js';
import type { SqliteCore } from './core.js';
import { parseEvent, stubEvent } from './file.js';
import { GroupCommit } from './group-commit.js';
import type { SqliteOutbox } from './outbox.js';
import type { SqliteSnapshots } from './snapshots.js';

interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: string;
  prev: string;
  hash: string;
}

/** Every statement the log runs, prepared once (a schema that is not ours fails here, as damaged). */
function prepareStatements(db: Database.Database) {
  return {
    games: db.prepare<[], GameSummary>(
      'SELECT g.id AS id, g.ruleset AS ruleset, (SELECT count(*) FROM log l WHERE l.game = g.id) AS entries FROM games g ORDER BY g.created_at, g.id',
    ),
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
    insertCommand: db.prepare('INSERT INTO command_ids (game, id, first_seq, last_seq) VALUES (?, ?, ?, ?)'),
  };
}

export class SqliteGameLog implements GameLog {
  /** Read by maintenance.ts too (a game's dump). */
  readonly stmts: ReturnType<typeof prepareStatements>;
  readonly commits: GroupCommit;

  constructor(
    private readonly core: SqliteCore,
    private readonly outbox: SqliteOutbox,
    private readonly snapshots: SqliteSnapshots,
    checkpoints: Checkpoints,
  ) {
    this.stmts = prepareStatements(core.db);
    this.commits = new GroupCommit(core, (a, first) => this.write(a, first), checkpoints);
  }

  listGames(): Promise<GameSummary[]> {
    return this.core.run(() => this.stmts.games.all());
  }

  entries(game: string, fromSeq = 1, toSeq?: number): Promise<LogEntry[] | undefined> {
    return this.core.run(() => {
      if (!this.core.known(game)) return undefined;
      const rows =
        toSeq === undefined
          ? this.stmts.entries.all(game, fromSeq)
          : this.stmts.page.all(game, fromSeq, Math.max(0, toSeq - fromSeq + 1));
      if (rows.length === 0 && fromSeq <= 1) this.core.noLog(game);
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
      const rows = this.core.run(() => this.stmts.page.all(game, next, batch));
      const page = (await rows).map(this.toEntry);
      if (page.length === 0) {
        if (next <= 1) await this.core.run(() => this.core.noLog(game));
        return;
      }
      yield page;
      next = (page[page.length - 1] as LogEntry).seq + 1;
    }
  }

  logLength(game: string): Promise<number> {
    return this.core.run(() => this.stmts.last.get(game)?.seq ?? 0);
  }

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
    const { db, path } = this.core;
    const placeholders = stub.map(() => '?').join(',') || "''";
    const [page, hashAt] = await this.core.run(() => [
      db
        .prepare<unknown[], string>(
          `SELECT CASE WHEN type IN (${placeholders}) THEN type || char(9) || (event -> '$.vis') ELSE event END FROM log WHERE game = ? AND seq >= ? ORDER BY seq LIMIT ?`,
        )
        .pluck(),
      db.prepare<[string, number], string>('SELECT hash FROM log WHERE game = ? AND seq = ?').pluck(),
    ]);
    let next = fromSeq;
    for (;;) {
      const rows = await this.core.run(() => page.all(...stub, game, next, batch));
      if (rows.length === 0) {
        if (next <= 1) await this.core.run(() => this.core.noLog(game));
        return;
      }
      const events = rows.map((r): GameEvent =>
        typeof r === 'string' && r.charCodeAt(0) !== 123
          ? stubEvent(r)
          : parseEvent(path, r, `an entry of the log of ${game}`),
      );
      next += rows.length;
      const lastHash = await this.core.run(() => hashAt.get(game, next - 1) ?? '');
      yield { events, lastHash };
    }
  }

  master(game: string): Promise<Uint8Array | null> {
    return this.core.run(() => this.masterNow(game));
  }

  /** The master secret, inside the caller's transaction (maintenance.ts's dump). */
  masterNow(game: string): Uint8Array | null {
    const row = this.stmts.master.get(game);
    return row ? new Uint8Array(row.master) : null;
  }

  command(game: string, id: string): Promise<CommandRecord | undefined> {
    return this.core.run(() => this.stmts.command.get(game, id));
  }

  snapshot(game: string): Promise<StoredSnapshot | undefined> {
    return this.core.run(() => this.snapshots.read(game));
  }

  /** Committed in a group with the appends of the same round of the event loop (group-commit.ts). */
  append(a: Append): Promise<void> {
    return this.commits.append(a);
  }

  /** The body of an append's transaction: every check, then every write. */
  write(a: Append, first: LogEntry): void {
    if (a.notices) checkNoticesOf(a.game, a.notices);
    checkSnapshotOf(a);
    if (a.create) {
      if (this.core.known(a.game)) throw new StoreError('conflict', `the game ${a.game} already exists`);
      this.stmts.insertGame.run(a.game, a.create.ruleset, new Date().toISOString());
      if (a.create.master) this.stmts.insertSecret.run(a.game, Buffer.from(a.create.master));
    } else this.core.mustKnow(a.game);
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
        this.commits.counted(canonicalJson(e.event as unknown as Json)),
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

  readonly toEntry = (r: LogRow): LogEntry => ({
    seq: r.seq,
    at: { nweek: r.nweek, nday: r.nday },
    event: parseEvent(this.core.path, r.event, `entry ${r.seq} of a game's log`),
    prev: r.prev,
    hash: r.hash,
  });
}
