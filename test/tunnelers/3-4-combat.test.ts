// 3.4 Combat: secret choices revealed together, a match hits, damage attack minus defence, death at 0.
import { describe, expect, it } from 'vitest';
import { canSee, PUBLIC, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { current } from '../../src/rulesets/tunnelers/moles.js';
import {
  act,
  hand,
  mole,
  points,
  question,
  refused,
  rules,
  viewOf,
  sideBySide,
} from '../support/harness/tunnelers.js';
import type { Table } from '../support/harness/tunnelers.js';

/** alice (c4) next to bob (c5), alice to move, with these hands. */
const neighbours = (aliceHand: string, bobHand: string, next = ''): Table =>
  sideBySide([aliceHand, bobHand, 'OTQSX'], next);

/** Everything a viewer can read: the view, its text, and the log lines e may see. */
function readable(t: Table, viewer: Viewer): string {
  const view = viewOf(t, viewer);
  const log = t.kernel.logView(t.entries, viewer, t.game);
  return [
    JSON.stringify(view),
    t.kernel.render(t.game, view),
    ...log.map((l) => `${l.text} ${JSON.stringify(l.event)}`),
  ].join('\n');
}

describe('3.4 Combat', () => {
  it('3.4 the attacker commits 1 or 2 cards, the defender 1: both secret until both are in, then revealed to the two', () => {
    const t = neighbours('TOQSX', 'QQSSX');
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T O' });
    // alice's cards are committed; bob is asked, and cannot see them; nobody else sees anything but the noise.
    expect(hand(t, 'alice')).toEqual(['Q', 'S', 'X']);
    expect(question(t, 'bob')).toMatch(/A mole at c4 attacks your mole at c5/);
    const committed = t.entries.find((e) => e.event.type === 'attack-committed');
    expect(committed?.event.vis).toEqual({ players: ['alice'] });
    expect(readable(t, player('bob'))).not.toMatch(/T O|\["T","O"\]/);
    // alice must wait for the defence.
    expect(refused(t, 'alice', 'move', { path: 'd4' })).toBe('waiting');
    expect(refused(t, 'alice', 'end-turn')).toBe('waiting');
    expect(refused(t, 'carol', 'defend', { card: 'O' })).toBe('not-attacked');
    expect(refused(t, 'bob', 'defend', { card: 'O' })).toBe('illegal');
    act(t, 'bob', 'defend', { card: 'X' });
    const defended = t.entries.find((e) => e.event.type === 'defence-committed');
    expect(defended?.event.vis).toEqual({ players: ['bob'] });
    const revealed = t.entries.find((e) => e.event.type === 'combat-revealed');
    expect(revealed?.event).toMatchObject({ attack: ['T', 'O'], defence: 'X', hit: false, damage: 0 });
    expect(canSee(revealed!.event.vis, player('alice'))).toBe(true);
    expect(canSee(revealed!.event.vis, player('bob'))).toBe(true);
    expect(canSee(revealed!.event.vis, player('carol'))).toBe(false);
    expect(canSee(revealed!.event.vis, PUBLIC)).toBe(false);
    // "Cards used in attack and defense are discarded."
    expect(rules(t).discard).toEqual(['T', 'O', 'X']);
    expect(hand(t, 'bob')).toEqual(['Q', 'Q', 'S', 'S']);
    expect(mole(t, 'bob')?.health).toBe(5);
    t.expectConsistent();
  });

  it("3.4 if any of the attacker's cards match the defender's card, the attack succeeds: attack minus defence", () => {
    const t = neighbours('TOQSX', 'QQSSO');
    act(t, 'alice', 'attack', { target: 'c5', cards: 'TO' });
    act(t, 'bob', 'defend', { card: 'O' });
    expect(mole(t, 'bob')?.health).toBe(4);
    expect(rules(t).told.alice?.at(-1)).toBe(
      'Revealed: you played T O, the defender O. The attack succeeds: 1 damage.',
    );
  });

  it('3.4 a defender who chooses not to play a card, or has none, is hit automatically', () => {
    const t = neighbours('TTOTT', 'QQSSO');
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    act(t, 'bob', 'defend', { card: 'none' });
    expect(mole(t, 'bob')?.health).toBe(4);
    // bob discards his whole hand... on his own turn; here alice attacks a defender with no cards at all:
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'discard', { cards: 'all' });
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    expect(hand(t, 'bob')).toEqual([]);
    act(t, 'alice', 'attack', { target: 'c5', cards: 'O' });
    expect(rules(t).combat).toBeNull();
    expect(mole(t, 'bob')?.health).toBe(3);
  });

  it('3.4 when defence is at least the attack, a successful attack does no damage (never negative)', () => {
    const t = neighbours('TOQSX', 'QQSSO', 'QQ');
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'play', { cards: 'QQ', choice: 'raise' }); // defence 1 until the start of bob's next turn
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    expect(current(mole(t, 'bob')!, 'defence')).toBe(1);
    act(t, 'alice', 'attack', { target: 'c5', cards: 'O' });
    act(t, 'bob', 'defend', { card: 'none' });
    expect(t.entries.find((e) => e.event.type === 'combat-revealed')?.event).toMatchObject({
      hit: true,
      damage: 0,
    });
    expect(mole(t, 'bob')?.health).toBe(5);
  });

  it('3.4 an attack needs an adjacent square and the cards in hand; 1 or 2 cards only', () => {
    const t = neighbours('TOQSX', 'QQSSO');
    expect(refused(t, 'alice', 'attack', { target: 'e5', cards: 'T' })).toBe('illegal');
    expect(refused(t, 'alice', 'attack', { target: 'c5', cards: 'TT' })).toBe('illegal');
    expect(refused(t, 'alice', 'attack', { target: 'c5', cards: 'TOQ' })).toBe('bad-arguments');
    // An empty adjacent square: nothing to attack, the cards stay in hand.
    act(t, 'alice', 'attack', { target: 'd4', cards: 'T' });
    expect(hand(t, 'alice')).toHaveLength(5);
    expect(rules(t).told.alice?.at(-1)).toMatch(/no mole at d4/);
  });

  it('3.4 and 6: at zero health the mole dies: cards discarded, removed, 2 points to the killer and 1 to the Moderator, announced without squares', () => {
    const t = neighbours('TTTTO', 'QQSSO', 'Q TTOOO');
    act(t, 'alice', 'play', { cards: 'TTTT' }); // attack 2
    act(t, 'alice', 'attack', { target: 'c5', cards: 'O' });
    act(t, 'bob', 'defend', { card: 'O' }); // 2 damage: 3 left
    // alice has no card and no movement point left: she is told so, and ends her turn (T-10, T-29).
    expect(rules(t).turn?.player).toBe('alice');
    act(t, 'alice', 'end-turn');
    expect(rules(t).turn?.player).toBe('bob');
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    act(t, 'bob', 'defend', { card: 'none' }); // 1 left
    expect(mole(t, 'bob')?.health).toBe(1);
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    const society = points(t, 'The Underground Society');
    act(t, 'bob', 'defend', { card: 'none' });
    expect(mole(t, 'bob')).toBeUndefined();
    expect(rules(t).dead).toEqual(['bob']);
    expect(hand(t, 'bob')).toEqual([]);
    expect(points(t, 'alice')).toBe(4 - 4 + 2);
    expect(points(t, 'The Moderator')).toBe(1);
    expect(points(t, 'The Underground Society')).toBe(society - 3);
    act(t, 'alice', 'end-turn');
    const announced = rules(t).announcements;
    expect(announced).toContain("bob's mole is dead.");
    expect(announced).toContain('Sounds of fighting can be heard.');
    expect(announced.join(' ')).not.toMatch(/[a-h][1-8]/);
    // bob is out of the turn order.
    expect(rules(t).turn?.player).toBe('carol');
    t.expectConsistent();
  });
});
