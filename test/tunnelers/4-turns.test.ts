// 4. Turn Procedure: order, private turns, the Moderator's questions, Standing Orders, the deadline, announcements.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import { readOrders } from '../../src/rulesets/tunnelers/orders.js';
import {
  act,
  hand,
  mole,
  question,
  refused,
  rules,
  started,
  viewOf,
  sideBySide,
} from '../support/harness/tunnelers.js';

describe('4. Turn Procedure', () => {
  it("4 players take turns in the order of the player list, going round; only the turn's player may act", () => {
    const t = started({ moles: { alice: 'a1', bob: 'c3', carol: 'e5' } });
    expect(rules(t).turn?.player).toBe('alice');
    expect(refused(t, 'bob', 'end-turn')).toBe('not-your-turn');
    act(t, 'alice', 'end-turn');
    expect(rules(t).turn?.player).toBe('bob');
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    expect(rules(t).turn?.player).toBe('alice');
    expect(rules(t).lastFinished).toBe('carol');
  });

  it('4 a turn is told privately: the commands and their results are seen by the player and the Administrator only', () => {
    const t = started({ moles: { alice: 'a1', bob: 'c3' } });
    act(t, 'alice', 'move', { path: 'a2' });
    const bobLog = t.kernel
      .logView(t.entries, player('bob'), t.game)
      .map((l) => l.text)
      .join('\n');
    const publicLog = t.kernel
      .logView(t.entries, PUBLIC, t.game)
      .map((l) => l.text)
      .join('\n');
    for (const log of [bobLog, publicLog]) {
      expect(log).not.toContain('a2');
      expect(log).not.toContain('a1');
    }
    const aliceLog = t.kernel
      .logView(t.entries, player('alice'), t.game)
      .map((l) => l.text)
      .join('\n');
    expect(aliceLog).toContain("alice's mole moves from a1 to a2 (digging through rock, 2 movement points).");
  });

  it("4 the pending question is in the player's view, and eir next command answers it", () => {
    const t = started({ moles: { alice: 'c3', bob: 'h8' } });
    act(t, 'alice', 'move', { path: 'c4 c5' });
    const view = viewOf(t, player('alice')) as { you: { question: string | null } };
    expect(view.you.question).toMatch(/c5 is solid rock/);
    expect(t.kernel.render(t.game, view)).toContain('The Moderator asks: c5 is solid rock');
    act(t, 'alice', 'end-turn');
    expect(question(t, 'alice')).toBeUndefined();
  });

  it('4 at the end of a turn the Moderator announces generally-known events, without positions', () => {
    const t = sideBySide(['OTQSX', 'OTQSX', 'OTQSX']);
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    act(t, 'bob', 'defend', { card: 'O' });
    // Not yet announced: the turn goes on.
    expect(rules(t).announcements).toEqual([]);
    const { events } = act(t, 'alice', 'end-turn');
    const a = events.find((e) => e.type === 'announcement');
    expect(a?.vis).toBe('public');
    expect(a?.lines).toEqual(['Sounds of fighting can be heard.']);
    expect(t.kernel.render(t.game, viewOf(t, PUBLIC))).toContain('Sounds of fighting can be heard.');
  });

  describe('4 Standing Orders', () => {
    it('4 T-9: the Moderator rejects Standing Orders longer than 3 actions, naming more than 6 squares, or with an attack', () => {
      expect(readOrders('move c4; discard X')).toEqual(['move c4', 'discard X']);
      expect(readOrders('discard X; discard O; discard T; discard Q')).toMatch(/too lengthy: at most 3/);
      expect(readOrders('move c4 c5 c6 c7; move c6 c5 c4')).toMatch(/too complex: at most 6 squares/);
      expect(readOrders('attack c5 T')).toMatch(/attacks are never automatic/);
      expect(readOrders('move z9')).toMatch(/not a square/);
      expect(readOrders('')).toMatch(/at least one order/);
      const t = started({ moles: { alice: 'c3', bob: 'h8' } });
      expect(
        refused(t, 'bob', 'orders', { action: 'give', orders: 'discard X; discard O; discard T; discard Q' }),
      ).toBe('orders-rejected');
    });

    it('4 Standing Orders are carried out at the start of the turn; with nothing unexpected the turn then ends by itself', () => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['OTQSX', 'OOTQS'], next: 'OOOOO' });
      act(t, 'bob', 'orders', { action: 'give', orders: 'move h7; play OO raise' });
      expect(rules(t).orders.bob).toEqual(['move h7', 'play OO raise']);
      act(t, 'alice', 'end-turn');
      // bob's turn began, his orders ran, and it is alice's turn again.
      expect(mole(t, 'bob')?.at).toBe('h7');
      expect(hand(t, 'bob')).toEqual(['T', 'Q', 'S']);
      expect(rules(t).turn?.player).toBe('alice');
      expect(rules(t).told.bob?.at(-1)).toBe('Your standing orders have been carried out; your turn ends.');
    });

    it('4 something unexpected stops Standing Orders, and the player is asked', () => {
      const t = started({ moles: { alice: 'c3', bob: 'c6' } });
      act(t, 'bob', 'orders', { action: 'give', orders: 'move c5; discard X' });
      act(t, 'alice', 'move', { path: 'c4' }); // alice is now next to c5
      act(t, 'alice', 'end-turn');
      expect(mole(t, 'bob')?.at).toBe('c5');
      expect(rules(t).turn?.player).toBe('bob');
      expect(question(t, 'bob')).toMatch(/senses a mole next to it at c4/);
      expect(hand(t, 'bob')).toHaveLength(5); // the discard was not done
    });

    it('4 a Standing Order that cannot be carried out stops them; orders can be cleared', () => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' }, hands: ['OTQSX', 'OTQSX'] });
      act(t, 'bob', 'orders', { action: 'give', orders: 'play OO raise' });
      act(t, 'alice', 'end-turn');
      expect(rules(t).turn?.player).toBe('bob');
      expect(question(t, 'bob')).toMatch(/standing order "play OO raise" cannot be carried out/);
      act(t, 'bob', 'orders', { action: 'clear' });
      expect(rules(t).orders.bob).toBeUndefined();
      act(t, 'bob', 'end-turn');
      act(t, 'alice', 'end-turn');
      expect(rules(t).turn?.player).toBe('bob');
      expect(question(t, 'bob')).toBeUndefined();
    });

    it("4 T-11: when every player has Standing Orders, one decision goes round at most once; the rest wait for the nday's end", () => {
      const t = started({ moles: { alice: 'a1', bob: 'h8' } });
      act(t, 'alice', 'orders', { action: 'give', orders: 'move a2' });
      act(t, 'bob', 'orders', { action: 'give', orders: 'move h7' });
      act(t, 'alice', 'end-turn');
      // bob's orders ran (turn 2), alice's (turn 3): h7, a2; then bob's turn begins with its orders held.
      expect(mole(t, 'bob')?.at).toBe('h7');
      expect(mole(t, 'alice')?.at).toBe('a2');
      const turn = rules(t).turn;
      expect(turn?.player).toBe('bob');
      expect(turn?.ordersRun).toBe(false);
      t.tick();
      // At the nday's end the Moderator carries them out: bob at h7 cannot "move h7", so he is asked.
      expect(rules(t).turn?.ordersRun).toBe(true);
      expect(question(t, 'bob')).toMatch(/standing order "move h7" cannot be carried out/);
      t.expectConsistent();
    });
  });

  describe('4 the deadline (T-12)', () => {
    it('4 a player who does nothing for a whole nday after the one in which eir turn began loses the rest of it', () => {
      const t = started({ moles: { alice: 'c3', bob: 'h8' } });
      t.tick(); // the end of nday 1, in which alice's turn began: not yet
      expect(rules(t).turn?.player).toBe('alice');
      const { events } = t.tick(); // the end of nday 2: a whole nday has passed
      expect(events.find((e) => e.type === 'deadline-passed')).toMatchObject({
        player: 'alice',
        vis: 'public',
      });
      expect(rules(t).turn?.player).toBe('bob');
    });

    it('4 edition 1: an action starts the wait again; the deadline is configurable in ndays', () => {
      // T-12 as first read; from edition 2 nothing private restarts the wait (T-27, 4-deadline-timing).
      const t = started({ moles: { alice: 'c3', bob: 'h8' }, config: { deadline: 2 }, edition: 1 });
      expect(rules(t).deadline).toBe(2);
      t.tick();
      t.tick();
      act(t, 'alice', 'discard', { cards: 'X' }); // nday 3
      t.tick();
      t.tick();
      expect(rules(t).turn?.player).toBe('alice');
      t.tick();
      expect(rules(t).turn?.player).toBe('bob');
    });

    it('4 edition 1: a defender who does not choose in time defends with no card; the turn goes on', () => {
      const t = started({ moles: { alice: 'c3', bob: 'c6' }, edition: 1 });
      act(t, 'alice', 'end-turn');
      act(t, 'bob', 'move', { path: 'c5' });
      act(t, 'bob', 'end-turn');
      act(t, 'alice', 'move', { path: 'c4' });
      act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
      t.tick();
      expect(rules(t).combat).not.toBeNull();
      t.tick();
      expect(rules(t).combat).toBeNull();
      expect(mole(t, 'bob')?.health).toBe(4);
      expect(question(t, 'bob')).toBeUndefined();
      expect(t.entries.find((e) => e.event.type === 'defence-committed')?.event).toMatchObject({
        card: null,
        late: true,
      });
      expect(rules(t).turn?.player).toBe('alice');
      t.expectConsistent();
    });

    it('4 a configuration that is not a deadline is refused', () => {
      expect(() => started({ moles: { alice: 'c3', bob: 'h8' }, config: { deadline: 0 } })).toThrow(
        /bad-config/,
      );
      expect(() => started({ moles: { alice: 'c3', bob: 'h8' }, config: { speed: 3 } })).toThrow(
        /bad-config/,
      );
    });
  });
});
