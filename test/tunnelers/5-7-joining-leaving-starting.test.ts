// 5. Joining a Game, 6. Leaving a Game, 7. Starting a Game; the society's ledger.
import { describe, expect, it } from 'vitest';
import { ledgerTotal, player } from '../../src/core/index.js';
import { adjacent } from '../../src/rulesets/tunnelers/board.js';
import {
  act,
  hand,
  keep,
  members,
  mole,
  points,
  refused,
  rules,
  sq,
  started,
  drawsFor,
  viewOf,
  gathering,
} from '../support/harness/tunnelers.js';
import type { Table } from '../support/table.js';

const SOCIETY = 'The Underground Society';

/**
 * alice on a1 with two teleports (XO) in hand, bob on h8, carol on e5, the deck's top `next`: alice teleports into
 * rock twice in each of her first two turns (T-15: each costs 1 health), and her mole is left with health 1.
 */
function digsAtHerself(next: string): Table {
  const t = started({
    moles: { alice: 'a1', bob: 'h8', carol: 'e5' },
    hands: ['XOXOX', 'OTQSX', 'OTQSX'],
    next,
  });
  act(t, 'alice', 'play', { cards: 'XO', target: 'a3' });
  act(t, 'alice', 'play', { cards: 'XO', target: 'a5' });
  for (const name of ['alice', 'bob', 'carol']) act(t, name, 'end-turn');
  act(t, 'alice', 'play', { cards: 'XO', target: 'a7' });
  act(t, 'alice', 'play', { cards: 'XO', target: 'c7' });
  return t;
}

describe('The Underground Society: members (T-22, T-23)', () => {
  it('T-22 "Players of the game that contains this society can request to join this society": joining the game is a request, public, and makes no player', () => {
    const t = gathering();
    const joined = t.join('alice');
    expect(t.game.players).toEqual(['alice']);
    const request = t.entries.find((e) => e.event.type === 'membership-requested');
    expect(request?.event).toMatchObject({ vis: 'public', player: 'alice' });
    expect(rules(t).requests).toEqual(['alice']);
    expect(rules(t).members).toEqual([]);
    expect(rules(t).order).toEqual([]);
    expect(points(t, 'alice')).toBe(0);
    expect(points(t, SOCIETY)).toBe(0);
    expect(viewOf(t, { role: 'public' })).toMatchObject({ members: [], requests: ['alice'], players: [] });
    expect(joined).toBeUndefined();
    // Not yet a member: e may not pay to play, whatever e has.
    t.admin('points', { to: 'alice', amount: 10, reason: "alice's points in the Main Game" });
    expect(refused(t, 'alice', 'pay-to-play')).toBe('not-a-member');
    t.expectConsistent();
  });

  it('T-22 "and will become members upon the approval of the Moderator": the approval is logged and public', () => {
    const t = gathering({ requests: ['alice', 'bob'] });
    t.admin('approve', { player: 'bob' });
    t.admin('approve', { player: 'alice' });
    const approvals = t.entries.filter((e) => e.event.type === 'membership-approved');
    expect(approvals.map((e) => [e.event.vis, e.event.player])).toEqual([
      ['public', 'bob'],
      ['public', 'alice'],
    ]);
    // The longest duration first: bob was approved first.
    expect(rules(t).members).toEqual(['bob', 'alice']);
    expect(rules(t).requests).toEqual([]);
    const lines = t.kernel.logView(t.entries, { role: 'public' }).map((l) => l.text);
    expect(lines).toContain('The Moderator approves: bob is a member of the Underground Society.');
    expect(t.refuseAdmin('approve', { player: 'bob' }).code).toBe('no-request');
    expect(t.refuseAdmin('approve', { player: 'zed' }).code).toBe('no-request');
    t.expectConsistent();
  });

  it('T-22 the Moderator may refuse a request: logged and public; the player may ask again', () => {
    const t = gathering({ requests: ['alice'] });
    expect(refused(t, 'alice', 'request-membership')).toBe('already-requested');
    t.admin('refuse', { player: 'alice' });
    const refusal = t.entries.find((e) => e.event.type === 'membership-refused');
    expect(refusal?.event).toMatchObject({ vis: 'public', player: 'alice' });
    expect(rules(t).requests).toEqual([]);
    expect(rules(t).members).toEqual([]);
    t.admin('points', { to: 'alice', amount: 4, reason: "alice's points in the Main Game" });
    expect(refused(t, 'alice', 'pay-to-play')).toBe('not-a-member');
    expect(refused(t, 'alice', 'join')).toBe('already-joined');
    act(t, 'alice', 'request-membership');
    expect(rules(t).requests).toEqual(['alice']);
    t.admin('approve', { player: 'alice' });
    expect(refused(t, 'alice', 'request-membership')).toBe('already-member');
    expect(refused(t, 'zed', 'request-membership')).toBe('unknown-player'); // join first: that is the request
    t.expectConsistent();
  });

  it('T-23 "The member of longest duration in this society is known as the Moderator": the Administrator gives the Moderator\'s orders; a player cannot approve', () => {
    const t = gathering({ requests: ['alice', 'bob'] });
    t.admin('approve', { player: 'alice' });
    expect(t.refuse('alice', 'approve', { player: 'bob' }).code).toBe('not-allowed');
    expect(t.refuse('alice', 'refuse', { player: 'bob' }).code).toBe('not-allowed');
    expect(rules(t).requests).toEqual(['bob']);
  });
});

describe('5. Joining a Game', () => {
  it('5 "Members of this society may pay four points to the society to become a player": paid to the society; before the start added to the end of the list', () => {
    const t = gathering({ members: ['alice', 'bob'] });
    expect(rules(t).order).toEqual([]);
    act(t, 'bob', 'pay-to-play');
    act(t, 'alice', 'pay-to-play');
    expect(rules(t).order).toEqual(['bob', 'alice']);
    expect(points(t, 'alice')).toBe(0);
    expect(points(t, SOCIETY)).toBe(8);
    expect(rules(t).moles).toEqual([]);
    expect(ledgerTotal(t.game.balances)).toBe(0);
    expect(refused(t, 'alice', 'pay-to-play')).toBe('already-playing');
    expect(points(t, SOCIETY)).toBe(8);
    t.expectConsistent();
  });

  it('5 T-25: a member with fewer than four points cannot pay what e does not have; nothing changes', () => {
    const t = gathering({ requests: ['alice'] });
    t.admin('approve', { player: 'alice' });
    t.admin('points', { to: 'alice', amount: 3, reason: "alice's points in the Main Game" });
    const e = t.refuse('alice', 'pay-to-play');
    expect(e.code).toBe('cannot-pay');
    expect(e.message).toContain('has 3 points');
    expect(points(t, 'alice')).toBe(3);
    expect(points(t, SOCIETY)).toBe(0);
    t.admin('points', { to: 'alice', amount: 1, reason: "alice's points in the Main Game" });
    act(t, 'alice', 'pay-to-play');
    expect([points(t, 'alice'), points(t, SOCIETY)]).toEqual([0, 4]);
  });

  it('5 joining a running game: placed at random (not next to a mole), five cards, after the last player to finish a turn', () => {
    const t = started({ moles: { alice: 'a1', bob: 'c3', carol: 'h8' }, next: 'QQQQQ' });
    act(t, 'alice', 'end-turn');
    // bob's turn is under way; alice was the last to finish one. dave's first roll (b3) is next to bob: rolled again.
    members(t, 'dave');
    t.ok({ type: 'pay-to-play', by: player('dave'), args: {}, rolls: [sq('b3'), sq('e5')] });
    expect(rules(t).order).toEqual(['alice', 'dave', 'bob', 'carol']);
    expect(mole(t, 'dave')?.at).toBe('e5');
    expect(hand(t, 'dave')).toEqual(['Q', 'Q', 'Q', 'Q', 'Q']);
    expect(points(t, SOCIETY)).toBe(16);
    const placed = t.entries.find((e) => e.event.type === 'mole-placed' && e.event.player === 'dave');
    expect(placed?.event.vis).toBe('admin');
    expect(placed?.event.rolls).toHaveLength(2);
    // The order goes on: bob, carol, alice, then dave.
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    act(t, 'alice', 'end-turn');
    expect(rules(t).turn?.player).toBe('dave');
    t.expectConsistent();
  });

  it("5 the Moderator's discretion: a square chosen beforehand with place-next", () => {
    const t = started({ moles: { alice: 'a1', bob: 'c3' } });
    t.admin('place-next', { player: 'dave', square: 'D4' });
    members(t, 'dave');
    act(t, 'dave', 'pay-to-play');
    expect(mole(t, 'dave')?.at).toBe('d4');
    expect(rules(t).reserved).toEqual({});
    const order = t.entries.find((e) => e.event.type === 'placement-reserved');
    expect(order?.event.vis).toBe('admin');
    expect(t.refuseAdmin('place-next', { player: 'dave', square: 'e5' }).code).toBe('already-playing');
  });

  it('5 the game cannot have more than 10 players at a time', () => {
    const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'];
    const t = gathering({ players: [...names] });
    members(t, 'p11');
    expect(refused(t, 'p11', 'pay-to-play')).toBe('game-full');
    expect(points(t, SOCIETY)).toBe(40);
  });

  it('5 edition 1: an eleventh join is refused (game-full) and leaves no trace: no player, no points paid', () => {
    // K4: before edition 2 joining made a player at once, so the join itself is what a full game refuses (the
    // module's onJoin returns the refusal; the kernel drops the whole join with its player-joined).
    const names = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9', 'p10'];
    const t = gathering({ players: [...names], edition: 1 });
    const before = t.entries.length;
    const error = t.refuse('p11', 'join');
    expect(error).toEqual({
      code: 'game-full',
      message: 'the game cannot have more than 10 players at a time',
    });
    expect(t.entries.length).toBe(before);
    expect(t.game.players).not.toContain('p11');
    expect(points(t, SOCIETY)).toBe(40);
  });

  it('5 T-24: a member whose mole was killed is still a member and may pay four points to play again', () => {
    // alice teleports into rock five times: her mole is dead.
    const t = digsAtHerself('OXOX OXOX SSSSS');
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    act(t, 'alice', 'play', { cards: 'XO', target: 'c5' });
    expect(rules(t).dead).toEqual(['alice']);
    expect(rules(t).members).toContain('alice');
    act(t, 'bob', 'end-turn'); // bob is now the last to have completed a turn
    expect(refused(t, 'alice', 'pay-to-play')).toBe('cannot-pay');
    t.admin('points', { to: 'alice', amount: 4, reason: "alice's points in the Main Game" });
    t.admin('place-next', { player: 'alice', square: 'b1' });
    act(t, 'alice', 'pay-to-play');
    expect(rules(t).dead).toEqual([]);
    expect(rules(t).order).toEqual(['bob', 'alice', 'carol']);
    expect(mole(t, 'alice')).toMatchObject({ at: 'b1', health: 5 });
    // Where the Moderator placed her is hers and the Moderator's alone (as for any latecomer, T-16).
    for (const viewer of [{ role: 'public' } as const, player('bob'), player('carol')]) {
      const seen = t.kernel.logView(t.entries, viewer).map((l) => l.text);
      expect(seen.join('\n')).not.toMatch(/\bb1\b/);
      expect(JSON.stringify(viewOf(t, viewer))).not.toMatch(/\bb1\b/);
    }
    const hers = t.kernel.logView(t.entries, player('alice')).map((l) => l.text);
    expect(hers.join('\n')).toContain('Your mole is placed at b1.');
    expect(hand(t, 'alice')).toEqual(['S', 'S', 'S', 'S', 'S']);
    expect(points(t, SOCIETY)).toBe(12 - 1 + 4);
    expect(refused(t, 'alice', 'pay-to-play')).toBe('already-playing');
    act(t, 'carol', 'end-turn');
    act(t, 'bob', 'end-turn');
    expect(rules(t).turn?.player).toBe('alice');
    t.expectConsistent();
  });

  it('5 K4: a game created under edition 1 keeps the old reading: joining pays four points and lists the player at once', () => {
    const t = gathering({ edition: 1, requests: ['alice', 'bob'] });
    expect(rules(t).order).toEqual(['alice', 'bob']);
    expect(rules(t).requests).toEqual([]);
    expect(points(t, 'alice')).toBe(-4);
    expect(points(t, SOCIETY)).toBe(8);
    expect(t.entries.some((e) => e.event.type === 'membership-requested')).toBe(false);
    expect(refused(t, 'alice', 'request-membership')).toBe('not-allowed');
    t.admin('start', {}, [...keep(2), ...keep(60), sq('a1'), sq('h8')]);
    expect(rules(t).started).toBe(true);
    t.admin('moderator-leaves');
    expect([points(t, 'alice'), points(t, 'bob')]).toEqual([0, 0]);
    t.expectConsistent();
  });
});

describe('7. Starting a Game', () => {
  it('7 the player list is randomized, each player receives five cards, moles are placed with no two adjacent', () => {
    const t = gathering({ players: ['alice', 'bob', 'carol'] });
    expect(refused(t, 'alice', 'move', { path: 'a2' })).toBe('not-started');
    // The list becomes carol, alice, bob; alice's first square (b2) is next to carol's (b1): rolled again.
    t.admin('start', {}, [...drawsFor([2, 0, 1]), ...keep(60), sq('b1'), sq('b2'), sq('d4'), sq('g7')]);
    expect(rules(t).order).toEqual(['carol', 'alice', 'bob']);
    expect(rules(t).started).toBe(true);
    expect(mole(t, 'carol')?.at).toBe('b1');
    expect(mole(t, 'alice')?.at).toBe('d4');
    expect(mole(t, 'bob')?.at).toBe('g7');
    for (const p of ['alice', 'bob', 'carol']) expect(hand(t, p)).toHaveLength(5);
    expect(hand(t, 'carol')).toEqual(['O', 'O', 'O', 'O', 'O']);
    const moles = rules(t).moles;
    for (const a of moles) for (const b of moles) if (a !== b) expect(adjacent(a.at, b.at)).toBe(false);
    expect(rules(t).turn?.player).toBe('carol');
    const orderSet = t.entries.find((e) => e.event.type === 'order-set');
    expect(orderSet?.event.vis).toBe('public');
    expect(t.refuseAdmin('start').code).toBe('already-started');
    t.expectConsistent();
  });

  it('7 T-13: a game needs two players to start', () => {
    const t = gathering({ players: ['alice'] });
    expect(t.refuseAdmin('start', {}, [1]).code).toBe('too-few-players');
  });
});

describe('6. Leaving a Game', () => {
  it("6 the last mole left takes the society's points, and the game is over; the society ends at zero", () => {
    const t = started({ moles: { alice: 'c3', bob: 'c6' }, hands: ['TTTTO', 'QQSSX'], next: 'Q TTTTO' });
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'move', { path: 'c5' });
    act(t, 'bob', 'end-turn');
    act(t, 'alice', 'move', { path: 'c4' });
    act(t, 'alice', 'play', { cards: 'TTTT' });
    act(t, 'alice', 'attack', { target: 'c5', cards: 'O' });
    act(t, 'bob', 'defend', { card: 'none' }); // 2 damage: 3 left
    act(t, 'alice', 'end-turn'); // out of cards and movement points (T-29)
    act(t, 'bob', 'end-turn');
    act(t, 'alice', 'attack', { target: 'c5', cards: 'TT' });
    act(t, 'bob', 'defend', { card: 'none' }); // 1 left
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    act(t, 'bob', 'defend', { card: 'none' }); // dead
    expect(t.game.ended).toEqual({ winners: ['alice'], reason: "alice's mole is the last surviving mole" });
    expect(points(t, SOCIETY)).toBe(0);
    // alice: 4 - 4 + 2 (the kill) + 8 - 2 - 1 = 7; the Moderator 1; bob 4 - 4 = 0.
    expect(points(t, 'alice')).toBe(7);
    expect(points(t, 'The Moderator')).toBe(1);
    expect(points(t, 'bob')).toBe(0);
    expect(ledgerTotal(t.game.balances)).toBe(0);
    expect(t.entries.some((e) => e.event.type === 'seed-revealed')).toBe(false); // manual dice: nothing to reveal
    t.expectConsistent();
  });

  it('6 T-15: a mole killed by its own teleport has no killer: only the Moderator is paid', () => {
    // Each teleport into rock costs 1 health: alice digs away at herself (4, 3, 2, 1).
    const t = digsAtHerself('OXOX OXOX');
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn');
    const before = points(t, SOCIETY);
    act(t, 'alice', 'play', { cards: 'XO', target: 'c5' }); // 0: dead
    expect(rules(t).dead).toEqual(['alice']);
    expect(points(t, SOCIETY)).toBe(before - 1);
    expect(points(t, 'The Moderator')).toBe(1);
    expect(rules(t).turn?.player).toBe('bob');
  });

  it('6 a mole killed by its own Standing Order: the turn passes on', () => {
    const t = digsAtHerself('OXOX OXOX'); // health 1
    act(t, 'alice', 'orders', { action: 'give', orders: 'play XO c5; discard O' });
    act(t, 'alice', 'end-turn');
    act(t, 'bob', 'end-turn');
    act(t, 'carol', 'end-turn'); // alice's turn: her order kills her mole
    expect(rules(t).dead).toEqual(['alice']);
    expect(rules(t).turn?.player).toBe('bob');
    expect(rules(t).questions).toEqual({});
    t.expectConsistent();
  });

  it("6 T-17: when the last two moles die together, their players share the society's points", () => {
    // Each teleport into the other mole costs both a health point: the fifth kills both.
    const t = started({ moles: { alice: 'c3', bob: 'c5' }, hands: ['XOXOX', 'OTQSO'], next: 'OXOX OXOX' });
    const crash = () => act(t, 'alice', 'play', { cards: 'XO', target: 'c5' });
    const round = () => {
      act(t, 'alice', 'end-turn');
      act(t, 'bob', 'end-turn');
    };
    crash();
    crash();
    round();
    crash();
    crash();
    round();
    expect([mole(t, 'alice')?.health, mole(t, 'bob')?.health]).toEqual([1, 1]);
    crash();
    expect(rules(t).moles).toEqual([]);
    expect(t.game.ended).toEqual({ winners: [], reason: 'no mole survives' });
    // 8 in; 2 to alice for bob's mole, 1 + 1 to the Moderator; the 4 left shared.
    expect(points(t, SOCIETY)).toBe(0);
    expect([points(t, 'alice'), points(t, 'bob'), points(t, 'The Moderator')]).toEqual([4, 2, 2]);
    t.expectConsistent();
  });

  it("6 the Moderator leaving ends the game and shares the society's points evenly (T-18: the rest one each, in list order)", () => {
    const t = started({ moles: { alice: 'a1', bob: 'c3', carol: 'e5' } });
    t.admin('points', { from: SOCIETY, to: 'alice', amount: 1, reason: 'a test adjustment' }); // 11 left
    t.admin('moderator-leaves');
    expect(t.game.ended?.reason).toBe('the Moderator left the society');
    expect(points(t, SOCIETY)).toBe(0);
    expect([points(t, 'alice'), points(t, 'bob'), points(t, 'carol')]).toEqual([1 + 4, 4, 3]);
    expect(ledgerTotal(t.game.balances)).toBe(0);
    t.expectConsistent();
  });
});
