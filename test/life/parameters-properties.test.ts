// Issue 24 for Life: properties of amended games. The fast Evolve with any Birth count and Survival counts equals
// a plain reference; and random matches (fair dice) amended at random moments (at once, from the next nday or
// nweek), with repeals, change nothing on a refusal and replay and verify into the same entries.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { nextGeneration } from '../../src/rulesets/life/index.js';
import { lifeCounts } from '../../src/rulesets/life/parameters.js';
import { lifeGame } from '../support/harness/life.js';

/** Step 1 written plainly over a full field of codes (0 null, 1..3 the Colors), diagonal adjacency. */
function plainStep(
  grid: readonly number[],
  width: number,
  height: number,
  birth: number,
  survive: readonly number[],
  advantage: number,
): number[] {
  const at = (x: number, y: number) =>
    x >= 0 && x < width && y >= 0 && y < height ? grid[y * width + x] : 0;
  return grid.map((me, i) => {
    const x = i % width;
    const y = Math.floor(i / width);
    const around: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) if (dx !== 0 || dy !== 0) around.push(at(x + dx, y + dy) ?? 0);
    const coloured = around.filter((c) => c > 0);
    if (me !== 0) return survive.includes(coloured.length) ? (me ?? 0) : 0;
    if (coloured.length !== birth) return 0;
    // L10: the most common Color; a tie goes to the Advantage if it is among the tied, else no birth.
    const tally = [1, 2, 3].map((c) => coloured.filter((k) => k === c).length);
    const top = Math.max(...tally);
    const tied = [1, 2, 3].filter((c) => tally[c - 1] === top);
    if (tied.length === 1) return tied[0] ?? 0;
    return tied.includes(advantage) ? advantage : 0;
  });
}

describe('Life, Evolve step 1 under any Birth count and Survival counts', () => {
  it('the fast rule equals the plain reference on random full fields', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 8 })),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 81, maxLength: 81 }),
        (width, height, birth, survive, advantage, codes) => {
          const grid = codes.slice(0, width * height);
          const values = {
            'Tweaks per nweek': 1,
            'Evolves per nweek': 1,
            'Birth count': birth,
            'Survival counts': survive,
            'Advantage order': ['Red', 'Green', 'Blue'],
          };
          const present = new Uint8Array(width * height).fill(1);
          const fast = nextGeneration(
            width,
            height,
            'diagonal',
            present,
            new Uint8Array(grid),
            3,
            advantage,
            lifeCounts(values),
          );
          expect(Array.from(fast.next)).toEqual(plainStep(grid, width, height, birth, survive, advantage));
        },
      ),
      { numRuns: 300 },
    );
  });
});

const NAMES = ['alice', 'bob', 'carol'] as const;
const setArb: fc.Arbitrary<Record<string, Json>> = fc.oneof(
  fc.record({ 'Birth count': fc.integer({ min: 0, max: 9 }) }),
  fc.record({ 'Survival counts': fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { maxLength: 4 }) }),
  fc.record({
    'Advantage order': fc.shuffledSubarray(['Red', 'Green', 'Blue'], { minLength: 2, maxLength: 3 }),
  }),
  fc.record({ 'Tweaks per nweek': fc.integer({ min: 0, max: 3 }) }),
  fc.record({ 'Evolves per nweek': fc.integer({ min: 1, max: 3 }) }),
);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('join'), by: fc.constantFrom(...NAMES).map(player), args: fc.constant({}) }),
  fc.record({
    type: fc.constant('tweak'),
    by: fc.constantFrom(...NAMES).map(player),
    args: fc.record({ x: fc.integer({ min: 1, max: 5 }), y: fc.integer({ min: 1, max: 5 }) }),
  }),
  fc.record({ type: fc.constantFrom('initialize', 'evolve'), by: fc.constant(ADMIN), args: fc.constant({}) }),
  fc.record({
    type: fc.constant('tick'),
    by: fc.constant(ADMIN),
    args: fc.constantFrom<Record<string, Json>>({}, { nweek: true }),
  }),
  fc.record({
    type: fc.constant('amend-rules'),
    by: fc.constant(ADMIN),
    args: fc.record({
      set: setArb,
      why: fc.constant('Proposal 5100'),
      from: fc.constantFrom<Json>('now', 'nday', 'nweek'),
    }),
  }),
  fc.record({
    type: fc.constant('repeal-amendment'),
    by: fc.constant(ADMIN),
    args: fc.record({ amendment: fc.integer({ min: 1, max: 4 }), why: fc.constant('Proposal 5101') }),
  }),
);

describe('Life over random amended matches (fair dice)', () => {
  it('a refusal changes nothing, and every amended game replays and verifies into the same entries', () => {
    let inForce = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 50 }), (commands) => {
        const t = lifeGame({ dice: 'fair' });
        for (const c of commands) {
          if (t.game.ended) break;
          const before = t.state;
          const r = t.try(c);
          if (!r.ok) expect(t.state).toBe(before);
        }
        inForce += t.entries.filter((e) => e.event.type === 'parameters-in-force').length;
        t.expectConsistent();
      }),
      { numRuns: 40 },
    );
    // The runs did amend: amendments took effect (at once or at a boundary) in them.
    expect(inForce).toBeGreaterThan(0);
  });
});
