// Issue 26 item 2 and 4: beacon rounds are verified against a pinned key, never trusted. Real recorded rounds
// of quicknet and mainnet verify offline; a chain of the test's own signs rounds on demand.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MAINNET, PINNED_CHAINS, QUICKNET, roundAt, roundTime } from '../../src/core/dice/beacon-chains.js';
import { checkRound, readRound, verifiedRound } from '../../src/core/dice/beacon.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';
import { makeTestChain } from './test-chain.js';

const recorded = JSON.parse(readFileSync(new URL('./drand-rounds.json', import.meta.url), 'utf8')) as {
  quicknet: BeaconRound[];
  mainnet: BeaconRound[];
};
const q1000 = recorded.quicknet[0] as BeaconRound;
const m1 = recorded.mainnet[0] as BeaconRound;

/** Flips the last hex digit. */
const flip = (hex: string): string => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');

describe('beacon rounds (issue 26)', () => {
  it('recorded real rounds of quicknet and of the chained mainnet verify against the pinned keys', () => {
    expect(PINNED_CHAINS.get('quicknet')).toBe(QUICKNET);
    expect(PINNED_CHAINS.get('mainnet')).toBe(MAINNET);
    for (const r of recorded.quicknet) expect(checkRound(QUICKNET, r, r.round)).toBeNull();
    for (const r of recorded.mainnet) expect(checkRound(MAINNET, r, r.round)).toBeNull();
  });

  it('a relabelled round is refused, whether it names another number or is checked as another', () => {
    expect(checkRound(QUICKNET, q1000, 1001)).toBe('this is round 1000, not round 1001');
    // The label changed consistently: the signature is over round 1000's message, not 1001's.
    expect(checkRound(QUICKNET, { ...q1000, round: 1001 }, 1001)).toMatch(/signature does not verify/);
    expect(checkRound(MAINNET, { ...m1, round: 2 }, 2)).toMatch(/signature does not verify/);
  });

  it('an altered round is refused: randomness, signature, or the chained previous signature', () => {
    expect(checkRound(QUICKNET, { ...q1000, randomness: flip(q1000.randomness) }, 1000)).toMatch(
      /randomness is not the hash of its signature/,
    );
    // A new signature with its own hash as randomness: the hash matches, the pairing does not.
    const t = makeTestChain();
    const other = t.round(1000);
    expect(
      checkRound(QUICKNET, { ...q1000, signature: other.signature, randomness: other.randomness }, 1000),
    ).toMatch(/signature does not verify/);
    // Bytes that are no point of the curve are refused the same way, never thrown.
    const junk = 'ab'.repeat(48);
    expect(checkRound(QUICKNET, { ...q1000, signature: junk, randomness: sha(junk) }, 1000)).toMatch(
      /signature does not verify/,
    );
    expect(checkRound(MAINNET, { ...m1, previous_signature: flip(m1.previous_signature ?? '') }, 1)).toMatch(
      /signature does not verify/,
    );
    const { previous_signature: _, ...bare } = m1;
    expect(checkRound(MAINNET, bare, 1)).toMatch(/needs its previous_signature/);
  });

  it("a round from another chain is refused: the test chain's round against quicknet, and the other way", () => {
    const t = makeTestChain();
    expect(checkRound(t.chain, t.round(1000), 1000)).toBeNull();
    expect(checkRound(QUICKNET, t.round(1000), 1000)).toMatch(
      /does not verify against quicknet's public key/,
    );
    expect(checkRound(t.chain, q1000, 1000)).toMatch(/does not verify against test's public key/);
    // quicknet's round is no mainnet round either (another scheme, another key).
    expect(checkRound(MAINNET, { ...q1000, previous_signature: m1.previous_signature }, 1000)).toMatch(
      /does not verify/,
    );
  });

  it("a second chain of the same scheme does not accept the first one's rounds", () => {
    const a = makeTestChain('a');
    const b = makeTestChain('b');
    expect(checkRound(a.chain, a.round(7), 7)).toBeNull();
    expect(checkRound(b.chain, a.round(7), 7)).toMatch(/does not verify against b's public key/);
  });

  it('reads rounds as relays serve them and refuses malformed ones with a clear reason', () => {
    expect(readRound({ ...q1000, extra: 1 })).toEqual({ ok: true, value: q1000 });
    expect(readRound({ ...q1000, signature: q1000.signature.toUpperCase() })).toEqual({
      ok: true,
      value: q1000,
    });
    expect(readRound('x')).toMatchObject({ ok: false });
    expect(readRound({ ...q1000, round: 0 })).toEqual({
      ok: false,
      error: 'the round must be a whole number 1 or more',
    });
    expect(readRound({ ...q1000, round: '1000' })).toMatchObject({ ok: false });
    expect(readRound({ ...q1000, signature: 'xyz' })).toEqual({
      ok: false,
      error: "the round's signature must be hex",
    });
    expect(readRound({ round: 5, randomness: 'aa' })).toMatchObject({ ok: false });
    expect(verifiedRound(QUICKNET, q1000, 1000)).toEqual({ ok: true, value: q1000 });
    expect(verifiedRound(QUICKNET, q1000, 999)).toEqual({
      ok: false,
      error: 'this is round 1000, not round 999',
    });
  });

  it('a round is verified once: the same round again is accepted from the record, an altered one is not', () => {
    const t = makeTestChain();
    const r = t.round(42);
    expect(checkRound(t.chain, r, 42)).toBeNull();
    expect(checkRound(t.chain, r, 42)).toBeNull();
    expect(checkRound(t.chain, { ...r, randomness: flip(r.randomness) }, 42)).toMatch(/randomness/);
  });

  it("knows each round's time from the chain's genesis and period", () => {
    expect(roundAt(QUICKNET, QUICKNET.genesis * 1000)).toBe(1);
    expect(roundAt(QUICKNET, QUICKNET.genesis * 1000 - 1)).toBe(0);
    expect(roundAt(QUICKNET, roundTime(QUICKNET, 1000))).toBe(1000);
    expect(roundAt(QUICKNET, roundTime(QUICKNET, 1000) + 2999)).toBe(1000);
    expect(roundAt(MAINNET, roundTime(MAINNET, 5) + 30_000)).toBe(6);
  });
});

function sha(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}
