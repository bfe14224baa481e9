// A whole match of Life on the table, played to a win with supplied dice; the same with fair dice; the
// public display (text and JSON); the Field's size from the game's configuration.
import { describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC, player } from '../../src/core/index.js';
import type { JsonObject } from '../../src/core/index.js';
import { lifeRuleset } from '../../src/rulesets/life/index.js';
import { MAX_SQUARES } from '../../src/rulesets/field-match/index.js';
import { Table } from '../support/table.js';
import { advantageOf, cells, initialize, lifeGame, rules, teamOf, tweak } from '../support/harness/life.js';

/** Corners R (1,5), B (5,5), G (1,1), R (5,1); every other Cell dies at the first Evolve. */
export const OPENING = ['RGBGB', 'BRGBR', 'GBRGB', 'RGBRG', 'GRGBR'];

/**
 * nweek 1: alice, bob, carol join; Initialize (alice Red, bob Blue, carol Red, Advantage Green); erin joins;
 * Evolve (erin's Team: Red); alice, carol and erin put Red Cells at (2,2), (3,2), (2,3); bob a Blue one at (5,3).
 * nweek 2: Evolve - only Red is left, and the Red players win.
 */
function playToAWin(t: Table): void {
  t.join('alice', 'bob', 'carol');
  initialize(t, OPENING, ['R', 'B', 'R'], 'G');
  t.join('erin');
  t.admin('evolve', {}, [1]);
  expect(cells(t)).toEqual(['R...B', '.....', '.....', '.....', 'G...R']);
  expect(advantageOf(t)).toBe('Blue');
  expect(teamOf(t, 'erin')).toBe('Red');
  t.ok(tweak('alice', 2, 2));
  t.ok(tweak('carol', 3, 2));
  t.ok(tweak('erin', 2, 3));
  expect(t.fail(tweak('bob', 1, 5)).code).toBe('not-your-color');
  t.ok(tweak('bob', 5, 3));
  expect(cells(t)).toEqual(['R...B', '.....', '.R..B', '.RR..', 'G...R']);
  t.tick(true);
  t.admin('evolve');
}

describe('A match of Life, start to finish', () => {
  it('Life: a match played to a win - Red builds a block that lives while every other Cell dies, and the Red players win', () => {
    const t = lifeGame();
    playToAWin(t);
    // Worked by hand: (2,3), (2,2), (3,2) have two or three Red neighbours and stay; (3,3), (1,2), (2,1) and
    // (4,2) have exactly three coloured neighbours, most of them Red, and are born Red; the corners, bob's (5,3)
    // and the Green (1,1) have fewer than two and become null.
    expect(cells(t)).toEqual(['.....', '.....', '.RR..', 'RRRR.', '.R...']);
    expect(t.game.ended).toEqual({
      winners: ['alice', 'carol', 'erin'],
      reason: 'exactly one non-null Color of Cell exists (Red) after Evolve, step 2',
    });
    t.expectConsistent();
  });

  it('Life (L16): with fair dice a match replays and verifies, and every roll is public with its proof', () => {
    const t = lifeGame({ dice: 'fair', players: ['alice', 'bob'] });
    t.admin('initialize');
    t.join('carol');
    for (let week = 0; week < 4 && !t.game.ended; week++) {
      t.admin('evolve');
      for (const p of ['alice', 'bob', 'carol']) {
        // Evolve may have ended the match (the dice decide): nothing more is tweaked then.
        if (t.game.ended) break;
        // Each player tweaks the first Cell e may.
        const team = teamOf(t, p);
        const letter = String(team).charAt(0);
        const picture = cells(t);
        outer: for (let y = 5; y >= 1; y--)
          for (let x = 1; x <= 5; x++) {
            const c = picture[5 - y]?.[x - 1];
            if (c === '.' || c === letter) {
              t.ok(tweak(p, x, y));
              break outer;
            }
          }
      }
      if (!t.game.ended) t.tick(true);
    }
    const rolls = t.entries.flatMap((e) => e.event.rolls ?? []);
    // Initialize's: 25 Cells, two Teams, the Advantage; what Evolve rolls after depends on the dice (a match may
    // end at the first Evolve's step 2).
    expect(rolls.length).toBeGreaterThanOrEqual(25 + 2 + 1);
    expect(rolls.every((r) => r.source === 'fair' && r.proof?.stream === 'public' && !r.secret)).toBe(true);
    const hidden = t.entries.filter((e) => e.event.vis !== 'public').map((e) => e.event.type);
    expect(hidden).toEqual([]);
    t.expectConsistent();
  });
});

describe('The public display', () => {
  it("show --json: the Field, its Advantage, every player's Team and every Cell with its Color, as plain JSON", () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: OPENING, advantage: 'G' });
    const view = t.view(PUBLIC) as JsonObject & { objects: { Cell: JsonObject[] } };
    expect(view).toMatchObject({
      ruleset: 'life',
      match: 'Life',
      field: { width: 5, height: 5, adjacency: 'diagonal' },
      attributes: { Advantage: 'Green' },
      players: [
        { name: 'alice', attributes: { Team: 'Red' } },
        { name: 'bob', attributes: { Team: 'Blue' } },
      ],
      thisNweek: [{ action: 'Initialize', by: null }],
    });
    expect(view.objects.Cell).toHaveLength(25);
    expect(view.objects.Cell[0]).toEqual({ at: [1, 1], attributes: { Color: 'Green' } });
    expect(view.objects.Cell[24]).toEqual({ at: [5, 5], attributes: { Color: 'Blue' } });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it('Display: nothing is hidden - the public, each player and the Referee see the same Field', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: OPENING, advantage: 'G' });
    const { you, ...asAlice } = t.view(player('alice'));
    const { diceQueue, ...asAdmin } = t.view(ADMIN);
    expect(you).toBe('alice');
    expect(diceQueue).toEqual([]);
    expect(asAlice).toEqual(t.view(PUBLIC));
    expect(asAdmin).toEqual(t.view(PUBLIC));
  });

  it('Display: the Field is drawn with x to the right and y up, (1,1) in the lower left, then the Teams', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'B' }, field: OPENING, advantage: 'G' });
    const text = t.kernel.render(t.game, t.view(PUBLIC));
    expect(text.split('\n')).toEqual([
      'Life: a 5 x 5 Field (squares sharing a side or a corner are adjacent), nweek 1',
      '',
      '5 | R G B G B',
      '4 | B R G B R',
      '3 | G B R G B',
      '2 | R G B R G',
      '1 | G R G B R',
      '    1 2 3 4 5',
      'Cell Color: R Red, G Green, B Blue, . null',
      '',
      'The Field: Advantage Green',
      '',
      'Players:',
      '  alice: Team Red',
      '  bob: Team Blue',
      '',
      'This nweek: the Referee performed Initialize.',
    ]);
  });

  it('Display: before Initialize there are no Cells; after the end the winners are shown', () => {
    const t = lifeGame({ players: ['alice'] });
    expect(t.kernel.render(t.game, t.view(PUBLIC))).toContain('No Cell is on the Field.');
    initialize(t, ['RRRRR', 'RRRRR', 'RRRRR', 'RRRRR', 'RRRRR'], ['R'], 'G');
    t.admin('evolve');
    expect(t.kernel.render(t.game, t.view(PUBLIC))).toContain('Winners: alice.');
  });
});

describe('The Field from the configuration (L17)', () => {
  it('Config: {"width": 8, "height": 6} plays Life on an 8 x 6 Field; Initialize rolls 48 Cells', () => {
    const t = lifeGame({ players: ['alice'], config: { width: 8, height: 6 } });
    t.admin('initialize', {}, [...Array.from({ length: 48 }, () => 1), 1, 2]);
    expect(cells(t)).toEqual(Array.from({ length: 6 }, () => 'RRRRRRRR'));
    expect(rules(t).width).toBe(8);
    t.admin('evolve');
    expect(t.game.ended?.winners).toEqual(['alice']);
  });

  it('Config: a Field too large to draw is summarised in the text display, and shown whole in the JSON view', () => {
    const t = lifeGame({ players: ['alice'], config: { width: 100, height: 1 } });
    t.admin('initialize', {}, [...Array.from({ length: 100 }, (_, i) => (i < 40 ? 1 : 3)), 1, 2]);
    const text = t.kernel.render(t.game, t.view(PUBLIC));
    expect(text).toContain('100 Cell objects; Color: Red 40, Blue 60 (too large to draw)');
    expect((t.view(PUBLIC) as { objects: { Cell: unknown[] } }).objects.Cell).toHaveLength(100);
  });

  it.each([
    [{ width: 32, height: 32 }, 1024],
    [{ width: 1, height: 1024 }, 1024],
  ])(
    'Config (L17, issue 13 item 4): %j, a Field of the most squares allowed, is played',
    (config, squares) => {
      const t = lifeGame({ players: ['alice'], config });
      t.admin('initialize', {}, [...Array.from({ length: squares }, () => 1), 1, 2]);
      expect(rules(t).width * rules(t).height).toBe(MAX_SQUARES);
      expect(cells(t).join('')).toBe('R'.repeat(squares));
    },
  );

  it.each([
    [{ width: 0, height: 5 }],
    [{ width: 5 }],
    [{ size: 5 }],
    [{ width: 4096, height: 4096 }],
    [{ width: 2048, height: 2048 }],
    [{ width: 33, height: 32 }],
    [{ width: 1025, height: 1 }],
    ['big'],
  ])('Config: %j is refused (bad-config)', (config) => {
    const t = new Table([lifeRuleset]);
    const r = t.try({
      type: 'create',
      by: ADMIN,
      args: { game: 'g', ruleset: 'life', dice: 'manual', config },
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('bad-config');
  });
});
