// How every part of the PostgreSQL store reaches the server (split from postgres.ts, issue 28 item 2): one
// pool of connections to one schema, statements and transactions on it, PostgreSQL's errors translated into
// StoreErrors (with the password kept out of them), and the notification channel of the schema.
import type pg from 'pg';
import type { TokenGrant } from '../store.js';
import { StoreError } from '../store.js';
import { isConnectionError, redact } from './connection.js';
import type { PgAccess } from './outbox.js';

export class PgPool implements PgAccess {
  closed = false;

  constructor(
    readonly pool: pg.Pool,
    readonly connection: string,
    readonly schema: string,
  ) {}

  /** The qualified name of one of our tables. */
  t(table: string): string {
    return `${this.schema}.${table}`;
  }

  /** Where the schema's appends and notices are NOTIFYed. */
  get channel(): string {
    return `nomic_referee_${this.schema}`;
  }

  /** Refuses work once the store is closed. */
  open(): void {
    if (this.closed) throw new StoreError('io', 'the store is closed');
  }

  /** One statement on any pooled connection; a named one (hot reads) is parsed once per connection. */
  async query<R extends pg.QueryResultRow>(
    sql: string | pg.QueryConfig,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    this.open();
    try {
      return typeof sql === 'string' ? await this.pool.query<R>(sql, params) : await this.pool.query<R>(sql);
    } catch (e) {
      throw this.translate(e);
    }
  }

  async connect(): Promise<pg.PoolClient> {
    this.open();
    try {
      return await this.pool.connect();
    } catch (e) {
      throw this.translate(e);
    }
  }

  /** Runs work in one READ COMMITTED transaction; anything thrown rolls it all back. */
  async tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.connect();
    let broken: Error | undefined;
    try {
      await c.query('BEGIN');
      const result = await work(c);
      await c.query('COMMIT');
      return result;
    } catch (e) {
      try {
        await c.query('ROLLBACK');
      } catch (rollback) {
        // The connection itself is gone: the pool must not hand it out again.
        broken = rollback instanceof Error ? rollback : new Error(String(rollback));
      }
      throw this.translate(e);
    } finally {
      c.release(broken);
    }
  }

  /** Whether the game exists (inside `c`'s transaction, if given). */
  async exists(game: string, c?: pg.PoolClient): Promise<boolean> {
    const sql = `SELECT 1 FROM ${this.t('games')} WHERE id = $1`;
    const r = c ? await c.query(sql, [game]) : await this.query(sql, [game]);
    return r.rows.length > 0;
  }

  async notifyIn(c: pg.PoolClient, game: string, first: number, last: number): Promise<void> {
    // Part of the transaction: delivered only if it commits. A game id is at most 64 characters, far
    // below NOTIFY's 8000-byte payload limit.
    await c.query('SELECT pg_notify($1, $2)', [this.channel, JSON.stringify({ game, first, last })]);
  }

  async grantIn(c: pg.PoolClient, game: string, tokens: readonly TokenGrant[]): Promise<void> {
    await c.query(
      `INSERT INTO ${this.t('tokens')} (game, holder, hash) SELECT $1, * FROM unnest($2::text[], $3::text[])
       ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash`,
      [game, tokens.map((t) => t.holder), tokens.map((t) => t.hash)],
    );
  }

  /** PostgreSQL's errors as a sentence a user can act on, with the password kept out of it. */
  translate(e: unknown): Error {
    if (e instanceof StoreError) return e;
    const err = e as { code?: string; constraint?: string; message?: string };
    const code = err.code ?? '';
    const message = err.message ?? String(e);
    if (code === '23505') {
      // The unique keys are the backstop behind the checks made under the game's lock.
      if (err.constraint?.startsWith('command_ids'))
        return new StoreError('duplicate-command', `a command id was already applied (${message})`);
      return new StoreError('conflict', `another append got there first (${message})`);
    }
    if (code === '23503') return new StoreError('unknown-game', `there is no such game (${message})`);
    if (isConnectionError(e))
      return new StoreError('io', `PostgreSQL at ${redact(this.connection)} could not be used: ${message}`);
    return e instanceof Error ? e : new Error(message);
  }
}
