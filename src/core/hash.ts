// Hashing for the log chain and the fair dice. @noble/hashes is pure, audited and runs unchanged in a
// browser, so the core stays free of node: imports and a player's page can check rolls itself.
import { sha256 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Json } from './json.js';

/**
 * RFC 8785 (JCS) canonical JSON: object keys sorted by UTF-16 code units, no whitespace, primitives as
 * ECMAScript's JSON.stringify writes them (which is how JCS defines them). The same bytes whatever store or
 * key order the data passed through, so any language can recompute a hash.
 */
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('JSON has no infinities');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${(value as readonly Json[]).map(canonicalJson).join(',')}]`;
  const obj = value as { readonly [k: string]: Json };
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k] as Json)}`).join(',')}}`;
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

export { bytesToHex, hexToBytes };

/** The hash that starts every game's chain. */
export const GENESIS = '0'.repeat(64);
