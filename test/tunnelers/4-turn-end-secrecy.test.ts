// Issue 18, "Private facts in public lines" (ruling T-26): "At the end of a player's turn, the Moderator tells
// all players of generally-known events". That a turn ended is known to all; why it ended (out of cards, standing
// orders) is the player's own. Two games whose players give the same public commands and differ only in what
// they privately did give every other player and the public the same views and log lines.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { outsideView } from '../support/outside-view.js';
import { act, rules, started } from './support.js';
import type { Table } from './support.js';

const OTHERS: readonly Viewer[] = [PUBLIC, player('bob'), player('carol')];
const publicLines = (t: Table): string[] => t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
const moles = { alice: 'a1', bob: 'h8', carol: 'e5' };

describe('T-26 (issue 18): the end of a turn is told to all, its reason to the player alone', () => {
  it('4 "the player is out of cards or movement points": no one else learns alice holds no card', () => {
    // alice digs to a2 (2 movement points, all she has) and discards her hand: the turn ends by itself.
    const a = started({ moles });
    act(a, 'alice', 'move', { path: 'a2' });
    act(a, 'alice', 'discard', { cards: 'all' });
    // alice discards her hand, keeps her movement points, and ends the turn herself.
    const b = started({ moles });
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

  it('4 the deadline: the public line names no reason either; the player is told e did not act in time', () => {
    const t = started({ moles });
    t.tick();
    t.tick();
    expect(rules(t).turn?.player).toBe('bob');
    expect(publicLines(t)).toContain("alice's turn is over.");
    expect(rules(t).told.alice).toContain('Your turn is over: you did not act in time.');
    t.expectConsistent();
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
