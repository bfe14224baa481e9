// Hashing for the log chain and the fair dice. @noble/hashes is pure, audited and runs unchanged in a
// browser, so the core stays free of node: imports and a player's page can check rolls itself.
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Json } from './json.js';

/**
 * RFC 8785 (JCS) canonical JSON: object keys sorted by UTF-16 code units, no whitespace, primitives as
 * ECMAScript's JSON.stringify writes them (which is how JCS defines them). The same bytes whatever store or
 * key order the data passed through, so any language can recompute a hash.
 *
 * Every entry is hashed through this, and a big one (an Initialize of 1,024 rolls) is a quarter of a
 * megabyte: written as one string built by appending, with no intermediate arrays (map/filter/join made it
 * about twice as slow; issue 13, item 4).
 */
export function canonicalJson(value: Json): string {
  return write(value, '');
}

/** Object keys as JSON strings: events repeat a few dozen keys millions of times. Bounded, as keys are data. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_KEPT = 4096;

function quoted(key: string): string {
  let q = quotedKeys.get(key);
  if (q === undefined) {
    q = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_KEPT) quotedKeys.set(key, q);
  }
  return q;
}

/** A string JSON writes as it is, between quotes: nothing to escape, no surrogate that could be alone. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const PLAIN = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** PLAIN.test, with short strings (names, types, keys: most of an event's) checked by a plain loop. */
function plain(s: string): boolean {
  if (s.length > 24) return PLAIN.test(s);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

/** Appends the canonical JSON of `value` to `out`. */
function write(value: Json, out: string): string {
  if (typeof value === 'string') return out + (plain(value) ? `"${value}"` : JSON.stringify(value));
  if (typeof value === 'number' && Number.isFinite(value)) return out + String(value);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('JSON has no infinities');
    // (undefined, an array's missing item, is written as nothing, as Array.join wrote it.)
    return out + (JSON.stringify(value) ?? '');
  }
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    out += '[';
    for (let i = 0; i < items.length; i++) {
      if (i > 0) out += ',';
      // An undefined item is written as nothing, as Array.join wrote it (never in a real event).
      const item = items[i] as Json;
      if (item !== undefined) out = write(item, out);
    }
    return out + ']';
  }
  const obj = value as { readonly [k: string]: Json };
  const keys = sortedKeys(obj);
  out += '{';
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    out += first ? quoted(k) : `,${quoted(k)}`;
    first = false;
    out = write(v, `${out}:`);
  }
  return out + '}';
}

/**
 * An object's keys in canonical order (UTF-16 code units, as `<` compares strings). An event has a handful of
 * keys, and Array.prototype.sort allocated a work array for each object written: sorted here by insertion,
 * in place (issue 17: a verification writes a million events; sort was a seventh of what it allocated).
 */
function sortedKeys(obj: object): string[] {
  const keys = Object.keys(obj);
  const n = keys.length;
  if (n > 32) return keys.sort();
  for (let i = 1; i < n; i++) {
    const k = keys[i] as string;
    let j = i - 1;
    if ((keys[j] as string) <= k) continue;
    while (j >= 0 && (keys[j] as string) > k) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = k;
  }
  return keys;
}

/**
 * Whether `text` is exactly the canonical JSON of `value` (`canonicalJson(value) === text`), found by walking
 * the value along the text, building no string: a verification compares each event the rules give again with
 * the recorded one, a million times (issue 17). Mirrors `write` case by case.
 */
export function isCanonicalOf(value: Json, text: string): boolean {
  return match(value, text, 0) === text.length;
}

/** Where the canonical JSON of `value` ends if `text` has it at `at`, else -1. */
function match(value: Json, text: string, at: number): number {
  if (at < 0) return -1;
  if (typeof value === 'string') return matchString(value, text, at);
  if (typeof value === 'number' && Number.isFinite(value)) return literal(String(value), text, at);
  if (value === null || typeof value !== 'object') return literal(write(value, ''), text, at);
  if (Array.isArray(value)) {
    const items = value as readonly Json[];
    if (text.charCodeAt(at) !== 91) return -1; // [
    at++;
    for (let i = 0; i < items.length; i++) {
      if (i > 0) {
        if (text.charCodeAt(at) !== 44) return -1; // ,
        at++;
      }
      const item = items[i] as Json;
      if (item !== undefined) at = match(item, text, at);
      if (at < 0) return -1;
    }
    return text.charCodeAt(at) === 93 ? at + 1 : -1; // ]
  }
  const obj = value as { readonly [k: string]: Json };
  if (text.charCodeAt(at) !== 123) return -1; // {
  // Keys in canonical order already (a decision's events have them so: canonicalCopy) are walked in place,
  // with no array of keys made; anything else, and any mismatch, is settled by the keys sorted.
  const start = at;
  let last: string | undefined;
  let first = true;
  at++;
  for (const k in obj) {
    if (last !== undefined && last > k) return matchSorted(obj, text, start);
    last = k;
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) {
      if (text.charCodeAt(at) !== 44) return matchSorted(obj, text, start); // ,
      at++;
    }
    first = false;
    at = matchString(k, text, at);
    if (at < 0 || text.charCodeAt(at) !== 58) return matchSorted(obj, text, start); // :
    at = match(v, text, at + 1);
    if (at < 0) return matchSorted(obj, text, start);
  }
  return text.charCodeAt(at) === 125 ? at + 1 : matchSorted(obj, text, start); // }
}

/** `match` for a string (a value or a key): as it is between quotes if it is plain, else escaped. */
function matchString(value: string, text: string, at: number): number {
  if (
    text.charCodeAt(at) === 34 &&
    text.startsWith(value, at + 1) &&
    text.charCodeAt(at + 1 + value.length) === 34 &&
    plain(value)
  )
    return at + value.length + 2;
  return plain(value) ? -1 : literal(JSON.stringify(value), text, at);
}

/** `match` for an object, its keys sorted. */
function matchSorted(obj: { readonly [k: string]: Json }, text: string, at: number): number {
  const keys = sortedKeys(obj);
  if (text.charCodeAt(at) !== 123) return -1; // {
  at++;
  let first = true;
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined) continue;
    if (!first) {
      if (text.charCodeAt(at) !== 44) return -1; // ,
      at++;
    }
    first = false;
    at = literal(quoted(k), text, at);
    if (at < 0 || text.charCodeAt(at) !== 58) return -1; // :
    at = match(v, text, at + 1);
    if (at < 0) return -1;
  }
  return text.charCodeAt(at) === 125 ? at + 1 : -1; // }
}

/**
 * `value` as it reads back from its canonical JSON (`JSON.parse(canonicalJson(value))`): every object's keys
 * in canonical order, members that are undefined left out. A decision folds each event so (decision.ts), so
 * the state a process holds after deciding is exactly, key order included, the state any process folds from
 * the stored log, whose text is that canonical JSON (issue 17). JSON.stringify of such a copy is its canonical
 * JSON, but for an object with keys that are array indexes ("2", "10"), which JavaScript orders first and by
 * number. What is canonical already is shared, not copied (an array of numbers, an object whose keys are in
 * order). Built by walking plain data; anything else (a number JSON has no exact text for, an array's missing
 * item, a key `__proto__`, an object that is not plain) goes the long way, and data that has no canonical JSON
 * at all is answered as it is (the hash chain refuses it).
 */
export function canonicalCopy<T>(value: T): T {
  try {
    return copyOf(value) as T;
  } catch (e) {
    if (e !== UNUSUAL) throw e;
  }
  try {
    return JSON.parse(canonicalJson(value as Json)) as T;
  } catch {
    return value;
  }
}

/** Thrown inside copyOf for what it does not copy by itself. */
const UNUSUAL = new Error('not plain JSON data');

/**
 * The canonical copy of `value`, or `value` itself where it already is one (an array of numbers, an object
 * whose keys are in order): only what must change is made anew (a decision copies every event it makes).
 */
function copyOf(value: unknown): unknown {
  if (typeof value !== 'object') {
    if (typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return value;
    throw UNUSUAL;
  }
  if (value === null) return value;
  if (Array.isArray(value)) {
    const items = value as readonly unknown[];
    let out: unknown[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item === undefined) throw UNUSUAL;
      const copy = copyOf(item);
      if (out) out[i] = copy;
      else if (copy !== item) {
        out = items.slice();
        out[i] = copy;
      }
    }
    return out ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) throw UNUSUAL;
  const obj = value as Readonly<Record<string, unknown>>;
  // Walked with for…in, which makes no array of keys (most objects of an event are in order already).
  let ordered = true;
  let last: string | undefined;
  for (const k in obj) {
    if (obj[k] === undefined || k === '__proto__' || (last !== undefined && last > k)) {
      ordered = false;
      break;
    }
    last = k;
  }
  if (ordered) {
    // In order already: the object itself, unless a member must change (then from that member on, anew).
    let out: Record<string, unknown> | undefined;
    for (const k in obj) {
      const v = obj[k];
      const copy = copyOf(v);
      if (out) out[k] = copy;
      else if (copy !== v) {
        out = {};
        for (const j in obj) {
          if (j === k) break;
          out[j] = obj[j];
        }
        out[k] = copy;
      }
    }
    return out ?? value;
  }
  const out: Record<string, unknown> = {};
  for (const k of sortedKeys(obj)) {
    const v = obj[k];
    if (v === undefined) continue;
    if (k === '__proto__') throw UNUSUAL;
    out[k] = copyOf(v);
  }
  return out;
}

/** Where `piece` ends if `text` has it at `at`, else -1. */
function literal(piece: string, text: string, at: number): number {
  return text.startsWith(piece, at) ? at + piece.length : -1;
}

/** The two primitives the kernel hashes with; text is UTF-8 encoded. */
export interface HashFunctions {
  sha256Hex(data: string | Uint8Array): string;
  hmacSha256(key: Uint8Array, message: string): Uint8Array;
}

/** The portable implementation, in pure JavaScript. */
export const PORTABLE_HASHES: HashFunctions = {
  sha256Hex: (data) => bytesToHex(sha256(typeof data === 'string' ? utf8ToBytes(data) : data)),
  hmacSha256: (key, message) => hmac(sha256, key, utf8ToBytes(message)),
};

let hashes: HashFunctions = PORTABLE_HASHES;

/**
 * Lets a host with a native SHA-256 (Node's crypto) replace the portable one. The digests are the same bytes
 * (a test pins it); only the speed differs. The core itself never imports node:.
 */
export function useHashFunctions(h: HashFunctions): void {
  hashes = h;
}

export const sha256Hex = (data: string | Uint8Array): string => hashes.sha256Hex(data);
export const hmacSha256 = (key: Uint8Array, message: string): Uint8Array => hashes.hmacSha256(key, message);

const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const hexText = new TextDecoder();
let hexCodes = new Uint8Array(64);

/**
 * Bytes as lower-case hex. The digits are written into a buffer and decoded as one string: appending pairs
 * makes a chain of 32 strings for a seed, which every nweek's reveal and every salt paid for (about 3× the
 * time, and a kilobyte of garbage).
 */
export function bytesToHex(bytes: Uint8Array): string {
  const n = bytes.length;
  if (hexCodes.length < 2 * n) hexCodes = new Uint8Array(2 * n);
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    hexCodes[2 * i] = HEX_DIGITS[b >>> 4] as number;
    hexCodes[2 * i + 1] = HEX_DIGITS[b & 15] as number;
  }
  return hexText.decode(hexCodes.subarray(0, 2 * n));
}

export { hexToBytes };

/** The hash that starts every game's chain. */
export const GENESIS = '0'.repeat(64);
