// Issue 24 for Life (seeds/004_ff6492e849b428a0.txt), a Field Match: the numbers and named choices of its Evolve
// are parameters the Administrator amends (amend-rules) and repeals; the Field Match engine hands the values in
// force to Life's transform and effects. Each parameter is changed and the rule shown following it; an amendment
// at once (mid-nweek) and at the nweek's boundary; refusals, each with its message and nothing logged; repeal;
// replay and verify (expectConsistent). Rulings PL1-PL6 in docs/rulings-parameters-small.md.
import { describe, expect, it } from 'vitest';
import type { Json } from '../../src/core/index.js';
import { inForce } from '../../src/core/index.js';
import { LIFE, LIFE_PARAMETERS } from '../../src/rulesets/life/index.js';
import { DefinitionError, fieldMatch } from '../../src/rulesets/field-match/index.js';
import { evolve } from '../../src/rulesets/life/evolve.js';
import { initialize as initializeEffect } from '../../src/rulesets/life/initialize.js';
import { tweak as tweakEffect } from '../../src/rulesets/life/tweak.js';
import { generation } from '../../src/rulesets/life/generation.js';
import type { Table } from '../support/table.js';
import {
  advantageOf,
  ALL_RED,
  cells,
  CORNERS,
  CORNERS_EVOLVED,
  lifeGame,
  tweak,
} from '../support/harness/life.js';

const amend = (t: Table, set: Record<string, Json>, from?: Json, why = 'Proposal 5001') =>
  t.admin('amend-rules', { set, why, ...(from !== undefined ? { from } : {}) });
const values = (t: Table) => inForce(t.game, LIFE_PARAMETERS);

/** CORNERS evolved in nweek 1 (only the corners left), and nweek 2 begun: the Referee may Evolve again. */
function corners(): Table {
  const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS, evolved: true });
  expect(cells(t)).toEqual(CORNERS_EVOLVED);
  t.tick(true);
  return t;
}

/** CORNERS_EVOLVED evolved with Birth count 1: each corner dies alone, and its three neighbours are born. */
const BORN_OF_ONE = ['.B.G.', 'BB.GG', '.....', 'GG.BB', '.G.B.'];

describe('Life: parameters declared from its text', () => {
  it('Life declares the counts of Evolve step 1 and the order of step 3; a game never amended keeps none', () => {
    expect(LIFE_PARAMETERS.list.map((p) => p.name)).toEqual([
      'Tweaks per nweek',
      'Evolves per nweek',
      'Birth count',
      'Survival counts',
      'Advantage order',
    ]);
    expect(LIFE_PARAMETERS.text).toEqual({
      'Tweaks per nweek': 1,
      'Evolves per nweek': 1,
      'Birth count': 3,
      'Survival counts': [2, 3],
      'Advantage order': ['Red', 'Green', 'Blue'],
    });
    const t = corners();
    expect(t.game.params).toBeUndefined();
    expect(values(t)).toBe(LIFE_PARAMETERS.text);
  });
});

describe('Life: each parameter changed, and Evolve following it', () => {
  it('Birth count 1: a null Cell with exactly one coloured neighbour takes its Color', () => {
    const t = corners();
    amend(t, { 'Birth count': 1 });
    t.admin('evolve');
    expect(cells(t)).toEqual(BORN_OF_ONE);
    expect(t.game.ended).toBeNull();
    t.expectConsistent();
  });

  it('Survival counts 3, 5: on a Field all Red, the corners (3) and edges (5) keep their Color, the middle (8) dies', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: ALL_RED });
    amend(t, { 'Survival counts': '3, 5' });
    t.admin('evolve');
    expect(cells(t)).toEqual(['RRRRR', 'R...R', 'R...R', 'R...R', 'RRRRR']);
    t.expectConsistent();
  });

  it('Survival counts 0: a Cell with no coloured neighbour keeps its Color', () => {
    const t = corners();
    amend(t, { 'Survival counts': [0] });
    t.admin('evolve');
    expect(cells(t)).toEqual(CORNERS_EVOLVED);
    t.expectConsistent();
  });

  it('Advantage order Red, Blue, Green: after Evolve a Red Advantage passes to Blue', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS, advantage: 'R' });
    amend(t, { 'Advantage order': 'Red, Blue, Green' });
    t.admin('evolve');
    expect(advantageOf(t)).toBe('Blue');
    t.tick(true);
    t.admin('evolve');
    expect(advantageOf(t)).toBe('Green');
    t.expectConsistent();
  });
});

describe('Life: the Triggers` once per nweek, amended (PL6)', () => {
  it('Tweaks per nweek 2: a player tweaks twice in an nweek, and a third time is refused', () => {
    const t = corners();
    amend(t, { 'Tweaks per nweek': 2 });
    t.admin('evolve'); // every corner, alone, dies: the Field is all null
    t.ok(tweak('alice', 3, 3));
    t.ok(tweak('alice', 2, 2));
    expect(cells(t)).toEqual(['.....', '.....', '..R..', '.R...', '.....']);
    expect(t.fail(tweak('alice', 4, 4))).toEqual({
      code: 'limit-reached',
      message:
        'alice has already performed Tweak twice during nweek 2; Tweak may be performed twice per nweek by each player',
    });
    t.ok(tweak('bob', 4, 4));
    t.expectConsistent();
  });

  it('Evolves per nweek 2: the Referee evolves twice in an nweek, and a third time is refused', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS });
    amend(t, { 'Evolves per nweek': 2 });
    t.admin('evolve');
    t.admin('evolve');
    expect(cells(t)).toEqual(['.....', '.....', '.....', '.....', '.....']);
    expect(t.refuseAdmin('evolve')).toEqual({
      code: 'limit-reached',
      message:
        'the Referee has already performed Evolve twice during nweek 1; Evolve may be performed twice per nweek',
    });
    t.expectConsistent();
  });
});

describe('Field Match: a match`s per-nweek parameters are checked when it is made (PL1, PL6)', () => {
  const make = (perNweek: Record<string, string>) => () =>
    fieldMatch(
      LIFE,
      { initialize: initializeEffect, tweak: tweakEffect, evolve },
      { generation },
      { parameters: LIFE_PARAMETERS, perNweek },
    );
  it('an action without a per-nweek limit, or a parameter not declared, is a DefinitionError', () => {
    expect(make({ Initialize: 'Tweaks per nweek' })).toThrow(DefinitionError);
    expect(make({ Tweak: 'Birth counts' })).toThrow(/Birth counts \(Tweak per nweek\) is no declared/);
    expect(make({ Tweak: 'Survival counts' })).toThrow(DefinitionError);
    expect(make({ Tweak: 'Tweaks per nweek' })().match.perNweekParameters).toEqual({
      Tweak: 'Tweaks per nweek',
    });
  });
});

describe('Life: from when an amendment takes effect', () => {
  it('at the next nweek: this nweek`s Evolve follows the text; the next nweek`s the amended Birth count', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: CORNERS });
    amend(t, { 'Birth count': 1 }, 'nweek');
    expect(values(t)['Birth count']).toBe(3);
    t.admin('evolve');
    expect(cells(t)).toEqual(CORNERS_EVOLVED);
    t.tick(true);
    expect(t.game.params?.amendments[0]?.status).toBe('in-force');
    t.admin('evolve');
    expect(cells(t)).toEqual(BORN_OF_ONE);
    t.expectConsistent();
  });
});

describe('Life: amendments refused, each with its message, nothing logged', () => {
  it.each([
    [{ 'Tweaks per nweek': 0 }, 'bad-parameter', 'Tweaks per nweek is a whole number from 1 to 100, not 0'],
    [
      { 'Evolves per nweek': 101 },
      'bad-parameter',
      'Evolves per nweek is a whole number from 1 to 100, not 101',
    ],
    [{ 'Birth count': 0 }, 'bad-parameter', 'Birth count is a whole number from 1 to 8, not 0'],
    [{ 'Birth count': 9 }, 'bad-parameter', 'Birth count is a whole number from 1 to 8, not 9'],
    [
      { 'Survival counts': '2, 9' },
      'bad-parameter',
      'Survival counts is a list of whole numbers from 0 to 8; 9 is not',
    ],
    [
      { 'Advantage order': 'Red, Purple, Blue' },
      'bad-parameter',
      'Advantage order is a list of Red, Green, Blue; Purple is not',
    ],
    [
      { 'Advantage order': 'Red, Green' },
      'parameters-in-the-way',
      'the rules cannot be so amended: the Advantage order names each Team once (Red, Green, Blue in some order), not Red, Green',
    ],
    [
      { 'Advantage order': 'Red, Red, Blue' },
      'parameters-in-the-way',
      'the rules cannot be so amended: the Advantage order names each Team once (Red, Green, Blue in some order), not Red, Red, Blue',
    ],
    [{ 'Field size': 6 }, 'unknown-parameter', /has no parameter "Field size"/],
  ])('%j is refused (%s)', (set, code, message) => {
    const t = corners();
    const before = t.entries.length;
    const e = t.refuseAdmin('amend-rules', { set, why: 'Proposal 9' });
    expect(e.code).toBe(code);
    if (typeof message === 'string') expect(e.message).toBe(message);
    else expect(e.message).toMatch(message);
    expect(t.entries.length).toBe(before);
    expect(t.game.params).toBeUndefined();
  });
});

describe('Life: repeal, replay and verify', () => {
  it('repealed, Evolve follows the text again; the amended game replays and verifies into the same entries', () => {
    const t = corners();
    amend(t, { 'Birth count': 1, 'Survival counts': [0, 1, 2, 3] });
    t.admin('repeal-amendment', { amendment: 1, why: 'Proposal 5002' });
    expect(values(t)).toEqual(LIFE_PARAMETERS.text);
    t.admin('evolve');
    // The text's B3/S23: each corner, alone, dies; nothing is born; no Color is left (L11: the match goes on).
    expect(cells(t)).toEqual(['.....', '.....', '.....', '.....', '.....']);
    t.expectConsistent();
  });
});
