// Issue 24, ruling P8 (docs/rulings-parameters.md): what stands in the way of an amendment is only what everyone
// can see. For The Grid (seeds/001_c10abc9f4ae4b583.txt, "The Administrator shall never reveal the current
// locations of the Shiny Things and Scary Dark Things to any Player"): hidden Things are never in the way; a Grid
// shrunk under them gives every Thing a fresh secret location roll, and those beyond the Grid move to theirs.
import { describe, expect, it } from 'vitest';
import type { GameEvent, Json } from '../../src/core/index.js';
import type { ThingsReplaced } from '../../src/rulesets/grid-2002-01/types.js';
import { gridParams } from '../../src/rulesets/grid-2002-01/parameters.js';
import type { Table } from '../support/table.js';
import { grid, placing } from '../support/harness/grid.js';

const amend = (t: Table, set: Record<string, Json>, from?: Json) =>
  t.admin('amend-rules', { set, why: 'Proposal 4521', ...(from !== undefined ? { from } : {}) });
/** Ten Things all within (1..10, 1..10), at (1,1), (3,1), … */
const NEAR = Array.from({ length: 10 }, (_, i) => [1 + (i % 5) * 2, 1 + Math.floor(i / 5) * 2]).flat();
/** Fresh locations for the ten Things, none where a test's player stands: (11,2), (11,3), … */
const FRESH = Array.from({ length: 10 }, (_, i) => [11, 2 + i]).flat();
const publicEvents = (t: Table): GameEvent[] =>
  t.entries.map((e) => e.event).filter((e) => e.vis === 'public');
const replaced = (t: Table): ThingsReplaced[] =>
  t.entries.map((e) => e.event).filter((e): e is ThingsReplaced => e.type === 'things-replaced');

describe('P8: hidden Things are never in the way of an amendment', () => {
  it('a Grid shrunk from the next nweek under a Thing takes effect; no public line names the Thing; it is re-placed', () => {
    const t = grid({ rolls: NEAR, players: { alice: [2, 1] } });
    amend(t, { 'Grid size': 18, 'Location dice': '2d18' }, 'nweek');
    t.act('alice', 'move', { x: 1, y: 1 });
    t.admin('dice', { values: [19, 19, ...FRESH] }); // Shiny Thing 1 teleports to (19,19); then the fresh rolls
    t.tick(true);
    expect(gridParams(t.game)['Grid size']).toBe(18);
    expect(t.game.params?.amendments[0]?.status).toBe('in-force');
    const pub = publicEvents(t);
    expect(pub.some((e) => e.type === 'parameters-lapsed')).toBe(false);
    for (const e of pub) expect(JSON.stringify(e)).not.toContain('19,19');
    expect(JSON.stringify(pub)).not.toMatch(/(Shiny|Scary Dark) Thing \d/);
    // Shiny Thing 1 (the only one off the Grid) moves to its fresh unit (11,2); every other Thing stays.
    const [r] = replaced(t);
    expect(r?.vis).toBe('admin');
    expect(r?.moved).toEqual([{ kind: 'shiny', n: 1, from: [19, 19], to: [11, 2] }]);
    const things = (t.game.rules as { things: { kind: string; n: number; at: number[] }[] }).things;
    expect(things.find((x) => x.kind === 'shiny' && x.n === 1)?.at).toEqual([11, 2]);
    expect(things.find((x) => x.kind === 'shiny' && x.n === 2)?.at).toEqual([3, 1]);
    t.expectConsistent();
  });

  it('a Grid shrunk at once: every Thing is rolled for, whether or not any is off the Grid (same number of draws)', () => {
    const draws = (rolls: number[]) => {
      const t = grid({ rolls, players: { alice: [5, 5] } });
      t.admin('dice', { values: FRESH });
      amend(t, { 'Grid size': 15, 'Location dice': '2d15' });
      expect(gridParams(t.game)['Grid size']).toBe(15);
      const [r] = replaced(t);
      t.expectConsistent();
      return { draws: r?.rolls.flatMap((x) => x.draws).length, moved: r?.moved.length };
    };
    const within = draws(NEAR);
    const off = draws(placing([19, 19], [20, 16]));
    expect(within.moved).toBe(0);
    expect(off.moved).toBeGreaterThan(0);
    expect(off.draws).toBe(within.draws);
    expect(within.draws).toBe(20);
  });

  it('a fresh location where a player stands is rolled again, for every Thing alike', () => {
    const t = grid({ rolls: NEAR, players: { alice: [11, 2] } });
    t.admin('dice', { values: [...FRESH, 12, 12] });
    amend(t, { 'Grid size': 15, 'Location dice': '2d15' });
    const [r] = replaced(t);
    expect(r?.rolls).toHaveLength(11);
    expect(r?.moved).toEqual([]);
    t.expectConsistent();
  });

  it('a larger Grid: nothing is rolled and nothing moves', () => {
    const t = grid({ rolls: NEAR, players: { alice: [5, 5] } });
    amend(t, { 'Grid size': 25 });
    expect(replaced(t)).toEqual([]);
    t.expectConsistent();
  });

  it('non-interference: games differing only in where the Things lie show everyone the same, amended smaller', () => {
    const play = (rolls: number[]) => {
      const t = grid({ rolls, players: { alice: [5, 5], bob: [12, 12] } });
      amend(t, { 'Grid size': 16, 'Location dice': '2d16' }, 'nweek');
      t.act('alice', 'move', { x: 6, y: 6 });
      t.admin('dice', { values: FRESH });
      t.tick(true);
      t.act('bob', 'move', { x: 13, y: 13 });
      t.tick(true);
      t.expectConsistent();
      return {
        public: t.view({ role: 'public' }),
        alice: t.view({ role: 'player', name: 'alice' }),
        log: publicEvents(t),
        params: gridParams(t.game)['Grid size'],
      };
    };
    const a = play(placing([20, 20], [17, 3], [3, 19]));
    const b = play(placing([14, 14], [15, 2], [2, 15]));
    expect(a.params).toBe(16);
    expect(a).toEqual(b);
  });
});

describe('P8: a repeal that shrinks the Grid re-places the Things; one of a waiting amendment rolls nothing', () => {
  it('a repeal of a larger Grid in force rolls every Thing; a waiting one repealed rolls nothing', () => {
    const t = grid({ rolls: NEAR, players: { alice: [5, 5] } });
    amend(t, { 'Grid size': 25 });
    amend(t, { 'Grid size': 30 }, 'nweek');
    t.admin('repeal-amendment', { amendment: 2, why: 'withdrawn' });
    expect(replaced(t)).toEqual([]);
    t.admin('dice', { values: FRESH });
    t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 4540' });
    expect(replaced(t)[0]?.rolls).toHaveLength(10);
    expect(replaced(t)[0]?.moved).toEqual([]);
    t.expectConsistent();
  });
});
