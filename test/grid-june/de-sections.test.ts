// Scenario tests for grid-2002-06 sections D, E.1-E.3, F.1 and F.4, with supplied dice.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BANK, command, erase } from '../../src/core/index.js';
import type { RuleModule } from '../../src/core/index.js';
import { grid200206 } from '../../src/rulesets/grid-2002-06/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import { throwElbonia, AIRWAYS } from '../../src/rulesets/grid-2002-06/de-elbonian.js';
import { Table } from '../support/table.js';
import { at, BALL, june as harness, nweek, ORIGIN, points, rules } from '../support/harness/june.js';
import type { JunePosition } from '../support/harness/june.js';

/** A test-only rule: the Administrator catapults a player (or object) Elbonia-Style at any square. */
const catapult: RuleModule<JuneState> = {
  id: 'test/catapult',
  section: 'Catapult (a test rule)',
  text: 'The Administrator may Throw any Grid Object Elbonia-Style at any square.',
  commands: {
    catapult: command<JuneState, z.ZodType<{ id: string; x: number; y: number }>>({
      actor: 'admin',
      visibility: 'public',
      summary: 'Throw an object Elbonia-Style at (x,y)',
      args: z.object({ id: z.string(), x: z.number().int(), y: z.number().int() }).strict(),
      run: (ctx, _by, { id, x, y }) => throwElbonia(ctx, id, [x, y], 'catapulted'),
    }),
  },
};

/** A June game with the catapult in force and the Big Stick, the Shield and the Ball all on (1,1), in the position given. */
const june = (position: JunePosition = {}): Table => harness({ ...ORIGIN, modules: [catapult], ...position });
const obj = (t: Table, id: string) => rules(t).objects.find((o) => o.id === id);
const FIVE_ONES = [1, 1, 1, 1, 1];

/** alice (with `pts` points) standing at (x,y). */
const alice = (pts: number, x: number, y: number): Table =>
  june({ players: { alice: [x, y], bob: null }, points: pts ? { alice: pts } : {} });

/** A Siren on a Big Rock at (10,10), bought by bob with supplied dice (cost 10+5 and a 6). */
function withSiren(t: Table): void {
  t.give({ bob: 100 });
  t.act('bob', 'buy-rock', { x: 10, y: 10 }, [...FIVE_ONES, 6]);
}

describe('D Elbonian Airways', () => {
  it('D: Elbonian Airways are on the nine squares whose coordinates are both multiples of 6', () => {
    expect(AIRWAYS.map(([x, y]) => `${x},${y}`)).toEqual([
      '6,6',
      '6,12',
      '6,18',
      '12,6',
      '12,12',
      '12,18',
      '18,6',
      '18,12',
      '18,18',
    ]);
    const t = alice(20, 5, 5);
    expect(t.refuse('alice', 'fly', { x: 12, y: 12 }).code).toBe('no-airways');
  });

  it('D: a flight costs 2+2n points and Throws the player Elbonia-Style: to (x+a-3, y+b-3), a and b 1d5', () => {
    const t = alice(20, 6, 6);
    t.admin('gremlin-n', { n: 1 });
    t.act('alice', 'fly', { x: 12, y: 12 }, [4, 2]);
    expect(at(t, 'alice')).toEqual([13, 11]);
    expect(points(t, 'alice')).toBe(16);
  });

  it('D: a fare the player cannot pay is refused and nothing happens (R-J10)', () => {
    const t = alice(1, 6, 6);
    expect(t.refuse('alice', 'fly', { x: 12, y: 12 }).code).toBe('cannot-pay');
  });

  it('D.1: ending up on an Impassable object costs a player 5 points and e is Thrown at that square', () => {
    const t = alice(20, 6, 6);
    t.admin('place', { kind: 'big-rock', x: 13, y: 11 });
    t.act('alice', 'fly', { x: 12, y: 12 }, [4, 2, 4, 3]);
    expect(at(t, 'alice')).toEqual([14, 11]);
    expect(points(t, 'alice')).toBe(20 - 2 - 5);
  });

  it('D.1: a player who Falls Off the Edge loses 10 and is Thrown at a random square with both coordinates 6 to 14', () => {
    const t = alice(0, 2, 2);
    // Thrown at (1,1) with a=1: x = -1, off the Grid. Then 2d9 = 2,3: Thrown at (7,8), a=b=3: lands at (7,8).
    t.admin('catapult', { id: 'player:alice', x: 1, y: 1 }, [1, 3, 2, 3, 3, 3]);
    expect(at(t, 'alice')).toEqual([7, 8]);
    expect(points(t, 'alice')).toBe(-10);
    expect(rules(t).de.fallen).toEqual([]);
    t.expectConsistent();
  });

  it('D.1: an object that is not a player and Falls is placed on a random legal square', () => {
    const t = alice(0, 2, 2);
    t.admin('place', { kind: 'gremlin', x: 3, y: 3 });
    t.admin('catapult', { id: 'gremlin:3', x: 20, y: 20 }, [5, 3, 1]);
    expect(obj(t, 'gremlin:3')?.place).toEqual({ on: [1, 1] });
  });
});

describe('E.1 Big Rocks', () => {
  it('E.1: a Big Rock at a chosen square costs 10+5d3; then 1d6 for a Siren (E.2.1)', () => {
    const t = alice(30, 5, 5);
    t.act('alice', 'buy-rock', { x: 10, y: 10 }, [...FIVE_ONES, 2]);
    expect(points(t, 'alice')).toBe(15);
    expect(
      rules(t)
        .objects.filter((o) => o.kind === 'big-rock')
        .map((o) => o.place),
    ).toEqual([{ on: [10, 10] }]);
    expect(rules(t).objects.some((o) => o.kind === 'siren')).toBe(false);
  });

  it('E.1: a Big Rock placed at random costs 5+5d3 and goes to a random vacant square', () => {
    const t = alice(30, 5, 5);
    t.act('alice', 'buy-rock', {}, [...FIVE_ONES, 1, 3]);
    expect(points(t, 'alice')).toBe(20);
    // The first vacant square: (1,1) holds the Big Stick and the Shield (F.2, F.3).
    expect(rules(t).objects.find((o) => o.kind === 'big-rock')?.place).toEqual({ on: [1, 2] });
  });

  it('E.2.1: on a 6 a Siren is placed on the Big Rock, named by the Administrator, and posted publicly', () => {
    const t = alice(0, 5, 5);
    withSiren(t);
    const siren = rules(t).objects.find((o) => o.kind === 'siren');
    expect(siren).toMatchObject({ name: 'Ligeia', place: { on: [10, 10] } });
    const text = t.kernel.logView(t.entries, { role: 'public' }, t.game).map((l) => l.text);
    expect(text).toContain('A Siren sits on the Big Rock at (10,10): her name is Ligeia.');
  });

  it('E.1: a Big Rock placed on another Big Rock destroys everything there, both Rocks too, and the square is vacant', () => {
    const t = alice(0, 5, 5);
    withSiren(t);
    t.act('bob', 'buy-rock', { x: 10, y: 10 }, FIVE_ONES);
    const there = rules(t).objects.filter(
      (o) => 'on' in o.place && o.place.on[0] === 10 && o.place.on[1] === 10,
    );
    expect(there).toEqual([]);
    t.expectConsistent();
  });

  it("E.1: a cost above the player's points: e loses points up to the cost (not more than all eir points) and gets no Rock", () => {
    const t = alice(12, 5, 5);
    t.act('alice', 'buy-rock', { x: 10, y: 10 }, FIVE_ONES);
    expect(points(t, 'alice')).toBe(0);
    expect(t.game.balances[BANK]).toBe(-12 + 12);
    expect(rules(t).objects.some((o) => o.kind === 'big-rock')).toBe(false);
  });

  it('E.1: a square that is neither vacant nor a Big Rock: the player loses the cost and gets no Rock', () => {
    const t = alice(40, 5, 5);
    t.act('bob', 'enter', { x: 9, y: 9 });
    t.act('alice', 'buy-rock', { x: 9, y: 9 }, FIVE_ONES);
    expect(points(t, 'alice')).toBe(25);
    expect(rules(t).objects.some((o) => o.kind === 'big-rock')).toBe(false);
  });

  it('E.2.5: "A player under the influence of a Siren may not choose to drop a Big Rock on that Siren\'s square"', () => {
    const t = alice(40, 9, 9);
    withSiren(t);
    t.act('alice', 'buy-rock', { x: 10, y: 10 }, FIVE_ONES);
    expect(rules(t).objects.some((o) => o.kind === 'siren')).toBe(true);
    expect(points(t, 'alice')).toBe(25);
  });
});

describe("E.2.2 Sirens' Zones of Enchantment and Almost-Total Rapture", () => {
  it("E.2.2: a player in a Siren's ZOE may only move to other squares of that ZOE", () => {
    const t = alice(0, 9, 9);
    withSiren(t);
    expect(t.refuse('alice', 'move', { x: 8, y: 8 }).code).toBe('illegal-move');
    t.act('alice', 'move', { x: 9, y: 10 });
    expect(at(t, 'alice')).toEqual([9, 10]);
  });

  it("E.2.2: a player in a Siren's ZATR may only move within the ZATR or into the ZOE", () => {
    const t = alice(0, 8, 8);
    withSiren(t);
    expect(t.refuse('alice', 'move', { x: 7, y: 7 }).code).toBe('illegal-move');
    t.act('alice', 'move', { x: 9, y: 9 });
    expect(at(t, 'alice')).toEqual([9, 9]);
  });

  it('F.4: a Deaf player (wax in eir ears) is unaffected by Sirens', () => {
    const t = alice(0, 9, 9);
    t.admin('place', { kind: 'ball-of-wax', x: 9, y: 9 });
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'stuff-ears', { object: 'ball-of-wax:3' });
    withSiren(t);
    t.act('alice', 'move', { x: 8, y: 8 });
    expect(at(t, 'alice')).toEqual([8, 8]);
  });

  it('E.2.5: a Female player entering a ZATR rolls 1d10; on a 1 she moves freely until she leaves it', () => {
    const t = alice(0, 7, 7);
    t.admin('player-facts', { player: 'alice', female: true });
    withSiren(t);
    t.act('alice', 'move', { x: 8, y: 8 }, [1]);
    expect(rules(t).de.freed.alice).toEqual(['siren:Ligeia']);
    nweek(t);
    t.act('alice', 'move', { x: 7, y: 7 });
    expect(at(t, 'alice')).toEqual([7, 7]);
    expect(rules(t).de.freed.alice).toEqual([]);
  });

  it('E.2.5: "until e leaves the Siren\'s ZATR": stepping into the ZOE leaves the ZATR, and the ZOE holds her (R-J13)', () => {
    const t = alice(0, 7, 7);
    t.admin('player-facts', { player: 'alice', female: true });
    withSiren(t);
    t.act('alice', 'move', { x: 8, y: 8 }, [1]);
    expect(rules(t).de.freed.alice).toEqual(['siren:Ligeia']);
    nweek(t);
    t.act('alice', 'move', { x: 9, y: 9 });
    expect(rules(t).de.freed.alice).toEqual([]);
    nweek(t);
    expect(t.refuse('alice', 'move', { x: 8, y: 8 }).code).toBe('illegal-move');
    t.expectConsistent();
  });

  it('E.2.5: a game created under edition 1 keeps the old reading of R-J13: free until in neither the ZATR nor the ZOE', () => {
    const t = new Table([erase({ ...grid200206, modules: [...grid200206.modules, catapult] })]);
    t.create('grid-2002-06', { rolls: [1, 1, 1], edition: 1 });
    t.join('alice', 'bob');
    t.act('alice', 'enter', { x: 7, y: 7 });
    t.admin('player-facts', { player: 'alice', female: true });
    withSiren(t);
    t.act('alice', 'move', { x: 8, y: 8 }, [1]);
    nweek(t);
    t.act('alice', 'move', { x: 9, y: 9 });
    expect(rules(t).de.freed.alice).toEqual(['siren:Ligeia']);
    nweek(t);
    t.act('alice', 'move', { x: 8, y: 8 });
    expect(at(t, 'alice')).toEqual([8, 8]);
    t.expectConsistent();
  });

  it('E.2.5: a Female player who rolls other than 1 is held like anyone else', () => {
    const t = alice(0, 7, 7);
    t.admin('player-facts', { player: 'alice', female: true });
    withSiren(t);
    t.act('alice', 'move', { x: 8, y: 8 }, [7]);
    nweek(t);
    expect(t.refuse('alice', 'move', { x: 7, y: 7 }).code).toBe('illegal-move');
  });
});

describe('E.2.3 Lovemaking and F.1 Toads', () => {
  function lovers(d3: number): Table {
    const t = alice(0, 9, 9);
    withSiren(t);
    expect(t.refuse('alice', 'make-love', { siren: 'Ligeia' }).code).toBe('not-allowed');
    nweek(t);
    expect(t.refuse('alice', 'make-love', { siren: 'Ligeia' }).code).toBe('not-allowed');
    nweek(t);
    t.act('alice', 'make-love', { siren: 'Ligeia' }, [d3]);
    return t;
  }

  it('E.2.3: after the ends of two consecutive nweeks in her ZOE a player may Make Love to the Siren, who leaves the Grid', () => {
    const t = lovers(1);
    expect(rules(t).objects.some((o) => o.kind === 'siren')).toBe(false);
    expect(rules(t).de.toads).toEqual({});
    t.expectConsistent();
  });

  it('E.2.3: on a 3 on the 1d3 the player becomes a Toad for 4 nweeks (F.1), and is a player again after them (R-J16)', () => {
    const t = lovers(3);
    expect(rules(t).de.toads).toEqual({ alice: 7 });
    for (let k = 0; k < 3; k++) nweek(t);
    expect(rules(t).de.toads).toEqual({ alice: 7 });
    nweek(t);
    expect(rules(t).de.toads).toEqual({});
  });

  it('F.1: a Toad may not move, pick up, throw or use Elbonian Airways; other players may share eir square', () => {
    const t = lovers(3);
    t.act('bob', 'enter', { x: 8, y: 8 });
    expect(t.refuse('alice', 'move', { x: 8, y: 9 }).code).toBe('illegal-move');
    expect(t.refuse('alice', 'leave').code).toBe('not-allowed');
    t.act('bob', 'move', { x: 9, y: 9 });
    expect(at(t, 'bob')).toEqual([9, 9]);
  });

  it('F.1: a Toad is Carryable: another player may pick em up and carry em', () => {
    const t = lovers(3);
    t.act('bob', 'enter', { x: 8, y: 8 });
    t.act('bob', 'move', { x: 9, y: 9 });
    t.act('bob', 'pickup', { object: 'player:alice' });
    expect(obj(t, 'player:alice')?.place).toEqual({ heldBy: 'bob' });
    nweek(t);
    t.act('bob', 'move', { x: 8, y: 8 });
    // Ceasing to be a Toad in bob's possession: Thrown Elbonia-Style at bob's square (R-J15).
    nweek(t);
    nweek(t);
    t.admin('tick', { nweek: true }, [3, 4, BALL]);
    expect(rules(t).de.toads).toEqual({});
    expect(at(t, 'alice')).toEqual([8, 9]);
    t.expectConsistent();
  });
});

describe('E.3 The Yeti', () => {
  it('E.3: at the start of the 1st nday of each nweek the Yeti moves three times, each within 8 units, and each square it leaves becomes Frozen', () => {
    const t = alice(0, 1, 1);
    t.admin('temperature', { degrees: -2 });
    t.admin('place', { kind: 'yeti', x: 10, y: 10 });
    // Choices are the enterable squares within 8 steps, x then y; 1 picks the first.
    t.admin('tick', { nweek: true }, [BALL, 1, 1, 1]);
    // (10,10) -> (2,2) -> (1,1), alice's square (the Yeti is Passable, so is she) -> (1,2).
    expect(obj(t, 'yeti:3')?.place).toEqual({ on: [1, 2] });
    for (const left of ['10,10', '2,2', '1,1'])
      expect(rules(t).squares[left]).toMatchObject({ frozen: true });
    expect(rules(t).squares['1,2']).toBeUndefined();
  });

  it("E.3: above zero the Yeti's frost thaws at once: the square is Wet (A.3.1)", () => {
    const t = alice(0, 1, 1);
    t.admin('place', { kind: 'yeti', x: 10, y: 10 });
    t.admin('tick', { nweek: true }, [BALL, 1, 1, 1]);
    expect(rules(t).squares['10,10']).toMatchObject({ frozen: false, wet: true });
  });
});

describe('F.4 Balls of Wax', () => {
  it('F.4: "At the beginning of each nweek, a Ball of Wax is placed on a random legal Grid square" (nweek 1 at creation)', () => {
    const t = alice(0, 5, 5);
    expect(obj(t, 'ball-of-wax:nweek-1')?.place).toEqual({ on: [1, 1] });
    t.admin('place', { kind: 'big-rock', x: 1, y: 2 });
    // The legal squares, x then y, no longer include (1,2): the 2nd is (1,3).
    t.admin('tick', { nweek: true }, [2]);
    expect(obj(t, 'ball-of-wax:nweek-2')?.place).toEqual({ on: [1, 3] });
    const roll = t.entries.find(
      (e) => e.event.type === 'weekly-ball' && e.event.id === 'ball-of-wax:nweek-2',
    )?.event;
    expect(roll?.vis).toBe('public');
  });

  it('F.4: wax that comes out while its player is in Limbo leaves no Earwax anywhere (R-J27)', () => {
    const t = alice(0, 5, 5);
    t.admin('place', { kind: 'ball-of-wax', x: 5, y: 5 });
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'stuff-ears', { object: 'ball-of-wax:3' });
    t.act('alice', 'leave');
    nweek(t);
    t.tick(); // R-J18: a whole nweek from the stuffing
    expect(rules(t).de.deaf.alice).toBeUndefined();
    expect(rules(t).objects.some((o) => (o.tags ?? []).includes('Disgusting'))).toBe(false);
    t.expectConsistent();
  });
  function deafAlice(): Table {
    const t = alice(0, 5, 5);
    t.admin('place', { kind: 'ball-of-wax', x: 5, y: 5 });
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'stuff-ears', { object: 'ball-of-wax:3' });
    return t;
  }

  it("F.4: stuffing a Ball of Wax into one's ears makes one Deaf; after 1 nweek it comes out as a Disgusting Ball of Earwax (R-J18)", () => {
    const t = deafAlice();
    expect(rules(t).de.deaf.alice).toBeDefined();
    expect(obj(t, 'ball-of-wax:3')).toBeUndefined();
    nweek(t);
    expect(rules(t).de.deaf.alice).toBeDefined(); // nday 1 of nweek 2: the nday it went in was not whole
    t.tick();
    expect(rules(t).de.deaf.alice).toBeUndefined();
    const earwax = rules(t).objects.find(
      (o) => o.kind === 'ball-of-wax' && (o.tags ?? []).includes('Disgusting'),
    );
    expect(earwax).toMatchObject({ tags: ['Disgusting'], place: { heldBy: 'alice' } });
    expect(t.refuse('alice', 'stuff-ears', { object: earwax?.id ?? '' }).message).toContain('Earwax');
  });

  it('F.4: "after 1 nweek" is a whole nweek from the stuffing: wax stuffed on nday 7 comes out when nday 7 of the next nweek ends (R-J18)', () => {
    const t = alice(0, 5, 5);
    t.admin('place', { kind: 'ball-of-wax', x: 5, y: 5 });
    for (let d = 1; d < 7; d++) t.tick();
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'stuff-ears', { object: 'ball-of-wax:3' });
    expect(rules(t).de.deaf.alice).toEqual({ since: 1, nday: 7, zoned: false });
    t.admin('tick', {}, [BALL]); // nday 7 ends: nweek 2 begins, and still Deaf
    for (let d = 1; d < 7; d++) t.tick();
    expect([t.game.clock.nweek, t.game.clock.nday]).toEqual([2, 7]);
    expect(rules(t).de.deaf.alice).toBeDefined();
    t.admin('tick', {}, [BALL]);
    expect(rules(t).de.deaf.alice).toBeUndefined();
    t.expectConsistent();
  });

  it('F.4: a game created under edition 1 keeps the old reading of R-J18: the wax comes out when the next nweek begins', () => {
    const t = new Table([erase({ ...grid200206, modules: [...grid200206.modules, catapult] })]);
    t.create('grid-2002-06', { rolls: [1, 1, 1], edition: 1 });
    t.join('alice', 'bob');
    t.act('alice', 'enter', { x: 5, y: 5 });
    t.admin('place', { kind: 'ball-of-wax', x: 5, y: 5 });
    for (let d = 1; d < 7; d++) t.tick();
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'stuff-ears', { object: 'ball-of-wax:3' });
    expect(rules(t).de.deaf.alice).toEqual({ since: 1, zoned: false });
    t.admin('tick', {}, [BALL]);
    expect(rules(t).de.deaf.alice).toBeUndefined();
    t.expectConsistent();
  });

  it("F.4: escaping a Siren's ZOE and ZATR takes the wax out at once", () => {
    const t = alice(0, 8, 8);
    t.admin('place', { kind: 'ball-of-wax', x: 8, y: 8 });
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('alice', 'stuff-ears', { object: 'ball-of-wax:3' });
    withSiren(t);
    expect(rules(t).de.deaf.alice).toEqual({ since: 1, nday: 1, zoned: true });
    t.act('alice', 'move', { x: 7, y: 7 });
    expect(rules(t).de.deaf.alice).toBeUndefined();
    expect(
      rules(t).objects.find((o) => o.kind === 'ball-of-wax' && (o.tags ?? []).includes('Disgusting')),
    ).toMatchObject({ tags: ['Disgusting'] });
  });

  it('F.4: a Ball of Earwax thrown at a player cannot be caught; it explodes on impact and the player is Icky for 1d3 ndays', () => {
    const t = deafAlice();
    nweek(t);
    t.tick();
    const earwax =
      rules(t).objects.find((o) => o.kind === 'ball-of-wax' && (o.tags ?? []).includes('Disgusting'))?.id ??
      '';
    t.act('bob', 'enter', { x: 7, y: 7 });
    t.act('bob', 'catch', { object: earwax });
    t.act('alice', 'throw', { object: earwax, x: 7, y: 7 });
    t.tick();
    t.admin('tick', {}, [2, 3]); // 1d4 = 2 for the hit, 1d3 = 3 ndays Icky
    expect(obj(t, earwax)).toBeUndefined();
    expect(points(t, 'bob')).toBe(-2);
    expect(rules(t).de.icky).toEqual({ bob: 3 });
    for (let k = 0; k < 3; k++) t.tick();
    expect(rules(t).de.icky).toEqual({});
    t.expectConsistent();
  });

  it('F.4: a player with the Big Stick may whack a Ball of Wax thrown at em out of the air, onto a random legal square', () => {
    const t = alice(0, 5, 5);
    t.admin('place', { kind: 'ball-of-wax', x: 5, y: 5 });
    t.admin('place', { kind: 'big-stick', x: 7, y: 7 });
    t.act('alice', 'pickup', { object: 'ball-of-wax:3' });
    t.act('bob', 'enter', { x: 7, y: 7 });
    t.act('bob', 'pickup', { object: 'big-stick:4' });
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    t.act('bob', 'whack-ball', { object: 'ball-of-wax:3' }, [2]);
    expect(obj(t, 'ball-of-wax:3')?.place).toEqual({ on: [1, 2] });
  });
});
