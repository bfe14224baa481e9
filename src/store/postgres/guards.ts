// The mail edge's guards in the PostgreSQL store (issue 23, items 4 and 5; the contract is src/store/guards.ts):
// each player's phrase standing and the answer budgets, shared by every process on the database. A failure
// is counted by one statement (two processes counting at once both count); an answer is spent under row
// locks on its budgets, so two processes never both spend a budget's last answer.
import type pg from 'pg';
import type { AnswerBudget, PhraseStanding, PlayerStanding } from '../guards.js';
import { CLEAN_STANDING } from '../guards.js';
import type { PgAccess } from './outbox.js';

/** Schema 6 → 7 of the PostgreSQL store: the tables (see src/store/sqlite/schema.ts's MAIL_GUARDS). */
export const MAIL_GUARDS_MIGRATION = (s: string): string => `
CREATE TABLE ${s}.phrase_standing (
  game text NOT NULL,
  player text NOT NULL,
  failures integer NOT NULL,
  last_failure_at bigint,
  burned_at bigint,
  PRIMARY KEY (game, player)
);
CREATE TABLE ${s}.answer_budgets (
  game text NOT NULL,
  key text NOT NULL,
  used integer NOT NULL,
  until bigint NOT NULL,
  PRIMARY KEY (game, key)
);
CREATE INDEX answer_budgets_until ON ${s}.answer_budgets (game, until);`;

interface StandingRow {
  failures: number;
  lastFailureAt: string | null;
  burnedAt: string | null;
}

const STANDING = 'failures, last_failure_at AS "lastFailureAt", burned_at AS "burnedAt"';

/** bigint columns come back as strings. */
const standing = (r: StandingRow | undefined): PhraseStanding =>
  r
    ? {
        failures: r.failures,
        lastFailureAt: r.lastFailureAt === null ? null : Number(r.lastFailureAt),
        burnedAt: r.burnedAt === null ? null : Number(r.burnedAt),
      }
    : CLEAN_STANDING;

export class PgGuards {
  constructor(private readonly db: PgAccess) {}

  async standing(game: string, player: string): Promise<PhraseStanding> {
    const r = await this.db.query<StandingRow>(
      `SELECT ${STANDING} FROM ${this.db.t('phrase_standing')} WHERE game = $1 AND player = $2`,
      [game, player],
    );
    return standing(r.rows[0]);
  }

  /** Inside the caller's transaction (dumpGame). */
  async ofGame(c: pg.PoolClient, game: string): Promise<PlayerStanding[]> {
    const r = await c.query<StandingRow & { player: string }>(
      `SELECT player, ${STANDING} FROM ${this.db.t('phrase_standing')} WHERE game = $1 ORDER BY player`,
      [game],
    );
    return r.rows.map((x) => ({ player: x.player, ...standing(x) }));
  }

  /** Inside the caller's transaction (restoreGame), after the addresses. */
  async restoreIn(c: pg.PoolClient, game: string, rows: readonly PlayerStanding[]): Promise<void> {
    for (const r of rows)
      await c.query(
        `INSERT INTO ${this.db.t('phrase_standing')} (game, player, failures, last_failure_at, burned_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (game, player) DO UPDATE SET failures = excluded.failures,
           last_failure_at = excluded.last_failure_at, burned_at = excluded.burned_at`,
        [game, r.player, r.failures, r.lastFailureAt, r.burnedAt],
      );
  }

  async failed(game: string, player: string, at: number): Promise<PhraseStanding> {
    const t = this.db.t('phrase_standing');
    const r = await this.db.query<StandingRow>(
      `INSERT INTO ${t} AS p (game, player, failures, last_failure_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (game, player) DO UPDATE SET failures = p.failures + 1, last_failure_at = $3
       RETURNING ${STANDING}`,
      [game, player, at],
    );
    return standing(r.rows[0]);
  }

  async burn(game: string, player: string, at: number): Promise<void> {
    const t = this.db.t('phrase_standing');
    await this.db.query(
      `INSERT INTO ${t} AS p (game, player, failures, burned_at) VALUES ($1, $2, 0, $3)
       ON CONFLICT (game, player) DO UPDATE SET burned_at = coalesce(p.burned_at, $3)`,
      [game, player, at],
    );
  }

  async clear(game: string, player: string): Promise<boolean> {
    const r = await this.db.query(
      `DELETE FROM ${this.db.t('phrase_standing')} WHERE game = $1 AND player = $2`,
      [game, player],
    );
    return (r.rowCount ?? 0) > 0;
  }

  spend(game: string, budgets: readonly AnswerBudget[], now: number): Promise<boolean> {
    const t = this.db.t('answer_budgets');
    // Keys in order, so two spenders lock the same rows in the same order and never deadlock.
    const sorted = [...budgets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return this.db.tx(async (c) => {
      await c.query(`DELETE FROM ${t} WHERE game = $1 AND until < $2`, [game, now]);
      for (const b of sorted)
        await c.query(
          `INSERT INTO ${t} (game, key, used, until) VALUES ($1, $2, 0, $3) ON CONFLICT (game, key) DO NOTHING`,
          [game, b.key, b.until],
        );
      const keys = sorted.map((b) => b.key);
      const used = await c.query<{ key: string; used: number }>(
        `SELECT key, used FROM ${t} WHERE game = $1 AND key = ANY($2) ORDER BY key FOR UPDATE`,
        [game, keys],
      );
      const spent = new Map(used.rows.map((r) => [r.key, r.used]));
      if (sorted.some((b) => (spent.get(b.key) ?? 0) >= b.limit)) return false;
      await c.query(`UPDATE ${t} SET used = used + 1 WHERE game = $1 AND key = ANY($2)`, [game, keys]);
      return true;
    });
  }
}
