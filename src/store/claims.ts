// Pending claims of mail addresses (issue 23 item 3, ruling M10): an address a player registers counts only
// once a code mailed to it comes back from it (or by the API and CLI with the code), as mailing-list managers
// confirm subscriptions. Until then it is a claim: private (never in the log, a view or a dump), one per
// player of a game (a new claim replaces eir earlier one), never blocking anyone (several players may claim
// one address; the first confirmed wins and voids the others). The store keeps the code's SHA-256, never the
// code; times are milliseconds since the epoch on the caller's clock (tests simulate it).

/** One player's pending claim of an address in a game. */
export interface AddressClaim {
  readonly game: string;
  readonly player: string;
  /** Lowercased (normalAddress). */
  readonly address: string;
  /** The secret phrase registered with the address, hashed (phrase.ts), or null. */
  readonly phraseHash: string | null;
  /** SHA-256 (hex) of the confirmation code: what a code given back is compared with. */
  readonly codeHash: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Wrong codes given against this claim so far. */
  readonly attempts: number;
}

/**
 * What became of a confirmation: the address is now the player's; no claim of the player with that code
 * (never made, replaced, confirmed already, or void); the claim had expired (it is dropped); or the address
 * became another player's first (the claim is dropped).
 */
export type ClaimConfirmation = 'confirmed' | 'no-claim' | 'expired' | 'taken';

export interface AddressClaims {
  /**
   * Writes a player's pending claim, replacing eir earlier one (whose code then no longer works). Refused:
   * an unknown game ('unknown-game'), an address that is none ('bad-input'); nothing is written then.
   */
  putClaim(claim: Omit<AddressClaim, 'attempts'>): Promise<void>;
  /** The player's pending claim in the game, if any (expired or not: the caller judges by its clock). */
  claimOf(game: string, player: string): Promise<AddressClaim | undefined>;
  /** Every pending claim of this address (compared lowercased), in any game, oldest first. */
  claimsOn(address: string): Promise<AddressClaim[]>;
  /**
   * Counts one wrong code against the player's claim if its code is still `codeHash`; at `limit` wrong codes
   * the claim is void (dropped). Answers the wrong codes now counted, or 0 if that claim is gone.
   */
  missClaim(game: string, player: string, codeHash: string, limit: number): Promise<number>;
  /**
   * In one transaction: the player's claim with this code, unexpired at `now`, becomes eir address and phrase
   * (Store.setAddress) and every other claim of that address in the game is void. See ClaimConfirmation.
   */
  confirmClaim(game: string, player: string, codeHash: string, now: number): Promise<ClaimConfirmation>;
  /** Drops the player's claim (only if its code is `codeHash`, when given). */
  dropClaim(game: string, player: string, codeHash?: string): Promise<void>;
}
