// Maintenance of the SQLite file (the Maintenance contract, src/store/maintenance.ts; split from sqlite.ts,
// issue 28 item 2): watching commits, checking and checkpointing the file, the log as stored for `referee
// verify`, and a game's dump and restore for `referee migrate`. Closing is the store's own (sqlite.ts).
import type { Maintenance } from '../maintenance.js';
import type { CommandIdRecord, GameDump, StoredLog, StoreWatcher, TokenGrant } from '../store.js';
import { checkConsecutive, checkNoticesOf, StoreError } from '../store.js';
import type { SqliteAddresses } from './addresses.js';
import type { SqliteByMail } from './by-mail.js';
import type { Checkpoints } from './checkpoints.js';
import type { SqliteCore } from './core.js';
import type { SqliteGuards } from './guards.js';
import type { SqliteGameLog } from './log.js';
import type { SqliteOutbox } from './outbox.js';
import { sqliteStoredLog, storedPage } from './stored-log.js';

/** The file's own parts a dump reads and a restore writes. */
export interface SqliteParts {
  readonly log: SqliteGameLog;
  readonly outbox: SqliteOutbox;
  readonly addresses: SqliteAddresses;
  readonly guards: SqliteGuards;
  readonly byMail: SqliteByMail;
  readonly checkpoints: Checkpoints;
}

export class SqliteMaintenance implements Omit<Maintenance, 'close'> {
  private storedStatement: ReturnType<typeof storedPage> | undefined;

  constructor(
    private readonly core: SqliteCore,
    private readonly parts: SqliteParts,
  ) {}

  /** The log as the file keeps it, for verification (stored-log.ts). */
  storedLog(game: string): StoredLog {
    this.storedStatement ??= storedPage(this.core.db);
    return sqliteStoredLog(this.core.path, this.storedStatement, game);
  }

  /**
   * Appends and notices through this store object, told after each commit, and those of other connections
   * to the file (the CLI beside a server), told while someone looks out (see lookForOthers).
   */
  watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    this.core.watchers.add(watcher);
    return Promise.resolve(() => {
      this.core.watchers.delete(watcher);
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
    return this.core.others.hold();
  }

  /**
   * SQLite's integrity_check of the log's pages: undefined if they hold together, else what is wrong, in one
   * line. A damaged page of the log's b-tree (a lost page, a key altered out of order) can make a read stop
   * short without an error, leaving a shorter log whose hash chain still holds; this sees it. Work in
   * proportion to the log, so only `referee verify` and a process's first write to a game ask for it.
   */
  checkFile(): Promise<string | undefined> {
    return this.core.run(() => {
      const result = String(this.core.db.pragma('integrity_check(log)', { simple: true }));
      return result === 'ok' ? undefined : result.replace(/\s+/g, ' ');
    });
  }

  /**
   * Has `run` checkpoint the WAL (on a connection of its own, on another thread: the server's checking
   * thread) instead of SQLite doing it on this connection inside a commit, or SQLite again when undefined.
   * See checkpoints.ts.
   */
  checkpointWith(run: (() => Promise<void>) | undefined): void {
    this.parts.checkpoints.by(run);
  }

  dumpGame(game: string): Promise<GameDump | undefined> {
    const { db } = this.core;
    const { log, outbox, addresses, byMail, guards } = this.parts;
    // One read transaction: the log, command ids and tokens from one snapshot.
    return this.core.run(
      db.transaction((): GameDump | undefined => {
        const row = db
          .prepare<[string], { ruleset: string }>('SELECT ruleset FROM games WHERE id = ?')
          .get(game);
        if (!row) return undefined;
        return {
          game,
          ruleset: row.ruleset,
          entries: log.stmts.entries.all(game, 1).map(log.toEntry),
          master: log.masterNow(game),
          commands: db
            .prepare<[string], CommandIdRecord>(
              'SELECT id, first_seq AS first, last_seq AS last FROM command_ids WHERE game = ? ORDER BY first_seq, id',
            )
            .all(game),
          tokens: db
            .prepare<[string], TokenGrant>('SELECT holder, hash FROM tokens WHERE game = ? ORDER BY holder')
            .all(game),
          notices: outbox.ofGame(game),
          addresses: addresses.ofGame(game),
          byMail: byMail.has(game),
          phraseStandings: guards.ofGame(game),
        };
      }),
    );
  }

  async restoreGame(dump: GameDump): Promise<void> {
    const { db, others } = this.core;
    const { log, outbox, addresses, byMail, guards } = this.parts;
    await this.core.run(() => {
      const first = dump.entries[0];
      if (!first || first.seq !== 1)
        throw new StoreError('conflict', `the copy of ${dump.game} does not start at entry 1`);
      checkConsecutive(dump.game, dump.entries);
      const tx = db.transaction(() => {
        log.write(
          {
            game: dump.game,
            entries: dump.entries,
            create: { ruleset: dump.ruleset, master: dump.master },
            tokens: dump.tokens,
          },
          first,
        );
        for (const c of dump.commands) log.stmts.insertCommand.run(dump.game, c.id, c.first, c.last);
        // History, delivered by the store it comes from: readable here, never sent again.
        checkNoticesOf(dump.game, dump.notices ?? []);
        outbox.write(dump.notices ?? [], false);
        addresses.restore(dump.game, dump.addresses ?? []);
        guards.restore(dump.game, dump.phraseStandings ?? []);
        if (dump.byMail) byMail.mark([dump.game]);
      });
      tx.immediate();
      others.committed(dump.game);
    });
    try {
      await this.core.durable();
    } catch (e) {
      others.settled(dump.game, false);
      throw e;
    }
    others.settled(dump.game, true);
    this.core.tellAppend({ game: dump.game, entries: dump.entries }, 1);
  }
}
