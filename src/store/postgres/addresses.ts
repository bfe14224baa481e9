// The players' mail addresses in the PostgreSQL store (schema 4, issue 15): private, beside the tokens,
// never in the log. One row per player of a game; an address is unique in its game, compared lowercased.
import type pg from 'pg';
import type { PlayerAddress } from '../store.js';
import { normalAddress, StoreError } from '../store.js';
import type { PgAccess } from './outbox.js';

const COLUMNS = 'player, address, phrase_hash AS "phraseHash"';

export class PgAddresses {
  constructor(private readonly db: PgAccess) {}

  /** Under the game's row lock, so two registrations of one address in a game cannot both pass the check. */
  async set(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    const a = normalAddress(address);
    return this.db.tx(async (c) => {
      const found = await c.query(`SELECT 1 FROM ${this.db.t('games')} WHERE id = $1 FOR NO KEY UPDATE`, [
        game,
      ]);
      if (found.rows.length === 0) throw new StoreError('unknown-game', `there is no game ${game}`);
      await this.setIn(c, game, [{ player, address: a, phraseHash }]);
    });
  }

  /** Inside the caller's transaction (restoreGame, set). */
  async setIn(c: pg.PoolClient, game: string, rows: readonly PlayerAddress[]): Promise<void> {
    for (const r of rows) {
      const a = normalAddress(r.address);
      const holder = await c.query<{ player: string }>(
        `SELECT player FROM ${this.db.t('addresses')} WHERE game = $1 AND address = $2`,
        [game, a],
      );
      const other = holder.rows[0];
      if (other && other.player !== r.player)
        throw new StoreError('conflict', `that address is already registered to another player of ${game}`);
      await c.query(
        `INSERT INTO ${this.db.t('addresses')} (game, player, address, phrase_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game, player) DO UPDATE SET address = excluded.address, phrase_hash = excluded.phrase_hash`,
        [game, r.player, a, r.phraseHash],
      );
      // A phrase registered anew starts with no failures and unburned (issue 23, ruling M11).
      await c.query(`DELETE FROM ${this.db.t('phrase_standing')} WHERE game = $1 AND player = $2`, [
        game,
        r.player,
      ]);
    }
  }

  async byAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    let a: string;
    try {
      a = normalAddress(address);
    } catch {
      return undefined;
    }
    const r = await this.db.query<PlayerAddress>(
      `SELECT ${COLUMNS} FROM ${this.db.t('addresses')} WHERE game = $1 AND address = $2`,
      [game, a],
    );
    return r.rows[0];
  }

  async of(game: string, player: string): Promise<string | undefined> {
    const r = await this.db.query<{ address: string }>(
      `SELECT address FROM ${this.db.t('addresses')} WHERE game = $1 AND player = $2`,
      [game, player],
    );
    return r.rows[0]?.address;
  }

  async ofGame(c: pg.PoolClient, game: string): Promise<PlayerAddress[]> {
    const r = await c.query<PlayerAddress>(
      `SELECT ${COLUMNS} FROM ${this.db.t('addresses')} WHERE game = $1 ORDER BY player`,
      [game],
    );
    return r.rows.map((x) => ({ player: x.player, address: x.address, phraseHash: x.phraseHash }));
  }
}
