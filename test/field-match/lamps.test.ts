// The framework is general: "Lamps" (lamps.ts), a second match written in it, played on the table with
// supplied dice. Manual dice: Lit is a choice of on (1) or off (2); Flicker chooses a square, counted from
// (1,1) along each row upwards ((2,2) is 5).
import { describe, expect, it } from 'vitest';
import { player, PUBLIC } from '../../src/core/index.js';
import type { Command } from '../../src/core/index.js';
import { columnOf, decode, fieldValue, layerOf, playerValue } from '../../src/rulesets/field-match/index.js';
import type { Table } from '../support/table.js';
import { expectRefusal, fieldOf, matchGame, onSquare } from '../support/harness/field-match.js';
import { lamps } from './lamps.js';

const ON = 1;
const OFF = 2;

/** alice and bob in a game of Lamps set up with these dice. */
const lampsGame = (setup: number[]): Table =>
  matchGame(lamps, { players: ['alice', 'bob'], setup: { verb: 'setup', rolls: setup } });

/** The Lamps as rows from the top: * on, o off. */
function lampsPicture(t: Table): string[] {
  const s = fieldOf(t);
  const lit = columnOf(layerOf(s, 'Lamp'), 'Lit');
  const range = lamps.match.attributes[0]?.range;
  if (!range) throw new Error('no Lit');
  const rows: string[] = [];
  for (let y = s.height; y >= 1; y--) {
    let row = '';
    for (let x = 1; x <= s.width; x++)
      row += decode(range, lit[(y - 1) * s.width + x - 1] ?? 0) === 'on' ? '*' : 'o';
    rows.push(row);
  }
  return rows;
}
const score = (t: Table, name: string) => playerValue(lamps.match, fieldOf(t), name, 'Score');
const toggle = (name: string, x: number, y: number): Command => onSquare('toggle', name, x, y);
const give = (name: string, to: string): Command => ({
  type: 'give',
  by: player(name),
  args: { player: to },
});

const ALL_ON = Array.from({ length: 9 }, () => ON);

describe('A second match, "Lamps", in the same framework', () => {
  it('Lamps Setup: a Lamp on every square, each Lit as its die says; a second Setup is refused (set-up)', () => {
    const t = lampsGame([ON, OFF, ON, OFF, ON, OFF, ON, OFF, ON]);
    expect(lampsPicture(t)).toEqual(['*o*', 'o*o', '*o*']);
    expect(t.refuseAdmin('setup', {}, ALL_ON).code).toBe('set-up');
    t.expectConsistent();
  });

  it('Lamps Flicker: the Lamp the public choice picks is toggled, and the Round goes up by one', () => {
    const t = lampsGame(ALL_ON);
    t.admin('flicker', {}, [5]);
    expect(lampsPicture(t)).toEqual(['***', '*o*', '***']);
    expect(fieldValue(fieldOf(t), 'Round')).toBe(1);
    const chosen = t.entries.flatMap((e) => e.event.rolls ?? []).at(-1);
    expect(chosen).toMatchObject({
      purpose: 'the Lamp that flickers',
      kind: 'choice',
      sides: [9],
      draws: [5],
    });
  });

  it("Lamps Toggle: refused before this nweek's Flicker (too-early)", () => {
    const t = lampsGame(ALL_ON);
    expect(t.fail(toggle('alice', 2, 2)).code).toBe('too-early');
  });

  it('Lamps Toggle: toggles the Lamp and the Lamps sharing a side with it (orthogonal adjacency), and scores one', () => {
    const t = lampsGame(ALL_ON);
    t.admin('flicker', {}, [1]);
    t.ok(toggle('alice', 2, 2));
    expect(lampsPicture(t)).toEqual(['*o*', 'ooo', 'oo*']);
    expect(score(t, 'alice')).toBe(1);
    t.ok(toggle('alice', 3, 3));
    expect(lampsPicture(t)).toEqual(['**o', 'oo*', 'oo*']);
    expect(score(t, 'alice')).toBe(2);
  });

  it('Lamps Toggle: at most twice per nweek per player (limit-reached), and only a Lamp that is on (not-lit)', () => {
    const t = lampsGame(ALL_ON);
    t.admin('flicker', {}, [1]);
    expect(t.fail(toggle('alice', 1, 1)).message).toBe('the Lamp at (1,1) is off');
    t.ok(toggle('alice', 2, 2));
    t.ok(toggle('alice', 3, 3));
    expectRefusal(
      t.fail(toggle('alice', 1, 3)),
      'limit-reached',
      'alice has already performed Toggle twice during nweek 1; Toggle may be performed twice per nweek by each player',
    );
    t.ok(toggle('bob', 1, 3));
  });

  it('Lamps Gift: an action attached to Players - needs a Score of at least 1, moves one point to the target player', () => {
    const t = lampsGame(ALL_ON);
    expect(t.fail(give('alice', 'bob')).message).toBe('alice has a Score of 0');
    t.admin('flicker', {}, [1]);
    t.ok(toggle('alice', 2, 2));
    expect(t.fail(give('alice', 'zed')).code).toBe('unknown-player');
    t.ok(give('alice', 'bob'));
    expect([score(t, 'alice'), score(t, 'bob')]).toEqual([0, 1]);
    expect(t.kernel.logView(t.entries.slice(-3), PUBLIC, t.game).map((l) => l.text)).toEqual([
      'alice invokes Gift on bob.',
      "alice's Score changes from 1 to 0 (Gift).",
      "bob's Score changes from 0 to 1 (Gift).",
    ]);
    expect(t.fail(give('alice', 'bob')).code).toBe('limit-reached');
  });

  it('Lamps Flicker: once per nweek, and not after Round 3 (last-round, a whole-number condition)', () => {
    const t = lampsGame(ALL_ON);
    t.admin('flicker', {}, [1]);
    expect(t.refuseAdmin('flicker', {}, [1]).code).toBe('limit-reached');
    for (let week = 2; week <= 3; week++) {
      t.tick(true);
      t.admin('flicker', {}, [1]);
    }
    t.tick(true);
    expectRefusal(t.refuseAdmin('flicker', {}, [1]), 'last-round', 'Round 3 was the last');
  });

  it('Lamps: the match ends when every Lamp is off, and the player who turned the last ones off wins', () => {
    const t = lampsGame([OFF, ON, OFF, ON, OFF, ON, OFF, ON, OFF]);
    t.admin('flicker', {}, [5]);
    expect(lampsPicture(t)).toEqual(['o*o', '***', 'o*o']);
    t.ok(toggle('bob', 2, 2));
    expect(lampsPicture(t)).toEqual(['ooo', 'ooo', 'ooo']);
    expect(t.game.ended).toEqual({ winners: ['bob'], reason: 'every Lamp is off' });
    t.expectConsistent();
  });

  it('Lamps display: the Lamps drawn with their own symbols, whole-number attributes shown', () => {
    const t = lampsGame([ON, OFF, ON, OFF, ON, OFF, ON, OFF, ON]);
    const text = t.kernel.render(t.game, t.view(PUBLIC));
    expect(text).toContain('3 | * o *\n2 | o * o\n1 | * o *\n    1 2 3');
    expect(text).toContain('Lamp Lit: * on, o off');
    expect(text).toContain('The Field: Round 0');
    expect(text).toContain('  alice: Score 0');
    expect(t.view(PUBLIC)).toMatchObject({ match: 'Lamps', field: { adjacency: 'orthogonal' } });
  });
});
