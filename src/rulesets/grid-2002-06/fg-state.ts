// The state and events of sections F.2 (the Big Stick), F.3 (the Shield) and G (Radar, Radar Towers, Pinball
// Guns), and of the Bonus Boxes the text leans on. Kept apart from sections-fg.ts so that the section files can
// import it without an import cycle.
import type { GameEvent, Roll } from '../../core/index.js';
import type { GridObject, Unit } from './grid-object.js';

/** G.1: a square where a player's Radar showed em a Bonus Box (never which Box, nor what type of Box it is). */
export type Sighting = {
  readonly at: Unit;
  readonly nweek: number;
};

/** The part of the state these sections keep (JuneState.fg). */
export type FGState = {
  /** F.2: Dizzy players and Gremlins, by object id ('player:alice', 'gremlin:4'), until the nweek ends. */
  readonly dizzy: readonly string[];
  /** F.2: Gremlins Whacked off the Grid (they wait in Limbo), placed again when the nweek ends. */
  readonly knockedOff: readonly string[];
  /** F.2: Gremlins the Administrator has declared not Active (FG-5); every other Gremlin is Active. */
  readonly inactive: readonly string[];
  /** G.1: players whose Radar is not the initial 2. */
  readonly radar: Readonly<Record<string, number>>;
  /** G.1: where each player's Radar has shown em a Bonus Box, oldest first, until a Box there is opened (FG-9). */
  readonly revealed: Readonly<Record<string, readonly Sighting[]>>;
  /** G.3: players who have a Pinball Gun. */
  readonly guns: readonly string[];
};

export const initialFG = (): FGState => ({
  dizzy: [],
  knockedOff: [],
  inactive: [],
  radar: {},
  revealed: {},
  guns: [],
});

/** Replaces part of the F.2-G state. */
export const withFG = <S extends { readonly fg: FGState }>(s: S, fg: Partial<FGState>): S => ({
  ...s,
  fg: { ...s.fg, ...fg },
});

/** F.2/F.3: "If at any time there is no Big Stick [Shield], [it] is placed on a random legal square." */
export interface PlacedAtRandom extends GameEvent {
  type: 'placed-at-random';
  object: GridObject;
  why: string;
  rolls: readonly Roll[];
}
/** F.2: a player administers a Whack with the Big Stick to a player or a Gremlin. */
export interface Whacked extends GameEvent {
  type: 'whacked';
  player: string;
  /** The object id of the one Whacked. */
  target: string;
  stick: string;
}
/** F.2/F.3/G.3: a push of two squares stopped early (the next square could not be entered). */
export interface PushStopped extends GameEvent {
  type: 'push-stopped';
  id: string;
  at: Unit;
  reason: string;
}
/** F.2: a player or a Gremlin becomes Dizzy. */
export interface BecameDizzy extends GameEvent {
  type: 'dizzy';
  id: string;
}
/** F.2: "which lasts until the end of the nweek". */
export interface DizzyEnds extends GameEvent {
  type: 'dizzy-ends';
}
/** F.2: "When a Gremlin receives a Whack, it is knocked off the Grid". */
export interface GremlinKnockedOff extends GameEvent {
  type: 'gremlin-knocked-off';
  id: string;
}
/** F.2: "It is placed on the Grid again on a random legal square at the end of the current nweek". */
export interface GremlinReturns extends GameEvent {
  type: 'gremlin-returns';
  id: string;
  at: Unit;
  rolls: readonly Roll[];
}
/** FG-5: the Administrator says whether a Gremlin is Active. */
export interface GremlinActiveSet extends GameEvent {
  type: 'gremlin-active-set';
  id: string;
  active: boolean;
}
/** F.2: "the Big Stick vanishes from the Player's possession and reappears at a random legal location". */
export interface StickReappears extends GameEvent {
  type: 'big-stick-reappears';
  id: string;
  from: string;
  at: Unit;
  rolls: readonly Roll[];
}
/** F.3: a Whack or a shot at the holder of the Shield is turned back on the one who gave it. */
export interface ShieldReflects extends GameEvent {
  type: 'shield-reflects';
  holder: string;
  attacker: string;
  how: 'whack' | 'shot';
  shield: string;
}
/** G.1: the Administrator sets a player's Radar (FG-10). */
export interface RadarSet extends GameEvent {
  type: 'radar-set';
  player: string;
  radar: number;
}
/** G.1: a player's Radar reveals where a Bonus Box is - to that player alone, and not which Box it is. */
export interface RadarReveal extends GameEvent {
  type: 'radar-reveal';
  player: string;
  at: Unit;
}
/** G.2: a player pays 8 points and Builds a Radar Tower on eir square. */
export interface TowerBuilt extends GameEvent {
  type: 'radar-tower-built';
  player: string;
  at: Unit;
}
/** G.3: "Any player who does not have a Pinball Gun may buy one for 2 points." */
export interface GunBought extends GameEvent {
  type: 'pinball-gun-bought';
  player: string;
}
/** G.3: a player Fires eir Pinball Gun at a consecutive square, and loses it. */
export interface GunFired extends GameEvent {
  type: 'pinball-gun-fired';
  player: string;
  at: Unit;
}
/** FG-13: a player on a Bonus Box's square opens it; its effect is announced and applied (the Box's id is not). */
export interface BonusBoxOpened extends GameEvent {
  type: 'box-opened';
  player: string;
  at: Unit;
  effect: string;
  /** Who gains or loses the points: the player, or a Toad e carries (F.1). */
  bearer: string;
  /** The points gained (positive) or lost (negative), if the effect is one the referee can apply. */
  points: number | null;
}

// The events of each section (issue 28 item 5): the section files' folds and texts are held to them.
/** What placeIfNone and push emit (fg-common.ts), for every section that uses them. */
export type CommonEvent = PlacedAtRandom | PushStopped;
/** F.2 The Big Stick (fg-big-stick.ts). */
export type BigStickEvent =
  Whacked | BecameDizzy | DizzyEnds | GremlinKnockedOff | GremlinReturns | GremlinActiveSet | StickReappears;
/** G.1 Radar (fg-radar.ts). */
export type RadarEvent = RadarSet | RadarReveal;
/** G.3 Pinball Guns (fg-pinball.ts). */
export type PinballEvent = GunBought | GunFired;

/** Every event of these sections (F.3's ShieldReflects, G.2's TowerBuilt, the Bonus Boxes' BonusBoxOpened). */
export type FGEvent =
  CommonEvent | BigStickEvent | ShieldReflects | RadarEvent | TowerBuilt | PinballEvent | BonusBoxOpened;
