// Issue 24: the numbers and named choices a rule text states, declared as parameters the nomic may amend. Each
// ruleset declares its own in one place (Ruleset.parameters); the game's state keeps the values in force only
// once an amendment has changed one (absent: every value is the text's), so a game made before reads its old
// values and replays unchanged. Rule code reads a value through inForce (one property read, no parsing).
import type { Json } from './json.js';
import type { GameState } from './state.js';
import { parseDice } from './dice/notation.js';
import type { DiceSpec } from './dice/notation.js';
import { Rejection } from './errors.js';

/** What values a parameter may take. */
export type ParameterType =
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  /** A dice expression (core/dice/notation.ts); `check` says what else the rule needs of it (two dice…). */
  | { readonly kind: 'dice'; readonly check?: (spec: DiceSpec) => string | null }
  | { readonly kind: 'choice'; readonly values: readonly string[] }
  /** A list of whole numbers each within a range, or of named values. */
  | {
      readonly kind: 'list';
      readonly of: { readonly min: number; readonly max: number } | readonly string[];
    };

/** A parameter's value: a whole number, a dice expression or named value, or a list. */
export type ParameterValue = number | string | readonly (number | string)[];

/** One number or named choice of a text. */
export interface Parameter {
  /** Its name in the rule's own words ("Grid size", "Shiny Thing points"). */
  readonly name: string;
  /** The section of the text it comes from. */
  readonly section: string;
  /** The sentence that states it, quoted. */
  readonly sentence: string;
  readonly type: ParameterType;
  /** The value the text gives. */
  readonly text: ParameterValue;
}

/** A ruleset's parameters, declared once, with the text's values as one record and a look-up by name. */
export interface ParameterSet {
  readonly list: readonly Parameter[];
  /** Every parameter's text value by name: what inForce reads for a game never amended. */
  readonly text: Readonly<Record<string, ParameterValue>>;
  /** A name as a person may type it (any case; '-' or '_' for a space) to the parameter. */
  named(name: string): Parameter | undefined;
}

/** A name as compared: lower case, dashes and underscores as spaces, runs of space as one. */
export const parameterKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[-_\s]+/g, ' ')
    .trim();

export function defineParameters(list: readonly Parameter[]): ParameterSet {
  const byKey = new Map(list.map((p) => [parameterKey(p.name), p]));
  if (byKey.size !== list.length) throw new Error('two parameters share a name');
  for (const p of list) {
    const why = valueProblem(p, p.text);
    if (why !== null) throw new Error(`${p.name}: the text's own value does not fit its type: ${why}`);
  }
  return {
    list,
    text: Object.freeze(Object.fromEntries(list.map((p) => [p.name, p.text]))),
    named: (name) => byKey.get(parameterKey(name)),
  };
}

/**
 * The values in force in a game, by name: the text's until an amendment took effect. The hot path: one
 * property read. `set` is the game's ruleset's (a ruleset amended into another leaves no values behind).
 */
export const inForce = (game: GameState, set: ParameterSet): Readonly<Record<string, ParameterValue>> =>
  game.params?.values ?? set.text;

/** What the type allows, as a phrase ("a whole number from 2 to 63"). */
export function typeText(type: ParameterType): string {
  switch (type.kind) {
    case 'integer':
      return `a whole number from ${type.min} to ${type.max}`;
    case 'dice':
      return 'a dice expression (such as 2d20 or 10+5d3)';
    case 'choice':
      return `one of ${type.values.join(', ')}`;
    case 'list':
      return Array.isArray(type.of)
        ? `a list of ${(type.of as readonly string[]).join(', ')}`
        : `a list of whole numbers from ${(type.of as { min: number }).min} to ${(type.of as { max: number }).max}`;
  }
}

/** A value as written in a table or a sentence. */
export const valueText = (value: ParameterValue): string =>
  Array.isArray(value) ? (value as readonly (number | string)[]).join(', ') : String(value);

const WHOLE = /^-?\d+$/;

/**
 * A value as given (by the command line: always a string; by the API: a number or a list) read into the
 * parameter's type, or the sentence saying why it does not fit.
 */
export function readValue(p: Parameter, raw: Json): { value: ParameterValue } | { problem: string } {
  const t = p.type;
  let value: ParameterValue;
  if (t.kind === 'integer') {
    if (typeof raw === 'string' && WHOLE.test(raw.trim())) value = Number(raw.trim());
    else if (typeof raw === 'number') value = raw;
    else return { problem: `${p.name} is ${typeText(t)}, not ${JSON.stringify(raw)}` };
  } else if (t.kind === 'list') {
    const items = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
    if (!Array.isArray(items)) return { problem: `${p.name} is ${typeText(t)}` };
    const numeric = !Array.isArray(t.of);
    const out: (number | string)[] = [];
    for (const item of items) {
      if (numeric && typeof item === 'string' && WHOLE.test(item)) out.push(Number(item));
      else if (typeof item === 'number' || typeof item === 'string') out.push(item);
      else return { problem: `${p.name} is ${typeText(t)}` };
    }
    value = out;
  } else if (typeof raw === 'string') value = raw.trim();
  else return { problem: `${p.name} is ${typeText(t)}, not ${JSON.stringify(raw)}` };
  const problem = valueProblem(p, value);
  return problem === null ? { value } : { problem };
}

/** Why a value does not fit its parameter's type, or null. */
export function valueProblem(p: Parameter, value: ParameterValue): string | null {
  const t = p.type;
  switch (t.kind) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= t.min && value <= t.max
        ? null
        : `${p.name} is ${typeText(t)}, not ${valueText(value)}`;
    case 'dice': {
      if (typeof value !== 'string') return `${p.name} is ${typeText(t)}`;
      let spec: DiceSpec;
      try {
        spec = parseDice(value);
      } catch (e) {
        const why = e instanceof Rejection ? e.error.message : String(e);
        return `${p.name} is ${typeText(t)}; "${value}" does not parse: ${why}`;
      }
      const more = t.check?.(spec) ?? null;
      return more === null ? null : `${p.name}: ${more}`;
    }
    case 'choice':
      return typeof value === 'string' && t.values.includes(value)
        ? null
        : `${p.name} is ${typeText(t)}, not ${valueText(value)}`;
    case 'list': {
      if (!Array.isArray(value)) return `${p.name} is ${typeText(t)}`;
      for (const item of value as readonly (number | string)[]) {
        const fits = Array.isArray(t.of)
          ? typeof item === 'string' && (t.of as readonly string[]).includes(item)
          : typeof item === 'number' &&
            Number.isInteger(item) &&
            item >= (t.of as { min: number }).min &&
            item <= (t.of as { max: number }).max;
        if (!fits) return `${p.name} is ${typeText(t)}; ${String(item)} is not`;
      }
      return null;
    }
  }
}
