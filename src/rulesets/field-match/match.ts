// A validated Field Match: the definition with every name resolved ("same as Teams" becomes Team's range),
// every cross-reference checked, and the lookups the engine needs. Made only by compileMatch (compile.ts).
import type { ParameterSet } from '../../core/index.js';
import type { Comparison, Condition, Operand, Value } from './definition.js';

import type { ConditionCode } from './errors.js';

export type { Comparison, Condition, Operand, Value };

export const ADJACENCIES = ['orthogonal', 'diagonal'] as const;
/** 'orthogonal': the four squares sharing a side; 'diagonal': those and the four sharing only a corner. */
export type Adjacency = (typeof ADJACENCIES)[number];

/** What an attribute belongs to. */
export type Scope =
  | { readonly kind: 'players' }
  | { readonly kind: 'field' }
  | { readonly kind: 'object'; readonly object: string };

/**
 * A list of values. On a Field Object each value is stored as a one-byte code: null is 0, the other values
 * 1, 2, ... in the order the range lists them.
 */
export interface EnumRange {
  readonly kind: 'enum';
  /** As written, null included. */
  readonly values: readonly Value[];
  /** The values other than null, in order: code k + 1 is nonNull[k]. */
  readonly nonNull: readonly (string | number)[];
  readonly nullable: boolean;
}

/** Whole numbers from min to max (and null if nullable). On a Field Object: a Float64Array, NaN for null. */
export interface IntRange {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
  readonly nullable: boolean;
}

export type Range = EnumRange | IntRange;

export interface AttributeSpec {
  readonly name: string;
  readonly scope: Scope;
  readonly range: Range;
  readonly default: Value;
  readonly text: string;
}

export interface ObjectSpec {
  readonly name: string;
  readonly plural: string;
  /** The attribute the drawn field shows, with the symbol of each value ("null" for null). */
  readonly display: { readonly attribute: string; readonly symbols: Readonly<Record<string, string>> } | null;
  /** Its attributes, in definition order. */
  readonly attributes: readonly AttributeSpec[];
  readonly text: string;
}

/** What an invocation is about: the Field itself, a Player, or the object on a square. */
export type Attachment =
  | { readonly kind: 'field' }
  | { readonly kind: 'players' }
  | { readonly kind: 'object'; readonly object: string };

export interface RequirementSpec {
  readonly test: Condition;
  readonly code: ConditionCode;
  readonly fails: string;
}

export interface ActionSpec {
  readonly name: string;
  readonly verb: string;
  readonly attachedTo: Attachment;
  readonly trigger: {
    readonly by: 'Referee' | 'Player';
    readonly perNweek: number | null;
    readonly after: readonly string[];
    readonly when: readonly RequirementSpec[];
  };
  readonly effect: string;
  readonly summary: string;
  readonly text: string;
}

/** A validated Field Match. */
export interface Match {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly field: {
    readonly width: number;
    readonly height: number;
    readonly adjacency: Adjacency;
    readonly text: string;
  };
  readonly attributes: readonly AttributeSpec[];
  readonly objects: readonly ObjectSpec[];
  readonly actions: readonly ActionSpec[];
  readonly text: string;
  /**
   * Issue 24 (ruling PL1): the numbers and named choices of the match's own text, declared by the match (Life's
   * parameters.ts) and handed to fieldMatch; its transforms and effects read the values in force.
   */
  readonly parameters?: ParameterSet;
  /** PL6: for an action whose "once per nweek" is one of those parameters, the parameter's name, by action. */
  readonly perNweekParameters?: Readonly<Record<string, string>>;
}

/** The attribute of that name; throws if there is none (a definition that compiled has them all). */
export function attributeOf(match: Match, name: string): AttributeSpec {
  const a = match.attributes.find((x) => x.name === name);
  if (!a) throw new Error(`${match.name} has no attribute ${name}`);
  return a;
}

export function objectOf(match: Match, name: string): ObjectSpec {
  const o = match.objects.find((x) => x.name === name);
  if (!o) throw new Error(`${match.name} has no Field Object ${name}`);
  return o;
}

export const playerAttributes = (match: Match): readonly AttributeSpec[] =>
  match.attributes.filter((a) => a.scope.kind === 'players');
export const fieldAttributes = (match: Match): readonly AttributeSpec[] =>
  match.attributes.filter((a) => a.scope.kind === 'field');

/** Whether a value is in a range. */
export function inRange(range: Range, value: Value): boolean {
  if (value === null) return range.nullable;
  if (range.kind === 'enum') return range.values.includes(value);
  return typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;
}

/** A range as the text would write it: "Red, Green, Blue, null" or "0 to 9". */
export function rangeText(range: Range): string {
  if (range.kind === 'enum') return range.values.map((v) => (v === null ? 'null' : String(v))).join(', ');
  return `${range.min} to ${range.max}${range.nullable ? ', or null' : ''}`;
}

/** A value as the log writes it. */
export const valueText = (v: Value): string => (v === null ? 'null' : String(v));
