// The directory in PostgreSQL (the Directory contract, src/store/directory.ts; split from postgres.ts, issue
// 28 item 2): players' tokens (hashed) and mail addresses (the addresses' statements: addresses.ts).
import type { Directory } from '../directory.js';
import type { PlayerAddress, TokenGrant } from '../store.js';
import { StoreError } from '../store.js';
import type { PgAddresses } from './addresses.js';
import type { PgPool } from './pool.js';

export class PgDirectory implements Directory {
  constructor(
    private readonly db: PgPool,
    private readonly addresses: PgAddresses,
  ) {}

  async grantToken(game: string, grant: TokenGrant): Promise<void> {
    await this.db.tx(async (c) => {
      if (!(await this.db.exists(game, c))) throw new StoreError('unknown-game', `there is no game ${game}`);
      await this.db.grantIn(c, game, [grant]);
    });
  }

  async tokenHolder(game: string, hash: string): Promise<string | undefined> {
    const r = await this.db.query<{ holder: string }>({
      name: 'nr_token_holder',
      text: `SELECT holder FROM ${this.db.t('tokens')} WHERE game = $1 AND hash = $2`,
      values: [game, hash],
    });
    return r.rows[0]?.holder;
  }

  setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    return this.addresses.set(game, player, address, phraseHash);
  }

  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    return this.addresses.byAddress(game, address);
  }

  addressOf(game: string, player: string): Promise<string | undefined> {
    return this.addresses.of(game, player);
  }
}
