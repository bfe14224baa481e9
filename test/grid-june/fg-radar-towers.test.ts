// G.2 Radar Towers (grid-2002-06, seeds/000_e22677692262c4ad.txt), with supplied dice. Rulings FG-11 and FG-12:
// docs/rulings-grid-june-fg.md.
import { describe, expect, it } from 'vitest';
import { BANK, player, PUBLIC } from '../../src/core/index.js';
import type { Table } from '../support/table.js';
import { at, june, give, place, placeOf, points, rules, nweek } from '../support/harness/june.js';

const reveals = (t: Table, name: string): unknown => t.view(player(name)).radarReveals;
const towers = (t: Table) => rules(t).objects.filter((o) => o.kind === 'radar-tower');

describe('G.2 Radar Towers: "may pay 8 points to Build a Radar Tower on that square"', () => {
  it('G.2: a player on a square without a Radar Tower pays 8 points to The Bank and Builds one there, in public', () => {
    const t = june({ players: { alice: [5, 5] }, points: { alice: 10 } });
    const d = t.act('alice', 'build-tower');
    expect(points(t, 'alice')).toBe(2);
    expect(t.game.balances[BANK]).toBe(-10 + 8);
    expect(towers(t).map((o) => o.place)).toEqual([{ on: [5, 5] }]);
    expect(d.events.every((e) => e.vis === 'public' || e.type === 'dice-queued')).toBe(true);
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      'alice pays 8 points and Builds a Radar Tower at (5,5).',
    );
    t.expectConsistent();
  });

  it('G.2: "a square that does not already contain a Radar Tower" - a second one on the square is refused', () => {
    const t = june({ players: { alice: [5, 5], bob: [6, 6] }, points: { alice: 8, bob: 8 } });
    t.act('alice', 'build-tower');
    t.act('alice', 'move', { x: 4, y: 4 });
    nweek(t);
    t.act('bob', 'move', { x: 5, y: 5 });
    expect(t.refuse('bob', 'build-tower').code).toBe('tower-here');
    expect(points(t, 'bob')).toBe(8);
  });

  it('G.2: a player who cannot pay 8 points cannot Build (FG-11), and loses nothing', () => {
    const t = june({ players: { alice: [5, 5] }, points: { alice: 7 } });
    expect(t.refuse('alice', 'build-tower').code).toBe('cannot-pay');
    expect(points(t, 'alice')).toBe(7);
  });

  it('G.2: only a player who occupies a square may Build - not from Limbo', () => {
    const t = june({ players: { alice: null }, points: { alice: 8 } });
    expect(t.refuse('alice', 'build-tower').code).toBe('not-on-grid');
  });

  it('G.2: "Radar Towers are immovable, passable objects" - players walk onto them; a Pinball shot leaves them', () => {
    const t = june({ players: { alice: [5, 5], bob: [4, 5] }, points: { alice: 8, bob: 2 } });
    t.act('alice', 'build-tower');
    const tower = (towers(t)[0] as { id: string }).id;
    t.act('alice', 'move', { x: 6, y: 5 });
    t.act('bob', 'move', { x: 5, y: 5 });
    expect(at(t, 'bob')).toEqual([5, 5]);
    nweek(t);
    t.act('bob', 'move', { x: 4, y: 5 });
    t.act('bob', 'buy-gun');
    t.act('bob', 'fire', { x: 5, y: 5 });
    expect(placeOf(t, tower)).toEqual({ on: [5, 5] });
  });
});

describe('G.2: "treated as if eir Radar is 3 greater than it actually is"', () => {
  it("G.2: standing on a Radar Tower, a player's Radar reaches 5: a Box 5 squares away is revealed", () => {
    const t = june({ players: { alice: [5, 5] } });
    place(t, 'bonus-box', 10, 5, '+1');
    expect(reveals(t, 'alice')).toEqual([]);
    give(t, 'alice', 8);
    const d = t.act('alice', 'build-tower');
    expect(d.events.find((e) => e.type === 'radar-reveal')).toMatchObject({ vis: { players: ['alice'] } });
    expect(reveals(t, 'alice')).toEqual([{ at: [10, 5], nweek: 1 }]);
  });

  it('G.2: any player who occupies the square has the bonus, whoever Built the Tower', () => {
    const t = june({ players: { alice: [5, 5], bob: [4, 4] }, points: { alice: 8 } });
    t.act('alice', 'build-tower');
    t.act('alice', 'move', { x: 6, y: 6 });
    place(t, 'bonus-box', 10, 5, '+1'); // 4 from alice at (6,6), 5 from (5,5)
    expect(reveals(t, 'bob')).toEqual([]);
    expect(reveals(t, 'alice')).toEqual([]);
    t.act('bob', 'move', { x: 5, y: 5 });
    expect(reveals(t, 'bob')).toEqual([{ at: [10, 5], nweek: 1 }]);
  });

  it('G.2: the bonus lasts only while the player stands there, and the Radar attribute itself stays 2 (FG-12)', () => {
    const t = june({ players: { alice: [5, 5] }, points: { alice: 8 } });
    t.act('alice', 'build-tower');
    expect(t.view(PUBLIC).radar).toEqual({ alice: 2 });
    t.act('alice', 'move', { x: 6, y: 5 });
    place(t, 'bonus-box', 10, 8, '+1'); // 4 from (6,5), 5 from (5,5)
    expect(reveals(t, 'alice')).toEqual([]);
    nweek(t);
    t.act('alice', 'move', { x: 5, y: 5 });
    expect(reveals(t, 'alice')).toEqual([{ at: [10, 8], nweek: 2 }]);
    t.expectConsistent();
  });
});
