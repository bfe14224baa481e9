// The durable outbox of the SQLite file (schema 3): notices, the channels that deliver them, and each
// channel's delivery state per notice. Written inside the store's transactions (an append's notices commit
// with its entries); one process owns the file, so a claim needs no lock beyond SQLite's own.
import type Database from 'better-sqlite3';
import type { ClaimedNotice, Notice, StoredNotice } from '../store.js';
import { checkChannel } from '../store.js';

interface NoticeRow {
  id: number;
  game: string;
  key: string;
  to: string;
  topic: string;
  subject: string;
  text: string;
  at: string;
  thread: string | null;
}

const COLUMNS =
  'n.id AS id, n.game AS game, n.key AS key, n.recipient AS "to", n.topic AS topic, n.subject AS subject, n.text AS text, n.at AS at, n.thread AS thread';

/** A row as a notice: `thread` only where there is one. */
function fromRow(r: NoticeRow): StoredNotice {
  const { thread, ...rest } = r;
  return thread === null ? rest : { ...rest, thread };
}

export class SqliteOutbox {
  private readonly stmts;

  constructor(private readonly db: Database.Database) {
    this.stmts = {
      insert: db.prepare(
        'INSERT INTO notices (game, key, recipient, topic, subject, text, at, thread) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, key) DO NOTHING',
      ),
      fanOut: db.prepare('INSERT INTO deliveries (channel, notice) SELECT name, ? FROM channels'),
      register: db.prepare(
        'INSERT INTO channels (name, registered_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
      ),
      due: db.prepare<[string, number, number, number], NoticeRow & { attempts: number }>(
        `SELECT ${COLUMNS}, d.attempts + 1 AS attempts FROM deliveries d JOIN notices n ON n.id = d.notice
         WHERE d.channel = ? AND d.delivered_at IS NULL AND d.claimed_until <= ? AND d.retry_at <= ?
         ORDER BY d.notice LIMIT ?`,
      ),
      lease: db.prepare(
        'UPDATE deliveries SET claimed_until = ?, claimed_by = ?, attempts = attempts + 1 WHERE channel = ? AND notice = ?',
      ),
      holders: db
        .prepare<[string, number], string>(
          `SELECT DISTINCT claimed_by FROM deliveries
           WHERE channel = ? AND claimed_until > 0 AND claimed_until > ? AND claimed_by IS NOT NULL AND delivered_at IS NULL`,
        )
        .pluck(),
      release: db.prepare(
        `UPDATE deliveries SET claimed_until = 0, last_error = ?
         WHERE channel = ? AND claimed_by = ? AND claimed_until > 0 AND claimed_until > ? AND delivered_at IS NULL`,
      ),
      undelivered: db
        .prepare<[string, string, string], number>(
          `SELECT count(*) FROM deliveries d JOIN notices n ON n.id = d.notice
           WHERE d.channel = ? AND d.delivered_at IS NULL AND n.game = ? AND n.topic <> ?`,
        )
        .pluck(),
      dueNow: db.prepare(
        'UPDATE deliveries SET retry_at = ? WHERE channel = ? AND retry_at > ? AND claimed_until = 0 AND delivered_at IS NULL',
      ),
      delivered: db.prepare(
        'UPDATE deliveries SET delivered_at = ?, claimed_until = 0 WHERE channel = ? AND notice = ? AND delivered_at IS NULL',
      ),
      deferred: db.prepare(
        'UPDATE deliveries SET retry_at = ?, claimed_until = 0, last_error = ? WHERE channel = ? AND notice = ? AND delivered_at IS NULL',
      ),
      byKey: db.prepare<[string, string], NoticeRow>(
        `SELECT ${COLUMNS} FROM notices n WHERE n.game = ? AND n.key = ?`,
      ),
      ofGame: db.prepare<[string], NoticeRow>(
        `SELECT ${COLUMNS} FROM notices n WHERE n.game = ? ORDER BY n.id`,
      ),
    };
  }

  /**
   * Writes notices (inside the caller's transaction), each new one with a delivery row for every channel
   * registered now; a (game, key) already stored is left as it was. Returns how many were new.
   * `fanOut` false: history copied from another store, delivered there already, never sent again.
   */
  write(notices: readonly Notice[], fanOut = true): number {
    let fresh = 0;
    for (const n of notices) {
      const r = this.stmts.insert.run(
        n.game,
        n.key,
        n.to,
        n.topic,
        n.subject,
        n.text,
        n.at,
        n.thread ?? null,
      );
      if (r.changes === 0) continue;
      fresh++;
      if (fanOut) this.stmts.fanOut.run(r.lastInsertRowid);
    }
    return fresh;
  }

  /** A game's notices to any of `to`, after id `after`, oldest first. */
  notices(game: string, to: readonly string[], after: number, limit: number): StoredNotice[] {
    if (to.length === 0) return [];
    const marks = to.map(() => '?').join(',');
    return this.db
      .prepare<unknown[], NoticeRow>(
        `SELECT ${COLUMNS} FROM notices n WHERE n.game = ? AND n.recipient IN (${marks}) AND n.id > ? ORDER BY n.id LIMIT ?`,
      )
      .all(game, ...to, after, limit)
      .map((r) => fromRow(r));
  }

  byKey(game: string, key: string): StoredNotice | undefined {
    const row = this.stmts.byKey.get(game, key);
    return row ? fromRow(row) : undefined;
  }

  ofGame(game: string): Notice[] {
    return this.stmts.ofGame.all(game).map((r) => {
      const { id: _id, ...n } = fromRow(r);
      return n;
    });
  }

  openChannel(name: string): void {
    checkChannel(name);
    this.stmts.register.run(name, new Date().toISOString());
  }

  /** One transaction: the due deliveries, oldest first, each leased until now + leaseMs to `claimant`. */
  claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant: string | null,
  ): ClaimedNotice[] {
    return this.db.transaction(() => {
      const rows = this.stmts.due.all(channel, now, now, limit);
      for (const r of rows) this.stmts.lease.run(now + leaseMs, claimant, channel, r.id);
      return rows.map((r) => ({ ...fromRow(r), attempts: r.attempts }));
    })();
  }

  delivered(channel: string, id: number): void {
    this.stmts.delivered.run(new Date().toISOString(), channel, id);
  }

  deferred(channel: string, id: number, retryAt: number, error: string): void {
    this.stmts.deferred.run(retryAt, error.slice(0, 2000), channel, id);
  }

  leaseHolders(channel: string, now: number): string[] {
    return this.stmts.holders.all(channel, now);
  }

  releaseLeases(channel: string, claimant: string, now: number): number {
    const why = `taken back: the process that held it (${claimant}) is gone`.slice(0, 2000);
    return this.stmts.release.run(why, channel, claimant, now).changes;
  }

  dueNow(channel: string, now: number): number {
    return this.stmts.dueNow.run(now, channel, now).changes;
  }

  undelivered(channel: string, game: string, exceptTopic = ''): number {
    return this.stmts.undelivered.get(channel, game, exceptTopic) ?? 0;
  }
}
