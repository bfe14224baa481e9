// The events of sections D (Elbonian Airways), E (Big Rocks, Sirens, Siren Bait, the Yeti), F.1 (Toads) and F.4
// (Balls of Wax), each declared once (issue 28 item 5): the section files' folds, texts and emits read them typed.
// Kept apart from the section files, as their state is in de-state.ts, so that the ruleset's union of events
// (events.ts), which every section file names, ties no file to another even by a type-only import cycle.
import type { GameEvent, Roll } from '../../core/index.js';
import type { Unit } from './grid-object.js';
import type { DEState } from './de-state.js';

// D Elbonian Airways (de-elbonian.ts).
export interface ThrownElbonia extends GameEvent {
  readonly type: 'thrown-elbonia';
  readonly id: string;
  readonly at: Unit;
  readonly to: Unit;
  readonly rolls: readonly Roll[];
}
export interface Fell extends GameEvent {
  readonly type: 'fell';
  /** The object that Falls Off the Edge (a player's own object for a player). */
  readonly id: string;
  /** Set when it falls again from where it came down (no roll). */
  readonly again?: boolean;
}
export interface LandedLegally extends GameEvent {
  readonly type: 'landed-legally';
  readonly player: string;
}
export type ElbonianEvent = ThrownElbonia | Fell | LandedLegally;

// E.1 Big Rocks (and E.2.1 Siren creation) (de-big-rocks.ts).
export interface RockPriced extends GameEvent {
  readonly type: 'rock-priced';
  readonly player: string;
  /** The roll's total, 5+5d3 (or 10+5d3 for a chosen square). */
  readonly cost: number;
  readonly rolls: readonly Roll[];
}
export interface RockNotBought extends GameEvent {
  readonly type: 'rock-not-bought';
  readonly player: string;
  readonly reason: string;
  readonly loss: number;
}
/** A Big Rock's square: drawn (in secret), chosen, where one crushes another, or has no Siren. */
export interface AtSquare<T extends string> extends GameEvent {
  readonly type: T;
  readonly at: Unit;
}
export interface RockPlaced extends GameEvent {
  readonly type: 'rock-placed';
  readonly at: Unit;
  readonly why: string;
}
/** A Siren on a Big Rock (also when one comes for Siren Bait: de-bait.ts). */
export interface SirenAppears extends GameEvent {
  readonly type: 'siren-appears';
  readonly name: string;
  readonly at: Unit;
}
export type RockEvent =
  | RockPriced
  | RockNotBought
  | AtSquare<'rock-square-drawn'>
  | AtSquare<'rock-square-chosen'>
  | AtSquare<'rocks-crushed'>
  | AtSquare<'no-siren'>
  | RockPlaced
  | SirenAppears;

// E.2 Sirens (de-sirens.ts).
export interface MadeLove extends GameEvent {
  readonly type: 'made-love';
  readonly player: string;
  readonly siren: string;
  readonly rolls: readonly Roll[];
}
export interface ZoeCounted extends GameEvent {
  readonly type: 'zoe-counted';
  /** Who lingers in which Siren's ZOE, and for how many nweeks. */
  readonly zoe: DEState['zoe'];
}
export interface SirenFreeEnds extends GameEvent {
  readonly type: 'siren-free-ends';
  readonly player: string;
  /** The Sirens e is still free of. */
  readonly freed: readonly string[];
}
export interface ZatrNow extends GameEvent {
  readonly type: 'zatr-now';
  readonly player: string;
  readonly sirens: readonly string[];
}
export interface ZatrRoll extends GameEvent {
  readonly type: 'zatr-roll';
  readonly player: string;
  /** The Siren's name. */
  readonly siren: string;
  readonly rolls: readonly Roll[];
}
export interface SirenFree extends GameEvent {
  readonly type: 'siren-free';
  readonly player: string;
  /** The Siren's object id. */
  readonly siren: string;
}
export type SirenEvent = MadeLove | ZoeCounted | SirenFreeEnds | ZatrNow | ZatrRoll | SirenFree;

// E.2.4 Bait (de-bait.ts).
export interface BaitPlaced extends GameEvent {
  readonly type: 'bait-placed';
  readonly bait: string;
  readonly rock: string;
  readonly placedIn: number;
  readonly ruinAfter: number;
}
export interface BaitRoll extends GameEvent {
  readonly type: 'bait-roll';
  readonly bait: string;
  readonly taken: boolean;
  readonly rolls: readonly Roll[];
}
export interface BaitAttempt extends GameEvent {
  readonly type: 'bait-attempt';
  readonly player: string;
  readonly bait: string;
  readonly taken: boolean;
  readonly rolls: readonly Roll[];
}
export interface BaitBecomesPurse extends GameEvent {
  readonly type: 'bait-becomes-purse';
  readonly id: string;
  readonly player: string;
}
export interface Catfight extends GameEvent {
  readonly type: 'catfight';
  readonly player: string;
  readonly siren: string;
  readonly rolls: readonly Roll[];
}
export type BaitEvent = BaitPlaced | BaitRoll | BaitAttempt | BaitBecomesPurse | Catfight;

// E.3 The Yeti (de-yeti.ts).
export interface YetiBound extends GameEvent {
  readonly type: 'yeti-bound';
  readonly from: Unit;
  readonly to: Unit;
  readonly rolls: readonly Roll[];
}
export type YetiEvent = YetiBound;

// F.1 Toads (de-toads.ts).
export interface ToadBegins extends GameEvent {
  readonly type: 'toad-begins';
  readonly player: string;
  /** The nweek the player stops being a Toad. */
  readonly until: number;
  readonly why: string;
}
export interface ToadEnds extends GameEvent {
  readonly type: 'toad-ends';
  readonly player: string;
}
export type ToadEvent = ToadBegins | ToadEnds;

// F.4 Balls of Wax (de-wax.ts).
export interface Deaf extends GameEvent {
  readonly type: 'deaf';
  readonly player: string;
  /** The nweek the wax went in; from edition 2 (R-J18) also the nday. */
  readonly since: number;
  readonly nday?: number;
}
export interface DeafZoned extends GameEvent {
  readonly type: 'deaf-zoned';
  readonly player: string;
}
export interface WaxRemoved extends GameEvent {
  readonly type: 'wax-removed';
  readonly player: string;
  readonly why: string;
}
export interface WeeklyBall extends GameEvent {
  readonly type: 'weekly-ball';
  readonly id: string;
  readonly at: Unit;
}
export interface BallWhacked extends GameEvent {
  readonly type: 'ball-whacked';
  readonly player: string;
  readonly object: string;
}
export interface Icky extends GameEvent {
  readonly type: 'icky';
  readonly player: string;
  readonly ndays: number;
}
export interface IckyWanes extends GameEvent {
  readonly type: 'icky-wanes';
  readonly player: string;
  /** The ndays left; 0 ends it. */
  readonly left: number;
}
export type WaxEvent = Deaf | DeafZoned | WaxRemoved | WeeklyBall | BallWhacked | Icky | IckyWanes;

/** Every event of these sections. */
export type DEEvent = ElbonianEvent | RockEvent | SirenEvent | BaitEvent | YetiEvent | ToadEvent | WaxEvent;
