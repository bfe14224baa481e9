// The hashes Node entry points install into the kernel: the same digests as the portable ones, faster.
//
// SHA-256 (the log's hash chain, the seeds' commitments) is Node's, through crypto.hash, its one-shot digest:
// createHash built a Hash object for every call, which for the small inputs here cost more than the hashing.
// HMAC-SHA256 (every nweek's seed, every fair draw, every salt) is the kernel's own (src/core/hmac.ts): its
// messages are a few dozen bytes, and computing them in JavaScript from a key's pads, kept, takes about half
// the time of a call into node:crypto (docs/benchmarks.md, "Against the peer").
import { hash } from 'node:crypto';
import { shortHmacSha256, useHashFunctions } from '../core/index.js';
import type { HashFunctions } from '../core/index.js';

export const NATIVE_HASHES: HashFunctions = {
  sha256Hex: (data) => hash('sha256', data, 'hex'),
  hmacSha256: shortHmacSha256,
};

/** Installs the native hashes; called once by each Node entry point. */
export function useNativeHashes(): void {
  useHashFunctions(NATIVE_HASHES);
}
