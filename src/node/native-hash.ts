// Node's native SHA-256 for the kernel's hash chain and dice: the same digests as the portable ones, faster.
import { createHmac, hash } from 'node:crypto';
import { useHashFunctions } from '../core/index.js';
import type { HashFunctions } from '../core/index.js';

export const NATIVE_HASHES: HashFunctions = {
  // crypto.hash is one call for one digest, with no Hash object made for it: a verification hashes a million
  // entries, and createHash(...).update(...).digest() cost three times as much each (issue 17).
  sha256Hex: (data) => hash('sha256', data, 'hex'),
  hmacSha256: (key, message) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest()),
};

/** Installs the native hashes; called once by each Node entry point. */
export function useNativeHashes(): void {
  useHashFunctions(NATIVE_HASHES);
}
