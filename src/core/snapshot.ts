// Snapshots of a game's state (issue 17): the fold of a log up to one entry, written as text, so that opening
// a long game folds only what came after it. A snapshot is only ever a shortcut: it names the entry hash it
// folds up to (which, through the hash chain, names every entry before it), the code it was folded by, and
// carries a tag only the holder of the game's dice secret can make. The engine (src/engine/snapshots.ts)
// uses one only when all of that checks out, and otherwise folds the log as before.
import type { GameState } from './state.js';
import type { Registry } from './registry.js';
import { bytesToHex, hexToBytes, hmacSha256, sha256Hex } from './hash.js';
import { evolveCode } from './evolve.js';

/** How a state is written (encodeState). A change of the encoding is a new format. */
export const SNAPSHOT_FORMAT = 1;

/**
 * How states fold, by hand: raised whenever what a log folds to may change in a way the code fingerprint
 * (foldCode) cannot see — a helper a fold calls, a shape of the state. Old snapshots are then ignored.
 */
export const FOLD_VERSION = 3; // 2: the state's kernelEdition and admission (issue 16); 3: scheduleBounds (issue 23)

/**
 * The text of the code that folds states: the kernel's fold and, for every ruleset the registry holds, its
 * initial state, its amendments' carrying over and every module's folds (optional modules included), in
 * registry order. A snapshot is used only by code with the same text, so a fold edited in place, a module
 * added or a ruleset amended differently leaves old snapshots unused. (A change in a helper those functions
 * call is not in their text: FOLD_VERSION, and the host's version of its whole code, cover that.)
 */
export function foldCode(registry: Registry): string {
  const parts: string[] = [evolveCode()];
  for (const id of registry.ids()) {
    const r = registry.get(id);
    if (!r) continue;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- its text is read, it is never called
    parts.push(`ruleset ${id} edition ${r.edition ?? 1}`, String(r.initial));
    for (const [from, migrate] of Object.entries(r.migrateFrom ?? {}))
      parts.push(`from ${from}`, String(migrate));
    for (const m of registry.available(r)) {
      parts.push(`module ${m.id}`);
      for (const [type, fold] of Object.entries(m.evolve ?? {})) parts.push(type, String(fold));
    }
  }
  return parts.join('\n');
}

/** The version a snapshot must carry to be used: the format, FOLD_VERSION, and a fingerprint of the code. */
export function snapshotVersion(code: string): string {
  return `s${SNAPSHOT_FORMAT}.f${FOLD_VERSION}.${sha256Hex(code).slice(0, 32)}`;
}

/** What a snapshot's tag covers. */
export interface SnapshotFields {
  readonly game: string;
  readonly seq: number;
  /** The hash of entry `seq`: the log the state folds. */
  readonly hash: string;
  readonly version: string;
  /** The state as encodeState wrote it. */
  readonly state: string;
}

/**
 * The tag: HMAC-SHA256, keyed by a key derived from the game's master secret (under a label of its own, so it
 * is no seed of the dice), over everything the snapshot says. Without the secret it cannot be made, so a
 * snapshot rewritten by someone who can write the database but not read the game's secret is told apart.
 */
export function snapshotTag(master: Uint8Array, s: SnapshotFields): string {
  const key = hmacSha256(master, 'snapshot');
  return bytesToHex(hmacSha256(key, `${s.game}|${s.seq}|${s.hash}|${s.version}|${sha256Hex(s.state)}`));
}

/** Whether two tags are equal, in time independent of where they differ. */
export function sameTag(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

// ---------------------------------------------------------------------------------------------------------
// The encoding: JSON, keys in the order the state has them (a fold's order is deterministic, so one state
// gives one text; keys are not sorted, because rule code iterating a restored object must meet its keys in
// the order a replay would have left them). What JSON cannot say is written as an object whose one key is
// MARK: a typed array (its bytes), a Map, a Set, undefined, NaN, ±Infinity and -0. An object of the state that
// itself has the key MARK is written the same way, as its list of entries, so nothing is read as what it was
// not. Anything else (a class instance, a function, a hole in an array) cannot be written: no snapshot then.

const MARK = '\u0000';

/** The typed arrays a state may hold, by the name written for them. */
const TYPED = {
  u8: Uint8Array,
  i8: Int8Array,
  u16: Uint16Array,
  i16: Int16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f32: Float32Array,
  f64: Float64Array,
} as const;
type TypedName = keyof typeof TYPED;

/** A state that cannot be written as a snapshot (it holds something that is not data). */
export class UnsnapshottableState extends Error {}

// Typed arrays are written as their bytes in this machine's order; every platform Node runs on is
// little-endian, and a big-endian one would write (and only read back) its own order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function typedName(v: ArrayBufferView): TypedName | undefined {
  for (const [name, Ctor] of Object.entries(TYPED) as [TypedName, (typeof TYPED)[TypedName]][])
    if (Object.getPrototypeOf(v) === Ctor.prototype) return name;
  return undefined;
}

/** The state as text (see above). Throws UnsnapshottableState if it holds something that is not data. */
export function encodeState(state: GameState): string {
  if (!LITTLE_ENDIAN) throw new UnsnapshottableState('snapshots are written on little-endian machines only');
  return encode(state, '$');
}

/** A value JSON cannot say: `{"\u0000": kind, "v": value}`. */
function special(kind: string, value: string): string {
  return `{"\\u0000":${JSON.stringify(kind)},"v":${value}}`;
}

function encode(v: unknown, path: string): string {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return JSON.stringify(v);
    case 'number':
      if (Number.isFinite(v)) return Object.is(v, -0) ? special('num', '"-0"') : JSON.stringify(v);
      return special('num', JSON.stringify(String(v)));
    case 'undefined':
      return special('undef', '0');
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) {
        const items = v as readonly unknown[];
        let out = '[';
        for (let i = 0; i < items.length; i++) {
          if (!(i in items)) throw new UnsnapshottableState(`${path}[${i}] is a hole in an array`);
          out += (i > 0 ? ',' : '') + encode(items[i], `${path}[${i}]`);
        }
        return `${out}]`;
      }
      if (ArrayBuffer.isView(v)) {
        const name = typedName(v);
        if (!name) throw new UnsnapshottableState(`${path} is a ${v.constructor.name}`);
        return special(
          name,
          JSON.stringify(bytesToHex(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))),
        );
      }
      if (v instanceof Map) {
        const pairs = [...(v as Map<unknown, unknown>).entries()].map(
          ([k, x], i) => `[${encode(k, `${path}.<key ${i}>`)},${encode(x, `${path}.<value ${i}>`)}]`,
        );
        return special('map', `[${pairs.join(',')}]`);
      }
      if (v instanceof Set) {
        const items = [...(v as Set<unknown>)].map((x, i) => encode(x, `${path}.<item ${i}>`));
        return special('set', `[${items.join(',')}]`);
      }
      const proto: unknown = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null)
        throw new UnsnapshottableState(`${path} is not plain data (${v.constructor.name})`);
      const obj = v as Readonly<Record<string, unknown>>;
      const keys = Object.keys(obj);
      if (proto === null || keys.includes(MARK)) {
        // Written as its entries, so that neither a key MARK nor a missing prototype is lost.
        const pairs = keys.map((k) => `[${JSON.stringify(k)},${encode(obj[k], `${path}.${k}`)}]`);
        return special(proto === null ? 'bare' : 'obj', `[${pairs.join(',')}]`);
      }
      let out = '{';
      keys.forEach((k, i) => {
        out += `${i > 0 ? ',' : ''}${JSON.stringify(k)}:${encode(obj[k], `${path}.${k}`)}`;
      });
      return `${out}}`;
    }
    case 'bigint':
    case 'function':
    case 'symbol':
      throw new UnsnapshottableState(`${path} is a ${typeof v}`);
  }
}

/** A state from its text (see encodeState). Throws on text encodeState could not have written. */
export function decodeState(text: string): GameState {
  const state = decode(JSON.parse(text) as unknown);
  if (typeof state !== 'object' || state === null || Array.isArray(state))
    throw new Error('a snapshot holds no state');
  return state as GameState;
}

/** Defines a property as data: a key such as "__proto__" is data here, never a prototype setter. */
function define(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function decode(v: unknown): unknown {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) {
    const items = v as unknown[];
    for (let i = 0; i < items.length; i++) items[i] = decode(items[i]);
    return items;
  }
  const obj = v as Record<string, unknown>;
  if (Object.hasOwn(obj, MARK)) return decodeSpecial(obj[MARK], obj.v);
  // JSON.parse made every key an own data property (even "__proto__"), so assigning each in place is safe.
  for (const k of Object.keys(obj)) {
    const x = obj[k];
    if (typeof x === 'object' && x !== null) define(obj, k, decode(x));
  }
  return obj;
}

function pairsOf(v: unknown): [unknown, unknown][] {
  if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2))
    throw new Error('a snapshot holds a malformed list of pairs');
  return v as [unknown, unknown][];
}

function decodeSpecial(kind: unknown, v: unknown): unknown {
  switch (kind) {
    case 'num':
      if (v === '-0') return -0;
      if (v === 'NaN' || v === 'Infinity' || v === '-Infinity') return Number(v);
      break;
    case 'undef':
      return undefined;
    case 'map':
      return new Map(pairsOf(v).map(([k, x]) => [decode(k), decode(x)]));
    case 'set':
      if (Array.isArray(v)) return new Set((v as unknown[]).map(decode));
      break;
    case 'obj':
    case 'bare': {
      const obj: object = kind === 'bare' ? (Object.create(null) as object) : {};
      for (const [k, x] of pairsOf(v)) {
        if (typeof k !== 'string') throw new Error('a snapshot holds an object with a key that is no string');
        define(obj, k, decode(x));
      }
      return obj;
    }
    default:
      if (typeof kind === 'string' && Object.hasOwn(TYPED, kind) && typeof v === 'string') {
        const Ctor = TYPED[kind as TypedName];
        const bytes = hexToBytes(v).slice();
        if (bytes.byteLength % Ctor.BYTES_PER_ELEMENT !== 0) break;
        return new Ctor(bytes.buffer, 0, bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
      }
  }
  throw new Error(`a snapshot holds a value it cannot read (${JSON.stringify(kind)})`);
}
