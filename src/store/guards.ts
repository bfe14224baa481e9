// What the mail edge keeps to guard the players' phrases and to bound its answers (issue 23, items 4 and 5):
// a contract of its own beside the log, the outbox and the addresses, which both stores implement (SQLite:
// sqlite/guards.ts; PostgreSQL: postgres/guards.ts). Private like the addresses: never in the log or a view.
// The store keeps counts and instants only; what they mean (how many wrong phrases lock a phrase, how many
// answers a correspondent gets) is the mail edge's policy (src/channels/mail/answering.ts, rulings M11, M12).

/**
 * A player's secret phrase as guarded: the wrong phrases given since it was registered (or the Administrator
 * cleared them), when the last was, and when the phrase was seen on the list (burned: it works no more).
 * Instants are milliseconds since the epoch on the mail edge's clock.
 */
export interface PhraseStanding {
  readonly failures: number;
  readonly lastFailureAt: number | null;
  readonly burnedAt: number | null;
}

/** A player's standing as a game's copy carries it (GameDump.phraseStandings: `referee migrate`). */
export interface PlayerStanding extends PhraseStanding {
  readonly player: string;
}

/** A standing with nothing in it: a phrase nobody has guessed at. */
export const CLEAN_STANDING: PhraseStanding = { failures: 0, lastFailureAt: null, burnedAt: null };

/**
 * One budget an answer spends from: at most `limit` answers under `key` until `until` (ms), when the row may
 * be forgotten. The key names the correspondent and the window (`stranger:ADDRESS:2026-11-24`, …).
 */
export interface AnswerBudget {
  readonly key: string;
  readonly limit: number;
  readonly until: number;
}

export interface MailGuards {
  /** The player's phrase standing in the game (CLEAN_STANDING if nothing was ever recorded). */
  phraseStanding(game: string, player: string): Promise<PhraseStanding>;
  /** Records one wrong phrase at `at`, atomically (two at once both count); answers the standing after it. */
  phraseFailed(game: string, player: string, at: number): Promise<PhraseStanding>;
  /** Marks the phrase burned at `at` (seen on the list); the first burn's instant is kept. */
  burnPhrase(game: string, player: string, at: number): Promise<void>;
  /**
   * Forgets the player's standing (failures and burn): the Administrator's unlock. Registering an address
   * (setAddress) does the same in its own transaction, since a new phrase starts with no failures.
   * Answers whether there was anything to forget.
   */
  clearPhraseStanding(game: string, player: string): Promise<boolean>;
  /**
   * Spends one answer from every budget given, atomically: if each has room (fewer than `limit` spent under
   * its key), each is charged one and the answer is true; otherwise nothing is charged and it is false.
   * Budgets whose `until` is past `now` are forgotten first (their windows are over).
   */
  spendAnswer(game: string, budgets: readonly AnswerBudget[], now: number): Promise<boolean>;
}
