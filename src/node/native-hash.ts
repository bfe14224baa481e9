// Node's native SHA-256 for the kernel's hash chain and dice: the same digests as the portable ones, faster.
import { createHash, createHmac } from 'node:crypto';
import { useHashFunctions } from '../core/index.js';
import type { HashFunctions } from '../core/index.js';

export const NATIVE_HASHES: HashFunctions = {
  sha256Hex: (data) => createHash('sha256').update(data).digest('hex'),
  hmacSha256: (key, message) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest()),
};

/** Installs the native hashes; called once by each Node entry point. */
export function useNativeHashes(): void {
  useHashFunctions(NATIVE_HASHES);
}
