// The directory in the SQLite file (the Directory contract, src/store/directory.ts; split from sqlite.ts,
// issue 28 item 2): players' tokens (hashed) and mail addresses (the tables' statements: addresses.ts).
import type { Directory } from '../directory.js';
import type { PlayerAddress, TokenGrant } from '../store.js';
import type { SqliteAddresses } from './addresses.js';
import type { SqliteCore } from './core.js';

export class SqliteDirectory implements Directory {
  private readonly stmts;

  constructor(
    private readonly core: SqliteCore,
    private readonly addresses: SqliteAddresses,
  ) {
    this.stmts = {
      grant: core.db.prepare(
        'INSERT INTO tokens (game, holder, hash) VALUES (?, ?, ?) ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash',
      ),
      holder: core.db.prepare<[string, string], { holder: string }>(
        'SELECT holder FROM tokens WHERE game = ? AND hash = ?',
      ),
    };
  }

  async grantToken(game: string, grant: TokenGrant): Promise<void> {
    await this.core.run(() => {
      this.core.mustKnow(game);
      this.stmts.grant.run(game, grant.holder, grant.hash);
    });
    await this.core.durable();
  }

  tokenHolder(game: string, hash: string): Promise<string | undefined> {
    return this.core.run(() => this.stmts.holder.get(game, hash)?.holder);
  }

  async setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    // A phrase registered anew starts with no failures and unburned (ruling M11): addresses.set clears it.
    await this.core.privately(game, () => this.addresses.set(game, player, address, phraseHash));
  }

  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    return this.core.run(() => this.addresses.byAddress(game, address));
  }

  addressOf(game: string, player: string): Promise<string | undefined> {
    return this.core.run(() => this.addresses.of(game, player));
  }
}
