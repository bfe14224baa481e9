// RFC 8785 canonical JSON (src/core/hash.ts): every entry's hash is taken over it, so the fast writer must give
// byte for byte what the plain definition gives (keys sorted by UTF-16 code units, primitives as JSON.stringify
// writes them, undefined members left out), for any JSON, or every stored hash would stop matching.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalCopy, canonicalJson, isCanonicalOf, isJson } from '../../src/core/index.js';
import type { Json } from '../../src/core/index.js';

/** The definition, written plainly (the implementation before issue 13 made it faster). */
function reference(value: Json): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('JSON has no infinities');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map(reference).join(',')}]`;
  const obj = value as { readonly [k: string]: Json };
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${reference(obj[k] as Json)}`).join(',')}}`;
}

describe('the hash chain: canonical JSON', () => {
  it('is the plain definition, byte for byte, for any JSON (strings of any characters, lone surrogates too)', () => {
    const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<Json>;
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it('sorts keys by UTF-16 code units, leaves out undefined members, writes numbers as JSON does', () => {
    const value = {
      b: 1,
      a: [1, 'x', null, true],
      é: 'é\u2028"\\\n\ud800',
      A: -0,
      '10': 1e21,
      '9': 0.1,
      gone: undefined,
      z: { y: -5e-7, x: {} },
    } as unknown as Json;
    expect(canonicalJson(value)).toBe(reference(value));
    expect(canonicalJson(value)).toBe(
      '{"10":1e+21,"9":0.1,"A":0,"a":[1,"x",null,true],"b":1,"z":{"x":{},"y":-5e-7},"é":"é\u2028\\"\\\\\\n\\ud800"}',
    );
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/infinities/);
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow(/infinities/);
  });
});

describe('issue 17: whether a text is the canonical JSON of a value, found without writing it', () => {
  const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<Json>;

  it('answers exactly canonicalJson(value) === text: for its own text, and for other texts', () => {
    fc.assert(
      fc.property(json, json, fc.nat(), fc.string({ maxLength: 3 }), (value, other, cut, extra) => {
        const text = canonicalJson(value);
        expect(isCanonicalOf(value, text)).toBe(true);
        // Another value's text, the text cut short or lengthened, one character changed.
        const at = text.length === 0 ? 0 : cut % text.length;
        const changed = `${text.slice(0, at)}${extra}${text.slice(at + 1)}`;
        for (const t of [canonicalJson(other), text.slice(0, at), `${text}${extra}`, changed])
          expect(isCanonicalOf(value, t)).toBe(canonicalJson(value) === t);
      }),
      { numRuns: 1000 },
    );
  });

  it('holds for the cases the writer treats apart: key order, undefined, escapes, -0, sparse arrays', () => {
    const value = {
      b: 1,
      a: [1, 'x', null, true],
      é: 'é\u2028"\\\n\ud800',
      A: -0,
      '10': 1e21,
      gone: undefined,
      z: { y: -5e-7, x: {} },
    } as unknown as Json;
    const text = canonicalJson(value);
    expect(isCanonicalOf(value, text)).toBe(true);
    expect(isCanonicalOf(value, JSON.stringify(value))).toBe(false);
    expect(isCanonicalOf({ a: 1, b: 2 }, '{"b":2,"a":1}')).toBe(false);
    expect(isCanonicalOf({ a: 1 }, '{"a":1 }')).toBe(false);
    expect(isCanonicalOf({ a: 'x"y' }, '{"a":"x\\"y"}')).toBe(true);
    expect(isCanonicalOf([1, undefined, 2] as unknown as Json, '[1,,2]')).toBe(true);
    expect(isCanonicalOf('x', '"x"')).toBe(true);
    expect(isCanonicalOf('x', '"x')).toBe(false);
    expect(() => isCanonicalOf({ n: Number.NaN }, '{"n":null}')).toThrow(/infinities/);
  });
});

describe('issue 17: an event as its canonical JSON reads back (canonicalCopy, what a decision folds)', () => {
  /** Both the data and the order of every object's keys (toStrictEqual ignores the order). */
  const shape = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (x === undefined ? '<undefined>' : x));
  const readBack = (v: Json): unknown => JSON.parse(canonicalJson(v));

  it('is JSON.parse(canonicalJson(value)), key order included, for any JSON', () => {
    const json = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<Json>;
    fc.assert(
      fc.property(json, (value) => {
        const copy = canonicalCopy(value);
        expect(copy).toStrictEqual(readBack(value));
        expect(shape(copy)).toBe(shape(readBack(value)));
        // Unless a key is an array index: its JSON.stringify is its canonical JSON, and it is its own copy.
        if (!/"\d+":|"__proto__":/.test(canonicalJson(value))) {
          expect(JSON.stringify(copy)).toBe(canonicalJson(value));
          expect(canonicalCopy(copy)).toBe(copy);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('sorts keys, leaves out undefined members, and takes the long way for what JSON writes apart', () => {
    const event = { type: 't', vis: 'public', b: { y: 1, x: undefined, a: [2, { d: 1, c: 0 }] }, a: -0 };
    const copy = canonicalCopy(event);
    expect(shape(copy)).toBe('{"a":0,"b":{"a":[2,{"c":0,"d":1}],"y":1},"type":"t","vis":"public"}');
    expect(Object.is(copy.a, 0)).toBe(true);
    expect(event.b.x).toBeUndefined(); // the value given is left as it was
    expect(Object.keys(event)).toEqual(['type', 'vis', 'b', 'a']);
    const bare = Object.assign(Object.create(null) as object, { b: 1, a: 2 });
    expect(shape(canonicalCopy(bare))).toBe('{"a":2,"b":1}');
    const proto = JSON.parse('{"__proto__":{"x":1},"a":1}') as Json;
    expect(canonicalCopy(proto)).toStrictEqual(readBack(proto));
    expect(Object.getPrototypeOf(canonicalCopy(proto))).toBe(Object.prototype);
    // What is canonical already is shared: a copy's copy is itself, an ordered part is not made anew.
    expect(canonicalCopy(copy)).toBe(copy);
    expect(copy.b.a).toBe(copy.b.a);
    const ordered = { a: [1, 2], b: { c: 1 } };
    expect(canonicalCopy(ordered)).toBe(ordered);
    const half = { z: 1, a: [1, 2], m: { c: 1 } };
    expect(canonicalCopy(half).a).toBe(half.a);
    expect(canonicalCopy(half).m).toBe(half.m);
    const late = { a: 1, b: { y: 1, x: 2 } };
    expect(shape(canonicalCopy(late))).toBe('{"a":1,"b":{"x":2,"y":1}}');
    expect(late.b).toStrictEqual({ y: 1, x: 2 });
    // No canonical JSON at all: answered as it is (the hash chain refuses it).
    const nan = { n: Number.NaN };
    expect(canonicalCopy(nan)).toBe(nan);
  });
});

describe('K: a configuration is JSON (isJson, as z.json() has it)', () => {
  it('takes plain data and refuses what is not', () => {
    for (const ok of [null, 1, 'a', true, [1, [2]], { a: { b: [null] } }, Object.create(null) as object])
      expect(isJson(ok)).toBe(true);
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      undefined,
      { a: undefined },
      [undefined],
      () => 1,
      1n,
      new Date(),
      new Map(),
      { nested: { d: new Date() } },
    ])
      expect(isJson(bad)).toBe(false);
  });
});
