// A beacon round is verified, never trusted (issue 26 item 2): its BLS signature must verify against the
// chain's pinned public key over the message the chain's scheme signs, and its randomness must be SHA-256 of
// that signature. So a round relabelled (another number), altered (another randomness or signature) or from
// another chain (another key) is refused, whoever served or pasted it. The checks follow drand-client's
// verifyBeacon (lib/beacon-verification.ts) on @noble/curves, which drand-client itself uses; pure, so the
// kernel, `referee verify` and a player's page can all run them.
import { bls12_381 as bls } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { err, ok } from '../result.js';
import type { Result } from '../result.js';
import type { BeaconChain } from './beacon-chains.js';

/** A round as drand's relays serve it (GET /{chain hash}/public/{round}), the fields the checks read. */
export interface BeaconRound {
  readonly round: number;
  /** SHA-256 of the signature, hex: what the dice mix in. */
  readonly randomness: string;
  readonly signature: string;
  /** Chained schemes only: the round before's signature, part of the signed message. */
  readonly previous_signature?: string;
}

const HEX = /^(?:[0-9a-f]{2})+$/;

/** Reads a round from parsed JSON (a relay's answer or what the Administrator pasted); extra fields are dropped. */
export function readRound(json: unknown): Result<BeaconRound, string> {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return err('a beacon round must be a JSON object with round, randomness and signature');
  const o = json as Record<string, unknown>;
  if (typeof o.round !== 'number' || !Number.isSafeInteger(o.round) || o.round < 1)
    return err('the round must be a whole number 1 or more');
  for (const k of ['randomness', 'signature'] as const)
    if (typeof o[k] !== 'string' || !HEX.test(o[k].toLowerCase())) return err(`the round's ${k} must be hex`);
  const prev = o.previous_signature;
  if (prev !== undefined && (typeof prev !== 'string' || !HEX.test(prev.toLowerCase())))
    return err("the round's previous_signature must be hex");
  return ok({
    round: o.round,
    randomness: (o.randomness as string).toLowerCase(),
    signature: (o.signature as string).toLowerCase(),
    ...(typeof prev === 'string' ? { previous_signature: prev.toLowerCase() } : {}),
  });
}

function roundBytes(round: number): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(round));
  return b;
}

/** The message a chain's scheme signs for a round. */
export function signedMessage(chain: BeaconChain, round: BeaconRound): Uint8Array {
  if (chain.scheme === 'bls-unchained-g1-rfc9380') return sha256(roundBytes(round.round));
  const prev = hexToBytes(round.previous_signature ?? '');
  const m = new Uint8Array(prev.length + 8);
  m.set(prev);
  m.set(roundBytes(round.round), prev.length);
  return sha256(m);
}

/** A round verified against a chain: everything its verification depended on. */
interface Verified {
  readonly scheme: string;
  readonly publicKey: string;
  readonly round: number;
  readonly previous: string;
  readonly randomness: string;
}

/**
 * Rounds already verified, by signature (then every field the verification read is compared): a round costs
 * its pairing once (~80 ms). Kept by signature rather than by one key string of all the fields, which cost a
 * concatenation of some 400 characters and its hash at every check (every `beacon` command decided again).
 */
const verified = new Map<string, Verified[]>();
let verifiedCount = 0;
const VERIFIED_KEPT = 4096;

function isVerified(chain: BeaconChain, round: BeaconRound): boolean {
  const found = verified.get(round.signature);
  if (found === undefined) return false;
  for (const v of found)
    if (
      v.round === round.round &&
      v.randomness === round.randomness &&
      v.previous === (round.previous_signature ?? '') &&
      v.scheme === chain.scheme &&
      v.publicKey === chain.publicKey
    )
      return true;
  return false;
}

/** Forgets every round verified so far (a benchmark measures the first verification of a round with it). */
export function forgetVerifiedRounds(): void {
  verified.clear();
  verifiedCount = 0;
}

/**
 * Why a round is refused for the round `expected` of `chain`, or null when it verifies. Never throws: a
 * signature that is not a point of the curve is refused like one that does not verify.
 */
export function checkRound(chain: BeaconChain, round: BeaconRound, expected: number): string | null {
  if (round.round !== expected) return `this is round ${round.round}, not round ${expected}`;
  // The randomness is compared too: a round found here had this randomness checked against its signature, so
  // a round checked again (every replay's `beacon` command) costs a lookup, not a hash (docs/benchmarks.md).
  if (isVerified(chain, round)) return null;
  if (bytesToHex(sha256(hexToBytes(round.signature))) !== round.randomness)
    return `round ${expected}'s randomness is not the hash of its signature`;
  if (chain.scheme === 'pedersen-bls-chained' && round.previous_signature === undefined)
    return `round ${expected} of ${chain.name} needs its previous_signature (a chained scheme)`;
  let good: boolean;
  try {
    good =
      chain.scheme === 'bls-unchained-g1-rfc9380'
        ? bls.shortSignatures.verify(
            bls.shortSignatures.Signature.fromHex(round.signature),
            bls.shortSignatures.hash(signedMessage(chain, round)),
            bls.G2.Point.fromHex(chain.publicKey),
          )
        : bls.longSignatures.verify(
            bls.longSignatures.Signature.fromHex(round.signature),
            bls.longSignatures.hash(signedMessage(chain, round)),
            bls.G1.Point.fromHex(chain.publicKey),
          );
  } catch {
    good = false;
  }
  if (!good) return `round ${expected}'s signature does not verify against ${chain.name}'s public key`;
  if (verifiedCount >= VERIFIED_KEPT) forgetVerifiedRounds();
  const entry: Verified = {
    scheme: chain.scheme,
    publicKey: chain.publicKey,
    round: round.round,
    previous: round.previous_signature ?? '',
    randomness: round.randomness,
  };
  const same = verified.get(round.signature);
  if (same) same.push(entry);
  else verified.set(round.signature, [entry]);
  verifiedCount++;
  return null;
}

/** readRound then checkRound: a verified round, or why not. */
export function verifiedRound(
  chain: BeaconChain,
  json: unknown,
  expected: number,
): Result<BeaconRound, string> {
  const read = readRound(json);
  if (!read.ok) return read;
  const why = checkRound(chain, read.value, expected);
  return why === null ? read : err(why);
}
