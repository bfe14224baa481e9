// Pending address claims in the PostgreSQL store (issue 23 item 3, src/store/claims.ts): one row per player
// of a game, found by player or by address; each change under the game's row lock, so a confirmation and a
// registration of the same address in a game cannot both pass their checks. Never dumped (a claim expires).
import type pg from 'pg';
import type { AddressClaim, ClaimConfirmation } from '../claims.js';
import { normalAddress, StoreError } from '../store.js';
import type { PgAddresses } from './addresses.js';
import type { PgAccess } from './outbox.js';

const COLUMNS =
  'game, player, address, phrase_hash AS "phraseHash", code_hash AS "codeHash", created_at AS "createdAt", expires_at AS "expiresAt", attempts';

interface Row extends Omit<AddressClaim, 'createdAt' | 'expiresAt'> {
  readonly createdAt: string;
  readonly expiresAt: string;
}

const claim = (r: Row): AddressClaim => ({
  game: r.game,
  player: r.player,
  address: r.address,
  phraseHash: r.phraseHash,
  codeHash: r.codeHash,
  createdAt: Number(r.createdAt),
  expiresAt: Number(r.expiresAt),
  attempts: r.attempts,
});

export class PgClaims {
  constructor(
    private readonly db: PgAccess,
    private readonly addresses: PgAddresses,
  ) {}

  /** The work in a transaction holding the game's row lock; an unknown game is refused. */
  private locked<T>(game: string, work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.db.tx(async (c) => {
      const found = await c.query(`SELECT 1 FROM ${this.db.t('games')} WHERE id = $1 FOR NO KEY UPDATE`, [
        game,
      ]);
      if (found.rows.length === 0) throw new StoreError('unknown-game', `there is no game ${game}`);
      return work(c);
    });
  }

  async put(c: Omit<AddressClaim, 'attempts'>): Promise<void> {
    const a = normalAddress(c.address);
    return this.locked(c.game, async (x) => {
      await x.query(
        `INSERT INTO ${this.db.t('address_claims')} (game, player, address, phrase_hash, code_hash, created_at, expires_at, attempts)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 0)
         ON CONFLICT (game, player) DO UPDATE SET address = excluded.address, phrase_hash = excluded.phrase_hash,
           code_hash = excluded.code_hash, created_at = excluded.created_at, expires_at = excluded.expires_at,
           attempts = 0`,
        [c.game, c.player, a, c.phraseHash, c.codeHash, c.createdAt, c.expiresAt],
      );
    });
  }

  async of(game: string, player: string): Promise<AddressClaim | undefined> {
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${this.db.t('address_claims')} WHERE game = $1 AND player = $2`,
      [game, player],
    );
    const row = r.rows[0];
    return row ? claim(row) : undefined;
  }

  async on(address: string): Promise<AddressClaim[]> {
    let a: string;
    try {
      a = normalAddress(address);
    } catch {
      return [];
    }
    const r = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM ${this.db.t('address_claims')} WHERE address = $1 ORDER BY created_at, game COLLATE "C", player COLLATE "C"`,
      [a],
    );
    return r.rows.map(claim);
  }

  miss(game: string, player: string, codeHash: string, limit: number): Promise<number> {
    return this.locked(game, async (c) => {
      const r = await c.query<{ attempts: number }>(
        `UPDATE ${this.db.t('address_claims')} SET attempts = attempts + 1 WHERE game = $1 AND player = $2 AND code_hash = $3 RETURNING attempts`,
        [game, player, codeHash],
      );
      const attempts = r.rows[0]?.attempts ?? 0;
      if (attempts >= limit) await this.dropIn(c, game, player, codeHash);
      return attempts;
    });
  }

  confirm(game: string, player: string, codeHash: string, now: number): Promise<ClaimConfirmation> {
    return this.locked(game, async (c) => {
      const r = await c.query<Row>(
        `SELECT ${COLUMNS} FROM ${this.db.t('address_claims')} WHERE game = $1 AND player = $2 AND code_hash = $3`,
        [game, player, codeHash],
      );
      const row = r.rows[0];
      if (!row) return 'no-claim';
      const found = claim(row);
      if (found.expiresAt <= now) {
        await this.dropIn(c, game, player);
        return 'expired';
      }
      const holder = await c.query<{ player: string }>(
        `SELECT player FROM ${this.db.t('addresses')} WHERE game = $1 AND address = $2`,
        [game, found.address],
      );
      const other = holder.rows[0];
      if (other && other.player !== player) {
        await this.dropIn(c, game, player);
        return 'taken';
      }
      await this.addresses.setIn(c, game, [{ player, address: found.address, phraseHash: found.phraseHash }]);
      await c.query(
        `DELETE FROM ${this.db.t('address_claims')} WHERE game = $1 AND (player = $2 OR address = $3)`,
        [game, player, found.address],
      );
      return 'confirmed';
    });
  }

  drop(game: string, player: string, codeHash?: string): Promise<void> {
    return this.locked(game, (c) => this.dropIn(c, game, player, codeHash));
  }

  private async dropIn(c: pg.PoolClient, game: string, player: string, codeHash?: string): Promise<void> {
    await c.query(
      `DELETE FROM ${this.db.t('address_claims')} WHERE game = $1 AND player = $2${codeHash !== undefined ? ' AND code_hash = $3' : ''}`,
      codeHash !== undefined ? [game, player, codeHash] : [game, player],
    );
  }
}
