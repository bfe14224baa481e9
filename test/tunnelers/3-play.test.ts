// 3. Play: 3.1 movement, 3.2 every combination of the table with both options and the teleports, 3.3 discarding.
import { describe, expect, it } from 'vitest';
import { current } from '../../src/rulesets/tunnelers/moles.js';
import { distance } from '../../src/rulesets/tunnelers/board.js';
import { OUT_OF_EVERYTHING } from '../../src/rulesets/tunnelers/turns.js';
import {
  act,
  hand,
  lastTold,
  mole,
  question,
  refused,
  rules,
  started,
  typesOf,
} from '../support/harness/tunnelers.js';
import type { Table } from '../support/harness/tunnelers.js';

const m = (t: Table, name: string) => mole(t, name)!;

describe('3.1 Movement', () => {
  it('3.1 entering a tunneled square costs 1 point, an un-tunneled one 2, and tunnels it', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' } });
    act(t, 'alice', 'move', { path: 'c4' });
    expect(m(t, 'alice').at).toBe('c4');
    expect(rules(t).turn?.movement).toBe(0);
    expect(rules(t).tunnels.c4).toBe(0);
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    act(t, 'alice', 'move', { path: 'c3 c4' }); // both tunnels now: 1 + 1
    expect(m(t, 'alice').at).toBe('c4');
    expect(rules(t).turn?.movement).toBe(0);
  });

  it('3.1 without enough movement points the mole does not enter; movement stops and the player is asked', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' } });
    act(t, 'alice', 'move', { path: 'c4 c5' }); // c4 takes both points; c5 is rock
    expect(m(t, 'alice').at).toBe('c4');
    expect(question(t, 'alice')).toMatch(/c5 is solid rock and costs 2 movement points; your mole has 0/);
    // The player's next command answers the question.
    act(t, 'alice', 'discard', { cards: 'X' });
    expect(question(t, 'alice')).toBeUndefined();
  });

  it('3.1 a mole cannot enter a square occupied by another mole: movement stops there, and the player is asked', () => {
    const t = started({ moles: { alice: 'c3', bob: 'c6' } });
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'move', { path: 'c5' }); // next to nobody yet (alice at c3)... c5 is adjacent to c4 only
    act(t, 'bob', 'end-turn');
    // alice digs into c4, next to bob at c5: unexpected, movement stops.
    act(t, 'alice', 'move', { path: 'c4' });
    expect(question(t, 'alice')).toMatch(/senses a mole next to it at c5/);
    act(t, 'alice', 'end-turn');
    // bob tries to walk through alice's square.
    act(t, 'bob', 'move', { path: 'c4 c3' });
    expect(m(t, 'bob').at).toBe('c5');
    expect(question(t, 'bob')).toMatch(/A mole is in the way at c4/);
  });

  it('3.1 a mole cannot move off the edge of the board, nor to a square not adjacent; nor without points', () => {
    const t = started({ moles: { alice: 'a1', bob: 'h8' } });
    expect(refused(t, 'alice', 'move', { path: 'a0' })).toBe('bad-arguments');
    expect(refused(t, 'alice', 'move', { path: 'i1' })).toBe('bad-arguments');
    expect(refused(t, 'alice', 'move', { path: 'b2' })).toBe('illegal');
    expect(refused(t, 'alice', 'move', { path: 'a3' })).toBe('illegal');
    act(t, 'alice', 'move', { path: 'a2' });
    expect(refused(t, 'alice', 'move', { path: 'a3' })).toBe('illegal');
    expect(refused(t, 'bob', 'move', { path: 'h7' })).toBe('not-your-turn');
  });

  it('3.1 the Moderator privately responds with the results of movement', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' } });
    const { events } = act(t, 'alice', 'move', { path: 'd3' });
    const moved = events.find((e) => e.type === 'moved');
    expect(moved?.vis).toEqual({ players: ['alice'] });
    expect(rules(t).told.alice?.at(-1)).toBe('Your mole is at d3 with 0 movement points left.');
  });
});

/** A game where alice (c4) and bob (c5) are adjacent, alice to move, with the hands given. */
function neighbours(aliceHand: string, bobHand = 'OTQSX', next = ''): Table {
  const t = started({ moles: { alice: 'c3', bob: 'c6' }, hands: [aliceHand, bobHand], next });
  act(t, 'alice', 'end-turn');
  act(t, 'bob', 'move', { path: 'c5' });
  act(t, 'bob', 'end-turn');
  act(t, 'alice', 'move', { path: 'c4' });
  return t;
}

describe('3.2 Playing Cards: every combination, each option', () => {
  it('3.2 Cards: OO raise - temporarily raise own health by 1 (a temporary point, T-5)', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['OOTQS', 'OTQSX'] });
    act(t, 'alice', 'play', { cards: 'OO', choice: 'raise' });
    expect(current(m(t, 'alice'), 'health')).toBe(6);
    expect(m(t, 'alice').health).toBe(5);
    expect(hand(t, 'alice')).toEqual(['T', 'Q', 'S']);
    expect(rules(t).discard).toEqual(['O', 'O']);
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    expect(current(m(t, 'alice'), 'health')).toBe(5);
  });

  it('3.2 Cards: OO restore - restore own health by 1, not beyond the maximum', () => {
    const t = neighbours('OTQSX', 'OOOOQ', 'OOOOO');
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    act(t, 'bob', 'defend', { card: 'Q' }); // no match: the attack fails
    act(t, 'alice', 'attack', { target: 'c5', cards: 'O' });
    act(t, 'bob', 'defend', { card: 'O' }); // a match: 1 damage
    expect(m(t, 'bob').health).toBe(4);
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'play', { cards: 'OO', choice: 'restore' });
    expect(m(t, 'bob').health).toBe(5);
    act(t, 'bob', 'play', { cards: 'OO', choice: 'restore' });
    expect(m(t, 'bob').health).toBe(5);
  });

  it('3.2 Cards: OOOO - raise own maximum health by 1', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['OOOOT', 'OTQSX'] });
    act(t, 'alice', 'play', { cards: 'OOOO' });
    expect(m(t, 'alice').max.health).toBe(6);
    expect(m(t, 'alice').health).toBe(5);
  });

  for (const [cards, stat] of [
    ['TT', 'attack'],
    ['QQ', 'defence'],
    ['SS', 'movement'],
  ] as const) {
    it(`3.2 Cards: ${cards} raise - temporarily raise own ${stat} by 1`, () => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: [`${cards}OOX`, 'OTQSX'] });
      const before = current(m(t, 'alice'), stat);
      act(t, 'alice', 'play', { cards, choice: 'raise' });
      expect(current(m(t, 'alice'), stat)).toBe(before + 1);
      expect(m(t, 'alice').max[stat]).toBe(before);
      if (stat === 'movement') expect(rules(t).turn?.movement).toBe(3);
    });

    it(`3.2 Cards: ${cards} lower - temporarily lower an adjacent mole's ${stat} by 1`, () => {
      const t = neighbours(`${cards}OOX`, 'OTQSX');
      if (stat === 'defence') {
        // Defence is 0 already: it cannot go below 0 (T-5), but the change is recorded and removed later.
        act(t, 'alice', 'play', { cards, choice: 'lower', target: 'c5' });
        expect(m(t, 'bob').temps).toEqual([{ stat, delta: -1, ends: 'end' }]);
        expect(current(m(t, 'bob'), stat)).toBe(0);
      } else {
        act(t, 'alice', 'play', { cards, choice: 'lower', target: 'c5' });
        expect(current(m(t, 'bob'), stat)).toBe(m(t, 'bob').max[stat] - 1);
      }
      expect(rules(t).told.bob?.at(-1)).toMatch(new RegExp(`lowers your mole's ${stat} by 1`));
    });

    it(`3.2 Cards: ${cards}${cards.slice(0, 2)} - raise own maximum ${stat} by 1`, () => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: [`${cards}${cards}O`, 'OTQSX'] });
      act(t, 'alice', 'play', { cards: `${cards}${cards}` });
      expect(m(t, 'alice').max[stat]).toBe({ attack: 2, defence: 1, movement: 3 }[stat]);
      if (stat === 'movement') expect(rules(t).turn?.movement).toBe(3);
    });
  }

  it('3.2 T-8: lowering a stat at an adjacent square with no mole spends the cards to no effect', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['TTOOX', 'OTQSX'] });
    act(t, 'alice', 'play', { cards: 'TT', choice: 'lower', target: 'c4' });
    expect(hand(t, 'alice')).toEqual(['O', 'O', 'X']);
    expect(rules(t).told.alice?.at(-1)).toMatch(/no mole at c4/);
    expect(refused(t, 'alice', 'play', { cards: 'OO', choice: 'lower', target: 'c4' })).toBe('illegal');
  });

  it('3.2 a combination needs its option when it has two, and the cards in hand; cards may be named in any order', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['OOTTX', 'OTQSX'] });
    expect(refused(t, 'alice', 'play', { cards: 'OO' })).toBe('illegal');
    expect(refused(t, 'alice', 'play', { cards: 'QQ', choice: 'raise' })).toBe('illegal');
    expect(refused(t, 'alice', 'play', { cards: 'OT' })).toBe('illegal');
    expect(refused(t, 'alice', 'play', { cards: 'TT', choice: 'lower', target: 'e5' })).toBe('illegal');
    expect(refused(t, 'alice', 'play', { cards: 'TT', choice: 'sideways' })).toBe('bad-arguments');
    act(t, 'alice', 'play', { cards: 'T,T', choice: 'up' });
    expect(current(m(t, 'alice'), 'attack')).toBe(2);
  });

  it('3.2 T-3: teleport distances are steps between adjacent squares (files plus ranks), exactly N', () => {
    expect(distance('c3', 'c5')).toBe(2);
    expect(distance('c3', 'd4')).toBe(2);
    expect(distance('c3', 'e4')).toBe(3);
    expect(distance('a1', 'c4')).toBe(5);
  });

  for (const [cards, n, to] of [
    ['XO', 2, 'd4'],
    ['XOT', 3, 'e4'],
    ['XOTQ', 4, 'e5'],
    ['XOTQS', 5, 'f5'],
  ] as const) {
    it(`3.2 Cards: ${cards} - teleport to a location ${n} squares away (into rock: it is tunneled, 1 health lost)`, () => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: [cards.padEnd(5, 'O'), 'OTQSX'] });
      expect(refused(t, 'alice', 'play', { cards, target: 'c3' })).toBe('illegal');
      expect(refused(t, 'alice', 'play', { cards, choice: 'to', target: n === 2 ? 'c4' : 'c4' })).toBe(
        'illegal',
      );
      act(t, 'alice', 'play', { cards, choice: 'to', target: to });
      expect(m(t, 'alice').at).toBe(to);
      expect(rules(t).tunnels[to]).toBe(0);
      expect(m(t, 'alice').health).toBe(4);
    });
  }

  it('3.2 teleporting into a tunnel costs no health', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['XOXOT', 'OTQSX'] });
    act(t, 'alice', 'play', { cards: 'XO', target: 'c5' });
    expect(m(t, 'alice').health).toBe(4);
    act(t, 'alice', 'play', { cards: 'XO', target: 'c3' }); // back into the tunnel she left
    expect(m(t, 'alice').at).toBe('c3');
    expect(m(t, 'alice').health).toBe(4);
  });

  it('3.2 teleporting onto a mole: both lose 1 health and the teleport fails; the teleporter is asked', () => {
    const t = started({ moles: { alice: 'c3', bob: 'c6' }, hands: ['XOTOO', 'OTQSX'] });
    const { events } = act(t, 'alice', 'play', { cards: 'XOT', target: 'c6' });
    expect(m(t, 'alice').at).toBe('c3');
    expect(m(t, 'alice').health).toBe(4);
    expect(m(t, 'bob').health).toBe(4);
    expect(question(t, 'alice')).toMatch(/teleports into another mole at c6/);
    expect(rules(t).told.bob?.at(-1)).toMatch(/teleports into yours/);
    expect(typesOf(events)).not.toContain('teleported');
  });
});

describe('3.3 Discarding Cards', () => {
  it('3.3 a player may discard any of the cards in eir hand', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['OOTQS', 'OTQSX'] });
    act(t, 'alice', 'discard', { cards: 'O S' });
    expect(hand(t, 'alice')).toEqual(['O', 'T', 'Q']);
    expect(rules(t).discard).toEqual(['O', 'S']);
    expect(refused(t, 'alice', 'discard', { cards: 'X' })).toBe('illegal');
    expect(refused(t, 'alice', 'discard', { cards: 'QQ' })).toBe('illegal');
  });

  it('3.3 ... or all of them; with no card and no movement point left the dialogue is over: e is told, and ends the turn (T-10, T-29)', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' } });
    act(t, 'alice', 'move', { path: 'c4' });
    expect(rules(t).turn?.player).toBe('alice');
    act(t, 'alice', 'discard', { cards: 'all' });
    expect(hand(t, 'alice')).toEqual([]);
    // T-29 (edition 3): the turn is not ended at once; alice alone is told there is nothing more she can do.
    expect(rules(t).turn?.player).toBe('alice');
    expect(lastTold(t, 'alice')).toBe(OUT_OF_EVERYTHING);
    expect(refused(t, 'alice', 'move', { path: 'c5' })).toBe('illegal');
    act(t, 'alice', 'end-turn');
    expect(rules(t).turn?.player).toBe('bob');
    expect(refused(t, 'bob', 'discard', { cards: 'Z' })).toBe('bad-arguments');
  });

  it('edition 2: with no card and no movement point left the turn ended by itself (T-10 as first read), and verifies', () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' }, edition: 2 });
    act(t, 'alice', 'move', { path: 'c4' });
    act(t, 'alice', 'discard', { cards: 'all' });
    expect(rules(t).turn?.player).toBe('bob');
    t.expectConsistent();
  });
});
