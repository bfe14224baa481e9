// Scenario tests for ruleset grid-2002-01, "The Grid" (seeds/001_c10abc9f4ae4b583.txt). Each test is named
// after the part of the text it checks; the sentence is quoted above each group. Dice are supplied, so every
// outcome is known.
import { describe, expect, it } from 'vitest';
import { ADMIN, BANK, PUBLIC, player } from '../../src/core/index.js';
import type { JsonObject } from '../../src/core/index.js';
import { grid200201Ruleset } from '../../src/rulesets/grid-2002-01/index.js';
import { Table } from '../support/table.js';
import { at, grid, placing, points, rules } from '../support/harness/grid.js';

/** alice at (5,5) and bob at (6,6), next to each other. */
const aliceAndBob = (): Table => grid({ players: { alice: [5, 5], bob: [6, 6] } });

describe('The Grid: "20 units wide by 20 units tall ... (1,1) is in the lower left"', () => {
  it('The Grid: every unit from (1,1) to (20,20) can be entered', () => {
    const t = grid({ players: { a: [1, 1], b: [20, 1], c: [1, 20], d: [19, 20] } });
    expect([at(t, 'a'), at(t, 'b'), at(t, 'c'), at(t, 'd')]).toEqual([
      [1, 1],
      [20, 1],
      [1, 20],
      [19, 20],
    ]);
  });

  it.each([
    [0, 5],
    [21, 1],
    [5, 0],
    [5, 21],
    [-3, -3],
  ])('The Grid: (%i,%i) is not a unit of the Grid, so entering there fails', (x, y) => {
    const t = grid({ players: { a: null } });
    expect(t.refuse('a', 'enter', { x, y }).code).toBe('off-grid');
  });

  it('The Grid: the board is drawn with y up and x right, (1,1) in the lower left', () => {
    const t = grid({ players: { a: [1, 1] } });
    const text = t.kernel.render(t.game, t.view(PUBLIC));
    const lines = text.split('\n');
    expect(lines[0]?.trim().startsWith('20')).toBe(true);
    expect(lines[19]).toMatch(/^ {2}1 {3}A/);
  });
});

describe('Limbo: "Players are either on the Grid or off the Grid ... Initially, all Players are in Limbo."', () => {
  it('Limbo: a player who joins is in Limbo, with no location', () => {
    const t = grid({ players: { alice: null } });
    expect(at(t, 'alice')).toBeNull();
    const view = t.view(PUBLIC) as { players: JsonObject[] };
    expect(view.players).toEqual([{ name: 'alice', location: null, points: 0 }]);
  });

  it('Limbo: "Multiple Players may not occupy the same unit at the same time"', () => {
    const t = grid({ players: { a: [4, 4], b: null } });
    expect(t.refuse('b', 'enter', { x: 4, y: 4 }).code).toBe('occupied');
  });
});

describe('Shiny Things and Scary Dark Things: placed by 2d20, never revealed', () => {
  it('Things: five Shiny Things and five Scary Dark Things start where each die of 2d20 says (x first, y second)', () => {
    const dice = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 1, 2];
    const t = grid({ rolls: dice });
    const things = rules(t).things.map((th) => [th.kind, th.n, ...th.at]);
    expect(things).toEqual([
      ['shiny', 1, 3, 4],
      ['shiny', 2, 5, 6],
      ['shiny', 3, 7, 8],
      ['shiny', 4, 9, 10],
      ['shiny', 5, 11, 12],
      ['scary', 1, 13, 14],
      ['scary', 2, 15, 16],
      ['scary', 3, 17, 18],
      ['scary', 4, 19, 20],
      ['scary', 5, 1, 2],
    ]);
    expect(t.game.dice.queue).toEqual([]);
  });

  it('Things: two Things may start on the same unit (R6: the text does not forbid it)', () => {
    const t = grid({ rolls: placing([7, 7], [7, 7]) });
    expect(rules(t).things.filter((th) => th.at[0] === 7 && th.at[1] === 7)).toHaveLength(2);
  });

  it('Things: "The Administrator shall never reveal the current locations" - only the admin view has them', () => {
    const t = grid({ players: { alice: null } });
    expect(t.view(ADMIN)).toHaveProperty('things');
    expect(t.view(PUBLIC)).not.toHaveProperty('things');
    expect(t.view(player('alice'))).not.toHaveProperty('things');
    const visible = t.kernel.logView(t.entries, player('alice')).map((l) => l.type);
    expect(visible).not.toContain('thing-placed');
  });

  it('Things: with fair dice the placement rolls come from the secret stream, in Administrator-only entries', () => {
    const t = new Table([grid200201Ruleset]);
    t.create('grid-2002-01', { dice: 'fair' });
    const placed = t.entries.filter((e) => e.event.type === 'thing-placed');
    expect(placed).toHaveLength(10);
    for (const e of placed) {
      expect(e.event.vis).toBe('admin');
      expect(e.event.rolls?.[0]?.secret).toBe(true);
      expect(e.event.rolls?.[0]?.proof?.stream).toBe('secret');
    }
    t.expectConsistent();
  });
});

describe('Shiny Things: "If at any time a Player occupies the same unit as a Shiny Thing, e will be awarded 25 points and the Shiny Thing will instantly teleport"', () => {
  it('Shiny Things: entering onto a Shiny Thing awards 25 at once and the Thing teleports where the next 2d20 says (R3)', () => {
    const t = grid({ rolls: placing([5, 5]), players: { alice: null } });
    t.act('alice', 'enter', { x: 5, y: 5 }, [12, 9]);
    expect(points(t, 'alice')).toBe(25);
    expect(t.game.balances[BANK]).toBe(-25);
    expect(rules(t).things[0]?.at).toEqual([12, 9]);
    expect(t.game.dice.queue).toEqual([]);
    t.expectConsistent();
  });

  it('Shiny Things: the award and the teleport happen when a move is made at the end of the nweek', () => {
    const t = grid({ rolls: placing([6, 6]), players: { alice: [5, 5] } });
    t.act('alice', 'move', { x: 6, y: 6 });
    expect(points(t, 'alice')).toBe(0);
    t.admin('tick', { nweek: true }, [1, 1]);
    expect(at(t, 'alice')).toEqual([6, 6]);
    expect(points(t, 'alice')).toBe(25);
    expect(rules(t).things[0]?.at).toEqual([1, 1]);
  });

  it('Shiny Things: with no teleport result queued the entry is refused as dice-needed and nothing changes', () => {
    const t = grid({ rolls: placing([5, 5]), players: { alice: null } });
    expect(t.refuse('alice', 'enter', { x: 5, y: 5 }).code).toBe('dice-needed');
    expect(at(t, 'alice')).toBeNull();
  });

  it('R10 (issue 13, item 2): the dice-needed refusal names no Thing - the same for Shiny Thing 1 as for Shiny Thing 4', () => {
    // Two games that differ only in which Thing the Administrator secretly put on (5,5).
    const first = grid({ rolls: placing([5, 5]), players: { alice: null } });
    const fourth = grid({ rolls: placing([15, 15], [16, 15], [17, 15], [5, 5]), players: { alice: null } });
    const refusals = [first, fourth].map((t) => {
      const e = t.refuse('alice', 'enter', { x: 5, y: 5 });
      return `${e.code}: ${e.message}`;
    });
    expect(refusals[0]).toBe(
      'dice-needed: this needs dice the Administrator has not queued yet (manual dice)',
    );
    expect(refusals[1]).toBe(refusals[0]);
  });

  it('R10: the Administrator, who queues the dice, is told what they are for', () => {
    const t = new Table([grid200201Ruleset]);
    const r = t.try({
      type: 'create',
      by: ADMIN,
      args: { game: 'g', ruleset: 'grid-2002-01', dice: 'manual' },
      rolls: [3],
    });
    expect(r.ok ? 'accepted' : `${r.error.code}: ${r.error.message}`).toBe(
      'dice-needed: no queued dice result for "initial location of Shiny Thing 1": queue d20 with the dice command',
    );
  });

  it('Shiny Things: the teleport rolls again when it lands on the unit it left or on a player (R4)', () => {
    const t = grid({ rolls: placing([5, 5]), players: { alice: null, bob: [9, 9] } });
    // First 2d20 gives (5,5), the unit it left; the second (9,9), where bob stands; the third (2,3).
    const decided = t.act('alice', 'enter', { x: 5, y: 5 }, [5, 5, 9, 9, 2, 3]);
    expect(rules(t).things[0]?.at).toEqual([2, 3]);
    expect(points(t, 'bob')).toBe(0);
    const teleport = decided.events.find((e) => e.type === 'thing-teleported');
    expect(teleport?.rolls).toHaveLength(3);
  });
});

describe('Scary Dark Things: "e will lose 25 points, and the Scary Dark Thing will instantly teleport"', () => {
  it('Scary Dark Things: meeting one costs 25 points, which may leave a player below zero (R7)', () => {
    const t = grid({
      rolls: placing([20, 20], [20, 19], [20, 18], [20, 17], [20, 16], [8, 8]),
      players: { alice: null },
    });
    t.act('alice', 'enter', { x: 8, y: 8 }, [1, 9]);
    expect(points(t, 'alice')).toBe(-25);
    expect(t.game.balances[BANK]).toBe(25);
    expect(rules(t).things[5]?.at).toEqual([1, 9]);
  });

  it('Things: a Shiny and a Scary Dark Thing on one unit both act, Shiny first (R5)', () => {
    const t = grid({
      rolls: placing([8, 8], [20, 19], [20, 18], [20, 17], [20, 16], [8, 8]),
      players: { alice: null },
    });
    const decided = t.act('alice', 'enter', { x: 8, y: 8 }, [2, 2, 3, 3]);
    expect(points(t, 'alice')).toBe(0);
    const found = decided.events.filter((e) => e.type === 'thing-found').map((e) => e.kind);
    expect(found).toEqual(['shiny', 'scary']);
    expect(rules(t).things[0]?.at).toEqual([2, 2]);
    expect(rules(t).things[5]?.at).toEqual([3, 3]);
  });
});

describe('Entering: "A Player may enter the Grid at any location not already occupied by another Player"', () => {
  it('Entering: a player enters at once, on announcing it', () => {
    const t = grid({ players: { alice: [3, 4] } });
    expect(at(t, 'alice')).toEqual([3, 4]);
  });

  it('Entering: a player already on the Grid cannot enter again', () => {
    const t = grid({ players: { alice: [3, 4] } });
    expect(t.refuse('alice', 'enter', { x: 5, y: 5 }).code).toBe('already-on-grid');
  });

  it('Entering: someone who has not joined cannot enter', () => {
    const t = grid();
    expect(t.refuse('mallory', 'enter', { x: 5, y: 5 }).code).toBe('unknown-player');
  });

  it('Entering: malformed coordinates are refused as bad arguments', () => {
    const t = grid({ players: { alice: null } });
    expect(t.refuse('alice', 'enter', { x: 2.5, y: 5 }).code).toBe('bad-arguments');
    expect(t.refuse('alice', 'enter', { x: '3', y: 5 }).code).toBe('bad-arguments');
    expect(t.refuse('alice', 'enter', { x: 3 }).code).toBe('bad-arguments');
  });
});

describe('Leaving: "e may only leave the Grid ... or move to other units on the Grid"', () => {
  it('Leaving: a player on the Grid may leave for Limbo, and may enter again', () => {
    const t = grid({ players: { alice: [3, 4] } });
    t.act('alice', 'leave');
    expect(at(t, 'alice')).toBeNull();
    t.act('alice', 'enter', { x: 10, y: 10 });
    expect(at(t, 'alice')).toEqual([10, 10]);
  });

  it('Leaving: a player in Limbo cannot leave', () => {
    const t = grid({ players: { alice: null } });
    expect(t.refuse('alice', 'leave').code).toBe('not-on-grid');
  });

  it('Leaving: leaving withdraws the move announced this nweek, which still counts as the one (R8)', () => {
    const t = grid({ players: { alice: [3, 4] } });
    t.act('alice', 'move', { x: 4, y: 4 });
    t.act('alice', 'leave');
    t.act('alice', 'enter', { x: 3, y: 4 });
    expect(t.refuse('alice', 'move', { x: 4, y: 5 }).code).toBe('already-announced');
    t.tick(true);
    expect(at(t, 'alice')).toEqual([3, 4]);
  });
});

describe('Movement: "Once per week, any Player on the Grid may announce that e intends to move ... to any of the units surround eir current location"', () => {
  it.each([
    [4, 5],
    [6, 5],
    [5, 4],
    [5, 6],
    [4, 4],
    [6, 6],
    [4, 6],
    [6, 4],
  ])('Movement: (%i,%i) surrounds (5,5), so the move may be announced', (x, y) => {
    const t = grid({ players: { alice: [5, 5] } });
    t.act('alice', 'move', { x, y });
    t.tick(true);
    expect(at(t, 'alice')).toEqual([x, y]);
  });

  it.each([
    [5, 5, 'illegal-move'],
    [7, 5, 'illegal-move'],
    [5, 3, 'illegal-move'],
    [8, 8, 'illegal-move'],
  ])('Movement: (%i,%i) does not surround (5,5), so the announcement is refused', (x, y, code) => {
    const t = grid({ players: { alice: [5, 5] } });
    expect(t.refuse('alice', 'move', { x, y }).code).toBe(code);
  });

  it('Movement: a move off the edge of the Grid is refused', () => {
    const t = grid({ players: { alice: [1, 1] } });
    expect(t.refuse('alice', 'move', { x: 0, y: 1 }).code).toBe('illegal-move');
  });

  it('Movement: a player in Limbo cannot announce a move', () => {
    const t = grid({ players: { alice: null } });
    expect(t.refuse('alice', 'move', { x: 1, y: 1 }).code).toBe('not-on-grid');
  });

  it('Movement: "Once per week" is once per nweek - a second announcement in the same nweek is refused, the next nweek allows one (R1)', () => {
    const t = grid({ players: { alice: [5, 5] } });
    t.act('alice', 'move', { x: 6, y: 6 });
    expect(t.refuse('alice', 'move', { x: 4, y: 4 }).code).toBe('already-announced');
    t.tick();
    expect(t.refuse('alice', 'move', { x: 4, y: 4 }).code).toBe('already-announced');
    t.tick(true);
    t.act('alice', 'move', { x: 7, y: 7 });
    t.tick(true);
    expect(at(t, 'alice')).toEqual([7, 7]);
  });
});

describe('Movement: "Moves on the Grid happen at the end of the nweek and are processed in the order in which they were announced. If a Player attempts to move into a unit occupied by another Player, eir Move fails and e remains in eir current location."', () => {
  it('Movement: an announced move is not made before the end of the nweek', () => {
    const t = grid({ players: { alice: [5, 5] } });
    t.act('alice', 'move', { x: 6, y: 6 });
    for (let nday = 1; nday < 7; nday++) {
      t.tick();
      expect(at(t, 'alice')).toEqual([5, 5]);
    }
    t.tick();
    expect(t.game.clock).toEqual({ nweek: 2, nday: 1, ndays: 7 });
    expect(at(t, 'alice')).toEqual([6, 6]);
  });

  it('Movement: a move into a unit occupied by another player fails, and e remains where e was', () => {
    const t = aliceAndBob();
    t.act('alice', 'move', { x: 6, y: 6 });
    const decided = t.tick(true);
    expect(at(t, 'alice')).toEqual([5, 5]);
    expect(decided.events.some((e) => e.type === 'move-failed' && e.player === 'alice')).toBe(true);
  });

  it('Movement: processed in announcement order - bob leaving the unit after alice tried for it does not help her', () => {
    const t = aliceAndBob();
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('bob', 'move', { x: 7, y: 7 });
    t.tick(true);
    expect(at(t, 'alice')).toEqual([5, 5]);
    expect(at(t, 'bob')).toEqual([7, 7]);
  });

  it('Movement: processed in announcement order - bob announcing first frees the unit for alice', () => {
    const t = aliceAndBob();
    t.act('bob', 'move', { x: 7, y: 7 });
    t.act('alice', 'move', { x: 6, y: 6 });
    t.tick(true);
    expect(at(t, 'alice')).toEqual([6, 6]);
    expect(at(t, 'bob')).toEqual([7, 7]);
  });

  it('Movement: two players announcing the same unit - the first announced gets it, the second fails', () => {
    const t = grid({ players: { alice: [5, 5], bob: [7, 5] } });
    t.act('bob', 'move', { x: 6, y: 5 });
    t.act('alice', 'move', { x: 6, y: 5 });
    t.tick(true);
    expect(at(t, 'bob')).toEqual([6, 5]);
    expect(at(t, 'alice')).toEqual([5, 5]);
  });

  it('Movement: the log tells everyone what happened, in order', () => {
    const t = aliceAndBob();
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('bob', 'move', { x: 7, y: 7 });
    t.tick(true);
    const texts = t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
    const i = texts.indexOf("alice's move to (6,6) fails (bob occupies that unit); e stays put.");
    const j = texts.indexOf('bob moves from (6,6) to (7,7).');
    expect(i).toBeGreaterThan(0);
    expect(j).toBeGreaterThan(i);
    t.expectConsistent();
  });
});
