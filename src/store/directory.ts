// One of the store's contracts (issue 28 item 2): the Store (store.ts) is the intersection of them, and each room
// is given the narrow one it uses. Implemented once per backend (src/store/sqlite/, src/store/postgres/) and
// tested once for both (test/store/contracts/).

/**
 * Who holds a token: 'admin' (the game's Administrator) or 'player:NAME'. Only the SHA-256 of a token is
 * stored; the token itself is shown once, to its holder, and never logged.
 */
export interface TokenGrant {
  readonly holder: string;
  readonly hash: string;
}

/**
 * A player's mail address in a game (issue 15), with the hash of the secret phrase e registered, if any.
 * Private: never in the log, in a view or in a count; only the mail edge reads it. Addresses are kept
 * lowercased, and one address belongs to at most one player of a game.
 */
export interface PlayerAddress {
  readonly player: string;
  readonly address: string;
  /** `scrypt$SALT$HASH` (src/channels/mail/phrase.ts), or null if the player registered no phrase. */
  readonly phraseHash: string | null;
}

/** Who a game's players are to the edges: their tokens (hashed) and mail addresses. Private: never in a view. */
export interface Directory {
  /** Gives a holder a (new) token of a game, replacing the one e had: issuing again is rotation. */
  grantToken(game: string, grant: TokenGrant): Promise<void>;
  /** Who holds the token with this hash in this game, if anyone. */
  tokenHolder(game: string, hash: string): Promise<string | undefined>;
  /**
   * Registers (or replaces) a player's mail address and the hash of eir secret phrase (null: none), issue 15.
   * The address is stored lowercased. Refused: an unknown game ('unknown-game'), an address another player
   * of the game holds ('conflict'), an address that is no address ('bad-input'); nothing is written then.
   */
  setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void>;
  /** Who holds this address (compared lowercased) in this game, with eir phrase's hash; undefined if nobody. */
  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined>;
  /** A player's mail address in a game, if e registered one. */
  addressOf(game: string, player: string): Promise<string | undefined>;
}

/** The games played by mail (issue 15, schema 5): names an operator marks, read by every process. */
export interface MailRoster {
  /**
   * Marks games as played by mail (issue 15, schema 5): every command given to a marked game, by any
   * process and any verb, writes the notices `serve --mail` would (src/house/by-mail.ts). Names, not games:
   * a game may be marked before it is created. Marking one marked already changes nothing. Answers how many
   * were new. A name that cannot be a game's is refused ('bad-input'), and nothing is written.
   */
  markByMail(games: readonly string[]): Promise<number>;
  /** Unmarks games (the operator's `referee mail off`); answers how many were marked. Same refusals. */
  unmarkByMail(games: readonly string[]): Promise<number>;
  /** The games marked as played by mail, in order of their names. */
  gamesByMail(): Promise<string[]>;
}
