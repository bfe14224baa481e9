// What a Referee takes and answers (split out of referee.ts, issue 28 item 6): an accepted command, the options
// of a submission, the notices every command causes, the host's entropy and the Referee's own options.
import type { GameState, LogEntry } from '../core/index.js';
import type { Notice, TokenGrant } from '../store/store.js';

/** What an accepted command appended (or, for a repeated command id, what it appended the first time). */
export interface Accepted {
  readonly entries: readonly LogEntry[];
  readonly state: GameState;
  /** True when the command id had been seen: nothing new was appended. */
  readonly duplicate: boolean;
  /** The state the command was decided on (absent for a repeated command id, and for a creation). */
  readonly before?: GameState;
}

/** What else an accepted command writes in its transaction. */
export interface SubmitOptions {
  /** Tokens granted if (and only if) the command is accepted: the admin's at creation, a player's on joining. */
  readonly tokens?: readonly TokenGrant[];
  /**
   * The notices the command causes (issue 14: reminders, deadlines, "your turn"), made from the entries it
   * appends, the state after them and the state it was decided on, each from its recipient's view only. Called once the command is
   * decided, again on each retry (its result must depend on nothing else), and written in the same
   * transaction as the entries: a refused command leaves no notice, an accepted one all of them.
   */
  readonly notices?: (
    entries: readonly LogEntry[],
    state: GameState,
    before: GameState | undefined,
  ) => Notice[];
}

/**
 * The notices every command causes, beside its own (Referee.setNotices): the host's producers (issue 15's
 * private news and nweek reports, src/channels/producers.ts). Unlike SubmitOptions.notices it may read the
 * store (an nweek's report covers the whole nweek), so it answers a promise; it is called as often and on
 * the same terms (once the command is decided, again on each retry, before the append).
 */
export type CommandNotices = (
  game: string,
  entries: readonly LogEntry[],
  state: GameState,
  before: GameState | undefined,
) => Notice[] | Promise<Notice[]>;

/** Fresh randomness for a game's dice secret; supplied by the host (node:crypto), never by the core. */
export type Entropy = () => Uint8Array;

/** How a Referee is set up beyond its store, rulesets and entropy. */
export interface RefereeOptions {
  /**
   * Snapshots of games' states (issue 17; snapshots.ts): written with the append that takes a game `every`
   * entries (default SNAPSHOT_EVERY) past its last one, and used to open a game and check it before its first
   * write. `code` is the host's fingerprint of its own code (src/node/code-version.ts), beside the text of
   * the folds the registry holds: a snapshot folded by other code is never used. `false`: none.
   */
  readonly snapshots?: false | { readonly every?: number; readonly code?: () => string };
  /** The time (ms since the epoch) a beacon game's tick is decided at (instants.ts): the machine's unless given. */
  readonly now?: () => number;
}

/**
 * How many times one command is decided before the referee gives up: each refused try means another
 * process committed to the game in between, so the game moved on; 32 such races in a row means something
 * is wrong, and the client gets the store's 'conflict'.
 */
export const MAX_ATTEMPTS = 32;

/** How long a sound check of the whole file serves other games' first writes (see Referee.soundFile). */
export const FILE_CHECK_REUSE_MS = 60_000;
