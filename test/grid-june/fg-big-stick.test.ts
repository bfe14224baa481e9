// F.2 The Big Stick (grid-2002-06, seeds/000_e22677692262c4ad.txt), with supplied dice. Rulings FG-1 to FG-6:
// docs/rulings-grid-june-fg.md.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import { grid200201Ruleset } from '../../src/rulesets/grid-2002-01/index.js';
import { Table } from '../support/table.js';
import {
  at,
  destroyer,
  eventTypes,
  june,
  juneRuleset,
  place,
  placeOf,
  points,
  rules,
  sq,
  nweek,
  BALL,
} from '../support/harness/june.js';

/** alice at (5,5) holding the Big Stick; bob at (6,6). */
function armed(
  where: Record<string, [number, number] | null> = { bob: [6, 6] },
  aliceAt: [number, number] = [5, 5],
): Table {
  const t = june({ stick: aliceAt, shield: [20, 20], players: { alice: aliceAt, ...where } });
  t.act('alice', 'pickup', { object: 'big-stick' });
  return t;
}

describe('F.2 The Big Stick: "If at any time there is no Big Stick, the Big Stick is placed on a random legal square"', () => {
  it('F.2: the game starts with the Big Stick on a random legal square, in public, from the dice (FG-1)', () => {
    const t = june({ stick: [3, 4], shield: [9, 9] });
    expect(placeOf(t, 'big-stick')).toEqual({ on: [3, 4] });
    const placed = t.kernel.logView(t.entries, PUBLIC, t.game).filter((l) => l.type === 'placed-at-random');
    expect(placed.map((l) => l.text)).toEqual([
      'The Big Stick is placed at (3,4) (there was no Big Stick).',
      'The Shield is placed at (9,9) (there was no Shield).',
    ]);
    expect(placed[0]?.event.rolls?.[0]).toMatchObject({ kind: 'choice', sides: [400], draws: [sq(3, 4)] });
    t.expectConsistent();
  });

  it('F.2: with fair dice the Big Stick is placed from the public stream at creation, and the log verifies', () => {
    const t = new Table([juneRuleset()]);
    t.create('grid-2002-06');
    const stick = rules(t).objects.filter((o) => o.kind === 'big-stick');
    expect(stick).toHaveLength(1);
    const placed = t.entries.find((e) => e.event.type === 'placed-at-random');
    expect(placed?.event.vis).toBe('public');
    expect(placed?.event.rolls?.[0]?.proof?.stream).toBe('public');
    t.expectConsistent();
  });

  it('F.2: with manual dice and no result supplied, creating the game is refused as dice-needed (FG-1)', () => {
    const t = new Table([juneRuleset()]);
    const result = t.try({
      type: 'create',
      by: { role: 'admin' },
      args: { game: 'g', ruleset: 'grid-2002-06', dice: 'manual', ndays: 7, config: null },
    });
    expect(result.ok ? 'accepted' : result.error.code).toBe('dice-needed');
  });

  it('F.2: a January game amended to June gets its Big Stick (and Shield) when the amendment takes effect', () => {
    const t = new Table([grid200201Ruleset, juneRuleset()]);
    const farAway = [16, 15, 17, 15, 18, 15, 19, 15, 15, 17, 16, 17, 17, 17, 18, 17, 19, 17, 15, 19];
    t.create('grid-2002-01', { rolls: farAway });
    t.join('alice');
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.admin('amend', { ruleset: 'grid-2002-06' }, [sq(2, 3), sq(4, 5)]);
    expect(placeOf(t, 'big-stick')).toEqual({ on: [2, 3] });
    expect(placeOf(t, 'shield')).toEqual({ on: [4, 5] });
    t.expectConsistent();
  });

  it('F.2: a Big Stick that ceases to exist (here by a test rule) is replaced at once on a random legal square', () => {
    const t = june({ stick: [5, 5], optional: [destroyer] });
    t.admin('enact', { module: 'test/destroy' });
    const d = t.admin('destroy', { id: 'big-stick' }, [sq(12, 12)]);
    expect(eventTypes(d.events).slice(-2)).toEqual(['object-removed', 'placed-at-random']);
    expect(
      rules(t)
        .objects.filter((o) => o.kind === 'big-stick')
        .map((o) => o.place),
    ).toEqual([{ on: [12, 12] }]);
    t.expectConsistent();
  });

  it('F.2: while some Big Stick exists, none is added (an extra one placed by the Administrator counts)', () => {
    const t = june({ stick: [5, 5], optional: [destroyer] });
    t.admin('enact', { module: 'test/destroy' });
    const extra = place(t, 'big-stick', 7, 7);
    const d = t.admin('destroy', { id: 'big-stick' });
    expect(eventTypes(d.events)).not.toContain('placed-at-random');
    expect(
      rules(t)
        .objects.filter((o) => o.kind === 'big-stick')
        .map((o) => o.id),
    ).toEqual([extra]);
  });
});

describe('F.2: "e may use it to administer a Whack to a Player or a Gremlin in an adjacent square"', () => {
  it('F.2: a Whacked player is knocked two squares away from the Player with the Big Stick, and is Dizzy', () => {
    const t = armed();
    const d = t.act('alice', 'whack', { target: 'bob' }, [sq(10, 10)]);
    expect(at(t, 'bob')).toEqual([8, 8]);
    expect(at(t, 'alice')).toEqual([5, 5]);
    expect(rules(t).fg.dizzy).toEqual(['player:bob']);
    expect(eventTypes(d.events)).toEqual([
      'command',
      'dice-queued',
      'whacked',
      'object-moved',
      'object-moved',
      'dizzy',
      'big-stick-reappears',
      'object-moved',
    ]);
    expect(t.view(PUBLIC).dizzy).toEqual(['bob']);
    t.expectConsistent();
  });

  it('F.2: after the Whack the Big Stick reappears at a random legal location', () => {
    const t = armed();
    const d = t.act('alice', 'whack', { target: 'bob' }, [sq(2, 17)]);
    expect(placeOf(t, 'big-stick')).toEqual({ on: [2, 17] });
    const reappears = d.events.find((e) => e.type === 'big-stick-reappears');
    expect(reappears?.vis).toBe('public');
    expect(reappears?.rolls?.[0]).toMatchObject({ kind: 'choice', sides: [400] });
    expect(t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text)).toContain(
      "The Big Stick vanishes from alice's possession and reappears at (2,17).",
    );
    t.expectConsistent();
  });

  it('F.2: "a random legal location" - never a square an Impassable object holds', () => {
    const t = armed();
    place(t, 'big-rock', 1, 1);
    // With (1,1) not legal, the first of the 399 legal squares is (1,2).
    t.act('alice', 'whack', { target: 'bob' }, [1]);
    expect(placeOf(t, 'big-stick')).toEqual({ on: [1, 2] });
  });

  it('F.2: the knock is away from the Whacker in each direction - straight or diagonal', () => {
    for (const [bobAt, lands] of [
      [
        [5, 6],
        [5, 8],
      ],
      [
        [4, 5],
        [2, 5],
      ],
      [
        [4, 4],
        [2, 2],
      ],
      [
        [6, 4],
        [8, 2],
      ],
    ] as [[number, number], [number, number]][]) {
      const t = armed({ bob: bobAt });
      t.act('alice', 'whack', { target: 'bob' }, [sq(20, 1)]);
      expect(at(t, 'bob'), `bob from ${bobAt.join(',')}`).toEqual(lands);
    }
  });

  it('F.2: a knock that would leave the Grid stops at the edge (FG-2: each square is a Move, and a failed Move fails)', () => {
    const t = armed({ bob: [6, 19] }, [5, 18]);
    const d = t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    expect(at(t, 'bob')).toEqual([7, 20]);
    expect(d.events.find((e) => e.type === 'push-stopped')).toMatchObject({ id: 'player:bob', at: [7, 20] });
    expect(rules(t).fg.dizzy).toEqual(['player:bob']);
  });

  it('F.2: a knock stops before an Impassable object, and before another player (FG-2)', () => {
    const t = armed({ bob: [6, 6], carol: [8, 8] });
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    expect(at(t, 'bob')).toEqual([7, 7]);
    const u = armed({ bob: [6, 5] });
    place(u, 'big-rock', 7, 5);
    u.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    expect(at(u, 'bob')).toEqual([6, 5]);
    u.expectConsistent();
  });

  it('F.2: each square of the knock is entered like any Move - Frozen squares slide (A.3.1), Fire burns', () => {
    const t = armed();
    t.admin('temperature', { degrees: -5 });
    t.admin('square', { x: 7, y: 7, frozen: true });
    t.admin('square', { x: 9, y: 9, substance: 'Fire' });
    // (6,6) -> (7,7), Frozen: slides to (8,8); the second square of the knock is (9,9), Fire: 2d5 = 3 + 4.
    t.act('alice', 'whack', { target: 'bob' }, [3, 4, sq(1, 5)]);
    expect(at(t, 'bob')).toEqual([9, 9]);
    expect(points(t, 'bob')).toBe(-7);
    t.expectConsistent();
  });

  it('F.2: what the Whacked player holds travels with em (B.3)', () => {
    const t = armed();
    place(t, 'ball-of-wax', 6, 6);
    t.act('bob', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ heldBy: 'bob' });
    expect(at(t, 'bob')).toEqual([8, 8]);
  });

  it("F.2: a knock is not a move the player chooses - it carries em out of a Siren's Zone of Enchantment (FG-2)", () => {
    const t = armed({ bob: [11, 10] }, [10, 9]);
    place(t, 'siren', 10, 10);
    expect(t.refuse('bob', 'move', { x: 12, y: 11 }).code).toBe('illegal-move');
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    expect(at(t, 'bob')).toEqual([13, 12]);
  });

  it("F.2: a knock is not the player's own Move - e may still move this nweek (B.2)", () => {
    const t = armed();
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    t.act('bob', 'move', { x: 9, y: 9 });
    expect(at(t, 'bob')).toEqual([9, 9]);
  });

  it('F.2: only a player who has a Big Stick may Whack, only a player or a Gremlin, only in an adjacent square', () => {
    const t = armed({ bob: [6, 6], carol: [8, 5] });
    const code = (by: string, target: string) => t.refuse(by, 'whack', { target }).code;
    expect(code('bob', 'alice')).toBe('no-big-stick');
    expect(code('alice', 'carol')).toBe('not-adjacent');
    expect(code('alice', 'alice')).toBe('not-adjacent');
    expect(code('alice', 'nobody')).toBe('bad-target');
    const tower = place(t, 'radar-tower', 4, 4);
    expect(code('alice', tower)).toBe('bad-target');
    t.join('dave');
    expect(code('alice', 'dave')).toBe('not-adjacent'); // in Limbo
  });

  it('F.2: a player who leaves the Grid drops the Big Stick first, and cannot Whack from Limbo', () => {
    const t = armed();
    t.act('alice', 'leave');
    expect(placeOf(t, 'big-stick')).toEqual({ on: [5, 5] });
    expect(t.refuse('alice', 'whack', { target: 'bob' }).code).toBe('not-on-grid');
  });
});

describe('F.2: "Dizzy, which lasts until the end of the nweek"', () => {
  it('F.2: Dizzy lasts through the end of an nday, and ends with the nweek', () => {
    const t = armed();
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    t.tick();
    expect(rules(t).fg.dizzy).toEqual(['player:bob']);
    const d = nweek(t);
    expect(rules(t).fg.dizzy).toEqual([]);
    expect(eventTypes(d.events)).toContain('dizzy-ends');
    expect(t.view(PUBLIC).dizzy).toEqual([]);
    t.expectConsistent();
  });

  it('F.2: a player Whacked again while Dizzy is simply still Dizzy', () => {
    const t = armed();
    const second = place(t, 'big-stick', 5, 5);
    t.act('alice', 'pickup', { object: second });
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 5)]);
    t.act('alice', 'move', { x: 6, y: 6 });
    t.act('bob', 'move', { x: 7, y: 7 });
    t.act('alice', 'whack', { target: 'bob' }, [sq(1, 6)]);
    expect(at(t, 'bob')).toEqual([9, 9]);
    expect(rules(t).fg.dizzy).toEqual(['player:bob']);
    t.expectConsistent();
  });
});

describe('F.2: "When a Gremlin receives a Whack, it is knocked off the Grid and receives the attribute Dizzy"', () => {
  it('F.2: a Whacked Gremlin leaves the Grid, Dizzy, and is placed again on a random legal square when the nweek ends', () => {
    const t = armed({});
    const gremlin = place(t, 'gremlin', 4, 5);
    const d = t.act('alice', 'whack', { target: gremlin }, [sq(1, 5)]);
    expect(placeOf(t, gremlin)).toEqual({ limbo: true });
    expect(rules(t).fg.knockedOff).toEqual([gremlin]);
    expect(rules(t).fg.dizzy).toEqual([gremlin]);
    expect(eventTypes(d.events)).toContain('gremlin-knocked-off');
    expect(t.view(PUBLIC).gremlinsOffGrid).toEqual([gremlin]);
    t.tick();
    expect(placeOf(t, gremlin)).toEqual({ limbo: true });
    t.admin('tick', { nweek: true }, [sq(14, 3), BALL]);
    expect(placeOf(t, gremlin)).toEqual({ on: [14, 3] });
    expect(rules(t).fg.knockedOff).toEqual([]);
    expect(rules(t).fg.dizzy).toEqual([]);
    t.expectConsistent();
  });

  it('F.2: "if it is Active at that time" - a Gremlin that is not Active stays off the Grid until an nweek ends with it Active (FG-5)', () => {
    const t = armed({});
    const gremlin = place(t, 'gremlin', 4, 5);
    t.act('alice', 'whack', { target: gremlin }, [sq(1, 5)]);
    t.admin('gremlin-active', { gremlin, active: false });
    nweek(t);
    expect(placeOf(t, gremlin)).toEqual({ limbo: true });
    expect(rules(t).fg.dizzy).toEqual([]);
    t.admin('gremlin-active', { gremlin, active: true });
    t.admin('tick', { nweek: true }, [sq(3, 3), BALL]);
    expect(placeOf(t, gremlin)).toEqual({ on: [3, 3] });
    t.expectConsistent();
  });

  it('F.2: every Gremlin is Active unless the Administrator says otherwise; only Gremlins can be made inactive', () => {
    const t = armed({});
    expect(
      t.fail({ type: 'gremlin-active', by: { role: 'admin' }, args: { gremlin: 'bob', active: false } }).code,
    ).toBe('unknown-object');
    expect(t.refuse('alice', 'gremlin-active', { gremlin: 'gremlin:9', active: false }).code).toBe(
      'not-allowed',
    );
  });

  it('F.2: a Gremlin knocked off the Grid cannot be Whacked again', () => {
    const t = armed({});
    const gremlin = place(t, 'gremlin', 4, 5);
    const second = place(t, 'big-stick', 5, 5);
    t.act('alice', 'whack', { target: gremlin }, [sq(1, 5)]);
    t.act('alice', 'pickup', { object: second });
    expect(t.refuse('alice', 'whack', { target: gremlin }).code).toBe('not-adjacent');
  });
});
