// A read-only connection of its own to a store, for the server's verifying thread (src/engine/verify-worker.ts):
// the thread reads a game's log, its dice secret and the file's own check itself, so the thread that serves
// every game neither reads nor copies the log (issue 13, item 4). SQLite: a read-only better-sqlite3
// connection (in WAL mode it reads beside the server's writing one, from a snapshot of its own); PostgreSQL:
// a store of one pooled connection.
import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite/driver.js';
import type { LogEntry } from '../core/index.js';
import { isPostgresSpec } from './open.js';
import { parsePostgresUrl, PostgresStore } from './postgres.js';
import { parseEvent, translate } from './sqlite/file.js';
import type { Store, StoredLog } from './store.js';
import { sqliteStoredLog, storedPage } from './sqlite/stored-log.js';

/**
 * What a reader can do: read logs (entry by entry, or as stored text) and secrets, check its file, checkpoint
 * its journal (SQLite: the WAL, for the server's store; sqlite/checkpoints.ts), close.
 */
export type StoreReader = Pick<Store, 'stream' | 'storedLog' | 'master' | 'checkFile' | 'close'> & {
  checkpoint?(): Promise<void>;
};

/** Entries per page (as SqliteStore.stream reads them). */
const PAGE = 5000;

interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: string;
  prev: string;
  hash: string;
}

/** A read-only connection to a SQLite store file that exists. */
export class SqliteReader implements StoreReader {
  private readonly db: Database.Database;
  private readonly page: Database.Statement<[string, number, number], LogRow>;
  private readonly secret: Database.Statement<[string], { master: Buffer }>;
  /** A read-write connection for checkpoints alone (this reader's own is read-only); opened when needed. */
  private writer: Database.Database | undefined;

  constructor(readonly path: string) {
    try {
      this.db = openDatabase(path, { readonly: true, fileMustExist: true });
      this.db.pragma('busy_timeout = 5000');
      this.page = this.db.prepare(
        'SELECT seq, nweek, nday, event, prev, hash FROM log WHERE game = ? AND seq >= ? ORDER BY seq LIMIT ?',
      );
      this.secret = this.db.prepare('SELECT master FROM game_secrets WHERE game = ?');
    } catch (e) {
      throw translate(e, path);
    }
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- an async generator, as the contract has it
  async *stream(game: string, fromSeq = 1): AsyncGenerator<LogEntry[]> {
    for (let next = fromSeq; ;) {
      const rows = this.page.all(game, next, PAGE);
      if (rows.length === 0) return;
      yield rows.map((r) => ({
        seq: r.seq,
        at: { nweek: r.nweek, nday: r.nday },
        event: parseEvent(this.path, r.event, `entry ${r.seq} of a game's log`),
        prev: r.prev,
        hash: r.hash,
      }));
      next = (rows[rows.length - 1] as LogRow).seq + 1;
    }
  }

  /** The log as the file keeps it, for verification (sqlite/stored-log.ts). */
  storedLog(game: string): StoredLog {
    this.stored ??= storedPage(this.db);
    return sqliteStoredLog(this.path, this.stored, game);
  }
  private stored: ReturnType<typeof storedPage> | undefined;

  master(game: string): Promise<Uint8Array | null> {
    const row = this.secret.get(game);
    return Promise.resolve(row ? new Uint8Array(row.master) : null);
  }

  /** As SqliteStore.checkFile: SQLite's integrity check of the log's table and its index. */
  checkFile(): Promise<string | undefined> {
    const result = String(this.db.pragma('integrity_check(log)', { simple: true }));
    return Promise.resolve(result === 'ok' ? undefined : result.replace(/\s+/g, ' '));
  }

  /**
   * A PASSIVE checkpoint of the WAL: the frames no reader still needs are copied into the file, without
   * waiting for any reader or writer. The writing connection's SQLite no longer does it inside its commits.
   */
  checkpoint(): Promise<void> {
    try {
      if (!this.writer) {
        this.writer = openDatabase(this.path, { fileMustExist: true });
        this.writer.pragma('busy_timeout = 5000');
      }
      this.writer.pragma('wal_checkpoint(PASSIVE)');
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(translate(e, this.path));
    }
  }

  close(): Promise<void> {
    this.writer?.close();
    this.db.close();
    return Promise.resolve();
  }
}

/** Opens a reader of the store a --db spec names (see openStore). */
export async function openReader(spec: string): Promise<StoreReader> {
  if (isPostgresSpec(spec)) {
    const { url, schema } = parsePostgresUrl(spec);
    return PostgresStore.open(url, { poolSize: 1, ...(schema !== undefined ? { schema } : {}) });
  }
  return new SqliteReader(spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec);
}
