// Fair draws (src/core/dice/fair.ts): HMAC-SHA256 of the seed over the draw's position, rejection-sampled.
import { describe, expect, it } from 'vitest';
import { commitmentOf, fairDraw, GENESIS, hmacSha256, sha256Hex, streamSeed } from '../../src/core/index.js';
import type { DrawPosition } from '../../src/core/index.js';
import { MASTER } from '../support/session.js';

const SEED = streamSeed(MASTER, 'public', 1);
const AT: DrawPosition = { game: 'g', stream: 'public', epoch: 1, index: 0, head: GENESIS };

/** The eight big-endian 32-bit words of one HMAC, as fairDraw reads them. */
function words(seed: Uint8Array, label: string): number[] {
  const mac = hmacSha256(seed, label);
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  return Array.from({ length: 8 }, (_, i) => view.getUint32(i * 4));
}

const labelOf = (at: DrawPosition): string => `${at.game}|${at.stream}|${at.epoch}|${at.index}|${at.head}`;

describe('fair draws', () => {
  it('give the same value for the same seed and position', () => {
    for (let index = 0; index < 50; index++) {
      const at = { ...AT, index };
      expect(fairDraw(SEED, at, 20)).toBe(fairDraw(SEED, at, 20));
      expect(fairDraw(streamSeed(MASTER, 'public', 1), at, 1000)).toBe(fairDraw(SEED, at, 1000));
    }
  });

  it('change with the index, head, epoch, stream, game and seed', () => {
    // Compare sequences of 40 draws of 2^31 sides: equal by chance with probability 2^-1240.
    const run = (seed: Uint8Array, at: Partial<DrawPosition>): number[] =>
      Array.from({ length: 40 }, (_, i) =>
        fairDraw(seed, { ...AT, ...at, index: (at.index ?? 0) + i }, 2 ** 31),
      );
    const base = run(SEED, {});
    expect(run(SEED, {})).toEqual(base);
    expect(run(SEED, { index: 40 })).not.toEqual(base);
    expect(run(SEED, { head: 'f'.repeat(64) })).not.toEqual(base);
    expect(run(SEED, { epoch: 2 })).not.toEqual(base);
    expect(run(SEED, { stream: 'secret' })).not.toEqual(base);
    expect(run(SEED, { game: 'h' })).not.toEqual(base);
    expect(run(streamSeed(MASTER, 'public', 2), {})).not.toEqual(base);
    expect(run(streamSeed(MASTER, 'secret', 0), {})).not.toEqual(base);
  });

  it('derive different seeds for each nweek and for the secret stream, and commit by SHA-256', () => {
    const seeds = [
      streamSeed(MASTER, 'public', 1),
      streamSeed(MASTER, 'public', 2),
      streamSeed(MASTER, 'secret', 0),
    ].map((s) => sha256Hex(s));
    expect(new Set(seeds).size).toBe(3);
    // The secret stream has one seed for the whole game, whatever epoch is asked for.
    expect(streamSeed(MASTER, 'secret', 7)).toEqual(streamSeed(MASTER, 'secret', 0));
    expect(commitmentOf(SEED)).toBe(sha256Hex(SEED));
    expect(commitmentOf(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([1, 2, 3, 6, 7, 20, 1000, 2 ** 31, 2 ** 31 + 1, 2 ** 32 - 1])('always lands in 1..%i', (sides) => {
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index++) {
      const d = fairDraw(SEED, { ...AT, index }, sides);
      expect(Number.isInteger(d)).toBe(true);
      expect(d).toBeGreaterThanOrEqual(1);
      expect(d).toBeLessThanOrEqual(sides);
      seen.add(d);
    }
    // Small dice show every face in 2000 draws (a face missing from a d7 has probability < 1e-130).
    if (sides <= 7) expect(seen.size).toBe(sides);
  });

  it('rolls a d6 evenly: each face within 6% of its expected count over 60,000 draws', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let index = 0; index < n; index++) {
      const d = fairDraw(SEED, { ...AT, index }, 6);
      counts[d - 1] = (counts[d - 1] ?? 0) + 1;
    }
    // Expected 10,000 a face, standard deviation about 91; 600 is more than six of them.
    for (const c of counts) expect(Math.abs(c - n / 6)).toBeLessThan(600);
    // Chi-square with 5 degrees of freedom: 30 is far beyond the 0.9999 quantile (about 25.7).
    const chi = counts.reduce((sum, c) => sum + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(30);
  });

  it('uses the first word when no rejection is needed (sides dividing 2^32)', () => {
    for (const sides of [2, 16, 2 ** 31]) {
      for (let index = 0; index < 20; index++) {
        const at = { ...AT, index };
        const [w0] = words(SEED, labelOf(at));
        expect(fairDraw(SEED, at, sides)).toBe(((w0 ?? 0) % sides) + 1);
      }
    }
  });

  it('skips a word at or above the largest multiple of the sides below 2^32', () => {
    // With sides = 2^31 + 1 the limit is 2^31 + 1 itself, so about half of all words are rejected.
    const sides = 2 ** 31 + 1;
    const limit = Math.floor(2 ** 32 / sides) * sides;
    expect(limit).toBe(2 ** 31 + 1);
    let checked = 0;
    for (let index = 0; index < 200; index++) {
      const at = { ...AT, index };
      const ws = words(SEED, labelOf(at));
      const first = ws.findIndex((w) => w < limit);
      if (first < 1) continue; // want a position whose first word is rejected
      expect(ws[0]).toBeGreaterThanOrEqual(limit);
      // The draw comes from the first acceptable word, not from the rejected one reduced mod sides.
      expect(fairDraw(SEED, at, sides)).toBe(((ws[first] ?? 0) % sides) + 1);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('moves on to the next MAC when all eight words of one are rejected', () => {
    const sides = 2 ** 31 + 1;
    const limit = 2 ** 31 + 1;
    // All eight words rejected has probability about 2^-8: search for such a position.
    let found = false;
    for (let index = 0; index < 5000 && !found; index++) {
      const at = { ...AT, index };
      if (!words(SEED, labelOf(at)).every((w) => w >= limit)) continue;
      const next = words(SEED, `${labelOf(at)}|1`);
      const first = next.find((w) => w < limit);
      if (first === undefined) continue;
      expect(fairDraw(SEED, at, sides)).toBe((first % sides) + 1);
      found = true;
    }
    expect(found).toBe(true);
  });

  it('keeps the rejection limit a multiple of the sides, above 2^31, for every die size', () => {
    for (const sides of [1, 3, 6, 7, 20, 100, 12345, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 2 ** 32 - 1]) {
      const limit = Math.floor(2 ** 32 / sides) * sides;
      expect(limit % sides).toBe(0);
      expect(limit).toBeLessThanOrEqual(2 ** 32);
      expect(2 ** 32 - limit).toBeLessThan(sides);
      // So each word is accepted with probability over 1/2, and each face has exactly limit/sides words.
      expect(limit).toBeGreaterThan(2 ** 31);
    }
  });
});
