// Bonus Boxes, which the June text leans on (F.1, G.1) without saying what they do: ruling FG-13 in
// docs/rulings-grid-june-fg.md, and F.1's two sentences about them. With supplied dice.
import { describe, expect, it } from 'vitest';
import { BANK, PUBLIC } from '../../src/core/index.js';
import { pointsEffect } from '../../src/rulesets/grid-2002-06/fg-bonus-boxes.js';
import type { Table } from '../support/table.js';
import { at, june, place, placeOf, points, sq, toadMaker, nweek } from '../support/harness/june.js';

function withToads(where: Record<string, [number, number] | null>): Table {
  const t = june({ optional: [toadMaker], players: where });
  t.admin('enact', { module: 'test/toad-maker' });
  return t;
}

describe("Bonus Boxes (FG-13): a player on a Bonus Box's square opens it", () => {
  it('FG-13: a player who moves onto a "+5" Box gains 5 points from The Bank; the Box is gone; all is public', () => {
    const t = june({ players: { alice: [5, 5] } });
    const box = place(t, 'bonus-box', 6, 6, '+5');
    const d = t.act('alice', 'move', { x: 6, y: 6 });
    expect(points(t, 'alice')).toBe(5);
    expect(t.game.balances[BANK]).toBe(-5);
    expect(placeOf(t, box)).toBeUndefined();
    const opened = d.events.find((e) => e.type === 'box-opened');
    expect(opened).toMatchObject({
      vis: 'public',
      player: 'alice',
      effect: '+5',
      points: 5,
      bearer: 'alice',
    });
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      'alice opens a Bonus Box at (6,6): alice gains 5 points.',
    );
    // Which Box it was (its id) stays the Administrator's.
    expect(JSON.stringify(t.kernel.logView(t.entries, PUBLIC, t.game))).not.toContain('bonus-box');
    t.expectConsistent();
  });

  it('FG-13: a "-1d4" Box rolls 1d4 in public and the player loses that many points to The Bank', () => {
    const t = june({ players: { alice: [5, 5] } });
    place(t, 'bonus-box', 6, 6, '-1d4');
    const d = t.act('alice', 'move', { x: 6, y: 6 }, [3]);
    expect(points(t, 'alice')).toBe(-3);
    expect(d.events.find((e) => e.type === 'box-opened')?.rolls?.[0]).toMatchObject({
      expr: '1d4',
      result: 3,
    });
  });

  it('FG-13: entering the Grid onto a Box, or being knocked onto one, opens it too', () => {
    const t = june({ stick: [5, 5], players: { alice: [5, 5], bob: [6, 6] } });
    place(t, 'bonus-box', 8, 8, '+2d6');
    place(t, 'bonus-box', 1, 20, '+1');
    t.act('alice', 'pickup', { object: 'big-stick' });
    t.act('alice', 'whack', { target: 'bob' }, [4, 5, sq(3, 3)]);
    expect(at(t, 'bob')).toEqual([8, 8]);
    expect(points(t, 'bob')).toBe(9);
    t.join('carol');
    t.act('carol', 'enter', { x: 1, y: 20 });
    expect(points(t, 'carol')).toBe(1);
    t.expectConsistent();
  });

  it('FG-13: an effect the referee cannot apply is announced for the Administrator to carry out; no points move', () => {
    const t = june({ players: { alice: [5, 5] } });
    place(t, 'bonus-box', 6, 6, 'Radar +1 for the rest of the game');
    t.act('alice', 'move', { x: 6, y: 6 });
    expect(points(t, 'alice')).toBe(0);
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      'alice opens a Bonus Box at (6,6): its effect is "Radar +1 for the rest of the game", which the Administrator carries out.',
    );
  });

  it('FG-13: the effects the referee reads as points', () => {
    expect(pointsEffect('+5')).toEqual({ sign: 1, expr: '5', dice: false });
    expect(pointsEffect('-3')).toEqual({ sign: -1, expr: '3', dice: false });
    expect(pointsEffect('+2d6')).toEqual({ sign: 1, expr: '2d6', dice: true });
    expect(pointsEffect('- 5+5d3')).toEqual({ sign: -1, expr: '5+5d3', dice: true });
    for (const other of ['5', 'treasure', '+2d6-1', '+d', '', undefined])
      expect(pointsEffect(other)).toBeNull();
  });
});

describe('F.1 and the Bonus Boxes', () => {
  it('F.1: "E is unaffected by Bonus Boxes" - a Box under a Toad is not opened', () => {
    const t = withToads({ bob: [6, 6] });
    t.admin('toad', { player: 'bob' });
    const box = place(t, 'bonus-box', 6, 6, '-5');
    expect(placeOf(t, box)).toEqual({ on: [6, 6] });
    expect(points(t, 'bob')).toBe(0);
  });

  it('F.1: a player carrying a Toad who would lose points to a Box: the Toad loses them instead', () => {
    const t = withToads({ alice: [5, 5], bob: [6, 6] });
    t.admin('toad', { player: 'bob' });
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('alice', 'pickup', { object: 'player:bob' });
    place(t, 'bonus-box', 7, 7, '-4');
    nweek(t);
    const d = t.act('alice', 'move', { x: 7, y: 7 });
    expect(points(t, 'alice')).toBe(0);
    expect(points(t, 'bob')).toBe(-4);
    expect(d.events.find((e) => e.type === 'box-opened')).toMatchObject({
      player: 'alice',
      bearer: 'bob',
    });
    t.expectConsistent();
  });

  it('F.1: a Box that gives points still gives them to the player, not the Toad', () => {
    const t = withToads({ alice: [5, 5], bob: [6, 6] });
    t.admin('toad', { player: 'bob' });
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('alice', 'pickup', { object: 'player:bob' });
    place(t, 'bonus-box', 7, 7, '+4');
    nweek(t);
    t.act('alice', 'move', { x: 7, y: 7 });
    expect(points(t, 'alice')).toBe(4);
    expect(points(t, 'bob')).toBe(0);
  });

  it('F.1: "If the player is carrying more than one Toad, one is selected at random"', () => {
    const t = withToads({ alice: [5, 5], bob: [6, 6] });
    t.admin('toad', { player: 'bob' });
    t.join('carol');
    t.act('carol', 'enter', { x: 6, y: 6 }); // "Other players may occupy the same location as em" (F.1)
    t.admin('toad', { player: 'carol' });
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('alice', 'pickup', { object: 'player:bob' });
    t.act('alice', 'pickup', { object: 'player:carol' });
    place(t, 'bonus-box', 7, 7, '-2');
    nweek(t);
    const d = t.act('alice', 'move', { x: 7, y: 7 }, [2]);
    expect(points(t, 'carol')).toBe(-2);
    expect(points(t, 'bob')).toBe(0);
    expect(d.events.find((e) => e.type === 'box-opened')?.rolls?.[0]).toMatchObject({ sides: [2] });
    t.expectConsistent();
  });
});
