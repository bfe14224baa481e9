// E.2.4 Bait (grid-2002-06), with supplied dice.
import { describe, expect, it } from 'vitest';
import { locationOf } from '../../src/rulesets/grid-2002-06/index.js';
import type { Table } from '../support/table.js';
import { BALL, june, ORIGIN, rules } from '../support/harness/june.js';

const obj = (t: Table, id: string) => rules(t).objects.find((o) => o.id === id);

/**
 * A Big Rock (big-rock:3, no Siren) at (10,10); alice, a Female Cheerleader with 30 points, at (9,9) beside it,
 * holding Siren Bait (siren-bait:4); bob in Limbo.
 */
function baited(ruinAfter = 5): Table {
  const t = june({ ...ORIGIN, players: { alice: null, bob: null }, points: { bob: 100, alice: 30 } });
  t.act('bob', 'buy-rock', { x: 10, y: 10 }, [1, 1, 1, 1, 1, 2]);
  t.admin('player-facts', { player: 'alice', female: true, cheerleader: true });
  t.act('alice', 'enter', { x: 9, y: 9 });
  t.act('alice', 'buy-bait');
  t.act('alice', 'place-bait', { bait: 'siren-bait:4', rock: 'big-rock:3' }, [ruinAfter]);
  return t;
}

describe('E.2.4 Bait', () => {
  it('E.2.4: Siren Bait costs 10 points; a player who cannot pay is refused', () => {
    const t = baited();
    expect(t.game.balances.alice).toBe(20);
    t.join('carol');
    expect(t.refuse('carol', 'buy-bait').code).toBe('cannot-pay');
  });

  it('E.2.4: Bait is placed on a Big Rock without a Siren by a player standing next to it', () => {
    const t = baited();
    expect(obj(t, 'siren-bait:4')?.place).toEqual({ on: [10, 10] });
    expect(rules(t).de.bait['siren-bait:4']).toEqual({
      rock: 'big-rock:3',
      placedIn: 1,
      ruinAfter: 5,
      attempts: {},
    });
  });

  it('E.2.4: from the following nweek, 1d(3*N) each nweek; on a 1 the Bait is taken and a Siren moves onto the Rock', () => {
    const t = baited();
    t.admin('player-facts', { player: 'alice', cheerleader: false }); // no Catfight in this one
    t.admin('tick', { nweek: true }, [2, BALL]); // N = 1: 1d3 = 2
    expect(obj(t, 'siren-bait:4')).toBeDefined();
    t.admin('tick', { nweek: true }, [1, BALL]); // N = 2: 1d6 = 1
    expect(obj(t, 'siren-bait:4')).toBeUndefined();
    expect(rules(t).objects.find((o) => o.kind === 'siren')).toMatchObject({ place: { on: [10, 10] } });
    const rolls = t.entries.filter((e) => e.event.type === 'bait-roll').map((e) => e.event.rolls?.[0]?.expr);
    expect(rolls).toEqual(['1d3', '1d6']);
  });

  it('E.2.4: Bait not taken within 1d5 nweeks of being placed is ruined and destroyed (R-J20)', () => {
    const t = baited(1);
    t.admin('player-facts', { player: 'alice', cheerleader: false });
    t.admin('tick', { nweek: true }, [3, BALL]);
    expect(obj(t, 'siren-bait:4')).toBeUndefined();
    expect(rules(t).de.bait).toEqual({});
  });

  it('E.2.4: a Female Cheerleader beside Siren Bait may only move within the squares beside it', () => {
    const t = baited();
    expect(t.refuse('alice', 'move', { x: 8, y: 8 }).code).toBe('illegal-move');
    t.act('alice', 'move', { x: 9, y: 10 });
  });

  it('E.2.4: the Cheerleader takes the Bait on an even 1d6, and it becomes a Purse', () => {
    const t = baited();
    t.act('alice', 'take-bait', { bait: 'siren-bait:4' }, [4]);
    expect(obj(t, 'siren-bait:4')?.place).toEqual({ heldBy: 'alice' });
    expect(rules(t).de.bait).toEqual({});
    t.expectConsistent();
  });

  it('E.2.4: after 3 unsuccessful attempts the ZOE effect no longer applies', () => {
    const t = baited();
    t.act('alice', 'take-bait', { bait: 'siren-bait:4' }, [1]);
    t.act('alice', 'take-bait', { bait: 'siren-bait:4' }, [3]);
    expect(t.refuse('alice', 'move', { x: 8, y: 8 }).code).toBe('illegal-move');
    t.act('alice', 'take-bait', { bait: 'siren-bait:4' }, [5]);
    t.act('alice', 'move', { x: 8, y: 8 });
    expect(locationOf(rules(t), 'alice')).toEqual([8, 8]);
  });

  it('E.2.4: a Siren coming for the Bait with a Cheerleader beside it starts a Catfight; the Cheerleader wins on the higher 1d20', () => {
    const t = baited();
    t.admin('tick', { nweek: true }, [1, 15, 3, BALL]); // N = 1: 1d3 = 1; Catfight 15 against 3
    expect(rules(t).objects.some((o) => o.kind === 'siren')).toBe(false);
    expect(obj(t, 'siren-bait:4')?.place).toEqual({ heldBy: 'alice' });
  });

  it('E.2.4: if the Siren wins the Catfight the Cheerleader goes into Limbo (a tie is rolled again, R-J21)', () => {
    const t = baited();
    t.admin('tick', { nweek: true }, [1, 7, 7, 3, 15, BALL]);
    expect(locationOf(rules(t), 'alice')).toBeUndefined();
    expect(rules(t).objects.find((o) => o.kind === 'siren')).toMatchObject({ place: { on: [10, 10] } });
    t.expectConsistent();
  });
});
