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

/** Appends the canonical JSON of `value` to `out`. */
function write(value: Json, out: string): string {
  if (typeof value === 'string') return out + (PLAIN.test(value) ? `"${value}"` : JSON.stringify(value));
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
  const keys = Object.keys(obj);
  if (!sorted(keys)) keys.sort();
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

function sorted(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if ((keys[i - 1] as string) > (keys[i] as string)) return false;
  return true;
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
