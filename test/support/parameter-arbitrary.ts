// Issue 24: amendments generated from a ruleset's declared parameters alone (their ParameterType), so the same
// property runs for every ruleset that declares parameters: values that fit (most near the text's value, so
// games stay playable), values that do not (out of range, not whole, a dice expression that does not parse, a
// choice not offered, a list with a stranger), unknown names, every kind of start, and repeals.
import fc from 'fast-check';
import type { Json, Parameter, ParameterSet, ParameterType } from '../../src/core/index.js';

/** A value of the type (as the API may send it: a number, a string, a list). */
export function fittingValue(type: ParameterType, text: Json): fc.Arbitrary<Json> {
  switch (type.kind) {
    case 'integer': {
      const near = typeof text === 'number' ? text : type.min;
      return fc.oneof(
        {
          arbitrary: fc.integer({ min: Math.max(type.min, near - 3), max: Math.min(type.max, near + 3) }),
          weight: 4,
        },
        { arbitrary: fc.integer({ min: type.min, max: type.max }), weight: 1 },
        // As the command line and the forum give it: a string of digits.
        { arbitrary: fc.integer({ min: type.min, max: type.max }).map(String), weight: 1 },
      );
    }
    case 'dice':
      return fc.oneof(
        { arbitrary: fc.constant(text), weight: 2 },
        {
          arbitrary: fc
            .tuple(
              fc.integer({ min: 0, max: 12 }),
              fc.integer({ min: 1, max: 5 }),
              fc.integer({ min: 2, max: 20 }),
            )
            .map(([k, n, s]) => (k === 0 ? `${n}d${s}` : `${k}+${n}d${s}`)),
          weight: 3,
        },
      );
    case 'choice':
      return fc.constantFrom(...type.values);
    case 'list':
      return Array.isArray(type.of)
        ? fc.subarray([...(type.of as readonly string[])])
        : fc.array(
            fc.integer({
              min: (type.of as { min: number }).min,
              max: (type.of as { max: number }).max,
            }),
            { maxLength: 6 },
          );
  }
}

/** A value that does not fit the type: amend-rules must refuse it (bad-parameter) and change nothing. */
export function unfittingValue(type: ParameterType): fc.Arbitrary<Json> {
  const strange = fc.constantFrom<Json>(null, true, { a: 1 }, 'twelve', '');
  switch (type.kind) {
    case 'integer':
      return fc.oneof(
        fc.constantFrom<Json>(type.min - 1, type.max + 1, 2.5, '3.5', '1e3'),
        fc.integer({ min: type.max + 1, max: type.max + 1_000_000 }),
        strange,
      );
    case 'dice':
      return fc.oneof(fc.constantFrom<Json>('2d', 'd6', 'x', '1d0', '++', 'd', '3d6+', 12), strange);
    case 'choice':
      return fc.oneof(fc.constantFrom<Json>('none of them', 7), strange);
    case 'list':
      return fc.oneof(
        Array.isArray(type.of)
          ? fc.constant<Json>(['not one of them'])
          : fc.constantFrom<Json>(
              [(type.of as { max: number }).max + 1],
              [(type.of as { min: number }).min - 1],
              [1.5],
            ),
        fc.constant<Json>({ a: 1 }),
      );
  }
}

/** One change: a parameter (or an unknown name) and a value, fitting or not. */
const change = (list: readonly Parameter[]): fc.Arbitrary<[string, Json]> =>
  fc.oneof(
    {
      arbitrary: fc
        .constantFrom(...list)
        .chain((p) => fittingValue(p.type, p.text as Json).map((v): [string, Json] => [p.name, v])),
      weight: 8,
    },
    {
      arbitrary: fc
        .constantFrom(...list)
        .chain((p) => unfittingValue(p.type).map((v): [string, Json] => [p.name, v])),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom('Big Rock cost', 'no such rule', '__proto__', 'constructor')
        .map((n): [string, Json] => [n, 1]),
      weight: 1,
    },
  );

/** An amendment or a repeal, as the Administrator's command's arguments. */
export type AmendStep =
  | { readonly kind: 'amend'; readonly set: Readonly<Record<string, Json>>; readonly from?: Json }
  | { readonly kind: 'repeal'; readonly amendment: number };

/** Amendments (one to three changes, any start, also nweeks begun) and repeals of the parameters of `set`. */
export function amendStep(set: ParameterSet): fc.Arbitrary<AmendStep> {
  const from = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom<Json>('now', 'nday', 'nweek'),
    fc.integer({ min: 1, max: 6 }),
  );
  return fc.oneof(
    {
      arbitrary: fc
        .record({ changes: fc.array(change(set.list), { minLength: 1, maxLength: 3 }), from })
        .map(({ changes, from }): AmendStep => {
          const out: Record<string, Json> = {};
          for (const [name, value] of changes)
            Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
          return { kind: 'amend', set: out, ...(from !== undefined ? { from } : {}) };
        }),
      weight: 4,
    },
    {
      arbitrary: fc
        .integer({ min: 1, max: 6 })
        .map((amendment): AmendStep => ({ kind: 'repeal', amendment })),
      weight: 1,
    },
  );
}
