// Pending address claims in the SQLite file (issue 23 item 3, src/store/claims.ts): one row per player of a
// game, found by player or by address. Private, beside the addresses; never dumped (a claim expires).
import type Database from 'better-sqlite3';
import type { AddressClaim, AddressClaims, ClaimConfirmation } from '../claims.js';
import { normalAddress } from '../store.js';
import type { SqliteAddresses } from './addresses.js';
import type { SqliteCore } from './core.js';

const COLUMNS =
  'game, player, address, phrase_hash AS phraseHash, code_hash AS codeHash, created_at AS createdAt, expires_at AS expiresAt, attempts';

export class SqliteClaims {
  private readonly stmts;

  constructor(
    db: Database.Database,
    private readonly addresses: SqliteAddresses,
  ) {
    this.stmts = {
      put: db.prepare(
        `INSERT INTO address_claims (game, player, address, phrase_hash, code_hash, created_at, expires_at, attempts)
         VALUES (?, ?, ?, ?, ?, ?, ?, 0)
         ON CONFLICT (game, player) DO UPDATE SET address = excluded.address, phrase_hash = excluded.phrase_hash,
           code_hash = excluded.code_hash, created_at = excluded.created_at, expires_at = excluded.expires_at,
           attempts = 0`,
      ),
      of: db.prepare<[string, string], AddressClaim>(
        `SELECT ${COLUMNS} FROM address_claims WHERE game = ? AND player = ?`,
      ),
      on: db.prepare<[string], AddressClaim>(
        `SELECT ${COLUMNS} FROM address_claims WHERE address = ? ORDER BY created_at, game, player`,
      ),
      withCode: db.prepare<[string, string, string], AddressClaim>(
        `SELECT ${COLUMNS} FROM address_claims WHERE game = ? AND player = ? AND code_hash = ?`,
      ),
      miss: db.prepare<[string, string, string], { attempts: number }>(
        'UPDATE address_claims SET attempts = attempts + 1 WHERE game = ? AND player = ? AND code_hash = ? RETURNING attempts',
      ),
      drop: db.prepare('DELETE FROM address_claims WHERE game = ? AND player = ?'),
      dropWithCode: db.prepare('DELETE FROM address_claims WHERE game = ? AND player = ? AND code_hash = ?'),
      dropOn: db.prepare('DELETE FROM address_claims WHERE game = ? AND address = ?'),
    };
  }

  /** Inside the caller's transaction, with the game known to exist. */
  put(c: Omit<AddressClaim, 'attempts'>): void {
    this.stmts.put.run(
      c.game,
      c.player,
      normalAddress(c.address),
      c.phraseHash,
      c.codeHash,
      c.createdAt,
      c.expiresAt,
    );
  }

  of(game: string, player: string): AddressClaim | undefined {
    return this.stmts.of.get(game, player);
  }

  on(address: string): AddressClaim[] {
    let a: string;
    try {
      a = normalAddress(address);
    } catch {
      return [];
    }
    return this.stmts.on.all(a);
  }

  /** Inside the caller's transaction. */
  miss(game: string, player: string, codeHash: string, limit: number): number {
    const row = this.stmts.miss.get(game, player, codeHash);
    if (!row) return 0;
    if (row.attempts >= limit) this.stmts.dropWithCode.run(game, player, codeHash);
    return row.attempts;
  }

  /** Inside the caller's transaction. */
  confirm(game: string, player: string, codeHash: string, now: number): ClaimConfirmation {
    const claim = this.stmts.withCode.get(game, player, codeHash);
    if (!claim) return 'no-claim';
    if (claim.expiresAt <= now) {
      this.stmts.drop.run(game, player);
      return 'expired';
    }
    const holder = this.addresses.byAddress(game, claim.address);
    if (holder && holder.player !== player) {
      this.stmts.drop.run(game, player);
      return 'taken';
    }
    this.addresses.set(game, player, claim.address, claim.phraseHash);
    this.stmts.drop.run(game, player);
    this.stmts.dropOn.run(game, claim.address);
    return 'confirmed';
  }

  /** Inside the caller's transaction. */
  drop(game: string, player: string, codeHash?: string): void {
    if (codeHash === undefined) this.stmts.drop.run(game, player);
    else this.stmts.dropWithCode.run(game, player, codeHash);
  }
}

/** The AddressClaims contract over the table: each write one IMMEDIATE transaction of a known game, durable. */
export class SqliteAddressClaims implements AddressClaims {
  constructor(
    private readonly core: SqliteCore,
    private readonly claims: SqliteClaims,
  ) {}

  async putClaim(claim: Omit<AddressClaim, 'attempts'>): Promise<void> {
    await this.core.privately(claim.game, () => this.claims.put(claim));
  }

  claimOf(game: string, player: string): Promise<AddressClaim | undefined> {
    return this.core.run(() => this.claims.of(game, player));
  }

  claimsOn(address: string): Promise<AddressClaim[]> {
    return this.core.run(() => this.claims.on(address));
  }

  missClaim(game: string, player: string, codeHash: string, limit: number): Promise<number> {
    return this.core.privately(game, () => this.claims.miss(game, player, codeHash, limit));
  }

  confirmClaim(game: string, player: string, codeHash: string, now: number): Promise<ClaimConfirmation> {
    return this.core.privately(game, () => this.claims.confirm(game, player, codeHash, now));
  }

  async dropClaim(game: string, player: string, codeHash?: string): Promise<void> {
    await this.core.privately(game, () => this.claims.drop(game, player, codeHash));
  }
}
