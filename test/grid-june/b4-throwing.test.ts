// B.4 Throwing (grid-2002-06), with supplied dice.
import { describe, expect, it } from 'vitest';
import type { Table } from '../support/table.js';
import { june, ORIGIN, placeOf, rules } from '../support/harness/june.js';

/** alice at (5,5) holding a Ball of Wax (ball-of-wax:3); bob joined, in Limbo. */
const withWax = (): Table =>
  june({
    ...ORIGIN,
    players: { alice: [5, 5], bob: null },
    objects: [['ball-of-wax', 5, 5]],
    holding: { alice: ['ball-of-wax:3'] },
  });

describe('B.4 Throwing', () => {
  it('B.4: "Only carryable objects may be throwable" - and a carryable object the rules do not call throwable cannot be thrown', () => {
    const t = withWax();
    t.admin('place', { kind: 'big-stick', x: 5, y: 5 });
    t.act('alice', 'pickup', { object: 'big-stick:4' });
    expect(t.refuse('alice', 'throw', { object: 'big-stick:4', x: 7, y: 7 }).code).toBe('not-throwable');
  });

  it('B.4: only a player who has the object may throw it, and only at a Grid location', () => {
    const t = withWax();
    t.act('bob', 'enter', { x: 9, y: 9 });
    expect(t.refuse('bob', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 }).code).toBe('not-held');
    expect(t.refuse('alice', 'throw', { object: 'ball-of-wax:3', x: 21, y: 7 }).code).toBe('off-grid');
  });

  it('B.4: a thrown object is Airborne - in no Grid location and not in Limbo - for two ndays, then lands on an empty target (R-J3)', () => {
    const t = withWax();
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ airborne: { target: [7, 7], by: 'alice', ndaysLeft: 2 } });
    t.tick();
    expect(placeOf(t, 'ball-of-wax:3')).toMatchObject({ airborne: { ndaysLeft: 1 } });
    t.tick();
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ on: [7, 7] });
    t.expectConsistent();
  });

  it('B.4: a Target holding an Impassable object - the object lands on a random legal consecutive square', () => {
    const t = withWax();
    t.admin('place', { kind: 'big-rock', x: 7, y: 7 });
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    t.tick();
    // The eight consecutive squares, x then y: (6,6) (6,7) (6,8) (7,6) (7,8) (8,6) (8,7) (8,8); the die says 3.
    t.admin('tick', {}, [3]);
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ on: [6, 8] });
  });

  it('B.4: "If no such locations exist, the object moves to the nearest legal location to the Target" (R-J4)', () => {
    const t = withWax();
    for (const [x, y] of [
      [7, 7],
      [6, 6],
      [6, 7],
      [6, 8],
      [7, 6],
      [7, 8],
      [8, 6],
      [8, 7],
      [8, 8],
    ] as const)
      t.admin('place', { kind: 'big-rock', x, y });
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    t.tick();
    // Ring 2 around (7,7) has 16 squares, x then y: (5,5) (5,6) ... ; the die says 2: (5,6).
    t.admin('tick', {}, [2]);
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ on: [5, 6] });
  });

  it('B.4: a player at the Target who declared e will catch the object catches it', () => {
    const t = withWax();
    t.act('bob', 'enter', { x: 7, y: 7 });
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    t.act('bob', 'catch', { object: 'ball-of-wax:3' });
    t.tick();
    t.tick();
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ heldBy: 'bob' });
    expect(rules(t).catching).toEqual([]);
  });

  it('B.4: a player at the Target who did not declare a catch is hit, losing 1d4 points to the thrower', () => {
    const t = withWax();
    t.act('bob', 'enter', { x: 7, y: 7 });
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    t.tick();
    t.admin('tick', {}, [3]);
    expect(t.game.balances.bob).toBe(-3);
    expect(t.game.balances.alice).toBe(3);
    // "the object moves to the square": the ball now lies at bob's feet.
    expect(placeOf(t, 'ball-of-wax:3')).toEqual({ on: [7, 7] });
    t.expectConsistent();
  });

  it('B.4: a declaration to catch one object does not catch another', () => {
    const t = withWax();
    t.admin('place', { kind: 'ball-of-wax', x: 5, y: 5 });
    t.act('alice', 'pickup', { object: 'ball-of-wax:4' });
    t.act('bob', 'enter', { x: 7, y: 7 });
    t.act('bob', 'catch', { object: 'ball-of-wax:4' });
    t.act('alice', 'throw', { object: 'ball-of-wax:3', x: 7, y: 7 });
    t.tick();
    t.admin('tick', {}, [1]);
    expect(t.game.balances.bob).toBe(-1);
  });
});
