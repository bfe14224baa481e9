// Choices and shuffles reduce to draws like dice do: a choice of n is one draw of n, a shuffle of n is a
// Fisher-Yates pass drawing n, n-1, ..., 2. Both are recorded, checked and verified like any roll.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkFairRoll,
  checkRollResult,
  hexToBytes,
  permutation,
  shuffleSides,
  verifyLog,
} from '../../src/core/index.js';
import type { Roll } from '../../src/core/index.js';
import type { CounterState } from '../support/counter-ruleset.js';
import { ofType, Session, str } from '../support/session.js';

/** Draws valid for a shuffle of n: draw k in 1..n-k. */
const shuffleDraws = (n: number) =>
  fc.tuple(...shuffleSides(n).map((sides) => fc.integer({ min: 1, max: sides })));

describe('choices and shuffles', () => {
  it('draw n, n-1, ..., 2 for a shuffle of n', () => {
    expect(shuffleSides(5)).toEqual([5, 4, 3, 2]);
    expect(shuffleSides(2)).toEqual([2]);
    expect(shuffleSides(1)).toEqual([]);
    expect(shuffleSides(0)).toEqual([]);
  });

  it('turn any valid draws into a permutation of 0..n-1', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(fc.constant(n), shuffleDraws(n))),
        ([n, draws]) => {
          const p = permutation(n, draws);
          expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
        },
      ),
    );
  });

  it('reach every one of the 24 orders of 4 from the 24 possible draws, each exactly once', () => {
    const seen = new Set<string>();
    for (let a = 1; a <= 4; a++)
      for (let b = 1; b <= 3; b++) for (let c = 1; c <= 2; c++) seen.add(permutation(4, [a, b, c]).join(''));
    expect(seen.size).toBe(24);
  });

  it('leave everything in place when every draw picks the last position', () => {
    expect(permutation(4, [4, 3, 2])).toEqual([0, 1, 2, 3]);
    expect(permutation(4, [1, 1, 1])).toEqual([1, 2, 3, 0]);
  });

  it('record a shuffle and a choice in one public event, checked against the revealed seed', () => {
    const s = new Session();
    s.create();
    s.join('ann', 'bob', 'cy', 'dee');
    s.ok(s.admin('enact', { module: 'lots' }));
    const events = s.ok(s.as('bob', 'lots'));
    const [drawn] = ofType(events, 'lots-drawn');
    const [shuffle, choice] = drawn?.rolls ?? [];
    expect(shuffle).toMatchObject({ kind: 'shuffle', expr: 'shuffle of 4', sides: [4, 3, 2] });
    expect(choice).toMatchObject({ kind: 'choice', expr: 'choice of 4', sides: [4] });
    const order = permutation(4, shuffle?.draws ?? []).map((i) => ['ann', 'bob', 'cy', 'dee'][i]);
    const first = order[(choice?.draws[0] ?? 0) - 1];
    expect(s.rules<CounterState>().lots).toEqual([first, ...order.filter((p) => p !== first)]);
    for (const r of [shuffle, choice]) expect(checkRollResult(r as Roll)).toBeNull();
    s.ok(s.admin('end'));
    const [reveal] = ofType(s.events, 'seed-revealed');
    for (const r of [shuffle, choice])
      expect(checkFairRoll('g', r as Roll, hexToBytes(str(reveal?.seed)))).toBeNull();
    expect(verifyLog(s.kernel, s.entries, s.master).problems).toEqual([]);
  });

  it('take a shuffle and a choice from queued manual dice, and reject a value too big for the choice', () => {
    const s = new Session(null);
    s.create({ dice: 'manual' });
    s.join('ann', 'bob', 'cy');
    s.ok(s.admin('enact', { module: 'lots' }));
    // Shuffle of 3 takes a d3 and a d2; the choice takes a d3: 4 does not fit it.
    s.ok(s.admin('dice', { values: [1, 1, 4] }));
    expect(s.fail(s.as('ann', 'lots')).code).toBe('bad-dice');
    s.ok(s.admin('dice', { clear: true, values: [1, 1, 2] }));
    s.ok(s.as('ann', 'lots'));
    // permutation(3, [1, 1]) = [1, 2, 0]: bob, cy, ann; the 2nd of those goes first.
    expect(s.rules<CounterState>().lots).toEqual(['cy', 'bob', 'ann']);
    expect(verifyLog(s.kernel, s.entries, undefined).problems).toEqual([]);
  });

  it('catch a shuffle or choice whose recorded result does not follow from its draws', () => {
    const shuffle: Roll = {
      purpose: 'order',
      kind: 'shuffle',
      expr: 'shuffle of 3',
      sides: [3, 2],
      draws: [1, 1],
      result: [1, 2, 0],
      source: 'manual',
      secret: false,
    };
    expect(checkRollResult(shuffle)).toBeNull();
    expect(checkRollResult({ ...shuffle, result: [0, 1, 2] })).toMatch(/its draws give/);
    expect(checkRollResult({ ...shuffle, draws: [3, 3] })).toMatch(/does not fit a d2/);
    expect(checkRollResult({ ...shuffle, draws: [1] })).toMatch(/has 1 draws for 2 dice/);
    const choice: Roll = {
      ...shuffle,
      kind: 'choice',
      expr: 'choice of 3',
      sides: [3],
      draws: [2],
      result: 1,
    };
    expect(checkRollResult(choice)).toBeNull();
    expect(checkRollResult({ ...choice, result: 2 })).toMatch(/its draws give/);
  });
});
