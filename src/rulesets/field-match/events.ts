// The events of every Field Match. Each is plain JSON that says what it did in the match's own words (the
// object, the attribute, the values), so its sentence needs nothing but the event, and the rolls that
// decided it ride inside it, posted to everyone: nothing in a Field Match is hidden.
import type { Decision, GameEvent, JsonObject, Texts } from '../../core/index.js';
import type { FieldErrorCode } from './errors.js';
import type { FieldState } from './state.js';
import type { Value } from './match.js';
import { valueText } from './match.js';
import type { Square } from './state.js';
import { squareText } from './state.js';

/** Why a change happened: the action, and the step of its Effect if the text numbers them. */
interface Because {
  readonly action: string;
  readonly step?: string;
}

/** An action's Trigger was met and the invocation is performed; the changes it makes follow. */
export interface ActionInvoked extends GameEvent {
  readonly type: 'field-action-invoked';
  readonly action: string;
  /** The invoking player; null for the Referee. */
  readonly by: string | null;
  /** The object's square, the player, or null for the Field. */
  readonly target: Square | string | null;
  /** The target in words ("the Cell at (2,3)", "bob", "the Field"). */
  readonly about: string;
}

/** One object put on a square, with its attributes. */
export type Placement = {
  readonly at: Square;
  readonly values: { readonly [attr: string]: Value };
};

/** Objects of one kind are placed on the Field (one event for all an Effect places at once). */
export interface ObjectsPlaced extends GameEvent, Because {
  readonly type: 'field-objects-placed';
  readonly object: string;
  /** How the text names several of them ("Cells"). */
  readonly plural: string;
  readonly placed: readonly Placement[];
}

export interface ObjectRemoved extends GameEvent, Because {
  readonly type: 'field-object-removed';
  readonly object: string;
  readonly at: Square;
}

/**
 * Which attribute of what changes, and from what to what: a player's (named), the Field's, or the object's on a
 * square (its kind and square). The scope says which of the three, and so which fields the change carries.
 */
export type Change = (
  | { readonly scope: 'player'; readonly player: string }
  | { readonly scope: 'field' }
  | { readonly scope: 'object'; readonly object: string; readonly at: Square }
) & {
  readonly attribute: string;
  readonly from: Value;
  readonly to: Value;
};

/** One attribute of a player, of the Field, or of the object on a square, changes. */
export type AttributeSet = GameEvent & Because & Change & { readonly type: 'field-attribute-set' };

/**
 * A registered transform (a pure rule over the whole field, such as Life's births and deaths) was applied.
 * The fold applies it again from the state before; `summary` and `text` say what it did.
 */
export interface Transformed extends GameEvent, Because {
  readonly type: 'field-transformed';
  readonly transform: string;
  readonly summary: JsonObject;
  readonly text: string;
}

/** Every event a Field Match's rules emit, whatever the match (issue 28 item 5). */
export type FieldMatchEvent = ActionInvoked | ObjectsPlaced | ObjectRemoved | AttributeSet | Transformed;

/**
 * The decision a Field Match's rules are given: they refuse with the framework's codes and the match's own,
 * and emit only the framework's events (an Effect changes the match only through EffectContext's verbs).
 */
export type FieldMatchCtx = Decision<FieldState, FieldErrorCode, FieldMatchEvent>;

export const FIELD_EVENT_TYPES = [
  'field-action-invoked',
  'field-objects-placed',
  'field-object-removed',
  'field-attribute-set',
  'field-transformed',
] as const satisfies readonly FieldMatchEvent['type'][];

const because = (e: Because): string => ` (${e.action}${e.step ? `, step ${e.step}` : ''})`;
const atRandom = (e: FieldMatchEvent): string => (e.rolls && e.rolls.length > 0 ? ', chosen at random' : '');
const listValues = (values: { readonly [attr: string]: Value }): string =>
  Object.entries(values)
    .map(([k, v]) => `${k} ${valueText(v)}`)
    .join(', ');

/** The subject of an attribute change in words. */
export function subjectOf(e: AttributeSet): string {
  if (e.scope === 'player') return `${e.player}'s`;
  if (e.scope === 'field') return "The Field's";
  return `The ${e.object} at ${squareText(e.at)}:`;
}

export const describeFieldEvents = {
  'field-action-invoked': (e) =>
    `${e.by ?? 'The Referee'} ${e.by === null ? 'performs' : 'invokes'} ${e.action}${e.target === null ? '' : ` on ${e.about}`}.`,
  'field-objects-placed': (e) => {
    const one = (p: Placement) =>
      `${squareText(p.at)}${Object.keys(p.values).length ? ` ${listValues(p.values)}` : ''}`;
    const first = e.placed[0];
    if (e.placed.length === 1 && first)
      return `A ${e.object} is placed at ${squareText(first.at)}${Object.keys(first.values).length ? ` with ${listValues(first.values)}` : ''}${atRandom(e)}${because(e)}.`;
    return `${e.placed.length} ${e.plural} are placed${atRandom(e)}${because(e)}: ${e.placed.map(one).join('; ')}.`;
  },
  'field-object-removed': (e) => `The ${e.object} at ${squareText(e.at)} is removed${because(e)}.`,
  'field-attribute-set': (e) =>
    `${subjectOf(e)} ${e.attribute} ${e.from === e.to ? 'stays' : `changes from ${valueText(e.from)} to`} ${valueText(e.to)}${atRandom(e)}${because(e)}.`,
  'field-transformed': (e) => `${e.text}${because(e)}.`,
} satisfies Texts<FieldMatchEvent>;

/** A square as JSON (events and views carry plain arrays). */
export const squareJson = (at: Square): [number, number] => [at[0], at[1]];
