// Evaluating a Trigger's conditions against the game, and filling in the sentence a refusal gives.
import type { Condition, Match, Operand, Value } from './match.js';
import { valueText } from './match.js';
import type { FieldState } from './state.js';
import { fieldValue, layerOf, objectValue, playerValue, squareText } from './state.js';
import type { Target } from './effects.js';

/** Who invokes, and on what: what a condition's operands refer to. */
export interface Invocation {
  readonly match: Match;
  readonly state: FieldState;
  readonly invoker: string | null;
  readonly target: Target;
}

function operand(o: Operand, inv: Invocation): Value {
  if ('value' in o) return o.value;
  if ('field' in o) return fieldValue(inv.state, o.field);
  if ('invoker' in o)
    return inv.invoker === null ? null : playerValue(inv.match, inv.state, inv.invoker, o.invoker);
  const t = inv.target;
  if (t.kind === 'player') return playerValue(inv.match, inv.state, t.name, o.target);
  if (t.kind === 'object') return objectValue(inv.match, inv.state, t.object, t.at, o.target);
  return null;
}

const numeric = (a: Value, b: Value, test: (x: number, y: number) => boolean): boolean =>
  typeof a === 'number' && typeof b === 'number' && test(a, b);

/** Whether a condition holds. Ordering comparisons with a null side are false. */
export function holds(c: Condition, inv: Invocation): boolean {
  if ('all' in c) return c.all.every((x) => holds(x, inv));
  if ('any' in c) return c.any.some((x) => holds(x, inv));
  if ('not' in c) return !holds(c.not, inv);
  if ('exists' in c) return layerOf(inv.state, c.exists).count > 0;
  if ('none' in c) return layerOf(inv.state, c.none).count === 0;
  if ('eq' in c) return operand(c.eq[0], inv) === operand(c.eq[1], inv);
  if ('ne' in c) return operand(c.ne[0], inv) !== operand(c.ne[1], inv);
  if ('lt' in c) return numeric(operand(c.lt[0], inv), operand(c.lt[1], inv), (x, y) => x < y);
  if ('le' in c) return numeric(operand(c.le[0], inv), operand(c.le[1], inv), (x, y) => x <= y);
  if ('gt' in c) return numeric(operand(c.gt[0], inv), operand(c.gt[1], inv), (x, y) => x > y);
  return numeric(operand(c.ge[0], inv), operand(c.ge[1], inv), (x, y) => x >= y);
}

/** The target in words: "the Cell at (2,3)", "bob", "the Field". */
export function targetText(t: Target): string {
  if (t.kind === 'object') return `the ${t.object} at ${squareText(t.at)}`;
  if (t.kind === 'player') return t.name;
  return 'the Field';
}

/** A refusal's sentence with {target}, {invoker}, {target.Attr}, {invoker.Attr}, {field.Attr} filled in. */
export function fillIn(text: string, inv: Invocation): string {
  return text.replace(
    /\{(target|invoker|field)(?:\.([A-Za-z][A-Za-z0-9]*))?\}/g,
    (whole, role: string, attr?: string) => {
      if (attr === undefined) {
        if (role === 'target') return targetText(inv.target);
        if (role === 'invoker') return inv.invoker ?? 'the Referee';
        return 'the Field';
      }
      const o: Operand =
        role === 'target' ? { target: attr } : role === 'invoker' ? { invoker: attr } : { field: attr };
      try {
        return valueText(operand(o, inv));
      } catch {
        return whole;
      }
    },
  );
}
