// The snapshot's text and tag (src/core/snapshot.ts): a state written and read back is the same state, to the
// last detail rule code could notice (key order, typed arrays and their bytes, Maps, Sets, undefined, -0,
// NaN, a key "__proto__" or the encoding's own mark); what is not data is refused rather than changed; and
// the tag changes with every field it covers and cannot be made without the game's secret.
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/core/index.js';
import {
  decodeState,
  encodeState,
  foldCode,
  sameTag,
  snapshotTag,
  snapshotVersion,
  UnsnapshottableState,
} from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';

/** A state shell around `rules`, as the kernel folds it. */
function stateWith(rules: unknown): GameState {
  return {
    game: 'g1',
    ruleset: 'r',
    config: { width: 3 },
    edition: 2,
    kernelEdition: 2,
    admission: { approval: true, requests: ['cy'], removed: [] },
    modules: ['a', 'b'],
    clock: { nweek: 2, nday: 1, ndays: 3 },
    players: ['ann', 'bob'],
    balances: { ann: 5, 'The Bank': -5 },
    dice: { source: 'fair', epoch: 2, drawn: { public: 3, secret: 1 }, queue: [] },
    ended: null,
    schedule: null,
    seq: 17,
    seenPublic: 12,
    seenPrivate: { ann: 2 },
    rules,
  };
}

const roundTrip = (s: GameState): GameState => decodeState(encodeState(s));

describe('a snapshot holds the state exactly', () => {
  it('plain data comes back equal, keys in the order they had (not sorted)', () => {
    const s = stateWith({ zeta: 1, alpha: [1, 'two', null, true, { y: 2, x: 1 }], mid: 'é \u{1F3B2} "q"' });
    const back = roundTrip(s);
    expect(back).toStrictEqual(s);
    expect(Object.keys(back.rules as object)).toEqual(['zeta', 'alpha', 'mid']);
    expect(Object.keys((back.rules as { alpha: [0, 0, 0, 0, object] }).alpha[4])).toEqual(['y', 'x']);
    // One state, one text: the text of what was read back is the same text.
    expect(encodeState(back)).toBe(encodeState(s));
  });

  it('typed arrays (bytes, NaN for null included), Maps, Sets, undefined, -0, NaN and infinities', () => {
    const f64 = new Float64Array([1.5, NaN, -0, 3]);
    const rules = {
      present: new Uint8Array([0, 1, 255]),
      numbers: f64,
      counts: new Int32Array([-7, 2 ** 31 - 1]),
      byName: new Map<unknown, unknown>([
        ['b', 1],
        [2, { deep: new Set(['x', 'y']) }],
      ]),
      seen: new Set([3, 1, 2]),
      missing: undefined,
      negativeZero: -0,
      notANumber: NaN,
      far: [Infinity, -Infinity],
    };
    const back = roundTrip(stateWith(rules)).rules as typeof rules;
    expect(back).toStrictEqual(rules);
    expect(back.numbers).toBeInstanceOf(Float64Array);
    expect(Object.is(back.numbers[2], -0)).toBe(true);
    expect(Number.isNaN(back.numbers[1])).toBe(true);
    expect(back.counts).toBeInstanceOf(Int32Array);
    expect([...back.byName.keys()]).toEqual(['b', 2]);
    expect([...back.seen]).toEqual([3, 1, 2]);
    expect('missing' in back).toBe(true);
    expect(Object.is(back.negativeZero, -0)).toBe(true);
    expect(back.far).toEqual([Infinity, -Infinity]);
  });

  it('a key "__proto__" stays data, a key that is the encoding\'s own mark stays a key, a bare object stays bare', () => {
    const odd: Record<string, unknown> = {};
    Object.defineProperty(odd, '__proto__', { value: { polluted: true }, enumerable: true });
    const marked = { '\u0000': 'num', v: '-0' };
    const bare = Object.create(null) as Record<string, unknown>;
    bare.k = 1;
    const back = roundTrip(stateWith({ odd, marked, bare })).rules as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(back.odd)).toBe(Object.prototype);
    expect(Object.hasOwn(back.odd ?? {}, '__proto__')).toBe(true);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    expect(back.marked).toStrictEqual(marked);
    expect(Object.getPrototypeOf(back.bare)).toBeNull();
    expect(back.bare?.k).toBe(1);
  });

  it('what is not data is refused, never written as something else', () => {
    class Thing {
      x = 1;
    }
    expect(() => encodeState(stateWith({ t: new Thing() }))).toThrow(UnsnapshottableState);
    expect(() => encodeState(stateWith({ f: () => 1 }))).toThrow(UnsnapshottableState);
    // eslint-disable-next-line no-sparse-arrays -- the hole is the point
    expect(() => encodeState(stateWith({ holes: [1, , 3] }))).toThrow(UnsnapshottableState);
    expect(() => encodeState(stateWith({ d: new Date(0) }))).toThrow(UnsnapshottableState);
    expect(() => encodeState(stateWith({ v: new DataView(new ArrayBuffer(2)) }))).toThrow(
      UnsnapshottableState,
    );
  });

  it('text it could not have written is refused when read', () => {
    expect(() => decodeState('[1]')).toThrow();
    expect(() => decodeState('{"a":{"\\u0000":"nope","v":1}}')).toThrow(/cannot read/);
    expect(() => decodeState('{"a":{"\\u0000":"f64","v":"abc"}}')).toThrow();
    expect(() => decodeState('{"a":{"\\u0000":"map","v":[[1]]}}')).toThrow(/pairs/);
    expect(() => decodeState('{"a"')).toThrow();
  });
});

describe('the tag', () => {
  const master = Uint8Array.from({ length: 32 }, (_, i) => i);
  const fields = { game: 'g1', seq: 1000, hash: 'ab'.repeat(32), version: 'v1', state: '{"seq":1000}' };

  it('changes with every field it covers and with the secret', () => {
    const tag = snapshotTag(master, fields);
    expect(tag).toMatch(/^[0-9a-f]{64}$/);
    expect(snapshotTag(master, { ...fields })).toBe(tag);
    for (const changed of [
      { ...fields, game: 'g2' },
      { ...fields, seq: 1001 },
      { ...fields, hash: 'cd'.repeat(32) },
      { ...fields, version: 'v2' },
      { ...fields, state: '{"seq":1001}' },
    ])
      expect(snapshotTag(master, changed)).not.toBe(tag);
    const other = master.slice();
    other[0] = 99;
    expect(snapshotTag(other, fields)).not.toBe(tag);
  });

  it('is compared whole', () => {
    const tag = snapshotTag(master, fields);
    expect(sameTag(tag, tag.slice())).toBe(true);
    expect(sameTag(tag, `${tag.slice(0, 63)}${tag[63] === '0' ? '1' : '0'}`)).toBe(false);
    expect(sameTag(tag, tag.slice(0, 63))).toBe(false);
  });
});

describe('the version', () => {
  it('names the format, the fold version and the code, and changes with the code', () => {
    const code = foldCode(defaultRegistry());
    // Every ruleset's folds are in the text the version is made from.
    for (const id of defaultRegistry().ids()) expect(code).toContain(`ruleset ${id} edition`);
    expect(snapshotVersion(code)).toMatch(/^s\d+\.f\d+\.[0-9a-f]{32}$/);
    expect(snapshotVersion(code)).toBe(snapshotVersion(foldCode(defaultRegistry())));
    expect(snapshotVersion(`${code} `)).not.toBe(snapshotVersion(code));
  });
});
