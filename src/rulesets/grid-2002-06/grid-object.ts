// Grid Objects (A.2) and the squares they stand on (A.1): the kinds, where an object is, and which kinds are
// hidden. Kept apart from types.ts, whose JuneState holds the sections' state (de-state.ts, fg-state.ts), so that
// those state files can name objects and squares without even a type-only import cycle (issue 28 item 6).
/** A square as [x, y]; (1,1) lower left, (20,20) upper right (A.1). */
export type Unit = readonly [number, number];

/** The kinds of Grid Object the text defines. */
export const KINDS = [
  'player',
  'big-rock',
  'siren',
  'yeti',
  'big-stick',
  'shield',
  'ball-of-wax',
  'siren-bait',
  'radar-tower',
  'gremlin',
  'bonus-box',
] as const;
export type Kind = (typeof KINDS)[number];

/** Kinds whose place only the Administrator knows (G.1: the admin reveals a Bonus Box only as the rules say). */
export const HIDDEN_KINDS: ReadonlySet<Kind> = new Set<Kind>(['bonus-box']);

/** Where an object is: on a square, in a player's possession (B.3), Airborne (B.4), or - players only - Limbo. */
export type Place =
  | { readonly on: Unit }
  | { readonly heldBy: string }
  | { readonly airborne: Flight }
  | { readonly limbo: true };

/** B.4: "That object is said to be Airborne, and is not considered to be in any Grid location or in Limbo, for two ndays." */
export type Flight = {
  readonly target: Unit;
  /** The thrower, if a player threw it. */
  readonly by: string | null;
  /** nday ends still to pass before it lands. */
  readonly ndaysLeft: number;
};

export type GridObject = {
  /** 'player:alice', 'big-rock:3', 'siren:Ligeia', 'yeti', ... */
  readonly id: string;
  readonly kind: Kind;
  readonly place: Place;
  /** A Siren's name, a Bonus Box's effect, a Ball of Wax that has become Earwax ... */
  readonly name?: string;
  readonly tags?: readonly string[];
};
