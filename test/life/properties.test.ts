// Properties of Life: the fast Evolve (typed arrays, a neighbour-count pass) equals the plain reference on
// random fields of random sizes, both adjacencies, every Advantage; and random matches never break an
// invariant, never change anything when a command is refused, and replay and verify exactly.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import { nextGeneration } from '../../src/rulesets/life/index.js';
import { generation } from '../../src/rulesets/life/generation.js';
import type { Adjacency } from '../../src/rulesets/field-match/index.js';
import { referenceStep } from './reference.js';
import type { Colour, RefField } from './reference.js';
import {
  advantageOf,
  cells,
  life,
  lifeGame,
  pictureOf,
  rules,
  stateOf,
  teamOf,
} from '../support/harness/life.js';

const COLOURS: readonly Colour[] = [null, 'Red', 'Green', 'Blue'];
const CODE = new Map<Colour, number>(COLOURS.map((c, i) => [c, i]));

/** A random field: every square empty (no Cell), null, or one of the Colors; most squares hold a Cell. */
const fieldArb = fc
  .record({ width: fc.integer({ min: 1, max: 24 }), height: fc.integer({ min: 1, max: 24 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      squares: fc.array(
        fc.oneof(
          { weight: 1, arbitrary: fc.constant<Colour | undefined>(undefined) },
          { weight: 12, arbitrary: fc.constantFrom<Colour | undefined>(...COLOURS) },
        ),
        { minLength: width * height, maxLength: width * height },
      ),
      adjacency: fc.constantFrom<Adjacency>('orthogonal', 'diagonal'),
      advantage: fc.constantFrom<Colour>(...COLOURS),
    }),
  );

describe('Evolve, step 1: the fast rule equals the plain reference', () => {
  it('on random fields of random sizes, with either adjacency and any Advantage (null included)', () => {
    fc.assert(
      fc.property(fieldArb, ({ width, height, squares, adjacency, advantage }) => {
        const present = new Uint8Array(squares.map((c) => (c === undefined ? 0 : 1)));
        const colour = new Uint8Array(squares.map((c) => (c === undefined ? 0 : (CODE.get(c) ?? 0))));
        const ref: RefField = Array.from({ length: height }, (_, y) =>
          squares.slice(y * width, (y + 1) * width),
        );
        const expected = referenceStep(ref, adjacency === 'diagonal', advantage).flat();
        const fast = nextGeneration(width, height, adjacency, present, colour, 3, CODE.get(advantage) ?? 0);
        const got = Array.from(fast.next, (code, i) =>
          present[i] === 1 ? (COLOURS[code] ?? null) : undefined,
        );
        expect(got).toEqual(expected);
        // The counts it reports are the counts of the result.
        for (let code = 0; code <= 3; code++)
          expect(fast.counts[code]).toBe(
            expected.filter((c) => c !== undefined && c === COLOURS[code]).length,
          );
        // The input is untouched (copy-on-write).
        expect(Array.from(colour)).toEqual(squares.map((c) => (c === undefined ? 0 : (CODE.get(c) ?? 0))));
      }),
      { numRuns: 300 },
    );
  });

  it('through the Life transform on full fields (every square a Cell, diagonal adjacency)', () => {
    const pictureArb = fc
      .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) })
      .chain(({ width, height }) =>
        fc.array(fc.stringMatching(new RegExp(`^[.RGB]{${width}}$`)), {
          minLength: height,
          maxLength: height,
        }),
      );
    fc.assert(
      fc.property(pictureArb, fc.constantFrom<Colour>('Red', 'Green', 'Blue'), (picture, advantage) => {
        const before = stateOf(picture, advantage);
        const letter = (c: Colour | undefined) => (c === undefined ? ' ' : c === null ? '.' : c.charAt(0));
        const ref: RefField = [...picture]
          .reverse()
          .map((row) => [...row].map((ch) => COLOURS['.RGB'.indexOf(ch)] ?? null));
        const expected = referenceStep(ref, true, advantage)
          .map((row) => row.map(letter).join(''))
          .reverse();
        expect(pictureOf(generation(before, life.match).state)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

const NAMES = ['alice', 'bob', 'carol', 'dave'] as const;
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('join'), by: fc.constantFrom(...NAMES).map(player), args: fc.constant({}) }),
  fc.record({
    type: fc.constant('tweak'),
    by: fc.constantFrom(...NAMES).map(player),
    args: fc.record({ x: fc.integer({ min: 0, max: 6 }), y: fc.integer({ min: 0, max: 6 }) }),
  }),
  fc.record({ type: fc.constantFrom('initialize', 'evolve'), by: fc.constant(ADMIN), args: fc.constant({}) }),
  fc.record({
    type: fc.constant('tick'),
    by: fc.constant(ADMIN),
    args: fc.constantFrom<Record<string, Json>>({}, { nweek: true }),
  }),
);

describe('Life over random matches (fair dice)', () => {
  it('keeps 0 or 25 Cells, gives every player with a Team a real one, changes nothing on a refusal, and replays and verifies', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 60 }), (commands) => {
        const t = lifeGame({ dice: 'fair' });
        for (const c of commands) {
          if (t.game.ended) break;
          const before = t.state;
          const r = t.try(c);
          if (!r.ok) expect(t.state).toBe(before);
          const s = rules(t);
          const count = s.objects.Cell?.count ?? -1;
          expect([0, 25]).toContain(count);
          if (count === 25) {
            expect(['Red', 'Green', 'Blue']).toContain(advantageOf(t));
            expect(cells(t).join('')).toMatch(/^[.RGB]{25}$/);
          }
          for (const p of t.game.players) expect([null, 'Red', 'Green', 'Blue']).toContain(teamOf(t, p));
          const evolves = s.invoked.filter((i) => i.action === 'Evolve' && i.nweek === t.game.clock.nweek);
          expect(evolves.length).toBeLessThanOrEqual(1);
          for (const p of t.game.players)
            expect(s.invoked.filter((i) => i.action === 'Tweak' && i.by === p).length).toBeLessThanOrEqual(1);
        }
        t.expectConsistent();
      }),
      { numRuns: 60 },
    );
  });
});
