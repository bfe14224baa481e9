// What the page offers a viewer to do now, decided only from what eir view already holds (issue 16): which
// commands to show, and the choices the view knows for their fields (objects on my square, rooms next to me,
// my cards). Nothing here may read what the view does not carry, so a form's presence or its choices can never
// tell a viewer a hidden fact; where the view cannot know whether a command would be accepted, it is offered.
import type { GamePayload, Json, JsonObject } from '../api';

/** One value a field may take, and how to say it. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

export interface FieldOffer {
  /** The values the view knows the field may take. */
  readonly choices: readonly Choice[];
  /** Several may be chosen (cards from a hand), sent as one text, separated by spaces. */
  readonly many?: boolean;
  /** The choices are suggestions only: any other text may be typed (an account that is not a player). */
  readonly open?: boolean;
}

export interface CommandOffer {
  /** Fields whose values the view knows, by the field's name. */
  readonly fields?: Readonly<Record<string, FieldOffer>>;
  /** The squares the command's x and y may name, offered as one choice that fills both. */
  readonly squares?: readonly (readonly [number, number])[];
}

/**
 * For each command, by name: false to leave it out (the viewer cannot give it now, as eir view shows), an
 * offer of choices, or nothing (offered as its schema says).
 */
export type Offers = Readonly<Record<string, CommandOffer | false>>;

/** What a ruleset's offers are computed from: the payload the page holds for this viewer. */
export type OffersOf = (payload: GamePayload) => Offers;

// ---- small readers of a view, shared by the rulesets' offers ----

export type XY = readonly [number, number];

export const isObject = (v: Json | undefined): v is JsonObject =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
export const list = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
export const objects = (v: Json | undefined): JsonObject[] => list(v).filter(isObject);
export const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: Json | undefined): number | undefined => (typeof v === 'number' ? v : undefined);
export const isXY = (v: Json | undefined): v is [number, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';

/** The names a view lists, whether as strings or as objects with a name (or a player). */
export const names = (v: Json | undefined): string[] =>
  list(v).flatMap((x) =>
    typeof x === 'string' ? [x] : isObject(x) ? [str(x.name) ?? str(x.player) ?? ''].filter(Boolean) : [],
  );

/** Has the viewer already done what the rules wait for this turn or nweek (the view's public `awaiting`)? */
export function doneAwaited(view: JsonObject, player: string): boolean {
  const a = view.awaiting;
  if (!isObject(a)) return false;
  return objects(a.players).some((p) => p.name === player && p.done === true);
}

export const choice = (value: string, label = value): Choice => ({ value, label });
export const unit = ([x, y]: XY): string => `(${x},${y})`;
