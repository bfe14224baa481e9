import type { Json } from './json.js';
import type { Clock } from './clock.js';
import type { Balances, Posting } from './ledger.js';
import type { Schedule } from './schedule.js';
import type { ScheduleBounds } from './schedule-bounds.js';
import type { BeaconDice } from './beacon-dice.js';
import type { ParametersState } from './parameter-amendments.js';

/** The dice as the log has left them: which source, the current weekly epoch, and how far each stream is. */
export interface DiceState {
  readonly source: 'fair' | 'manual' | 'beacon';
  /** The nweek whose public seed is in use. */
  readonly epoch: number;
  /** Draws made so far from this epoch's public stream, and from the game-long secret stream. */
  readonly drawn: { readonly public: number; readonly secret: number };
  /** Manual source: results queued by the Administrator, consumed in order. */
  readonly queue: readonly number[];
  /** Beacon source (issue 26): the chain, the round the current nweek's seed names, and its randomness. */
  readonly beacon?: BeaconDice;
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
  /**
   * The edition of the kernel's own readings the game was created under, 1 if its creation recorded none
   * (ruling K4, as `edition` is the ruleset's): from 2, player names are compared whatever their case (K13).
   */
  readonly kernelEdition: number;
  /** Who may join and how (issue 16, rulings K14 and K15): the setting, the requests waiting, the removed. */
  readonly admission: Admission;
  /** Active rule modules, lowest precedence first (later modules win). */
  readonly modules: readonly string[];
  readonly clock: Clock;
  /** Players who have joined, in joining order. */
  readonly players: readonly string[];
  readonly balances: Balances;
  /**
   * Every transfer so far, oldest first, for corrections (ruling K12). Optional only so that states made by
   * hand in tests need not list it; every folded state has it.
   */
  readonly journal?: readonly Posting[];
  readonly dice: DiceState;
  readonly ended: { readonly winners: readonly string[]; readonly reason: string } | null;
  /** The game's calendar, if the Administrator gave it one (issue 14): public, part of the rules in force. */
  readonly schedule: Schedule | null;
  /**
   * What a schedule may ask of this game (ruling K16): its creation instant and rhythm floor, recorded at its
   * creation from kernel edition 3; absent for older games (and states made by hand), whose schedules are
   * decided as they were.
   */
  readonly scheduleBounds?: ScheduleBounds | undefined;
  /**
   * The parameters of the text in force (issue 24), once an amendment of them has been made: absent, every value
   * is the text's (Ruleset.parameters), so games made before read their old values. Read through inForce.
   */
  readonly params?: ParametersState | undefined;
  /** Number of log entries folded in. */
  readonly seq: number;
  /**
   * How many of those entries each viewer may see, so that every number shown to a viewer (a line's number,
   * a position, a count) counts only what e may see: a gap or a count of hidden entries would tell that
   * something hidden happened (see kernel.position). `seenPublic` counts the public entries; `seenPrivate`,
   * per player, the entries visible to that player beyond them. Two fields rather than one object, so that
   * folding a public or admin-only entry allocates nothing more.
   */
  readonly seenPublic: number;
  readonly seenPrivate: Readonly<Record<string, number>>;
  readonly rules: unknown;
}

/**
 * Who may join a game (issue 16): whether a join waits for the Administrator's approval (K14), the names that
 * asked and wait for eir answer, and the players e removed (K15), whose names stay taken. All public.
 */
export interface Admission {
  readonly approval: boolean;
  /** Names that asked to join, as they asked, in the order they asked. */
  readonly requests: readonly string[];
  /** Players the Administrator removed, in the order of their removal. */
  readonly removed: readonly string[];
}

/** A game open to anyone, with no request waiting and no one removed: every game's start but by choice. */
export const OPEN_ADMISSION: Admission = Object.freeze({
  approval: false,
  requests: Object.freeze([]),
  removed: Object.freeze([]),
});

/** Whether a game follows the readings of `edition` or a later one (ruling K4). */
export const fromEdition = (game: { readonly edition: number }, edition: number): boolean =>
  game.edition >= edition;
