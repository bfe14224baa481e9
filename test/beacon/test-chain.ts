// A beacon chain of the tests' own (issue 26 item 4): a BLS key generated here signs rounds in quicknet's
// scheme, so tests get any round on demand, with real cryptography, and give the referee this chain's key.
import { bls12_381 as bls } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { BeaconChain } from '../../src/core/dice/beacon-chains.js';
import { signedMessage } from '../../src/core/dice/beacon.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';

export interface TestChain {
  readonly chain: BeaconChain;
  /** The round `n` of this chain, signed. */
  round(n: number): BeaconRound;
}

/** A new chain with a fresh key (or one from `seed`, 32 bytes, for a chain the same every run). */
export function makeTestChain(
  name = 'test',
  seed?: Uint8Array,
  genesis = 1_700_000_000,
  period = 3,
): TestChain {
  const sigs = bls.shortSignatures;
  const { secretKey, publicKey } = sigs.keygen(seed);
  const chain: BeaconChain = {
    name,
    hash: bytesToHex(sha256(publicKey.toBytes())),
    scheme: 'bls-unchained-g1-rfc9380',
    publicKey: publicKey.toHex(),
    genesis,
    period,
  };
  const rounds = new Map<number, BeaconRound>();
  return {
    chain,
    round(n) {
      let r = rounds.get(n);
      if (r === undefined) {
        const unsigned = { round: n, randomness: '', signature: '' };
        const sig = sigs.sign(sigs.hash(signedMessage(chain, unsigned)), secretKey).toBytes();
        r = { round: n, randomness: bytesToHex(sha256(sig)), signature: bytesToHex(sig) };
        rounds.set(n, r);
      }
      return r;
    },
  };
}
