import type { Json } from './json.js';
import type { Clock } from './clock.js';
import type { Balances } from './ledger.js';

/** The dice as the log has left them: which source, the current weekly epoch, and how far each stream is. */
export interface DiceState {
  readonly source: 'fair' | 'manual';
  /** The nweek whose public seed is in use. */
  readonly epoch: number;
  /** Draws made so far from this epoch's public stream, and from the game-long secret stream. */
  readonly drawn: { readonly public: number; readonly secret: number };
  /** Manual source: results queued by the Administrator, consumed in order. */
  readonly queue: readonly number[];
}

/**
 * The whole state of one game: the fold of its log. The kernel owns everything but `rules`, which belongs
 * to the ruleset named in `ruleset` and is opaque here.
 */
export interface GameState {
  readonly game: string;
  readonly ruleset: string;
  readonly config: Json;
  /** Active rule modules, lowest precedence first (later modules win). */
  readonly modules: readonly string[];
  readonly clock: Clock;
  /** Players who have joined, in joining order. */
  readonly players: readonly string[];
  readonly balances: Balances;
  readonly dice: DiceState;
  readonly ended: { readonly winners: readonly string[]; readonly reason: string } | null;
  /** Number of log entries folded in. */
  readonly seq: number;
  /**
   * The edition of the program's rulings the game was created under (`RULES_EDITION` then; 0 for a log written
   * before editions existed). A ruling that changes how new decisions are made applies from the edition that
   * brought it, so an older log is still re-decided as it was decided, and `referee verify` still passes.
   */
  readonly edition: number;
  readonly rules: unknown;
}

/**
 * The edition of the rulings this program creates games under. 1: hidden things stay hidden in refusals,
 * public ids, the sizes of public draws and the reasons given in public lines (issues 13 and 18).
 */
export const RULES_EDITION = 1;

/** Whether a game follows the rulings of `edition` or a later one. */
export const fromEdition = (game: { readonly edition: number }, edition: number): boolean =>
  game.edition >= edition;
