// The state and events of the host ruleset `rooms`: a map of rooms joined by passages, players who stand in
// rooms and carry tokens, a turn order with one active player, and three tallies kept in the ledger.
import type { Decision, GameEvent } from '../../core/index.js';
import type { RoomsErrorCode } from './errors.js';

/** A room of the map and the rooms its passages lead to (passages go both ways). */
export type MapRoom = { readonly name: string; readonly exits: readonly string[] };

/** A validated map: rooms in the map's own order (the order Random Selection counts in), and the start. */
export type RoomsMap = {
  readonly title: string;
  readonly start: string;
  readonly rooms: readonly MapRoom[];
};

/** Where a token is: lying in a room, or carried by a player (then its location is the player). */
export type TokenPlace = { readonly room: string } | { readonly carrier: string };

/** A token. Ids are never reused; a token made anew (a merge) gets a new id. */
export type Token = { readonly id: number; readonly name: string; readonly at: TokenPlace };

/**
 * Where a player is. `arrival` counts the player's arrivals in a room (placed when joining, or a move), so
 * a rule that acts "whenever" a player comes to be somewhere can tell one stay from the next.
 */
export type Place = { readonly player: string; readonly room: string; readonly arrival: number };

/**
 * The turn in progress: its number (from 1), its active player, and the actions e has used; with a turn
 * deadline (H11), `since` is the nday (counted from the game's first, ndayCount) the turn began.
 */
export type Turn = {
  readonly n: number;
  readonly player: string;
  readonly used: number;
  readonly since?: number;
};

/**
 * The rules' state of a `rooms` game. Players are listed in joining order, which is the turn order. A ruleset
 * built on this one (rooms+quests) extends it with fields of its own; the host's folds keep them.
 */
export interface RoomsState {
  readonly map: RoomsMap;
  readonly actionsPerTurn: number;
  /** H11: whole ndays the Administrator waits for the active player; absent, a turn has no deadline. */
  readonly turnDeadline?: number;
  readonly places: readonly Place[];
  readonly tokens: readonly Token[];
  readonly nextToken: number;
  /** The turn in progress, or null before the first player joins and between one turn's end and the next. */
  readonly turn: Turn | null;
}

// The host's events, each declared once: the folds (Folds), the texts (Texts) and the emits read them typed.
export interface PlayerPlaced extends GameEvent {
  type: 'player-placed';
  player: string;
  room: string;
}
/** H12: a player the Administrator removed leaves the map; the tokens e carried stay in eir room. */
export interface LeftMap extends GameEvent {
  type: 'left-map';
  player: string;
  room: string;
  tokens: { id: number; name: string }[];
}
export interface Moved extends GameEvent {
  type: 'moved';
  player: string;
  from: string;
  to: string;
}
export interface TokenPlaced extends GameEvent {
  type: 'token-placed';
  token: number;
  name: string;
  room: string;
}
export interface PickedUp extends GameEvent {
  type: 'picked-up';
  player: string;
  token: number;
  name: string;
  room: string;
}
export interface Dropped extends GameEvent {
  type: 'dropped';
  player: string;
  token: number;
  name: string;
  room: string;
}
export interface TurnBegan extends GameEvent {
  type: 'turn-began';
  player: string;
  turn: number;
  actions: number;
}
export interface TurnEnded extends GameEvent {
  type: 'turn-ended';
  player: string;
  turn: number;
  /** Who ended it: the player, the Administrator for a player who has gone quiet, or the deadline (H11). */
  by: 'player' | 'admin' | 'deadline';
}

/** Every event the host's rules emit: what a rooms module's ctx.emit accepts (issue 28 item 5). */
export type RoomsEvent =
  PlayerPlaced | LeftMap | Moved | TokenPlaced | PickedUp | Dropped | TurnBegan | TurnEnded;

/**
 * The decision a host rule is given, for any state that extends the host's (rooms+quests adds its own): it
 * reads S, refuses with the host's codes and emits the host's events. A ruleset built on rooms hands its own,
 * wider decision (more codes, more events) to these rules, which use only what they declare.
 */
export type RoomsCtx<S extends RoomsState = RoomsState> = Decision<S, RoomsErrorCode, RoomsEvent>;
