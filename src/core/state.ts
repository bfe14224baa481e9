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
  /**
   * The edition of the ruleset's readings (its rulings) this game was created under, 1 if its creation
   * recorded none. A changed ruling applies from the edition that made it, so an older game keeps the
   * readings it was played under and its log still verifies (ruling K4).
   */
  readonly edition: number;
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
  readonly rules: unknown;
}
