// Issue 26 item 1: a beacon-anchored roll derives from the secret seed AND the named round's randomness, and a
// player re-derives it from the revealed seed and the public round alone.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { QUICKNET, roundAt, roundTime } from '../../src/core/dice/beacon-chains.js';
import type { BeaconRound } from '../../src/core/dice/beacon.js';
import {
  anchoredSeed,
  beaconDraw,
  checkBeaconRoll,
  checkNamedRound,
  roundToName,
} from '../../src/core/dice/beacon-draw.js';
import type { BeaconProof } from '../../src/core/dice/beacon-draw.js';
import { fairDraw, streamSeed } from '../../src/core/dice/fair.js';
import { diceTotal, parseDice } from '../../src/core/dice/notation.js';
import { makeTestChain } from './test-chain.js';

const master = new Uint8Array(32).map((_, i) => i + 1);
const seed = streamSeed(master, 'public', 3);
const t = makeTestChain('draws');
const head = 'ab'.repeat(32);
const at = (index: number) => ({ game: 'g1', stream: 'public' as const, epoch: 3, index, head });

/** A 3d6 roll as the kernel would record it, anchored to `round`. */
function roll3d6(round: BeaconRound) {
  const sides = [6, 6, 6];
  const draws = sides.map((s, i) => beaconDraw(seed, t.chain, round, at(10 + i), s));
  const proof: BeaconProof = {
    stream: 'public',
    epoch: 3,
    first: 10,
    head,
    chain: t.chain.name,
    round: round.round,
  };
  return {
    roll: {
      purpose: 'fight',
      kind: 'dice' as const,
      expr: '3d6',
      sides,
      draws,
      result: diceTotal(parseDice('3d6'), draws),
    },
    proof,
  };
}

describe('beacon-anchored draws (issue 26)', () => {
  it('a roll re-derives from the revealed seed and the public round, and from nothing less', () => {
    const r = t.round(500);
    const { roll, proof } = roll3d6(r);
    expect(checkBeaconRoll('g1', roll, proof, seed, t.chain, r)).toBeNull();
    // The seed alone (a fair draw without the anchor) does not give these draws in general: over 32 draws of a
    // d1000, the anchored and unanchored streams differ.
    const anchored = Array.from({ length: 32 }, (_, i) => beaconDraw(seed, t.chain, r, at(i), 1000));
    const bare = Array.from({ length: 32 }, (_, i) => fairDraw(seed, at(i), 1000));
    expect(anchored).not.toEqual(bare);
    // Another round of the same chain gives another stream.
    const next = Array.from({ length: 32 }, (_, i) => beaconDraw(seed, t.chain, t.round(501), at(i), 1000));
    expect(anchored).not.toEqual(next);
    // And the same seed and round always give the same draws.
    expect(Array.from({ length: 32 }, (_, i) => beaconDraw(seed, t.chain, r, at(i), 1000))).toEqual(anchored);
  });

  it('a roll checked against another round, a tampered round, another chain or another seed is refused', () => {
    const r = t.round(500);
    const { roll, proof } = roll3d6(r);
    expect(checkBeaconRoll('g1', roll, proof, seed, t.chain, t.round(501))).toBe(
      'this is round 501, not round 500',
    );
    expect(
      checkBeaconRoll('g1', roll, proof, seed, t.chain, { ...r, randomness: t.round(501).randomness }),
    ).toMatch(/randomness is not the hash/);
    const other = makeTestChain('other');
    expect(checkBeaconRoll('g1', roll, proof, seed, other.chain, other.round(500))).toBe(
      '"fight" is anchored to draws, not other',
    );
    expect(checkBeaconRoll('g1', roll, { ...proof, chain: 'other' }, seed, other.chain, r)).toMatch(
      /does not verify against other's public key/,
    );
    const wrongSeed = streamSeed(master, 'public', 4);
    // The seed of another nweek (fixed bytes, so the outcome is the same every run) gives other draws.
    expect(checkBeaconRoll('g1', roll, proof, wrongSeed, t.chain, r)).toMatch(
      /^draw \d of "fight" is \d, the seed and round 500 give \d$/,
    );
    // A result that does not follow from its draws is refused too.
    expect(checkBeaconRoll('g1', { ...roll, result: 99 }, proof, seed, t.chain, r)).toMatch(/records 99/);
  });

  it('the anchor names the chain, the round and its randomness', () => {
    const r = t.round(9);
    expect(anchoredSeed(seed, t.chain, r)).not.toEqual(anchoredSeed(seed, { ...t.chain, hash: '00' }, r));
    expect(anchoredSeed(seed, t.chain, r)).toHaveLength(32);
  });

  it('a commitment names a round after its instant; a round already published is a late anchor, refused', () => {
    const committed = roundTime(QUICKNET, 1000) + 1500; // mid-round 1000
    const named = roundToName(QUICKNET, committed);
    expect(named).toBe(1002);
    expect(roundToName(QUICKNET, committed, 0)).toBe(1001);
    expect(checkNamedRound(QUICKNET, named, committed)).toBeNull();
    expect(checkNamedRound(QUICKNET, 1001, committed)).toBeNull();
    expect(checkNamedRound(QUICKNET, 1000, committed)).toBe(
      'round 1000 of quicknet was published before the seed was committed, so it anchors nothing',
    );
    expect(checkNamedRound(QUICKNET, 0, committed)).toBe('round 0 is no round of quicknet');
    expect(roundAt(QUICKNET, roundTime(QUICKNET, named))).toBe(named);
  });

  it('a real quicknet round anchors a roll that checks offline', () => {
    const recorded = JSON.parse(readFileSync(new URL('./drand-rounds.json', import.meta.url), 'utf8')) as {
      quicknet: BeaconRound[];
    };
    const r = recorded.quicknet[0] as BeaconRound;
    const draws = [20, 20].map((s, i) => beaconDraw(seed, QUICKNET, r, at(i), s));
    const proof: BeaconProof = {
      stream: 'public',
      epoch: 3,
      first: 0,
      head,
      chain: 'quicknet',
      round: r.round,
    };
    const roll = {
      purpose: 'p',
      kind: 'dice' as const,
      expr: '2d20',
      sides: [20, 20],
      draws,
      result: (draws[0] ?? 0) + (draws[1] ?? 0),
    };
    expect(checkBeaconRoll('g1', roll, proof, seed, QUICKNET, r)).toBeNull();
  });
});
