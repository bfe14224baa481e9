// Ruling T-31 (issue 16: the Administrator removes a player, K15): a member removed leaves the player list, the
// society and the board, eir cards discarded; a removal is no kill (no bounty, no Moderator's point); eir turn
// ends and the next begins; an attack waiting for eir defence is answered with no card, an attack of eirs
// comes to nothing; one mole left takes the society's points. And K14 beside the society's own approval.
import { describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC, player } from '../../src/core/index.js';
import { SOCIETY, MODERATOR } from '../../src/rulesets/tunnelers/leaving.js';
import { tunnelersRuleset } from '../../src/rulesets/tunnelers/index.js';
import {
  act,
  hand,
  mole,
  points,
  question,
  refused,
  rules,
  started,
  Table,
  gathering,
  sideBySide,
} from '../support/harness/tunnelers.js';

const remove = (t: Table, name: string, reason = 'removed by the Moderator') =>
  t.admin('remove-player', { player: name, reason });

describe('T-31: a member removed by the Moderator', () => {
  it('T-31 off turn: eir mole leaves the board and eir cards are discarded; no bounty, no point to the Moderator', () => {
    const t = started({ moles: { alice: 'a1', bob: 'c6', carol: 'h8' } });
    const pot = points(t, SOCIETY);
    const events = remove(t, 'BOB', 'left the Main Game').events;
    expect(events.map((e) => e.type)).toEqual(['command', 'player-removed', 'member-removed']);
    expect(events[2]).toMatchObject({ vis: 'public', player: 'bob', mole: true });
    expect(t.kernel.logView(t.entries, PUBLIC).at(-1)?.text).toBe(
      'bob leaves the Underground Society and the game of Tunnelers: eir mole leaves the board and eir cards are discarded.',
    );
    expect(mole(t, 'bob')).toBeUndefined();
    expect(hand(t, 'bob')).toEqual([]);
    expect(rules(t).discard).toEqual(['O', 'T', 'Q', 'S', 'X']);
    expect(rules(t).order).toEqual(['alice', 'carol']);
    expect(rules(t).members).toEqual(['alice', 'carol']);
    expect(points(t, SOCIETY)).toBe(pot);
    expect(points(t, MODERATOR)).toBe(0);
    // alice's turn goes on; the turn after it is carol's.
    expect(rules(t).turn?.player).toBe('alice');
    act(t, 'alice', 'end-turn');
    expect(rules(t).turn?.player).toBe('carol');
    expect(refused(t, 'bob', 'end-turn')).toBe('unknown-player');
    t.expectConsistent();
  });

  it("T-31 on eir turn: the turn ends in public and the next living player's begins", () => {
    const t = started({ moles: { alice: 'a1', bob: 'c6', carol: 'h8' } });
    act(t, 'alice', 'end-turn');
    expect(rules(t).turn?.player).toBe('bob');
    const types = remove(t, 'bob').events.map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['command', 'player-removed', 'turn-ended', 'member-removed']);
    expect(types).toContain('turn-began');
    expect(rules(t).turn?.player).toBe('carol');
    t.expectConsistent();
  });

  it("T-31 with two moles: the one left takes the society's points and the game is over", () => {
    const t = started({ moles: { alice: 'a1', bob: 'c6' } });
    const pot = points(t, SOCIETY);
    const alice = points(t, 'alice');
    remove(t, 'alice');
    expect(t.game.ended).toEqual({ winners: ['bob'], reason: "bob's mole is the last surviving mole" });
    expect(points(t, 'bob')).toBe(pot);
    expect(points(t, 'alice')).toBe(alice);
    t.expectConsistent();
  });

  it('T-31 an attack waiting for the removed defender is answered with no card (4: as if e had done nothing)', () => {
    const t = sideBySide();
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    expect(question(t, 'bob')).toMatch(/attacks your mole/);
    const types = remove(t, 'bob').events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['defence-committed', 'combat-revealed', 'member-removed']));
    expect(rules(t).combat).toBeNull();
    expect(mole(t, 'bob')).toBeUndefined();
    expect(rules(t).turn?.player).toBe('alice');
    t.expectConsistent();
  });

  it("T-31 an attack of the removed player's, waiting for its defence, comes to nothing; its cards are discarded", () => {
    const t = sideBySide();
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T O' });
    const events = remove(t, 'alice').events;
    const withdrawn = events.find((e) => e.type === 'attack-withdrawn');
    expect(withdrawn?.vis).toEqual({ players: ['alice', 'bob'] });
    expect(rules(t).combat).toBeNull();
    expect(question(t, 'bob')).toBeUndefined();
    expect(rules(t).told.bob).toContain(
      'The attack on your mole comes to nothing: its player has been removed from the game.',
    );
    expect(mole(t, 'bob')?.health).toBe(5);
    expect(rules(t).discard).toEqual(expect.arrayContaining(['T', 'O']));
    expect(rules(t).turn?.player).toBe('bob');
    t.expectConsistent();
  });

  it('T-31 before the start, and a member who never paid: e leaves the list and the society; the fee stays paid', () => {
    const t = gathering({ members: ['alice', 'bob'] });
    act(t, 'alice', 'pay-to-play');
    t.join('carol');
    remove(t, 'alice');
    expect(rules(t).order).toEqual([]);
    expect(points(t, SOCIETY)).toBe(4);
    remove(t, 'bob');
    remove(t, 'carol');
    expect(rules(t).members).toEqual([]);
    expect(rules(t).requests).toEqual([]);
    expect(t.game.players).toEqual([]);
    t.expectConsistent();
  });

  it('T-31 the removed player can still read what e saw, and nothing new of the board', () => {
    const t = started({ moles: { alice: 'a1', bob: 'c6', carol: 'h8' } });
    remove(t, 'bob');
    const view = t.kernel.view(t.game, player('bob'));
    expect(JSON.stringify(view)).not.toMatch(/"a1"|"h8"/);
    expect(t.kernel.render(t.game, view)).toBeTypeOf('string');
  });
});

describe("K14 in Tunnelers: the game's approval comes before the society's (T-22)", () => {
  it('K14, T-22: with approval, joining asks the Administrator first; once approved, e asks to join the society', () => {
    const t = new Table([tunnelersRuleset]);
    t.create('tunnelers', { dice: 'manual', joins: 'approval' });
    t.join('Alice');
    expect(t.game.players).toEqual([]);
    expect(rules(t).requests).toEqual([]);
    const approved = t.ok({ type: 'approve-join', by: ADMIN, args: { player: 'alice' } }).events;
    expect(approved.map((e) => e.type)).toEqual([
      'command',
      'join-approved',
      'player-joined',
      'membership-requested',
    ]);
    // The society's own approval, named in any case.
    t.admin('approve', { player: 'ALICE' });
    expect(rules(t).members).toEqual(['Alice']);
    t.expectConsistent();
  });
});
