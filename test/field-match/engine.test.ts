// The framework's machinery: adjacency and the neighbour-count pass, copy-on-write state, and effects that
// break the rules of their own match (a bug, reported as one, never a silent change).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN, PUBLIC } from '../../src/core/index.js';
import {
  compileMatch,
  countNeighbours,
  fieldMatch,
  neighbours,
} from '../../src/rulesets/field-match/index.js';
import type { Adjacency, FieldMatchDefinition, FieldState } from '../../src/rulesets/field-match/index.js';
import { fieldOf, matchGame, onSquare } from '../support/harness/field-match.js';
import { cells, CORNERS, CORNERS_EVOLVED, lifeGame, pictureOf, tweak } from '../support/harness/life.js';

describe('Adjacency', () => {
  it.each<[Adjacency, [number, number], number]>([
    ['diagonal', [1, 1], 3],
    ['diagonal', [3, 1], 5],
    ['diagonal', [3, 3], 8],
    ['orthogonal', [1, 1], 2],
    ['orthogonal', [3, 1], 3],
    ['orthogonal', [3, 3], 4],
  ])(
    'Adjacency %s: the square %j of a 5 x 5 Field has %i neighbours (the Field does not wrap)',
    (adjacency, at, n) => {
      expect(neighbours(5, 5, adjacency, at)).toHaveLength(n);
    },
  );

  it("Adjacency: the neighbour-count pass equals counting each square's neighbours one by one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom<Adjacency>('orthogonal', 'diagonal'),
        fc.infiniteStream(fc.boolean()),
        (width, height, adjacency, bits) => {
          const it = bits[Symbol.iterator]();
          const alive = Uint8Array.from({ length: width * height }, () => (it.next().value ? 1 : 0));
          const counts = countNeighbours(width, height, alive, adjacency);
          for (let y = 1; y <= height; y++)
            for (let x = 1; x <= width; x++) {
              const expected = neighbours(width, height, adjacency, [x, y]).filter(
                ([nx, ny]) => alive[(ny - 1) * width + nx - 1] === 1,
              ).length;
              expect(counts[(y - 1) * width + x - 1]).toBe(expected);
            }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('State', () => {
  it('Copy-on-write: a Tweak or an Evolve makes a new Field; every earlier state is as it was', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS, advantage: 'R' });
    const initialized = t.game.rules as FieldState;
    t.admin('evolve');
    const evolved = t.game.rules as FieldState;
    t.ok(tweak('alice', 3, 3));
    expect(pictureOf(initialized)).toEqual(CORNERS);
    expect(pictureOf(evolved)).toEqual(CORNERS_EVOLVED);
    expect(cells(t)[2]).toBe('..R..');
  });
});

describe('Effects that break their own match', () => {
  const TINY: FieldMatchDefinition = {
    id: 'tiny',
    name: 'Tiny',
    field: { width: 2, height: 1, adjacency: 'orthogonal' },
    attributes: [{ name: 'Mood', scope: 'Field', range: ['glad', 'sad'], default: 'glad' }],
    objects: [],
    actions: [{ name: 'Sulk', attachedTo: 'Field', trigger: { by: 'Referee' }, effect: 'sulk' }],
  };

  it('Effects: setting a value outside the range is a bug in the effect - it throws, and is not a refusal', () => {
    const tiny = fieldMatch(TINY, { sulk: (fx) => fx.setField('Mood', 'furious') });
    const t = matchGame(tiny);
    expect(() => t.try({ type: 'sulk', by: ADMIN, args: {} })).toThrow(
      'furious is not in the range of Mood (glad, sad)',
    );
  });

  it('Effects: a well-behaved effect of the same match works (and an action with no limits can be repeated)', () => {
    const tiny = fieldMatch(TINY, { sulk: (fx) => fx.setField('Mood', 'sad') });
    const t = matchGame(tiny);
    t.admin('sulk');
    t.admin('sulk');
    expect(fieldOf(t).field.Mood).toBe('sad');
    expect(t.kernel.describe(t.entries.at(-1)!.event)).toBe("The Field's Mood stays sad (Sulk).");
    t.expectConsistent();
  });

  it('Effects: a transform that is not registered is a bug - it throws', () => {
    const tiny = fieldMatch(TINY, { sulk: (fx) => void fx.transform('nowhere') });
    const t = matchGame(tiny);
    expect(() => t.try({ type: 'sulk', by: ADMIN, args: {} })).toThrow('Tiny has no transform nowhere');
  });
});

describe('Objects placed and removed one at a time', () => {
  const PEBBLES: FieldMatchDefinition = {
    id: 'pebbles',
    name: 'Pebbles',
    field: { width: 2, height: 1, adjacency: 'orthogonal' },
    attributes: [{ name: 'Size', scope: 'Pebbles', range: { min: 1, max: 3 }, default: 1 }],
    objects: [{ name: 'Pebble', display: { attribute: 'Size' } }],
    actions: [
      { name: 'Drop', attachedTo: 'Field', trigger: { by: 'Referee' }, effect: 'drop' },
      { name: 'Take', attachedTo: 'Pebble', trigger: { by: 'Player', perNweek: 1 }, effect: 'take' },
    ],
  };

  it('Pebbles: a whole-number attribute of a Field Object cannot be drawn (only a list of values can)', () => {
    const r = compileMatch(PEBBLES, ['drop', 'take']);
    expect(r.ok ? [] : r.error).toEqual([
      'objects[0].display.attribute: only an attribute with a list of values can be drawn',
    ]);
  });

  it('Pebbles: an object placed with a random whole number, then taken away by a player', () => {
    const pebbles = fieldMatch(
      { ...PEBBLES, objects: [{ name: 'Pebble' }] },
      {
        drop: (fx) => {
          const { value, roll } = fx.pick('Size', 'Size of the Pebble');
          fx.place('Pebble', [2, 1], { Size: value }, { rolls: [roll] });
        },
        take: (fx) => {
          if (fx.target.kind === 'object') fx.remove('Pebble', fx.target.at);
        },
      },
    );
    const t = matchGame(pebbles, { players: ['ann'] });
    expect(t.refuse('ann', 'take', { x: 2, y: 1 }).code).toBe('no-object');
    t.admin('drop', {}, [3]);
    const layer = fieldOf(t).objects.Pebble;
    expect(layer?.count).toBe(1);
    expect(Array.from(layer?.attrs.Size ?? [])).toEqual([1, 3]);
    t.ok(onSquare('take', 'ann', 2, 1));
    expect(fieldOf(t).objects.Pebble?.count).toBe(0);
    const texts = t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
    expect(texts).toContain('A Pebble is placed at (2,1) with Size 3, chosen at random (Drop).');
    expect(texts).toContain('ann invokes Take on the Pebble at (2,1).');
    expect(texts).toContain('The Pebble at (2,1) is removed (Take).');
    t.expectConsistent();
  });
});
