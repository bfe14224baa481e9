// Snapshots of games' states in the SQLite file (schema 6, issue 17): one per game, written in an append's
// transaction in place of the one before, read back with the hash the log holds at the snapshot's entry (one
// indexed lookup in the log's primary key), so the engine can tell a stale one without reading the log.
import type Database from 'better-sqlite3';
import type { Snapshot, StoredSnapshot } from '../store.js';

export class SqliteSnapshots {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      write: db.prepare<[string, number, string, string, string, string]>(
        `INSERT INTO snapshots (game, seq, hash, version, state, tag) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (game) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, version = excluded.version,
           state = excluded.state, tag = excluded.tag`,
      ),
      read: db.prepare<[string], Omit<StoredSnapshot, 'game'>>(
        `SELECT s.seq AS seq, s.hash AS hash, s.version AS version, s.state AS state, s.tag AS tag,
           l.hash AS logged
         FROM snapshots s LEFT JOIN log l ON l.game = s.game AND l.seq = s.seq WHERE s.game = ?`,
      ),
    };
  }

  /** Inside the caller's transaction (an append's). */
  write(s: Snapshot): void {
    this.stmts.write.run(s.game, s.seq, s.hash, s.version, s.state, s.tag);
  }

  /** The game's snapshot, if it has one. */
  read(game: string): StoredSnapshot | undefined {
    const row = this.stmts.read.get(game);
    return row ? { game, ...row } : undefined;
  }
}
