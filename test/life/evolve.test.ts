// Life, Invokable Action: Evolve (seeds/004_ff6492e849b428a0.txt), its Trigger and steps 2 to 4 through the
// kernel (step 1's known answers are in evolve-known-answers.test.ts). Trigger: "The Referee posts a message
// to a Public Forum stating that he is performing the Evolve action, and he has not already done so during
// the current nweek, and he performs enough random selections to carry out step 4 if needed".
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import {
  advantageOf,
  ALL_RED,
  cells,
  CORNERS,
  CORNERS_EVOLVED,
  initialize,
  lifeGame,
  tweak,
  teamOf,
} from '../support/harness/life.js';
import { expectRefusal } from '../support/harness/field-match.js';

describe('Evolve: the Trigger', () => {
  it('Evolve: "he has not already done so during the current nweek" - a second Evolve is refused (limit-reached), the next nweek it is allowed', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: CORNERS, advantage: 'R' });
    t.admin('evolve');
    expectRefusal(
      t.refuseAdmin('evolve'),
      'limit-reached',
      'the Referee has already performed Evolve once during nweek 1; Evolve may be performed once per nweek',
    );
    t.tick(true);
    t.admin('evolve');
    t.expectConsistent();
  });

  it('Evolve (L19): the Referee may Evolve on any nday of the nweek', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: CORNERS, advantage: 'R' });
    t.tick();
    t.tick();
    expect(t.game.clock).toMatchObject({ nweek: 1, nday: 3 });
    t.admin('evolve');
    expect(cells(t)).toEqual(CORNERS_EVOLVED);
  });

  it('Evolve (L4): before Initialize there are no Cells to evolve (no-cells)', () => {
    const t = lifeGame({ players: ['alice'] });
    expectRefusal(
      t.refuseAdmin('evolve'),
      'no-cells',
      'there are no Cells yet: the Referee performs Initialize before the first Evolve',
    );
  });

  it('Evolve: "The Referee posts" - a player cannot (not-allowed)', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: CORNERS, advantage: 'R' });
    expect(t.refuse('alice', 'evolve').code).toBe('not-allowed');
  });

  it("Evolve: the Referee's Evolve and its births and deaths are posted in public", () => {
    const t = lifeGame({ players: { alice: 'R' }, field: CORNERS, advantage: 'R' });
    const from = t.entries.length;
    t.admin('evolve');
    expect(t.kernel.logView(t.entries.slice(from), PUBLIC, t.game).map((l) => l.text)).toEqual([
      'The Administrator: evolve',
      'The Referee performs Evolve.',
      'The Cells evolve: 0 are born and 21 die; now Red 0, Green 2, Blue 2 and 21 null (Evolve, step 1).',
      "The Field's Advantage changes from Red to Green (Evolve, step 3).",
    ]);
  });
});

describe('Evolve, step 2: "If exactly one non-null Color of Cell exists, then the match ends, with all Players whose Team is that color winning"', () => {
  it('Evolve 2: only Red Cells are left - the match ends and every Red player wins', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B', carol: 'R' }, field: ALL_RED, advantage: 'G' });
    t.admin('evolve');
    expect(cells(t)).toEqual(['R...R', '.....', '.....', '.....', 'R...R']);
    expect(t.game.ended).toEqual({
      winners: ['alice', 'carol'],
      reason: 'exactly one non-null Color of Cell exists (Red) after Evolve, step 2',
    });
    t.expectConsistent();
  });

  it('Evolve 2 (L20): once the match has ended nothing more can be done (game-over)', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: ALL_RED, advantage: 'G' });
    t.admin('evolve');
    expect(t.fail(tweak('alice', 3, 3)).code).toBe('game-over');
    expect(t.refuse('zoe', 'join').code).toBe('game-over');
  });

  it('Evolve 2 (L12): exactly one Color left and no player on that Team - the match ends and nobody wins', () => {
    const t = lifeGame({ players: ['alice', 'bob'] });
    initialize(
      t,
      ALL_RED.map((r) => r.replace(/R/g, 'G')),
      ['R', 'B'],
      'R',
    );
    t.admin('evolve');
    expect(t.game.ended?.winners).toEqual([]);
  });

  it('Evolve 2 (L11): no coloured Cell left is not "exactly one" - the match goes on, and step 3 still rotates the Advantage', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B', carol: 'G' }, field: CORNERS, advantage: 'R' });
    t.admin('evolve'); // corners B (1,5), G (5,5), G (1,1), B (5,1) are left
    t.tick(true);
    t.admin('evolve'); // each corner is alone: all die
    expect(cells(t)).toEqual(['.....', '.....', '.....', '.....', '.....']);
    expect(t.game.ended).toBeNull();
    expect(advantageOf(t)).toBe('Blue');
    // ... and the players can bring Cells back.
    t.ok(tweak('alice', 3, 3));
    expect(cells(t)[2]).toBe('..R..');
    t.expectConsistent();
  });

  it('Evolve 2 (L14): only Evolve ends the match - Initialize with a single Color, or a Tweak that leaves one Color, does not', () => {
    const t = lifeGame({
      players: { alice: 'R', bob: 'B' },
      field: ['BRRRR', 'RRRRR', 'RRRRR', 'RRRRR', 'RRRRR'],
      advantage: 'R',
    });
    t.admin('evolve'); // corners: B (1,5), R (5,5), R (1,1), R (5,1)
    expect(cells(t)).toEqual(['B...R', '.....', '.....', '.....', 'R...R']);
    t.ok(tweak('bob', 1, 5)); // the last Blue Cell becomes null: only Red is left
    expect(t.game.ended).toBeNull();
    const single = lifeGame({ players: ['alice'] });
    initialize(single, ALL_RED, ['R'], 'R');
    expect(single.game.ended).toBeNull();
  });
});

describe('Evolve, step 3: "Otherwise, if the Field\'s Advantage is Red, it changes to Green; if it is Green, it changes to Blue; if it is Blue, it changes to Red"', () => {
  it.each([
    ['R', 'Green'],
    ['G', 'Blue'],
    ['B', 'Red'],
  ])('Evolve 3: an Advantage of %s becomes %s', (advantage, next) => {
    const t = lifeGame({ players: ['alice'] });
    initialize(t, CORNERS, ['R'], advantage);
    t.admin('evolve');
    expect(advantageOf(t)).toBe(next);
  });

  it('Evolve 3: a full turn over three nweeks', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: CORNERS, advantage: 'R' });
    const seen: unknown[] = [];
    for (let week = 0; week < 3; week++) {
      t.admin('evolve');
      seen.push(advantageOf(t));
      t.tick(true);
    }
    expect(seen).toEqual(['Green', 'Blue', 'Red']);
  });

  it('Evolve 3 (L13): "Otherwise" - when the match ends at step 2 the Advantage stays', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: ALL_RED, advantage: 'G' });
    t.admin('evolve');
    expect(t.game.ended).not.toBeNull();
    expect(advantageOf(t)).toBe('Green');
  });
});

describe('Evolve, step 4: "Each Player whose Team is null has his Team changed to a random non-null value"', () => {
  it('Evolve 4: a player who joined mid-match gets a random Team at the next Evolve, posted with its roll', () => {
    const t = lifeGame({ players: { alice: 'R', dave: null }, field: CORNERS, advantage: 'R' });
    const from = t.entries.length;
    t.admin('evolve', {}, [3]);
    expect(teamOf(t, 'dave')).toBe('Blue');
    const set = t.entries
      .slice(from)
      .find((e) => e.event.type === 'field-attribute-set' && e.event.player === 'dave');
    expect(set?.event.vis).toBe('public');
    expect(set?.event.rolls?.[0]).toMatchObject({ purpose: 'Team of dave', kind: 'choice', draws: [3] });
    expect(t.kernel.describe(set!.event)).toBe(
      "dave's Team changes from null to Blue, chosen at random (Evolve, step 4).",
    );
    t.expectConsistent();
  });

  it('Evolve 4 (L15): several null players are given Teams in joining order; players with a Team are not rolled for', () => {
    const t = lifeGame({ players: { alice: 'R', dave: null, erin: null }, field: CORNERS, advantage: 'R' });
    t.admin('evolve', {}, [2, 1]);
    expect([teamOf(t, 'alice'), teamOf(t, 'dave'), teamOf(t, 'erin')]).toEqual(['Red', 'Green', 'Red']);
    expect(t.game.dice.queue).toEqual([]);
  });

  it('Evolve 4: the new Team lets the player tweak in the same nweek', () => {
    const t = lifeGame({ players: { alice: 'R', dave: null }, field: CORNERS, advantage: 'R' });
    t.admin('evolve', {}, [2]);
    t.ok(tweak('dave', 3, 3));
    expect(cells(t)[2]).toBe('..G..');
  });

  it('Evolve 4 (L18): "enough random selections to carry out step 4 if needed" - without a die for it the whole Evolve is refused and nothing changes (dice-needed)', () => {
    const t = lifeGame({ players: { alice: 'R', dave: null }, field: CORNERS, advantage: 'R' });
    expectRefusal(t.refuseAdmin('evolve'), 'dice-needed', /Team of dave/);
  });

  it('Evolve 4: with no null Team, Evolve needs no dice', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'G' }, field: CORNERS, advantage: 'R' });
    t.admin('evolve');
    expect(t.entries.slice(-4).flatMap((e) => e.event.rolls ?? [])).toEqual([]);
  });

  it('Evolve 4 (L13): when the match ends at step 2 no Teams are rolled; the teamless player does not win', () => {
    const t = lifeGame({ players: { alice: 'R', dave: null }, field: ALL_RED, advantage: 'G' });
    t.admin('evolve');
    expect(t.game.ended?.winners).toEqual(['alice']);
    expect(teamOf(t, 'dave')).toBeNull();
  });
});
