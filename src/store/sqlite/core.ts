// What every part of the SQLite store shares (issue 28 item 2: each contract in a file of its own, composed by
// sqlite.ts): the connection and the file's path (named in every error), work run as a promise, the durability
// of commits (durability.ts), whether a game is known, and the watchers told of commits (its own at once,
// other connections' while someone looks out: others.ts).
import type Database from 'better-sqlite3';
import type { LogEntry } from '../../core/index.js';
import type { Append, StoreChange, StoreWatcher } from '../store.js';
import { StoreError } from '../store.js';
import { Durability } from './durability.js';
import { translate } from './file.js';
import type { LookoutOptions } from './others.js';
import { Others } from './others.js';

export class SqliteCore {
  /** Told of this connection's appends at once, and of other connections' while someone looks out. */
  readonly watchers = new Set<StoreWatcher>();
  /** Looks out for other connections' commits (others.ts). */
  readonly others: Others;
  readonly disk: Durability;
  private readonly stmts;

  constructor(
    readonly db: Database.Database,
    readonly path: string,
    syncEveryWrite: boolean,
    lookout?: LookoutOptions,
  ) {
    this.stmts = {
      exists: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM games WHERE id = ?'),
      logged: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM log WHERE game = ? LIMIT 1'),
    };
    this.others = new Others(db, (change) => this.tell(change), lookout);
    this.disk = new Durability(path, syncEveryWrite);
  }

  /** Synchronous work as a promise, SQLite's errors translated (naming the file). */
  run<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (e) {
      return Promise.reject(translate(e, this.path));
    }
  }

  durable(): Promise<void> {
    return this.disk.durable();
  }

  /**
   * Whether the game exists. Its log without its record in the games table is a damaged file (an index or a
   * row altered where SQLite cannot see it), never a game that is not there.
   */
  known(game: string): boolean {
    if (this.stmts.exists.get(game)) return true;
    if (!this.stmts.logged.get(game)) return false;
    throw new StoreError(
      'damaged',
      `${this.path} is damaged: the log of ${game} is there but not its record in the games; it was left untouched`,
    );
  }

  /** Refuses a game that is not there ('unknown-game'). */
  mustKnow(game: string): void {
    if (!this.known(game)) throw new StoreError('unknown-game', `there is no game ${game}`);
  }

  /**
   * A game's log read back empty from its start: a game the games table lists always has its creation's
   * entries (written in one transaction with its row), so if it is listed that is a damaged file (a page of
   * the log lost), never a game that is not there.
   */
  noLog(game: string): void {
    if (this.stmts.exists.get(game))
      throw new StoreError(
        'damaged',
        `${this.path} is damaged: ${game} is in the games but its log reads back empty; it was left untouched`,
      );
  }

  /** One IMMEDIATE transaction, answered once durable. */
  async immediate<T>(work: () => T): Promise<T> {
    const result = await this.run(() => this.db.transaction(work).immediate());
    await this.durable();
    return result;
  }

  /** One IMMEDIATE transaction of a known game's rows, durable before it is answered. */
  privately<T>(game: string, work: () => T): Promise<T> {
    return this.immediate(() => {
      this.mustKnow(game);
      return work();
    });
  }

  /** Tells of a committed append, and of its notices (the entries first: the notices follow from them). */
  tellAppend(a: Append, first: number): void {
    const last = (a.entries[a.entries.length - 1] as LogEntry).seq;
    // Entries another connection committed just before these, not told yet (see Others.before).
    for (const change of this.others.before(a.game, first, last)) this.tell(change);
    this.tell({ kind: 'append', game: a.game, first, last });
    if (a.notices && a.notices.length > 0) this.tell({ kind: 'notice', game: a.game });
  }

  tell(change: StoreChange): void {
    for (const watcher of this.watchers) {
      try {
        watcher(change);
      } catch {
        // A watcher that throws is its own bug; the append is committed whatever it does.
      }
    }
  }
}
