// The state of The Grid as amended in June 2002 (seeds/000_e22677692262c4ad.txt, "Neatening Up: The Grid").
// Everything that can occupy a square is a Grid Object (A.2), players included: one list of objects, each
// with a kind and a place, so that carrying, throwing, Falling and Toads work the same for every object.
import type { GameEvent, Roll } from '../../core/index.js';
import type {
  MoveAnnounced as JanuaryMoveAnnounced,
  MoveFailed as JanuaryMoveFailed,
} from '../grid-2002-01/types.js';
import type { DEState } from './de-state.js';
import type { FGState } from './fg-state.js';
import type { GridObject, Place, Unit } from './grid-object.js';

// Grid Objects and squares are named in grid-object.ts; read from here as before.
export type { Unit, Kind, Place, Flight, GridObject } from './grid-object.js';
export { KINDS, HIDDEN_KINDS } from './grid-object.js';

/** What the rules keep about a player beside eir body on the Grid. */
export type PlayerFacts = {
  readonly female: boolean;
  readonly cheerleader: boolean;
  readonly football: boolean;
  /** B.2: the nweek of eir last move announcement. */
  readonly movedInNweek: number | null;
};

/** A.3: Substance and Depth, Wet or Frozen. Squares not listed are Turf, Depth 0, neither Wet nor Frozen. */
export type Square = {
  readonly substance: string;
  readonly depth: number;
  readonly wet: boolean;
  readonly frozen: boolean;
};

export interface JuneState {
  readonly objects: readonly GridObject[];
  readonly players: Readonly<Record<string, PlayerFacts>>;
  /** Squares that differ from the default, by "x,y". */
  readonly squares: Readonly<Record<string, Square>>;
  /** Degrees Celsius, set by the Administrator (the text leans on a temperature it never defines). */
  readonly temperature: number;
  /** D: "n is the 5th Gremlin..." - cut off; the Administrator sets it. */
  readonly n: number;
  /**
   * For numbering new objects: how many objects of kinds everyone sees have been made (R-J30: from edition 2
   * a public id counts only public objects; before it, this counted hidden ones too).
   */
  readonly made: number;
  /** For numbering new hidden objects (Bonus Boxes), from edition 2 (R-J30). */
  readonly hiddenMade?: number;
  /** Sections D, E, F.1 and F.4 keep their state here (de-state.ts). */
  readonly de: DEState;
  /** Sections F.2, F.3 and G keep their state here (fg-state.ts). */
  readonly fg: FGState;
  /** B.4: players who have declared they will catch an object, by object id. */
  readonly catching: readonly { readonly player: string; readonly object: string }[];
  /** Moves announced under the January text and not yet made when the game was amended (R-J8). */
  readonly inherited: readonly { readonly player: string; readonly to: Unit }[];
}

export interface ObjectPlaced extends GameEvent {
  type: 'object-placed';
  object: GridObject;
}
export interface ObjectMoved extends GameEvent {
  type: 'object-moved';
  id: string;
  to: Place;
  why: string;
}
export interface ObjectRemoved extends GameEvent {
  type: 'object-removed';
  id: string;
  why: string;
}
export interface SquareChanged extends GameEvent {
  type: 'square-changed';
  at: Unit;
  square: Square;
  why: string;
}
export interface TemperatureSet extends GameEvent {
  type: 'temperature-set';
  degrees: number;
}
export interface PlayerFactsSet extends GameEvent {
  type: 'player-facts-set';
  player: string;
  facts: PlayerFacts;
}
export interface RollsMade extends GameEvent {
  rolls: readonly Roll[];
}
export interface Burned extends GameEvent {
  type: 'burned';
  player: string;
  at: Unit;
  rolls: readonly Roll[];
}
/** B.2: the January text's announcement (grid-2002-01), now with the nweek it counts for ("Once per nweek"). */
export interface MoveAnnounced extends JanuaryMoveAnnounced {
  type: 'move-announced';
  nweek: number;
}
/** B.2: a Move that cannot be made fails and the player stays: the January text's own event (grid-2002-01), reused. */
export type MoveFailed = JanuaryMoveFailed;
export interface GremlinNSet extends GameEvent {
  type: 'gremlin-n-set';
  n: number;
}
export interface CatchDeclared extends GameEvent {
  type: 'catch-declared';
  player: string;
  object: string;
}
export interface Hit extends GameEvent {
  type: 'hit';
  player: string;
  object: string;
  rolls: readonly Roll[];
}
export interface LandingChosen extends GameEvent {
  type: 'landing-chosen';
  id: string;
  at: Unit;
  rolls: readonly Roll[];
}
/** The amendment from the January text (R-J8): its Things leave, and its moves still waiting are made. */
export interface ThingsGone extends GameEvent {
  type: 'things-gone';
  count: number;
}
export interface InheritedMovesMade extends GameEvent {
  type: 'inherited-moves-made';
}

// The events of each section declared here, as the section files hold them to (Folds, Texts: issue 28 item 5).
/** A.2 Grid Objects (objects.ts): an object appears, moves (whatever moved it), or is gone. */
export type ObjectEvent = ObjectPlaced | ObjectMoved | ObjectRemoved;
/** A.3 Grid Squares (squares.ts; a player Burned as e enters Fire: entering.ts). */
export type SquareEvent = TemperatureSet | SquareChanged | Burned;
/** B.2 Movement (players.ts). */
export type PlayersEvent = MoveAnnounced | MoveFailed;
/** B.4 Throwing (throwing.ts). */
export type ThrowingEvent = CatchDeclared | Hit | LandingChosen;
/** The Administrator's controls (controls.ts). */
export type ControlsEvent = PlayerFactsSet | GremlinNSet;
/** The amendment of r301 (index.ts). */
export type AmendmentEvent = ThingsGone | InheritedMovesMade;

/** Reads a record by an own key only (a player named "constructor" must not find Object.prototype's). */
export const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
