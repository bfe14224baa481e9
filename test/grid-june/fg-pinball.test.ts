// G.3 Pinball Guns (grid-2002-06, seeds/000_e22677692262c4ad.txt), with supplied dice. Rulings FG-14 to FG-17:
// docs/rulings-grid-june-fg.md.
import { describe, expect, it } from 'vitest';
import { ADMIN, BANK, player, PUBLIC } from '../../src/core/index.js';
import type { Json, RuleModule } from '../../src/core/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import type { Table } from '../support/table.js';
import {
  at,
  eventTypes,
  june,
  give,
  place,
  placeOf,
  points,
  rules,
  toadMaker,
} from '../support/harness/june.js';

/** alice at (5,5) with a Pinball Gun; the others where the test says. */
function gunner(
  where: Record<string, [number, number] | null> = {},
  optional: RuleModule<JuneState>[] = [],
): Table {
  const t = june({
    stick: [20, 1],
    shield: [20, 2],
    optional,
    players: { alice: [5, 5], ...where },
    points: { alice: 2 },
  });
  t.act('alice', 'buy-gun');
  return t;
}

describe('G.3 Pinball Guns: "Any player who does not have a Pinball Gun may buy one for 2 points"', () => {
  it('G.3: a player buys a Pinball Gun for 2 points, paid to The Bank, in public', () => {
    const t = june({ players: { alice: [5, 5] }, points: { alice: 5 } });
    t.act('alice', 'buy-gun');
    expect(points(t, 'alice')).toBe(3);
    expect(t.game.balances[BANK]).toBe(-5 + 2);
    expect(rules(t).fg.guns).toEqual(['alice']);
    expect(t.view(PUBLIC).pinballGuns).toEqual(['alice']);
    t.expectConsistent();
  });

  it('G.3: "who does not have a Pinball Gun" - a second Gun is refused while e has one', () => {
    const t = gunner();
    give(t, 'alice', 2);
    expect(t.refuse('alice', 'buy-gun').code).toBe('already-armed');
    t.act('alice', 'fire', { x: 6, y: 6 });
    t.act('alice', 'buy-gun');
    expect(rules(t).fg.guns).toEqual(['alice']);
  });

  it('G.3: a player who cannot pay 2 points cannot buy (FG-14)', () => {
    const t = june({ players: { alice: [5, 5] }, points: { alice: 1 } });
    expect(t.refuse('alice', 'buy-gun').code).toBe('cannot-pay');
  });

  it('G.3: a Toad keeps eir Gun and may Fire it - F.1 forbids em moving, picking up, catching and throwing, not firing (FG-14)', () => {
    const t = gunner({ bob: [6, 5] }, [toadMaker]);
    t.admin('enact', { module: 'test/toad-maker' });
    t.admin('toad', { player: 'alice' });
    expect(rules(t).fg.guns).toEqual(['alice']);
    t.act('alice', 'fire', { x: 6, y: 5 });
    expect(at(t, 'bob')).toEqual([8, 5]);
    t.expectConsistent();
  });

  it('G.3: a player in Limbo may buy a Gun, and keeps it when e enters and leaves the Grid (FG-14: not a Grid Object)', () => {
    const t = june({ players: { alice: null }, points: { alice: 2 } });
    t.act('alice', 'buy-gun');
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.act('alice', 'leave');
    expect(rules(t).fg.guns).toEqual(['alice']);
  });
});

describe('G.3: "e may Fire the Gun at any square consecutive to eir position ... that MO moves twice"', () => {
  it('G.3: the MO in the square moves twice, away from the one who Fired; e loses the Gun', () => {
    const t = gunner({ bob: [6, 5] });
    const d = t.act('alice', 'fire', { x: 6, y: 5 });
    expect(at(t, 'bob')).toEqual([8, 5]);
    expect(at(t, 'alice')).toEqual([5, 5]);
    expect(rules(t).fg.guns).toEqual([]);
    expect(eventTypes(d.events)).toEqual(['command', 'pinball-gun-fired', 'object-moved', 'object-moved']);
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      'alice Fires eir Pinball Gun at (6,5), and loses it.',
    );
    t.expectConsistent();
  });

  it('G.3: diagonal shots go on diagonally', () => {
    const t = gunner({ bob: [4, 4] });
    t.act('alice', 'fire', { x: 4, y: 4 });
    expect(at(t, 'bob')).toEqual([2, 2]);
  });

  it('G.3: "When a player fires a Pinball Gun, e loses it" - even at an empty square', () => {
    const t = gunner();
    t.act('alice', 'fire', { x: 5, y: 6 });
    expect(rules(t).fg.guns).toEqual([]);
    expect(t.refuse('alice', 'fire', { x: 5, y: 6 }).code).toBe('no-gun');
  });

  it('G.3: only on the Grid, only with a Gun, only at a consecutive square of the Grid', () => {
    const t = gunner({ bob: [9, 9] });
    const code = (by: string, x: number, y: number) => t.refuse(by, 'fire', { x, y }).code;
    expect(code('bob', 9, 10)).toBe('no-gun');
    expect(code('alice', 7, 5)).toBe('not-consecutive');
    expect(code('alice', 5, 5)).toBe('not-consecutive');
    t.act('alice', 'leave');
    expect(code('alice', 5, 6)).toBe('not-on-grid');
    const u = june({ players: { carol: [1, 1] }, points: { carol: 2 } });
    u.act('carol', 'buy-gun');
    expect(u.refuse('carol', 'fire', { x: 0, y: 1 }).code).toBe('off-grid');
  });

  it('G.3: a shot MO stops when its next Move cannot be made - an Impassable object, another player, the edge (FG-16)', () => {
    const t = gunner({ bob: [6, 5], carol: [4, 4], dave: [2, 2] });
    place(t, 'big-rock', 8, 5);
    const d = t.act('alice', 'fire', { x: 6, y: 5 });
    expect(at(t, 'bob')).toEqual([7, 5]);
    expect(d.events.find((e) => e.type === 'push-stopped')).toMatchObject({ id: 'player:bob', at: [7, 5] });
    give(t, 'alice', 2);
    t.act('alice', 'buy-gun');
    t.act('alice', 'fire', { x: 4, y: 4 });
    expect(at(t, 'carol')).toEqual([3, 3]);
    const e = june({ players: { alice: [2, 2], bob: [1, 2] }, points: { alice: 2 } });
    e.act('alice', 'buy-gun');
    e.act('alice', 'fire', { x: 1, y: 2 });
    expect(at(e, 'bob')).toEqual([1, 2]);
  });

  it('G.3: every MO in the square is shot (FG-15): a player and the Big Stick lying there; a Radar Tower (Stationary) stays', () => {
    const t = june({
      stick: [6, 6],
      shield: [20, 20],
      players: { alice: [5, 5], bob: [6, 6] },
      points: { bob: 8 },
    });
    t.act('bob', 'build-tower');
    give(t, 'alice', 2);
    t.act('alice', 'buy-gun');
    t.act('alice', 'fire', { x: 6, y: 6 });
    expect(at(t, 'bob')).toEqual([8, 8]);
    expect(placeOf(t, 'big-stick')).toEqual({ on: [8, 8] });
    const tower = rules(t).objects.find((o) => o.kind === 'radar-tower');
    expect(tower?.place).toEqual({ on: [6, 6] });
    t.expectConsistent();
  });

  it('G.3: each square of the shot is entered like any Move - a Frozen square slides the MO one more (A.3.1)', () => {
    const t = gunner({ bob: [5, 6] });
    t.admin('temperature', { degrees: -2 });
    t.admin('square', { x: 5, y: 7, frozen: true });
    t.act('alice', 'fire', { x: 5, y: 6 });
    // (5,6) -> (5,7) Frozen, slides to (5,8); the second Move: (5,9).
    expect(at(t, 'bob')).toEqual([5, 9]);
  });

  it('G.3: a Gremlin is a MO: it is shot too', () => {
    const t = gunner();
    const gremlin = place(t, 'gremlin', 6, 4);
    t.act('alice', 'fire', { x: 6, y: 4 });
    expect(placeOf(t, gremlin)).toEqual({ on: [8, 2] });
  });

  it('G.3: "unless another rule prevents this" - a rule that says Gremlins cannot be shot prevails', () => {
    const sturdy: RuleModule<JuneState> = {
      id: 'test/sturdy-gremlins',
      section: 'Sturdy Gremlins (a test rule)',
      text: 'Gremlins are not moved by Pinball Guns.',
      answers: {
        'may-be-shot': (_ctx, q: Json) =>
          (q as { object: string }).object.startsWith('gremlin:') ? 'Gremlins are sturdy' : undefined,
      },
    };
    const t = gunner({ bob: [6, 4] }, [sturdy]);
    t.admin('enact', { module: 'test/sturdy-gremlins' });
    const gremlin = place(t, 'gremlin', 6, 4);
    const d = t.act('alice', 'fire', { x: 6, y: 4 });
    expect(placeOf(t, gremlin)).toEqual({ on: [6, 4] });
    expect(at(t, 'bob')).toEqual([8, 2]);
    expect(d.events.find((e) => e.type === 'push-stopped')).toMatchObject({
      id: gremlin,
      reason: 'Gremlins are sturdy',
    });
    t.expectConsistent();
  });

  it('G.3: a Bonus Box is a MO and is shot too - in secret: the public sees only the shot (FG-15)', () => {
    const t = gunner({ bob: [12, 12] });
    t.admin('radar', { player: 'alice', radar: 0 });
    const box = place(t, 'bonus-box', 6, 6, '+4');
    const d = t.act('alice', 'fire', { x: 6, y: 6 });
    expect(placeOf(t, box)).toEqual({ on: [8, 8] });
    expect(d.events.filter((e) => e.vis === 'public').map((e) => e.type)).toEqual([
      'command',
      'pinball-gun-fired',
    ]);
    expect(d.events.filter((e) => e.type === 'object-moved').every((e) => e.vis === 'admin')).toBe(true);
    for (const viewer of [PUBLIC, player('alice'), player('bob')])
      expect(JSON.stringify(t.kernel.logView(t.entries, viewer, t.game))).not.toContain('(8,8)');
    expect(JSON.stringify(t.kernel.logView(t.entries, ADMIN, t.game))).toContain('(8,8)');
    t.expectConsistent();
  });

  it('G.3: a Bonus Box shot next to a player is then revealed to em by eir Radar (G.1)', () => {
    const t = gunner({ bob: [9, 9] });
    t.admin('radar', { player: 'alice', radar: 0 });
    t.admin('radar', { player: 'bob', radar: 1 });
    place(t, 'bonus-box', 6, 6, '+4');
    t.act('alice', 'fire', { x: 6, y: 6 });
    expect(t.view(player('bob')).radarReveals).toEqual([{ at: [8, 8], nweek: 1 }]);
  });
});
