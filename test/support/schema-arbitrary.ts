// Sample arguments for any command, drawn from the JSON Schema of its arguments (the one schema every edge
// reads): numbers within the schema's bounds, text with the characters that mean something on an edge
// (spaces, "=", "-", quotes, brackets, commas, the names of the command's own arguments, "true", digits),
// lists, enums, unions and nested objects. The caller keeps only what the rule's own parser accepts.
import fc from 'fast-check';
import type { Json, JsonObject } from '../../src/core/index.js';

interface Schema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly enum?: readonly Json[];
  readonly const?: Json;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
}

const LIMIT = 1_000_000;

function text(s: Schema, words: readonly string[]): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 24, 24));
  const tricky = fc.constantFrom(
    ' ',
    '  ',
    '=',
    '-',
    '"',
    "'",
    '[',
    '{',
    ',',
    '\n',
    'é',
    'a',
    'Z',
    '7',
    ...words,
  );
  const arb = fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ unit: tricky, minLength, maxLength: Math.min(maxLength, 6) }),
    fc.constantFrom('true', 'false', '6', '-3', '3.5', 'null', '[1]', '"x"', 'a=b', ...words),
  );
  const pattern = s.pattern !== undefined ? new RegExp(s.pattern) : undefined;
  if (pattern)
    return fc
      .stringMatching(pattern)
      .filter((t) => t.length >= minLength && t.length <= (s.maxLength ?? Infinity));
  return arb.filter((t) => t.length >= minLength && t.length <= (s.maxLength ?? Infinity));
}

/** An arbitrary of the values a schema describes; `words` are extra texts worth trying (argument names). */
export function arbitraryOf(s: Schema, words: readonly string[] = []): fc.Arbitrary<Json> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a) => arbitraryOf(a, words)));
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => arbitraryOf({ ...s, type: t }, words)));
  switch (types[0] ?? 'any') {
    case 'integer':
      return fc.integer({
        min: Math.max(s.minimum ?? -LIMIT, -LIMIT),
        max: Math.min(s.maximum ?? LIMIT, LIMIT),
      });
    case 'number':
      return fc
        .double({
          min: Math.max(s.minimum ?? -LIMIT, -LIMIT),
          max: Math.min(s.maximum ?? LIMIT, LIMIT),
          noNaN: true,
          noDefaultInfinity: true,
        })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'string':
      return text(s, words);
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, words), { maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object':
      return argsArbitrary(s);
    default:
      return fc.oneof(text({}, words), fc.integer(), fc.boolean());
  }
}

/** Sample arguments of a command: an object with the schema's required properties and some optional ones. */
export function argsArbitrary(schema: Schema): fc.Arbitrary<JsonObject> {
  const props = schema.properties ?? {};
  const names = Object.keys(props);
  const record: Record<string, fc.Arbitrary<Json>> = {};
  for (const [name, s] of Object.entries(props)) record[name] = arbitraryOf(s, names);
  return fc.record(record, {
    requiredKeys: [...(schema.required ?? [])] as string[],
  });
}
