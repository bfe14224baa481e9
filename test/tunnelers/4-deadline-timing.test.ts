// 4. Turn Procedure, the deadline (ruling T-27, issue 13): "If a player does not submit a needed action (moving,
// choosing a card to defend with, etc.) within a reasonable amount of time (determined by the Moderator,
// generally a checkpoint period), play will proceed as if the player had chosen to perform no action."
// When a turn ends is public; so the Moderator's time is measured from public moments only: two games that
// differ only in what happened privately in a turn end it at the same nday, with the same public lines.
import { describe, expect, it } from 'vitest';
import { PUBLIC, player } from '../../src/core/index.js';
import type { Viewer } from '../../src/core/index.js';
import { outsideView } from '../support/outside-view.js';
import { act, mole, question, refused, rules, started } from '../support/harness/tunnelers.js';
import type { Table } from '../support/harness/tunnelers.js';

const OTHERS: readonly Viewer[] = [PUBLIC, player('bob'), player('carol')];
const publicLines = (t: Table): string[] => t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
/** The public lines but the announcements (T-19: "sounds of fighting" is told to all, when the turn ends). */
const withoutAnnouncements = (t: Table): string[] =>
  publicLines(t).filter((l) => !l.startsWith('The Moderator announces:'));

describe('T-27 (issue 13): a turn ends at a public moment, whatever happened privately in it', () => {
  it('4 T-27 "within a reasonable amount of time": a legal private action, a refused one or none end the turn at the same nday', () => {
    const moles = { alice: 'a1', bob: 'h8', carol: 'e5' };
    const config = { deadline: 2 };
    const legal = started({ moles, config });
    const illegal = started({ moles, config });
    const none = started({ moles, config });
    const games = [legal, illegal, none];
    for (const t of games) t.tick(); // the end of nday 1, in which alice's turn began
    for (const t of games) t.tick(); // nday 2 ends
    act(legal, 'alice', 'discard', { cards: 'X' }); // nday 3: accepted
    expect(refused(illegal, 'alice', 'discard', { cards: 'XX' })).toBe('illegal');
    expect(outsideView(legal, OTHERS)).toBe(outsideView(none, OTHERS));
    expect(outsideView(illegal, OTHERS)).toBe(outsideView(none, OTHERS));
    // Two whole ndays after the one the turn began in: the turn is over in all three games (edition 1 would
    // have waited until the end of nday 5 in the first).
    for (const t of games) {
      t.tick();
      expect(rules(t).turn?.player).toBe('bob');
      expect(publicLines(t)).toContain(
        'alice did not act in time: play proceeds as if e had chosen to do nothing more.',
      );
    }
    expect(outsideView(legal, OTHERS)).toBe(outsideView(none, OTHERS));
    expect(outsideView(illegal, OTHERS)).toBe(outsideView(none, OTHERS));
    for (const t of games) t.expectConsistent();
  });

  it('4 T-27 "choosing a card to defend with": an attack waiting for its defence does not hold up the turn; the defence is no card and the turn ends', () => {
    // In one game bob's mole is next to alice's, and she attacks it; in the other it is far away, and the
    // same attack finds no mole. No one else can tell the two apart until the Moderator announces (T-19).
    const attacked = started({ moles: { alice: 'c3', bob: 'c5', carol: 'h8' } });
    const empty = started({ moles: { alice: 'c3', bob: 'a8', carol: 'h8' } });
    for (const t of [attacked, empty]) {
      t.tick(); // the end of nday 1, in which alice's turn began
      act(t, 'alice', 'move', { path: 'c4' }); // nday 2
      act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    }
    expect(rules(attacked).combat).not.toBeNull();
    expect(rules(empty).combat).toBeNull();
    // While the defence is awaited, alice may not end her turn: that refusal is hers alone.
    expect(refused(attacked, 'alice', 'end-turn')).toBe('waiting');
    const others: readonly Viewer[] = [PUBLIC, player('carol')];
    expect(outsideView(attacked, others)).toBe(outsideView(empty, others));
    for (const t of [attacked, empty]) {
      t.tick(); // the end of nday 2: a whole nday has passed since the one the turn began in
      expect(rules(t).turn?.player).toBe('bob');
    }
    expect(withoutAnnouncements(attacked)).toEqual(withoutAnnouncements(empty));
    expect(publicLines(attacked)).toContain('The Moderator announces: Sounds of fighting can be heard.');
    // bob did not choose in time: he defended with no card, so the attack succeeded (attack 1, defence 0).
    expect(attacked.entries.find((e) => e.event.type === 'defence-committed')?.event).toMatchObject({
      card: null,
      late: true,
    });
    expect(rules(attacked).combat).toBeNull();
    expect(mole(attacked, 'bob')?.health).toBe(4);
    for (const t of [attacked, empty]) t.expectConsistent();
  });

  it("4 T-27: an end-turn that answers the Moderator's pending question ends the turn at once, as one with no question does", () => {
    // In one game alice's move brings her mole next to bob's, and the Moderator asks her what she will do (T-6).
    const asked = started({ moles: { alice: 'c3', bob: 'c5', carol: 'h8' } });
    const quiet = started({ moles: { alice: 'c3', bob: 'a8', carol: 'h8' } });
    for (const t of [asked, quiet]) act(t, 'alice', 'move', { path: 'c4' });
    expect(question(asked, 'alice')).toMatch(/senses a mole/);
    expect(question(quiet, 'alice')).toBeUndefined();
    for (const t of [asked, quiet]) {
      act(t, 'alice', 'end-turn');
      expect(rules(t).turn?.player).toBe('bob');
    }
    const others: readonly Viewer[] = [PUBLIC, player('carol')];
    expect(outsideView(asked, others)).toBe(outsideView(quiet, others));
  });

  it('4 edition 1: an attack waiting for its defence holds the turn up, and an action restarts the wait; the log verifies', () => {
    const t = started({ moles: { alice: 'c3', bob: 'c5', carol: 'h8' }, edition: 1 });
    t.tick();
    act(t, 'alice', 'move', { path: 'c4' }); // nday 2
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    t.tick(); // the defender's own deadline: a whole nday has not passed since the attack
    expect(rules(t).combat).not.toBeNull();
    expect(rules(t).turn?.player).toBe('alice');
    t.tick(); // the end of nday 3: the defence is no card, and alice's wait starts again from nday 3
    expect(rules(t).combat).toBeNull();
    expect(rules(t).turn?.player).toBe('alice');
    t.tick(); // the end of nday 4: edition 2 would have ended the turn two ndays ago
    expect(rules(t).turn?.player).toBe('bob');
    t.expectConsistent();
  });
});

// T-30 (found by issue 15's outbound-leak campaign): Standing Orders "are carried out at the start of each of
// the player's later turns" (T-9). The end of an nday carried out orders given during the turn too, whenever no
// question was pending, and then skipped the deadline: so whether a mole stood next to the player's when the turn
// began (a question pending, a hidden fact) decided whether the turn ended at that nday's end or the next.
describe("T-30 (edition 3): Standing Orders given during a turn wait for the player's later turns", () => {
  // bob digs to c4, next to alice's mole, in game a; in game b his mole is elsewhere (e4) and the same move is
  // refused to him alone. alice's next turn begins with a question in a (a mole next to hers) and none in b, and
  // she gives Standing Orders during it. Where the moles are is hidden from everyone else.
  // bob knows where his own mole is: the public and carol are compared.
  const BYSTANDERS: readonly Viewer[] = [PUBLIC, player('carol')];
  const play = (bob: string, edition?: number): Table => {
    const t = started({ moles: { alice: 'c3', bob, carol: 'h8' }, ...(edition ? { edition } : {}) });
    act(t, 'alice', 'end-turn');
    t.try({ type: 'move', by: player('bob'), args: { path: 'c4' } });
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    act(t, 'alice', 'orders', { action: 'give', orders: 'move d3' });
    return t;
  };

  it('4 T-30: the end of the nday does not carry them out; both turns end at their deadline, alike for everyone else', () => {
    const a = play('c5');
    const b = play('e4');
    expect(question(a, 'alice')).toMatch(/mole next to you/);
    expect(question(b, 'alice')).toBeUndefined();
    for (const t of [a, b]) {
      t.tick(); // the end of nday 1, in which alice's second turn began
      expect(rules(t).turn?.player).toBe('alice');
      expect(mole(t, 'alice')?.at).toBe('c3');
    }
    expect(outsideView(a, BYSTANDERS)).toBe(outsideView(b, BYSTANDERS));
    for (const t of [a, b]) {
      t.tick(); // the end of nday 2: the deadline
      expect(rules(t).turn?.player).toBe('bob');
    }
    expect(outsideView(a, BYSTANDERS)).toBe(outsideView(b, BYSTANDERS));
    b.expectConsistent();
  });

  it('edition 2: the orders ran at the end of nday 1 where no question was pending, and that turn ended a day early', () => {
    const a = play('c5', 2);
    const b = play('e4', 2);
    for (const t of [a, b]) t.tick();
    expect(rules(a).turn?.player).toBe('alice');
    expect(rules(b).turn?.player).toBe('bob');
    expect(mole(b, 'alice')?.at).toBe('d3');
    expect(outsideView(a, BYSTANDERS)).not.toBe(outsideView(b, BYSTANDERS));
    b.expectConsistent();
  });
});
