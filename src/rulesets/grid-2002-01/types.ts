import type { Decision, GameEvent, Roll, RuleModule } from '../../core/index.js';
import type { GridErrorCode } from './errors.js';

/** A unit of the Grid as [x, y]; (1,1) is the lower left. */
export type Unit = readonly [number, number];

export const THING_KINDS = ['shiny', 'scary'] as const;
/** Shiny Things award 25 points, Scary Dark Things take 25. */
export type ThingKind = (typeof THING_KINDS)[number];

/** A Shiny Thing or Scary Dark Thing, numbered 1..5 within its kind. Its unit is never shown to a player. */
export interface Thing {
  readonly kind: ThingKind;
  readonly n: number;
  readonly at: Unit;
}

/** A move announced this nweek, waiting for the end of the nweek. Withdrawn when the player leaves. */
export interface Announcement {
  readonly player: string;
  readonly to: Unit;
  readonly withdrawn?: true;
}

/** A player on the Grid and eir unit. */
export interface Placed {
  readonly player: string;
  readonly at: Unit;
}

/**
 * The state of The Grid (January 2002). A player absent from `positions` is in Limbo. Positions are a list
 * (in order of entering) rather than a record keyed by name: copying a list on every move is ten times
 * cheaper than copying a record of names (docs/benchmarks.md); read it through positionOf and friends.
 */
export interface GridState {
  readonly positions: readonly Placed[];
  readonly things: readonly Thing[];
  /** This nweek's announcements in the order announced (emptied when the nweek's moves are made). */
  readonly announced: readonly Announcement[];
}

export interface ThingPlaced extends GameEvent {
  type: 'thing-placed';
  vis: 'admin';
  kind: ThingKind;
  n: number;
  at: Unit;
  rolls: readonly Roll[];
}
export interface Entered extends GameEvent {
  type: 'entered';
  player: string;
  at: Unit;
}
export interface Left extends GameEvent {
  type: 'left';
  player: string;
  from: Unit;
}
export interface MoveAnnounced extends GameEvent {
  type: 'move-announced';
  player: string;
  to: Unit;
}
export interface Moved extends GameEvent {
  type: 'moved';
  player: string;
  from: Unit;
  to: Unit;
}
export interface MoveFailed extends GameEvent {
  type: 'move-failed';
  player: string;
  to: Unit;
  reason: string;
}
export interface MovesMade extends GameEvent {
  type: 'moves-made';
  nweek: number;
}
export interface ThingFound extends GameEvent {
  type: 'thing-found';
  player: string;
  kind: ThingKind;
  at: Unit;
}
export interface ThingTeleported extends GameEvent {
  type: 'thing-teleported';
  vis: 'admin';
  kind: ThingKind;
  n: number;
  from: Unit;
  to: Unit;
  rolls: readonly Roll[];
}

/**
 * P8: when an amendment shrinks the Grid, every Thing is rolled a fresh secret location (all the rolls here, in
 * the Things' order, so their number says nothing of where the Things were); those beyond the Grid move.
 */
export interface ThingsReplaced extends GameEvent {
  type: 'things-replaced';
  vis: 'admin';
  size: number;
  moved: readonly { readonly kind: ThingKind; readonly n: number; readonly from: Unit; readonly to: Unit }[];
  rolls: readonly Roll[];
}

/**
 * Every event The Grid's rules emit, each declared once above (issue 28 item 5): its modules are GridModules, so
 * `ctx.emit` of a shape not listed here is a type error. The June Grid's union (grid-2002-06/events.ts) includes
 * the ones it reuses.
 */
export type GridEvent =
  | ThingPlaced
  | ThingFound
  | ThingTeleported
  | ThingsReplaced
  | Entered
  | Left
  | MoveAnnounced
  | Moved
  | MoveFailed
  | MovesMade;

/** A decision of The Grid's rules: its state, its error codes, and the events it may emit. */
export type GridCtx = Decision<GridState, GridErrorCode, GridEvent>;

/** A module of The Grid (a section of its text), held to its error codes and events. */
export type GridModule = RuleModule<GridState, GridErrorCode, GridEvent>;
