// 2. Components: 2.1 the board, 2.2 the cards, 2.3 the moles.
import { describe, expect, it } from 'vitest';
import { ADMIN, checkFairRoll, hexToBytes, PUBLIC, player } from '../../src/core/index.js';
import type { Roll } from '../../src/core/index.js';
import { tunnelersRuleset } from '../../src/rulesets/tunnelers/index.js';
import { adjacent, ageTunnels, ALL_SQUARES, coords, neighbours } from '../../src/rulesets/tunnelers/board.js';
import { FRESH_DECK } from '../../src/rulesets/tunnelers/cards.js';
import { current } from '../../src/rulesets/tunnelers/moles.js';
import { Table } from '../support/table.js';
import { act, hand, joined, mole, rules, started, viewOf } from '../support/harness/tunnelers.js';

describe('2.1 The Board', () => {
  it('2.1 an 8x8 grid labelled a-h and 1-8; adjacent means sharing a horizontal or vertical side', () => {
    expect(ALL_SQUARES).toHaveLength(64);
    expect(ALL_SQUARES[0]).toBe('a1');
    expect(ALL_SQUARES[63]).toBe('h8');
    expect(coords('c5')).toEqual([3, 5]);
    expect(coords('i1')).toBeNull();
    expect(coords('a9')).toBeNull();
    expect(adjacent('c5', 'c6')).toBe(true);
    expect(adjacent('c5', 'd5')).toBe(true);
    expect(adjacent('c5', 'd6')).toBe(false);
    expect(adjacent('c5', 'c7')).toBe(false);
    expect(neighbours('a1').sort()).toEqual(['a2', 'b1']);
    expect(neighbours('d4')).toHaveLength(4);
  });

  it('2.1 T-1: the squares the moles start on are tunneled, every other square is rock', () => {
    const t = started({ moles: { alice: 'c3', bob: 'f6' } });
    expect(Object.keys(rules(t).tunnels).sort()).toEqual(['c3', 'f6']);
  });

  it('2.1 T-2: a tunneled square not occupied for four turns becomes un-tunneled', () => {
    // The ageing, one turn at a time: occupied resets, four unoccupied turns collapse.
    let tunnels = { c3: 0, d3: 2 } as Record<string, number>;
    tunnels = ageTunnels(tunnels, ['c3']);
    expect(tunnels).toEqual({ c3: 0, d3: 3 });
    tunnels = ageTunnels(tunnels, []);
    expect(tunnels).toEqual({ c3: 1 });

    // In play: alice digs from c3 to c4 and leaves c3 empty. c3 was occupied in her turn (at its start), then
    // stays empty through bob's, alice's, bob's and alice's next turns: four turns.
    const t = started({ moles: { alice: 'c3', bob: 'f6' } });
    act(t, 'alice', 'move', { path: 'c4' });
    act(t, 'alice', 'end-turn');
    expect(rules(t).tunnels.c3).toBe(0);
    act(t, 'bob', 'end-turn');
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    expect(rules(t).tunnels.c3).toBe(3);
    act(t, 'alice', 'end-turn');
    expect(rules(t).tunnels.c3).toBeUndefined();
    expect(rules(t).tunnels.c4).toBe(0);
    act(t, 'bob', 'end-turn');
    // Now c3 is rock again: entering it costs alice 2 movement points.
    const { events } = act(t, 'alice', 'move', { path: 'c3' });
    expect(events.find((e) => e.type === 'moved')).toMatchObject({ to: 'c3', cost: 2, dug: true });
    t.expectConsistent();
  });

  it('2.1 T-2: a square passed through during a turn counts as occupied in that turn', () => {
    const t = started({ moles: { alice: 'c3', bob: 'f6' } });
    act(t, 'alice', 'move', { path: 'c4' }); // 2 points: rock
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    act(t, 'alice', 'move', { path: 'c3 c4' }); // back along the tunnels, 1 + 1
    act(t, 'alice', 'end-turn');
    expect(rules(t).tunnels.c3).toBe(0);
  });
});

describe('2.2 The Cards', () => {
  it('2.2 the deck has 60 cards, twelve each of O, T, Q, S and X', () => {
    expect(FRESH_DECK).toHaveLength(60);
    for (const c of ['O', 'T', 'Q', 'S', 'X']) expect(FRESH_DECK.filter((x) => x === c)).toHaveLength(12);
  });

  it('2.2 T-4: the deck is shuffled with the supplied dice; the deal follows that order', () => {
    const t = started({ moles: { alice: 'c3', bob: 'f6' }, hands: ['XXXXX', 'OOQQS'], next: 'TTS' });
    expect(hand(t, 'alice')).toEqual(['X', 'X', 'X', 'X', 'X']);
    expect(hand(t, 'bob')).toEqual(['O', 'O', 'Q', 'Q', 'S']);
    expect(rules(t).deck.slice(0, 3)).toEqual(['T', 'T', 'S']);
    expect(rules(t).deck).toHaveLength(50);
    const shuffle = t.entries.find((e) => e.event.type === 'deck-shuffled');
    expect(shuffle?.event.vis).toBe('admin');
    expect(shuffle?.event.rolls?.[0]).toMatchObject({ kind: 'shuffle', expr: 'shuffle of 60', secret: true });
  });

  it('2.2 T-4: with fair dice the shuffle is on the secret stream, and checks out once the game ends', () => {
    const t = new Table([tunnelersRuleset]);
    t.create('tunnelers', { dice: 'fair' });
    joined(t, 'alice', 'bob');
    t.admin('start');
    const deck = [...rules(t).deck, ...hand(t, 'alice'), ...hand(t, 'bob')].sort();
    expect(deck).toEqual([...FRESH_DECK].sort());
    t.admin('end');
    const revealed = t.entries.find((e) => e.event.type === 'seed-revealed' && e.event.stream === 'secret');
    const roll = t.entries.find((e) => e.event.type === 'deck-shuffled')?.event.rolls?.[0] as Roll;
    expect(checkFairRoll('g', roll, hexToBytes(revealed?.event.seed as string))).toBeNull();
    expect(roll.proof?.stream).toBe('secret');
    t.expectConsistent();
  });

  it('3.2 drawing: at the start of a turn the hand is brought up to five; when the deck runs short the deck and the discards are randomized into a new deck', () => {
    // Two players hold 10; the deck has 50. Discarding and redrawing runs it down.
    const t = started({ moles: { alice: 'c3', bob: 'f6' }, hands: ['OOOOO', 'TTTTT'] });
    act(t, 'alice', 'discard', { cards: 'all' });
    expect(t.game.ended).toBeNull();
    // alice's turn ended by itself? No: she still has movement points.
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    expect(hand(t, 'alice')).toHaveLength(5);
    expect(rules(t).deck).toHaveLength(45);
    // Drain the deck: each round alice discards all five and draws five more.
    for (let round = 0; round < 9; round++) {
      act(t, 'alice', 'discard', { cards: 'all' });
      act(t, 'alice', 'end-turn');
      act(t, 'bob', 'end-turn', {});
    }
    // 45 - 9*5 = 0 left, so the last draw needed the discards: a reshuffle of deck + discards happened.
    const reshuffles = t.entries.filter((e) => e.event.type === 'deck-shuffled');
    expect(reshuffles.length).toBe(1);
  });
});

describe('2.3 Moles', () => {
  it('2.3 initial stats: attack 1, defence 0, movement 2, health 5', () => {
    const t = started({ moles: { alice: 'c3', bob: 'f6' } });
    const m = mole(t, 'alice');
    expect(m?.max).toEqual({ attack: 1, defence: 0, movement: 2, health: 5 });
    expect(m?.health).toBe(5);
    expect(rules(t).turn?.movement).toBe(2);
  });

  it("2.3 a temporary change to one's own mole is removed at the beginning of one's next turn", () => {
    const t = started({ moles: { alice: 'c3', bob: 'f6' }, hands: ['TTQQS', 'OOQQS'] });
    act(t, 'alice', 'play', { cards: 'TT', choice: 'raise' });
    expect(current(mole(t, 'alice')!, 'attack')).toBe(2);
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    // Still 2 through bob's turn; alice's next turn began, and it was removed.
    expect(current(mole(t, 'alice')!, 'attack')).toBe(1);
    expect(mole(t, 'alice')?.temps).toEqual([]);
  });

  it("2.3 a temporary change to another's mole is removed at the end of that player's next turn", () => {
    const t = started({ moles: { alice: 'c3', bob: 'c5' }, hands: ['SSQQT', 'OOQQT'] });
    act(t, 'alice', 'move', { path: 'c4' }); // next to bob: movement stops, alice is asked
    act(t, 'alice', 'play', { cards: 'SS', choice: 'lower', target: 'c5' });
    expect(current(mole(t, 'bob')!, 'movement')).toBe(1);
    act(t, 'alice', 'end-turn');
    // bob's turn: his movement points are 1; the change lasts to the end of this turn.
    expect(rules(t).turn).toMatchObject({ player: 'bob', movement: 1 });
    expect(current(mole(t, 'bob')!, 'movement')).toBe(1);
    act(t, 'bob', 'end-turn');
    expect(current(mole(t, 'bob')!, 'movement')).toBe(2);
    t.expectConsistent();
  });

  it('2.3 the public and other players see no mole; a player sees only eir own', () => {
    const t = started({ moles: { alice: 'c3', bob: 'f6' } });
    const pub = JSON.stringify(viewOf(t, PUBLIC));
    expect(pub).not.toContain('c3');
    expect(pub).not.toContain('f6');
    const alice = JSON.stringify(viewOf(t, player('alice')));
    expect(alice).toContain('c3');
    expect(alice).not.toContain('f6');
    expect(JSON.stringify(viewOf(t, ADMIN))).toContain('f6');
  });
});
