// The games played by mail in PostgreSQL (the MailRoster contract, src/store/directory.ts; schema 5; split
// from postgres.ts, issue 28 item 2): names, not references to games, so a game may be marked before it exists.
import type pg from 'pg';
import type { MailRoster } from '../directory.js';
import { checkGameNames } from '../store.js';
import type { PgPool } from './pool.js';

export class PgMailRoster implements MailRoster {
  constructor(private readonly db: PgPool) {}

  async markByMail(games: readonly string[]): Promise<number> {
    checkGameNames(games);
    return this.db.tx((c) => this.markIn(c, games));
  }

  async unmarkByMail(games: readonly string[]): Promise<number> {
    checkGameNames(games);
    const r = await this.db.query(`DELETE FROM ${this.db.t('mail_games')} WHERE game = ANY($1::text[])`, [
      [...new Set(games)],
    ]);
    return r.rowCount ?? 0;
  }

  async gamesByMail(): Promise<string[]> {
    const r = await this.db.query<{ game: string }>(
      `SELECT game FROM ${this.db.t('mail_games')} ORDER BY game COLLATE "C"`,
    );
    return r.rows.map((row) => row.game);
  }

  /** Inside `c`'s transaction (a restore: maintenance.ts); answers how many were new. */
  async markIn(c: pg.PoolClient, games: readonly string[]): Promise<number> {
    const r = await c.query(
      `INSERT INTO ${this.db.t('mail_games')} (game) SELECT DISTINCT unnest($1::text[]) ON CONFLICT (game) DO NOTHING`,
      [[...games]],
    );
    return r.rowCount ?? 0;
  }
}
