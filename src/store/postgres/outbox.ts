// The durable outbox of the PostgreSQL store (schema 3; thread since 4): notices, their channels, and each channel's
// delivery state per notice, shared by every process on the database. A claim leases rows with
// FOR UPDATE SKIP LOCKED, so two workers of one channel, in any processes, never take the same notice while
// its lease runs; a worker that dies gives its notices back when the lease ends.
import type pg from 'pg';
import type { ClaimedNotice, Notice, StoredNotice } from '../store.js';
import { checkChannel, StoreError } from '../store.js';

/** How the store lends the outbox its connections. */
export interface PgAccess {
  /** The qualified name of one of the store's tables or functions. */
  t(name: string): string;
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T>;
}

interface NoticeRow {
  id: string;
  game: string;
  key: string;
  to: string;
  topic: string;
  subject: string;
  text: string;
  at: string;
  thread: string | null;
}

const COLUMNS = 'n.id, n.game, n.key, n.recipient AS "to", n.topic, n.subject, n.text, n.at, n.thread';

const stored = (r: NoticeRow): StoredNotice => ({
  id: Number(r.id),
  game: r.game,
  key: r.key,
  to: r.to,
  topic: r.topic,
  subject: r.subject,
  text: r.text,
  at: r.at,
  ...(r.thread !== null ? { thread: r.thread } : {}),
});

/** The notices as the arrays write_notices and append_batch take (one array per column; thread last). */
export function noticeColumns(notices: readonly Notice[]): (string | null)[][] {
  return [
    notices.map((n) => n.game),
    notices.map((n) => n.key),
    notices.map((n) => n.to),
    notices.map((n) => n.topic),
    notices.map((n) => n.subject),
    notices.map((n) => n.text),
    notices.map((n) => n.at),
    notices.map((n) => n.thread ?? null),
  ];
}

export class PgOutbox {
  /** Channels this process has registered: a channel is never unregistered, so once is enough. */
  private readonly registered = new Set<string>();

  constructor(private readonly db: PgAccess) {}

  /**
   * Inside a transaction that holds the notices' games' rows locked: writes them, fanned out to every
   * channel registered now (NOTIFYing their games), or, `fanOut` false, as history copied from another
   * store (delivered there; never sent again). Answers how many were new.
   */
  async writeIn(c: pg.PoolClient, notices: readonly Notice[], fanOut = true): Promise<number> {
    if (notices.length === 0) return 0;
    if (fanOut) {
      const r = await c.query<{ fresh: number }>(
        `SELECT ${this.db.t('write_notices')}($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS fresh`,
        noticeColumns(notices),
      );
      return r.rows[0]?.fresh ?? 0;
    }
    const r = await c.query(
      `INSERT INTO ${this.db.t('notices')} (game, key, recipient, topic, subject, text, at, thread)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
       ON CONFLICT (game, key) DO NOTHING`,
      noticeColumns(notices),
    );
    return r.rowCount ?? 0;
  }

  /** Locks the games' rows (in one order, as append_batch does), refusing an unknown one, then writes. */
  enqueue(notices: readonly Notice[]): Promise<number> {
    if (notices.length === 0) return Promise.resolve(0);
    const games = [...new Set(notices.map((n) => n.game))].sort();
    return this.db.tx(async (c) => {
      const found = await c.query<{ id: string }>(
        `SELECT id FROM ${this.db.t('games')} WHERE id = ANY($1::text[]) ORDER BY id FOR NO KEY UPDATE`,
        [games],
      );
      const known = new Set(found.rows.map((r) => r.id));
      const unknown = games.find((g) => !known.has(g));
      if (unknown !== undefined) throw new StoreError('unknown-game', `there is no game ${unknown}`);
      return this.writeIn(c, notices);
    });
  }

  async notices(game: string, to: readonly string[], after: number, limit: number): Promise<StoredNotice[]> {
    if (to.length === 0) return [];
    const r = await this.db.query<NoticeRow>(
      `SELECT ${COLUMNS} FROM ${this.db.t('notices')} n
       WHERE n.game = $1 AND n.recipient = ANY($2::text[]) AND n.id > $3 ORDER BY n.id LIMIT $4`,
      [game, to, after, limit],
    );
    return r.rows.map(stored);
  }

  async byKey(game: string, key: string): Promise<StoredNotice | undefined> {
    const r = await this.db.query<NoticeRow>(
      `SELECT ${COLUMNS} FROM ${this.db.t('notices')} n WHERE n.game = $1 AND n.key = $2`,
      [game, key],
    );
    const row = r.rows[0];
    return row ? stored(row) : undefined;
  }

  async ofGame(c: pg.PoolClient, game: string): Promise<Notice[]> {
    const r = await c.query<NoticeRow>(
      `SELECT ${COLUMNS} FROM ${this.db.t('notices')} n WHERE n.game = $1 ORDER BY n.id`,
      [game],
    );
    return r.rows.map((row) => {
      const { id: _id, ...n } = stored(row);
      return n;
    });
  }

  async openChannel(channel: string): Promise<void> {
    checkChannel(channel);
    if (this.registered.has(channel)) return;
    await this.db.query(
      `INSERT INTO ${this.db.t('channels')} (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`,
      [channel],
    );
    this.registered.add(channel);
  }

  /**
   * One statement: the due deliveries of the channel, oldest first, locked (those another claim has locked
   * right now are skipped, not waited for), leased until now + leaseMs and counted as an attempt.
   */
  async claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant: string | null = null,
  ): Promise<ClaimedNotice[]> {
    await this.openChannel(channel);
    const r = await this.db.query<NoticeRow & { attempts: number }>(
      `WITH due AS (
         SELECT channel, notice FROM ${this.db.t('deliveries')}
         WHERE channel = $1 AND delivered_at IS NULL AND claimed_until <= $2 AND retry_at <= $2
         ORDER BY notice LIMIT $4 FOR UPDATE SKIP LOCKED
       ), leased AS (
         UPDATE ${this.db.t('deliveries')} d SET claimed_until = $3, claimed_by = $5, attempts = d.attempts + 1
         FROM due WHERE d.channel = due.channel AND d.notice = due.notice
         RETURNING d.notice, d.attempts
       )
       SELECT ${COLUMNS}, l.attempts FROM leased l JOIN ${this.db.t('notices')} n ON n.id = l.notice ORDER BY n.id`,
      [channel, now, now + leaseMs, limit, claimant],
    );
    return r.rows.map((row) => ({ ...stored(row), attempts: row.attempts }));
  }

  async delivered(channel: string, id: number): Promise<void> {
    await this.db.query(
      `UPDATE ${this.db.t('deliveries')} SET delivered_at = clock_timestamp(), claimed_until = 0
       WHERE channel = $1 AND notice = $2 AND delivered_at IS NULL`,
      [channel, id],
    );
  }

  async deferred(channel: string, id: number, retryAt: number, error: string): Promise<void> {
    await this.db.query(
      `UPDATE ${this.db.t('deliveries')} SET retry_at = $3, claimed_until = 0, last_error = $4
       WHERE channel = $1 AND notice = $2 AND delivered_at IS NULL`,
      [channel, id, retryAt, error.slice(0, 2000)],
    );
  }
}
