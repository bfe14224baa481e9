// Issue 18, "Private facts in public lines" (ruling T-26): "At the end of a player's turn, the Moderator tells
// all players of generally-known events". That a turn ended is known to all; why it ended (out of cards, standing
// orders) is the player's own. Two games whose players give the same public commands and differ only in what
// they privately did give every other player and the public the same views and log lines.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { outsideView } from '../support/outside-view.js';
import { OUT_OF_EVERYTHING } from '../../src/rulesets/tunnelers/turns.js';
import { act, rules, started } from '../support/harness/tunnelers.js';
import type { Table } from '../support/harness/tunnelers.js';

const OTHERS: readonly Viewer[] = [PUBLIC, player('bob'), player('carol')];
const publicLines = (t: Table): string[] => t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
const moles = { alice: 'a1', bob: 'h8', carol: 'e5' };

describe('T-26 (issue 18): the end of a turn is told to all, its reason to the player alone', () => {
  it('4 "the player is out of cards or movement points": no one else learns alice holds no card (edition 2)', () => {
    // alice digs to a2 (2 movement points, all she has) and discards her hand: the turn ends by itself.
    const a = started({ moles, edition: 2 });
    act(a, 'alice', 'move', { path: 'a2' });
    act(a, 'alice', 'discard', { cards: 'all' });
    // alice discards her hand, keeps her movement points, and ends the turn herself.
    const b = started({ moles, edition: 2 });
    act(b, 'alice', 'discard', { cards: 'all' });
    act(b, 'alice', 'end-turn');
    for (const t of [a, b]) expect(rules(t).turn?.player).toBe('bob');
    expect(publicLines(a)).toContain("alice's turn is over.");
    expect(publicLines(a).join('\n')).not.toMatch(/out of cards|movement points|ended it/);
    expect(outsideView(a, OTHERS)).toBe(outsideView(b, OTHERS));
    // alice is told why.
    expect(rules(a).told.alice).toContain(
      'Your turn is over: you hold no card and have no movement point left.',
    );
    a.expectConsistent();
  });

  it('4 the deadline: the public line names no reason either; the player is told e did not act in time', () => {
    const t = started({ moles });
    t.tick();
    t.tick();
    expect(rules(t).turn?.player).toBe('bob');
    expect(publicLines(t)).toContain("alice's turn is over.");
    expect(rules(t).told.alice).toContain('Your turn is over: you did not act in time.');
    t.expectConsistent();
  });

  it('4 Standing Orders: no one else learns that bob gave some', () => {
    // bob orders a move to h7; his next turn carries it out and ends by itself.
    const a = started({ moles });
    act(a, 'bob', 'orders', { action: 'give', orders: 'move h7' });
    act(a, 'alice', 'end-turn');
    // bob gives no orders, and when his turn comes moves to h7 and ends it himself.
    const b = started({ moles });
    act(b, 'alice', 'end-turn');
    act(b, 'bob', 'move', { path: 'h7' });
    act(b, 'bob', 'end-turn');
    for (const t of [a, b]) expect(rules(t).turn?.player).toBe('carol');
    expect(publicLines(a).join('\n')).not.toMatch(/orders/i);
    expect(outsideView(a, [PUBLIC, player('alice'), player('carol')])).toBe(
      outsideView(b, [PUBLIC, player('alice'), player('carol')]),
    );
    expect(rules(a).told.bob).toContain('Your standing orders have been carried out; your turn ends.');
    a.expectConsistent();
  });

  it('edition 1: a game created before T-26 still gives the reason publicly, and verifies', () => {
    const t = started({ moles, edition: 1 });
    act(t, 'alice', 'move', { path: 'a2' });
    act(t, 'alice', 'discard', { cards: 'all' });
    expect(publicLines(t)).toContain("alice's turn is over (out of cards and movement points).");
    expect(rules(t).told.alice ?? []).not.toContain(
      'Your turn is over: you hold no card and have no movement point left.',
    );
    t.expectConsistent();
  });
});

// T-29 (found by issue 15's outbound-leak campaign): "The Moderator and player continue dialogue until … the player
// is out of cards or movememt points". Ending the turn at once told everyone that its player had run out: the
// same private commands (a move, a discard) ended the turn in one game and not in another that differed only in
// what the player held. From edition 3 the turn of a player who has run out ends when e ends it or at its
// deadline, as the turn of a player who does nothing more.
describe('T-29 (edition 3): running out of cards and movement points shows in nothing anyone else sees', () => {
  // The same private commands: alice digs to a2 (all her movement points) and discards O T Q S X. In game a she
  // holds exactly those cards and is out of everything; in game b she holds another S instead of the X, so the
  // discard is refused (to her alone) and she still holds five cards.
  const play = (hands: string[], edition?: number): Table => {
    const t = started({ moles, hands, ...(edition !== undefined ? { edition } : {}) });
    act(t, 'alice', 'move', { path: 'a2' });
    // Accepted in a, refused (to alice alone) in b; try commits what it accepts.
    t.try({ type: 'discard', by: player('alice'), args: { cards: 'O T Q S X' } });
    return t;
  };
  const out = (edition?: number) => play(['OTQSX', 'OTQSX', 'OTQSX'], edition);
  const holding = (edition?: number) => play(['OTQSS', 'OTQSX', 'OTQSX'], edition);

  it('4 T-29: the turn goes on in both games; alice alone is told there is nothing more she can do', () => {
    const a = out();
    const b = holding();
    expect(rules(a).hands.alice).toEqual([]);
    expect(rules(b).hands.alice).toHaveLength(5);
    for (const t of [a, b]) expect(rules(t).turn?.player).toBe('alice');
    expect(rules(a).told.alice).toContain(OUT_OF_EVERYTHING);
    expect(outsideView(a, OTHERS)).toBe(outsideView(b, OTHERS));
    a.expectConsistent();
  });

  it('4 T-29: both turns end at the same public moment, their deadline, and look alike to everyone else', () => {
    const a = out();
    const b = holding();
    for (const t of [a, b]) {
      t.tick();
      expect(rules(t).turn?.player).toBe('alice');
      t.tick();
      expect(rules(t).turn?.player).toBe('bob');
    }
    expect(outsideView(a, OTHERS)).toBe(outsideView(b, OTHERS));
    expect(publicLines(a)).toContain("alice's turn is over.");
  });

  it('edition 2: the same commands ended one turn at once and not the other, which everyone saw', () => {
    const a = out(2);
    const b = holding(2);
    expect(rules(a).turn?.player).toBe('bob');
    expect(rules(b).turn?.player).toBe('alice');
    expect(outsideView(a, OTHERS)).not.toBe(outsideView(b, OTHERS));
    a.expectConsistent();
  });
});
