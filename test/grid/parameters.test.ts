// Issue 24 for The Grid (seeds/001_c10abc9f4ae4b583.txt): every number of its text is a parameter the
// Administrator amends (amend-rules) and repeals (repeal-amendment). Each parameter is changed and the rule is
// shown following the new value; amendments at once, at the next nday and nweek, from a named nweek; refusals,
// each with its message and nothing logged; lapses; repeal; and replay and verify of every amended game.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/core/index.js';
import type { ThingTeleported } from '../../src/rulesets/grid-2002-01/types.js';
import { GRID_PARAMETERS, gridParams } from '../../src/rulesets/grid-2002-01/parameters.js';
import type { Table } from '../support/table.js';
import { at, grid, placing, points, rules } from '../support/harness/grid.js';
import { grid200201Ruleset } from '../../src/rulesets/grid-2002-01/index.js';
import { grid200206Ruleset } from '../../src/rulesets/grid-2002-06/index.js';

const amend = (t: Table, set: Record<string, Json>, from?: Json, why = 'Proposal 4521') =>
  t.admin('amend-rules', { set, why, ...(from !== undefined ? { from } : {}) });
const types = (t: Table, since: number): string[] => t.entries.slice(since).map((e) => e.event.type);
/** Ten Things all within (1..10, 1..10), at (2,2), (4,4), … */
const NEAR = Array.from({ length: 10 }, (_, i) => [1 + (i % 5) * 2, 1 + Math.floor(i / 5) * 2]).flat();
/** P8: a shrunk Grid rolls a fresh location for every Thing: (11,2), (11,3), … where no test's player stands. */
const FRESH = Array.from({ length: 10 }, (_, i) => [11, 2 + i]).flat();

describe('The Grid: parameters declared from its text', () => {
  it('each parameter names its section and sentence, and the sentence is in the text', () => {
    expect(GRID_PARAMETERS.list.map((p) => p.name)).toEqual([
      'Grid size',
      'Shiny Things',
      'Scary Dark Things',
      'Location dice',
      'Shiny Thing points',
      'Scary Dark Thing points',
      'Move distance',
    ]);
    for (const p of GRID_PARAMETERS.list) expect(p.sentence.length).toBeGreaterThan(10);
  });

  it('a game never amended keeps no parameters in its state and reads the text`s values', () => {
    const t = grid({ players: { alice: [5, 5] } });
    expect(t.game.params).toBeUndefined();
    expect(gridParams(t.game)).toEqual(GRID_PARAMETERS.text);
  });
});

describe('The Grid: each parameter changed, and the rule following it', () => {
  it('Grid size 25: (25,25) can be entered, (26,1) cannot; the board is drawn 25 wide', () => {
    const t = grid({ players: { alice: null, bob: null } });
    expect(t.refuse('alice', 'enter', { x: 25, y: 25 }).code).toBe('off-grid');
    amend(t, { 'Grid size': 25 });
    t.act('alice', 'enter', { x: 25, y: 25 });
    expect(at(t, 'alice')).toEqual([25, 25]);
    expect(t.refuse('bob', 'enter', { x: 26, y: 1 }).code).toBe('off-grid');
    const drawn = t.kernel.render(t.game, t.view({ role: 'public' })).split('\n');
    expect(drawn[0]?.trim().startsWith('25')).toBe(true);
    t.expectConsistent();
  });

  it('Grid size 15 with Location dice 2d15: shrunk together, (16,1) is off the Grid', () => {
    const t = grid({ rolls: NEAR, players: { alice: [12, 12] } });
    t.admin('dice', { values: FRESH }); // P8: every Thing's fresh location roll
    amend(t, { 'Grid size': 15, 'Location dice': '2d15' });
    expect(gridParams(t.game)['Grid size']).toBe(15);
    expect(t.refuse('alice', 'move', { x: 16, y: 13 }).message).toBe(
      'alice cannot move to (16,13): (16,13) is not on the Grid',
    );
    t.expectConsistent();
  });

  it('Shiny Thing points 40 and Scary Dark Thing points 7: found, 40 awarded; met, 7 lost', () => {
    const t = grid({ rolls: placing([5, 5], [9, 9]), players: { alice: null, bob: null } });
    amend(t, { 'Shiny Thing points': 40, 'Scary Dark Thing points': 7 });
    // The Things teleport by the location dice, supplied: (1,20) then (2,20).
    t.act('alice', 'enter', { x: 5, y: 5 }, [1, 20]);
    expect(points(t, 'alice')).toBe(40);
    const scary = rules(t).things.find((th) => th.kind === 'scary' && th.n === 1);
    expect(scary).toBeDefined();
    t.act('bob', 'enter', { x: scary?.at[0] ?? 0, y: scary?.at[1] ?? 0 }, [2, 20]);
    expect(points(t, 'bob')).toBe(-7);
    t.expectConsistent();
  });

  it('Location dice 2d10: a Thing found teleports by 2d10', () => {
    const t = grid({ rolls: placing([5, 5]), players: { alice: null } });
    amend(t, { 'Location dice': '2d10' });
    t.act('alice', 'enter', { x: 5, y: 5 }, [7, 3]);
    const moved = t.entries.map((e) => e.event).find((e) => e.type === 'thing-teleported') as
      ThingTeleported | undefined;
    expect(moved?.rolls[0]?.expr).toBe('2d10');
    expect(moved?.to).toEqual([7, 3]);
    t.expectConsistent();
  });

  it('Move distance 2: a move two units away is announced and made at the nweek`s end', () => {
    const t = grid({ players: { alice: [5, 5] } });
    expect(t.refuse('alice', 'move', { x: 7, y: 7 }).message).toMatch(/does not surround/);
    amend(t, { 'move-distance': '2' });
    t.act('alice', 'move', { x: 7, y: 7 });
    t.tick(true);
    expect(at(t, 'alice')).toEqual([7, 7]);
    expect(t.refuse('alice', 'move', { x: 10, y: 7 }).message).toMatch(/more than 2 units/);
    t.expectConsistent();
  });
});

describe('The Grid: from when an amendment takes effect', () => {
  it('from the next nweek: mid-nweek the text`s 25 holds; from the next nweek, 40', () => {
    const t = grid({ rolls: placing([5, 5], [6, 5]), players: { alice: [4, 5] } });
    amend(t, { 'Shiny Thing points': 40 }, 'nweek');
    expect(gridParams(t.game)['Shiny Thing points']).toBe(25);
    t.act('alice', 'move', { x: 5, y: 5 });
    t.admin('dice', { values: [1, 20, 2, 20] }); // where the Shiny Things teleport to
    t.tick(true); // the move is made at the nweek's end, before the next nweek begins: 25
    expect(points(t, 'alice')).toBe(25);
    expect(gridParams(t.game)['Shiny Thing points']).toBe(40);
    expect(t.game.params?.amendments[0]).toMatchObject({ status: 'in-force', since: { nweek: 2, nday: 1 } });
    t.act('alice', 'move', { x: 6, y: 5 });
    t.tick(true);
    expect(points(t, 'alice')).toBe(65);
    t.expectConsistent();
  });

  it('from the next nday, and from a named nweek', () => {
    const t = grid({ players: { alice: [5, 5] } });
    amend(t, { 'Move distance': 3 }, 'nday');
    amend(t, { 'Grid size': 30 }, 3, 'Proposal 4522');
    expect(gridParams(t.game)['Move distance']).toBe(1);
    const before = t.entries.length;
    t.tick();
    expect(types(t, before)).toEqual(['command', 'nday-ended', 'nday-started', 'parameters-in-force']);
    expect(gridParams(t.game)['Move distance']).toBe(3);
    t.tick(true);
    expect(gridParams(t.game)['Grid size']).toBe(20);
    t.tick(true);
    expect(t.game.clock.nweek).toBe(3);
    expect(gridParams(t.game)['Grid size']).toBe(30);
    t.expectConsistent();
  });

  it('lapses at its boundary when the game then stands in its way, saying what does', () => {
    const t = grid({ rolls: NEAR, players: { alice: [12, 12] } });
    amend(t, { 'Grid size': 18, 'Location dice': '2d18' }, 'nweek');
    t.act('alice', 'leave');
    t.act('alice', 'enter', { x: 19, y: 19 });
    t.tick(true);
    const lapsed = t.entries.map((e) => e.event).find((e) => e.type === 'parameters-lapsed');
    expect(lapsed?.reason).toBe('alice stands at (19,19), off a Grid 18 units wide');
    expect(gridParams(t.game)['Grid size']).toBe(20);
    expect(t.game.params?.amendments[0]?.status).toBe('lapsed');
    t.expectConsistent();
  });
});

describe('The Grid: amendments refused, each with its message, nothing logged', () => {
  const refusal = (t: Table, set: Record<string, Json>, from?: Json) =>
    t.refuseAdmin('amend-rules', { set, why: 'Proposal 9', ...(from !== undefined ? { from } : {}) });

  it.each([
    [{ 'Grid size': 1 }, 'bad-parameter', 'Grid size is a whole number from 2 to 63, not 1'],
    [{ 'Grid size': 64 }, 'bad-parameter', 'Grid size is a whole number from 2 to 63, not 64'],
    [{ 'Grid size': 'wide' }, 'bad-parameter', 'Grid size is a whole number from 2 to 63, not "wide"'],
    [
      { 'Shiny Thing points': -1 },
      'bad-parameter',
      'Shiny Thing points is a whole number from 0 to 1000000, not -1',
    ],
    [{ 'Location dice': '2d' }, 'bad-parameter', /Location dice is a dice expression .*"2d" does not parse/],
    [{ 'Location dice': '3d20' }, 'bad-parameter', /two dice of one size, such as 2d20, not 3d20/],
    [{ 'Location dice': '2d20+1' }, 'bad-parameter', /not 2d20\+1/],
    [
      { 'Grid width': 30 },
      'unknown-parameter',
      /has no parameter "Grid width" \(its parameters: Grid size, /,
    ],
    [
      { 'Grid size': 25, 'Move distance': 0 },
      'bad-parameter',
      'Move distance is a whole number from 1 to 62, not 0',
    ],
  ])('%j is refused (%s)', (set, code, message) => {
    const t = grid({ players: { alice: [5, 5] } });
    const e = refusal(t, set);
    expect(e.code).toBe(code);
    if (typeof message === 'string') expect(e.message).toBe(message);
    else expect(e.message).toMatch(message);
    expect(gridParams(t.game)).toEqual(GRID_PARAMETERS.text);
  });

  it('a Grid shrunk under a standing player: the player is named', () => {
    const t = grid({ rolls: NEAR, players: { alice: [17, 3], bob: [16, 16] } });
    const e = refusal(t, { 'Grid size': 15, 'Location dice': '2d15' });
    expect(e).toEqual({
      code: 'parameters-in-the-way',
      message:
        'the rules cannot be so amended: alice stands at (17,3), bob stands at (16,16), off a Grid 15 units wide',
    });
  });

  it('a Grid shrunk under its location dice (P8: never under a hidden Thing)', () => {
    const near = grid({ rolls: NEAR });
    expect(refusal(near, { 'Grid size': 15 }).message).toBe(
      'the rules cannot be so amended: the location dice 2d20 would place Things off a Grid 15 units wide: amend them with it',
    );
  });

  it('a named nweek already begun, and a player amending, are refused', () => {
    const t = grid({ players: { alice: [5, 5] } });
    expect(refusal(t, { 'Grid size': 25 }, 1).code).toBe('bad-arguments');
    expect(t.refuse('alice', 'amend-rules', { set: { 'Grid size': 25 }, why: 'I say so' }).code).toBe(
      'not-allowed',
    );
  });
});

describe('The Grid: repeal', () => {
  it('values return to what the other amendments in force make of them (P3)', () => {
    const t = grid({ players: { alice: [5, 5] } });
    amend(t, { 'Shiny Thing points': 40 });
    amend(t, { 'Shiny Thing points': 50, 'Move distance': 2 });
    t.admin('repeal-amendment', { amendment: 2, why: 'Proposal 4530' });
    expect(gridParams(t.game)['Shiny Thing points']).toBe(40);
    expect(gridParams(t.game)['Move distance']).toBe(1);
    t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 4531' });
    expect(gridParams(t.game)).toEqual(GRID_PARAMETERS.text);
    expect(t.refuseAdmin('repeal-amendment', { amendment: 1, why: 'again' })).toEqual({
      code: 'unknown-amendment',
      message: 'amendment 1 has repealed; there is nothing to repeal',
    });
    expect(t.refuseAdmin('repeal-amendment', { amendment: 7, why: 'x' }).code).toBe('unknown-amendment');
    t.expectConsistent();
  });

  it('a repeal the game stands in the way of is refused; once out of the way, it is made', () => {
    const t = grid({ players: { alice: null } });
    amend(t, { 'Grid size': 25 });
    t.act('alice', 'enter', { x: 24, y: 24 });
    expect(t.refuseAdmin('repeal-amendment', { amendment: 1, why: 'Proposal 4540' }).message).toBe(
      'amendment 1 cannot be repealed: alice stands at (24,24), off a Grid 20 units wide',
    );
    t.act('alice', 'leave');
    t.admin('dice', { values: FRESH }); // P8: the repeal shrinks the Grid
    t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 4540' });
    expect(gridParams(t.game)['Grid size']).toBe(20);
    t.expectConsistent();
  });

  it('a waiting amendment repealed never takes effect', () => {
    const t = grid({ players: { alice: [5, 5] } });
    amend(t, { 'Move distance': 4 }, 'nweek');
    t.admin('repeal-amendment', { amendment: 1, why: 'withdrawn' });
    t.tick(true);
    expect(gridParams(t.game)['Move distance']).toBe(1);
    t.expectConsistent();
  });
});

describe('The Grid: amended into the June text (P5)', () => {
  it("an amendment into another text waits for the parameters' amendments to be repealed (P5)", () => {
    const t = grid({ players: { alice: [5, 5] }, rulesets: [grid200201Ruleset, grid200206Ruleset] });
    amend(t, { 'Grid size': 25 });
    expect(t.refuseAdmin('amend', { ruleset: 'grid-2002-06' })).toEqual({
      code: 'parameters-in-the-way',
      message:
        "amendment 1 of grid-2002-01's parameters is in force or waiting: repeal it first (repeal-amendment)",
    });
    t.admin('dice', { values: FRESH }); // P8: the repeal shrinks the Grid
    t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 4550' });
    t.admin('amend', { ruleset: 'grid-2002-06' }, [1, 1]);
    expect(t.game.ruleset).toBe('grid-2002-06');
    expect(t.game.params).toBeUndefined();
    t.expectConsistent();
  });
});
