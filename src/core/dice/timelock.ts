// A seed that reveals itself (issue 26 item 3; rulings B13-B15): a beacon nweek's seed is published beside its
// commitment timelock-encrypted (tlock, drand's identity-based encryption: tlock-js) to a round of the chain
// that comes at the nweek's end. The round's BLS signature is the decryption key, so anyone holding that
// round, from any relay, opens the seed, whether or not the referee ever reveals it. Encrypting draws
// randomness, so it is done by the engine and the ciphertext recorded (engine/timelock-seal.ts); what is here is
// pure and deterministic: reading a ciphertext's recipient (round and chain) and opening it with a round, which
// the kernel, `referee verify`, a player's own check and the page all run. tlock-js's own timelockDecrypt asks
// the machine's clock whether the round is due and logs to the console; the decrypter here asks nothing but
// the round, verified against the chain's key first (checkRound), and checks the recipient is that round of
// that chain (tlock-js does not check the chain).
import { hexToBytes } from '@noble/hashes/utils.js';
import { err, ok } from '../result.js';
import type { Result } from '../result.js';
import type { ChainClient } from 'tlock-js';
import type { BeaconChain } from './beacon-chains.js';
import type { BeaconRound } from './beacon.js';
import { checkRound } from './beacon.js';

/** Whether a chain's scheme lets tlock encrypt to its rounds: unchained only (mainnet's chained one does not). */
export const timelockable = (chain: BeaconChain): boolean => chain.scheme === 'bls-unchained-g1-rfc9380';

/** The recipient a ciphertext names: the round it opens at and the chain's hash. */
export interface TimelockRecipient {
  readonly round: number;
  readonly chainHash: string;
}

/** Bytes of a compressed G2 point: the U of quicknet-scheme ciphertexts. */
const G2_BYTES = 96;
/** Longest ciphertext taken (a 32-byte seed armors to about 500 characters). */
export const TIMELOCK_MAX = 4096;

/**
 * tlock-js's age code, loaded when a timelock is first read whole or opened, not with the core: its modules
 * and their own copy of @noble/hashes cost every command-line verb ~20 ms of CPU, and its curves ~100 ms
 * more (docs/benchmarks.md, side by side). The kernel's check needs none of it (recipientOf).
 */
async function tlockAge() {
  const [armor, reader, decrypt, ibe] = await Promise.all([
    import('tlock-js/age/armor.js'),
    import('tlock-js/age/age-reader-writer.js'),
    import('tlock-js/age/age-encrypt-decrypt.js'),
    import('tlock-js/crypto/ibe.js'),
  ]);
  const ageOf = (ciphertext: string): string =>
    armor.isProbablyArmored(ciphertext) ? armor.decodeArmor(ciphertext) : ciphertext;
  return { ageOf, readAge: reader.readAge, decryptAge: decrypt.decryptAge, decryptOnG2: ibe.decryptOnG2 };
}

/** The armored ciphertext's header as the kernel reads it: its version line and its first recipient. */
const ARMORED = /^-----BEGIN AGE ENCRYPTED FILE-----\r?\n([A-Za-z0-9+/=\r\n]{172})/;
const HEADER = /^age-encryption\.org\/v1\n-> tlock ([1-9][0-9]{0,15}) ([0-9a-f]{64})\n/;

/**
 * The recipient an armored tlock ciphertext names, from its first lines alone (the kernel's check of every
 * committing command: a fraction of a full parse, docs/benchmarks.md); undefined if it has not that shape.
 * Opening reads the whole ciphertext (openTimelock).
 */
function quickRecipient(ciphertext: string): TimelockRecipient | undefined {
  const m = ARMORED.exec(ciphertext);
  if (!m) return undefined;
  const b64 = (m[1] as string).replace(/\r?\n/g, '');
  const head = HEADER.exec(atob(b64.slice(0, b64.length - (b64.length % 4))));
  return head ? { round: Number(head[1]), chainHash: head[2] as string } : undefined;
}

/**
 * The recipient an armored tlock ciphertext names, read from its header (see quickRecipient): the kernel's
 * check. The engine seals every seed in this shape (tlock-js's armor, one tlock stanza first), so a command
 * carrying another shape was not sealed here and is refused; opening it would read it whole anyway.
 */
export function recipientOf(ciphertext: string): Result<TimelockRecipient, string> {
  if (ciphertext.length > TIMELOCK_MAX) return err(`a timelock is at most ${TIMELOCK_MAX} characters`);
  const quick = quickRecipient(ciphertext);
  return quick
    ? ok(quick)
    : err('the timelock must be an armored age ciphertext whose first recipient is a tlock round of a chain');
}

/** The one tlock recipient of a ciphertext, or why it has none (not age, other recipients, no round). */
export async function timelockRecipient(ciphertext: string): Promise<Result<TimelockRecipient, string>> {
  if (ciphertext.length > TIMELOCK_MAX) return err(`a timelock is at most ${TIMELOCK_MAX} characters`);
  const { ageOf, readAge } = await tlockAge();
  let stanzas;
  try {
    stanzas = readAge(ageOf(ciphertext)).header.recipients;
  } catch {
    return err('the timelock is not an age ciphertext');
  }
  const only = stanzas.length === 1 ? stanzas[0] : undefined;
  if (!only || only.type !== 'tlock' || only.args.length !== 2)
    return err('the timelock must have one recipient, a tlock round of a chain');
  const [round, chainHash] = only.args as [string, string];
  if (!/^[1-9][0-9]{0,15}$/.test(round) || !/^[0-9a-f]{64}$/.test(chainHash))
    return err("the timelock's recipient is no round of a chain");
  return ok({ round: Number(round), chainHash });
}

/**
 * Opens a timelock with a round of its chain: the plaintext, or why not (the round does not verify, is not the
 * recipient, or the ciphertext does not decrypt: altered, or encrypted to another key).
 */
export async function openTimelock(
  chain: BeaconChain,
  ciphertext: string,
  round: BeaconRound,
): Promise<Result<Uint8Array, string>> {
  const to = await timelockRecipient(ciphertext);
  if (!to.ok) return to;
  if (to.value.chainHash !== chain.hash)
    return err(`the timelock is to another chain (${to.value.chainHash.slice(0, 12)}…), not ${chain.name}`);
  if (to.value.round !== round.round)
    return err(`the timelock opens at round ${to.value.round}, not round ${round.round}`);
  if (!timelockable(chain)) return err(`${chain.name}'s rounds are chained: tlock cannot open them`);
  const bad = checkRound(chain, round, round.round);
  if (bad !== null) return err(bad);
  try {
    const { ageOf, decryptAge, decryptOnG2 } = await tlockAge();
    const plain = await decryptAge(ageOf(ciphertext), async (stanzas) => {
      const body = (stanzas[0] as { body: Uint8Array }).body;
      const rest = body.subarray(G2_BYTES);
      const half = rest.length / 2;
      return decryptOnG2(hexToBytes(round.signature), {
        U: body.subarray(0, G2_BYTES),
        V: rest.subarray(0, half),
        W: rest.subarray(half),
      });
    });
    return ok(Uint8Array.from(plain));
  } catch (e) {
    return err(`the timelock does not open with round ${round.round}: ${(e as Error).message}`);
  }
}

/**
 * A tlock-js ChainClient for a chain described in a log (pinned or a test chain), serving only rounds it is
 * given, verified: no network. What tlock-js reads of it is the chain's info (key, scheme, hash, genesis,
 * period) to encrypt, and a round's signature to decrypt; a player can hand it to tlock-js's own
 * timelockDecrypt with a round fetched from any relay.
 */
export function chainClientOf(chain: BeaconChain, rounds: readonly BeaconRound[] = []): ChainClient {
  const info = {
    public_key: chain.publicKey,
    period: chain.period,
    genesis_time: chain.genesis,
    hash: chain.hash,
    groupHash: chain.hash,
    schemeID: chain.scheme,
    metadata: { beaconID: chain.name },
  };
  const byNumber = new Map(rounds.map((r) => [r.round, r]));
  const get = (n: number) => {
    const r = byNumber.get(n);
    if (!r) return Promise.reject(new Error(`round ${n} of ${chain.name} is not at hand`));
    const bad = checkRound(chain, r, n);
    return bad === null ? Promise.resolve({ ...r }) : Promise.reject(new Error(bad));
  };
  return {
    // Verified here (checkRound, on our own curves) rather than by drand-client's copy.
    options: { disableBeaconVerification: true, noCache: true },
    chain: () => ({ baseUrl: `offline:${chain.name}`, info: () => Promise.resolve(info) }),
    get,
    latest: () => get(Math.max(0, ...byNumber.keys())),
  };
}
