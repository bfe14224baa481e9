// Life, Invokable Action: Initialize (seeds/004_ff6492e849b428a0.txt). Attached to: Field. Trigger: "While no
// Cells exist, the Referee performs ... enough random selections to carry out the Effect, and posts the
// results of these selections to a Public Forum". Effect: "For each location in the Field, a Cell is placed
// there, and its Color set to a random non-null value; each Player's Team is set to a random non-null value;
// Advantage is set to a random non-null value". Dice are supplied (1 Red, 2 Green, 3 Blue).
import { describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC } from '../../src/core/index.js';
import type { Roll } from '../../src/core/index.js';
import {
  advantageOf,
  cells,
  initialize,
  initializeRolls,
  lifeGame,
  rules,
  teamOf,
} from '../support/harness/life.js';
import { expectRefusal } from '../support/harness/field-match.js';

const MIXED = ['RGBGB', 'BRGBR', 'GBRGB', 'RGBRG', 'GRGBR'];

describe('Initialize: the Effect', () => {
  it('Initialize: "For each location in the Field, a Cell is placed there, and its Color set to a random non-null value" - from (1,1) along each row, upwards (L3)', () => {
    const t = lifeGame({ players: ['alice'] });
    initialize(t, MIXED, ['R'], 'G');
    expect(cells(t)).toEqual(MIXED);
    expect(rules(t).objects.Cell?.count).toBe(25);
    expect(t.game.dice.queue).toEqual([]);
    t.expectConsistent();
  });

  it('Initialize: the first die colours (1,1), the fifth (5,1), the sixth (1,2), the last Cell die (5,5)', () => {
    const t = lifeGame();
    const dice = Array.from({ length: 25 }, () => 2);
    dice[0] = 1; // (1,1) Red
    dice[4] = 3; // (5,1) Blue
    dice[5] = 3; // (1,2) Blue
    dice[24] = 1; // (5,5) Red
    t.admin('initialize', {}, [...dice, 2]);
    expect(cells(t)).toEqual(['GGGGR', 'GGGGG', 'GGGGG', 'BGGGG', 'RGGGB']);
  });

  it('Initialize: "each Player\'s Team is set to a random non-null value", in joining order (L3)', () => {
    const t = lifeGame({ players: ['alice', 'bob', 'carol'] });
    initialize(t, MIXED, ['B', 'R', 'G'], 'R');
    expect([teamOf(t, 'alice'), teamOf(t, 'bob'), teamOf(t, 'carol')]).toEqual(['Blue', 'Red', 'Green']);
  });

  it('Initialize: "Advantage is set to a random non-null value", after the Cells and the Teams (L3)', () => {
    const t = lifeGame({ players: ['alice'] });
    initialize(t, MIXED, ['G'], 'B');
    expect(advantageOf(t)).toBe('Blue');
  });

  it('Initialize (L3): each random selection is a choice among Red, Green and Blue only (never null): a 4 does not fit (bad-dice)', () => {
    const t = lifeGame({ players: ['alice'] });
    const rolls = initializeRolls(MIXED, ['R'], 'G');
    rolls[3] = 4;
    expect(t.fail({ type: 'initialize', by: ADMIN, args: {}, rolls }).code).toBe('bad-dice');
    expect(rules(t).objects.Cell?.count).toBe(0);
  });

  it('Initialize: "enough random selections to carry out the Effect" - with too few dice it is refused and nothing changes (dice-needed)', () => {
    const t = lifeGame({ players: ['alice', 'bob'] });
    const rolls = initializeRolls(MIXED, ['R', 'B'], 'G').slice(0, -1);
    expectRefusal(t.refuseAdmin('initialize', {}, rolls), 'dice-needed', /the Field's Advantage/);
  });

  it('Initialize (L2): with no players it rolls the 25 Cells and the Advantage only', () => {
    const t = lifeGame();
    const d = initialize(t, MIXED, [], 'B');
    void d;
    const rolls = t.entries.flatMap((e) => e.event.rolls ?? []);
    expect(rolls).toHaveLength(26);
    expect(advantageOf(t)).toBe('Blue');
  });

  it('Initialize (L2): a player who joined before Initialize gets a Team from it; one who joins after has null until Evolve', () => {
    const t = lifeGame({ players: ['alice'] });
    initialize(t, MIXED, ['G'], 'R');
    t.join('bob');
    expect(teamOf(t, 'alice')).toBe('Green');
    expect(teamOf(t, 'bob')).toBeNull();
  });
});

describe('Initialize: the Trigger', () => {
  it('Initialize: "While no Cells exist" - once the Cells are placed, a second Initialize is refused (cells-exist)', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: MIXED, advantage: 'G' });
    expectRefusal(
      t.refuseAdmin('initialize', {}, initializeRolls(MIXED, ['R'], 'G')),
      'cells-exist',
      'Initialize is performed only while no Cells exist, and the Cells are already on the Field',
    );
  });

  it('Initialize (L1): Cells whose Color became null still exist, so Initialize stays refused after they all die', () => {
    const t = lifeGame({ players: ['alice'] });
    initialize(
      t,
      ['RRRRR', 'RRRRR', 'RRRRR', 'RRRRR', 'RRRRR'].map((r, i) => (i === 0 ? 'GRRRR' : r)),
      ['R'],
      'G',
    );
    t.admin('evolve');
    expect(rules(t).objects.Cell?.count).toBe(25);
    expect(t.refuseAdmin('initialize').code).toBe('cells-exist');
  });

  it('Initialize: "the Referee performs" it - a player cannot (not-allowed)', () => {
    const t = lifeGame({ players: ['alice'] });
    expect(t.refuse('alice', 'initialize').code).toBe('not-allowed');
  });

  it('Initialize (L16): "posts the results of these selections to a Public Forum" - every roll rides in a public entry, with its purpose', () => {
    const t = lifeGame({ players: ['alice', 'bob'] });
    initialize(t, MIXED, ['R', 'B'], 'G');
    const publicLines = t.kernel.logView(t.entries, PUBLIC, t.game);
    const rolls: Roll[] = publicLines.flatMap((l) => l.event.rolls ?? []);
    expect(rolls).toHaveLength(28);
    expect(rolls.every((r) => r.kind === 'choice' && r.sides[0] === 3 && !r.secret)).toBe(true);
    expect(rolls.slice(0, 2).map((r) => r.purpose)).toEqual([
      'Color of the Cell at (1,1)',
      'Color of the Cell at (2,1)',
    ]);
    expect(rolls.slice(25).map((r) => r.purpose)).toEqual([
      'Team of alice',
      'Team of bob',
      "the Field's Advantage",
    ]);
    // The Referee's command itself is public too: nothing in Life is hidden.
    expect(publicLines.filter((l) => l.type === 'command').map((l) => l.event.command)).toContainEqual(
      expect.objectContaining({ type: 'initialize' }),
    );
    expect(publicLines.map((l) => l.text)).toContain(
      "bob's Team changes from null to Blue, chosen at random (Initialize).",
    );
    expect(publicLines.map((l) => l.text)).toContainEqual(
      expect.stringMatching(
        /^25 Cells are placed, chosen at random \(Initialize\): \(1,1\) Color Green; \(2,1\) Color Red; .*; \(5,5\) Color Blue\.$/,
      ),
    );
  });

  it('Initialize (L16): with fair dice the selections come from the public stream, with proofs, and the log verifies', () => {
    const t = lifeGame({ dice: 'fair', players: ['alice', 'bob'] });
    t.admin('initialize');
    const rolls = t.entries.flatMap((e) => e.event.rolls ?? []);
    expect(rolls).toHaveLength(28);
    for (const r of rolls) {
      expect(r.source).toBe('fair');
      expect(r.proof?.stream).toBe('public');
    }
    expect(cells(t).join('')).toMatch(/^[RGB]{25}$/);
    expect(teamOf(t, 'alice')).not.toBeNull();
    t.expectConsistent();
  });
});
