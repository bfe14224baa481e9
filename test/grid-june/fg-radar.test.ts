// G.1 Radar (grid-2002-06, seeds/000_e22677692262c4ad.txt), with supplied dice; and the leak test: what a
// player's Radar reveals, e alone learns. Rulings FG-7 to FG-10: docs/rulings-grid-june-fg.md.
import { describe, expect, it } from 'vitest';
import { ADMIN, player, PUBLIC } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { Table } from '../support/table.js';
import { june, give, juneRuleset, place, placeOf, rules, nweek } from '../support/harness/june.js';

const reveals = (t: Table, name: string): unknown => t.view(player(name)).radarReveals;

describe('G.1 Radar: "Each player has an attribute called Radar. All players initially have a Radar of 2."', () => {
  it('G.1: every player starts with a Radar of 2, shown to all', () => {
    const t = june({ players: { alice: [5, 5], bob: null } });
    expect(t.view(PUBLIC).radar).toEqual({ alice: 2, bob: 2 });
  });

  it("G.1: the Administrator may set a player's Radar (FG-10), and it is public", () => {
    const t = june({ players: { alice: [5, 5] } });
    t.admin('radar', { player: 'alice', radar: 4 });
    expect(t.view(PUBLIC).radar).toEqual({ alice: 4 });
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      "alice's Radar is now 4.",
    );
    expect(t.refuseAdmin('radar', { player: 'nobody', radar: 3 }).code).toBe('unknown-player');
    expect(t.refuse('alice', 'radar', { player: 'alice', radar: 9 }).code).toBe('not-allowed');
  });
});

describe('G.1: "the admin shall reveal where the Bonus Box is, but not what type of Box it is"', () => {
  it('G.1: a Bonus Box within 2 squares is revealed to that player alone - where, not what type', () => {
    const t = june({ players: { alice: null, bob: [15, 15] } });
    const box = place(t, 'bonus-box', 7, 7, '+5');
    const other = place(t, 'bonus-box', 15, 18, '+1');
    const d = t.act('alice', 'enter', { x: 5, y: 5 });
    const reveal = d.events.find((e) => e.type === 'radar-reveal');
    const { salt: _salt, ...said } = reveal ?? { type: '', vis: 'admin' };
    expect(said).toEqual({
      type: 'radar-reveal',
      vis: { players: ['alice'] },
      player: 'alice',
      at: [7, 7],
    });
    // Where, and nothing else: not which Box (its id), not what type (its effect).
    expect(JSON.stringify(reveal)).not.toContain(box);
    expect(JSON.stringify(reveal)).not.toContain('+5');
    expect(placeOf(t, other)).toEqual({ on: [15, 18] });
    expect(reveals(t, 'alice')).toEqual([{ at: [7, 7], nweek: 1 }]);
    expect(JSON.stringify(t.view(player('alice')))).not.toContain('+5');
    expect(reveals(t, 'bob')).toEqual([]);
    expect(t.view(PUBLIC).radarReveals).toBeUndefined();
    expect(t.kernel.logView(t.entries, player('alice'), t.game).map((l) => l.text)).toContain(
      "alice's Radar shows a Bonus Box at (7,7).",
    );
    expect(t.view(ADMIN).radarReveals).toEqual({ alice: [{ at: [7, 7], nweek: 1 }] });
    t.expectConsistent();
  });

  it('G.1: "within x squares" counts diagonal steps as one (FG-7): 2 across and 2 up is within 2; 3 across is not', () => {
    const t = june({ players: { alice: null } });
    place(t, 'bonus-box', 7, 3, '+1'); // 2 across, 2 down from (5,5)
    place(t, 'bonus-box', 8, 5, '+1'); // 3 across
    t.act('alice', 'enter', { x: 5, y: 5 });
    expect(reveals(t, 'alice')).toEqual([{ at: [7, 3], nweek: 1 }]);
  });

  it('G.1: a Box comes into range when the player moves (FG-8), and is revealed then', () => {
    const t = june({ players: { alice: [5, 5] } });
    place(t, 'bonus-box', 8, 5, '+1');
    expect(reveals(t, 'alice')).toEqual([]);
    t.act('alice', 'move', { x: 6, y: 5 });
    expect(reveals(t, 'alice')).toEqual([{ at: [8, 5], nweek: 1 }]);
  });

  it("G.1: a Box placed within a player's range is revealed to em at once (FG-8)", () => {
    const t = june({ players: { alice: [5, 5] } });
    const d = t.admin('place', { kind: 'bonus-box', x: 4, y: 6, name: '-2' });
    expect(d.events.find((e) => e.type === 'radar-reveal')).toMatchObject({ vis: { players: ['alice'] } });
    expect(reveals(t, 'alice')).toEqual([{ at: [4, 6], nweek: 1 }]);
  });

  it('G.1: a Box is revealed once for each square it is seen on, not again while it stays in range', () => {
    const t = june({ players: { alice: [5, 5] } });
    place(t, 'bonus-box', 7, 7, '+1');
    nweek(t);
    const d = t.act('alice', 'move', { x: 6, y: 5 });
    expect(d.events.map((e) => e.type)).not.toContain('radar-reveal');
    expect(reveals(t, 'alice')).toEqual([{ at: [7, 7], nweek: 1 }]);
  });

  it('G.1: a Radar of 4 reaches further; a Radar of 0 reveals nothing around the player', () => {
    const t = june({ players: { alice: [5, 5], bob: [15, 5] } });
    t.admin('radar', { player: 'bob', radar: 0 });
    place(t, 'bonus-box', 9, 9, '+1');
    place(t, 'bonus-box', 16, 6, '+1');
    expect(reveals(t, 'alice')).toEqual([]);
    t.admin('radar', { player: 'alice', radar: 4 });
    expect(reveals(t, 'alice')).toEqual([{ at: [9, 9], nweek: 1 }]);
    expect(reveals(t, 'bob')).toEqual([]);
  });

  it('G.1: a player in Limbo has nowhere to reveal from', () => {
    const t = june({ players: { alice: null } });
    place(t, 'bonus-box', 1, 3, '+1');
    expect(reveals(t, 'alice')).toEqual([]);
    expect(rules(t).fg.revealed).toEqual({});
  });

  it('G.1: once the Box is opened it is gone from the view of those whose Radar had shown it (FG-9)', () => {
    const t = june({ players: { alice: [5, 5], bob: [9, 9] } });
    place(t, 'bonus-box', 7, 7, '+3');
    t.act('bob', 'move', { x: 8, y: 8 });
    expect(reveals(t, 'alice')).toEqual([{ at: [7, 7], nweek: 1 }]);
    expect(reveals(t, 'bob')).toEqual([{ at: [7, 7], nweek: 1 }]);
    nweek(t);
    t.act('bob', 'move', { x: 7, y: 7 });
    expect(reveals(t, 'alice')).toEqual([]);
    expect(reveals(t, 'bob')).toEqual([]);
    // A new Box on that square is news again.
    t.act('bob', 'leave');
    place(t, 'bonus-box', 7, 7, '+1');
    expect(reveals(t, 'alice')).toEqual([{ at: [7, 7], nweek: 2 }]);
    t.expectConsistent();
  });

  it('G.1: a player is not told that a Box e was shown has been moved away in secret - eir Radar shows only what is in range', () => {
    const t = june({ players: { alice: [5, 5], bob: [7, 5] } });
    t.admin('radar', { player: 'bob', radar: 0 });
    place(t, 'bonus-box', 6, 6, '+1');
    expect(reveals(t, 'alice')).toEqual([{ at: [6, 6], nweek: 1 }]);
    give(t, 'bob', 2);
    t.act('bob', 'buy-gun');
    t.act('bob', 'fire', { x: 6, y: 6 }); // the Box goes to (5,7): still within alice's 2, so shown there too
    expect(reveals(t, 'alice')).toEqual([
      { at: [6, 6], nweek: 1 },
      { at: [5, 7], nweek: 1 },
    ]);
  });
});

describe('G.1: what a Radar reveals stays with that player (leak test)', () => {
  /** Everything a viewer can read: the board and the log. */
  const seen = (t: Table, viewer: Viewer): string =>
    JSON.stringify(t.view(viewer)) + JSON.stringify(t.kernel.logView(t.entries, viewer, t.game));

  it('G.1: with fair dice, Boxes placed, revealed, and moved by a blind Pinball shot: no one but the revealed player (and the Administrator) sees where, and no one sees what type', () => {
    const t = new Table([juneRuleset()]);
    t.create('grid-2002-06');
    t.join('alice', 'bob', 'carol');
    const box1 = place(t, 'bonus-box', 13, 17, '+7 SECRETTYPE');
    const box2 = place(t, 'bonus-box', 18, 2, '-3 OTHERTYPE');
    t.act('alice', 'enter', { x: 11, y: 16 }); // within 2 of box1
    t.act('bob', 'enter', { x: 10, y: 3 });
    t.admin('radar', { player: 'carol', radar: 0 });
    t.act('carol', 'enter', { x: 17, y: 2 }); // next to box2, but with a Radar of 0
    give(t, 'carol', 2);
    t.act('carol', 'buy-gun');
    const shot = t.act('carol', 'fire', { x: 18, y: 2 }); // moves box2 two squares, in secret
    // The public sees the shot - as if the square were empty.
    expect(shot.events.filter((e) => e.vis === 'public').map((e) => e.type)).toEqual([
      'command',
      'pinball-gun-fired',
    ]);
    expect(placeOf(t, box2)).toEqual({ on: [20, 2] });
    expect(reveals(t, 'alice')).toEqual([{ at: [13, 17], nweek: 1 }]);
    const where = ['[13,17]', '(13,17)', '[19,2]', '(19,2)', '[20,2]', '(20,2)'];
    for (const viewer of [PUBLIC, player('bob'), player('carol')]) {
      const text = seen(t, viewer);
      for (const w of where) expect(text, `${JSON.stringify(viewer)} sees ${w}`).not.toContain(w);
      expect(text).not.toContain('bonus-box');
      expect(text).not.toContain('SECRETTYPE');
      expect(text).not.toContain('OTHERTYPE');
    }
    const alice = seen(t, player('alice'));
    expect(alice).toContain('(13,17)');
    expect(alice).not.toContain('SECRETTYPE');
    expect(alice).not.toContain('bonus-box');
    expect(alice).not.toContain('(20,2)');
    expect(placeOf(t, box1)).toEqual({ on: [13, 17] });
    expect(seen(t, ADMIN)).toContain('OTHERTYPE');
    t.expectConsistent();
  });
});
