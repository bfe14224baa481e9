// The players' mail addresses in the SQLite file (schema 4, issue 15): private, beside the tokens, never in
// the log. One row per player of a game; an address is unique in its game (the mail edge finds the player
// by it), compared lowercased (normalAddress).
import type Database from 'better-sqlite3';
import type { PlayerAddress } from '../store.js';
import { normalAddress, StoreError } from '../store.js';

interface Row {
  player: string;
  address: string;
  phraseHash: string | null;
}

export class SqliteAddresses {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      holder: db.prepare<[string, string], Row>(
        'SELECT player, address, phrase_hash AS phraseHash FROM addresses WHERE game = ? AND address = ?',
      ),
      of: db.prepare<[string, string], { address: string }>(
        'SELECT address FROM addresses WHERE game = ? AND player = ?',
      ),
      set: db.prepare(
        `INSERT INTO addresses (game, player, address, phrase_hash) VALUES (?, ?, ?, ?)
         ON CONFLICT (game, player) DO UPDATE SET address = excluded.address, phrase_hash = excluded.phrase_hash`,
      ),
      // A phrase registered anew (by setAddress or a confirmed claim) starts with no failures and unburned
      // (ruling M11), as on PostgreSQL.
      clearStanding: db.prepare<[string, string]>(
        'DELETE FROM phrase_standing WHERE game = ? AND player = ?',
      ),
      ofGame: db.prepare<[string], Row>(
        'SELECT player, address, phrase_hash AS phraseHash FROM addresses WHERE game = ? ORDER BY player',
      ),
    };
  }

  /** Inside the caller's transaction, with the game known to exist. */
  set(game: string, player: string, address: string, phraseHash: string | null): void {
    const a = normalAddress(address);
    const holder = this.stmts.holder.get(game, a);
    if (holder && holder.player !== player)
      throw new StoreError('conflict', `that address is already registered to another player of ${game}`);
    this.stmts.set.run(game, player, a, phraseHash);
    this.stmts.clearStanding.run(game, player);
  }

  byAddress(game: string, address: string): PlayerAddress | undefined {
    let a: string;
    try {
      a = normalAddress(address);
    } catch {
      return undefined;
    }
    return this.stmts.holder.get(game, a);
  }

  of(game: string, player: string): string | undefined {
    return this.stmts.of.get(game, player)?.address;
  }

  ofGame(game: string): PlayerAddress[] {
    return this.stmts.ofGame.all(game);
  }

  /** A copy from another store (restoreGame), inside its transaction. */
  restore(game: string, rows: readonly PlayerAddress[]): void {
    for (const r of rows) this.set(game, r.player, r.address, r.phraseHash);
  }
}
