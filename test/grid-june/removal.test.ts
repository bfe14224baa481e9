// Ruling R-J34 (issue 16, the Administrator's remove-player, K15): in the June Grid a removed player goes to
// Limbo from wherever e is, first dropping everything e holds (B.3: "If a player leaves the grid, e first drops
// all carryable objects in eir possession"); eir points stay eirs.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import { at, june, placeOf, points, give } from '../support/harness/june.js';

describe('R-J34: a player removed from the June Grid', () => {
  it('R-J34: e drops what e holds where e stands, then goes to Limbo; eir points stay', () => {
    const t = june({ stick: [5, 5], shield: [20, 20], players: { alice: [5, 5], bob: [9, 9] } });
    t.act('alice', 'pickup', { object: 'big-stick' });
    give(t, 'alice', 4);
    const events = t.admin('remove-player', { player: 'ALICE', reason: 'left the Main Game' }).events;
    expect(events.slice(0, 2).map((e) => e.type)).toEqual(['command', 'player-removed']);
    expect(at(t, 'alice')).toBeNull();
    expect(placeOf(t, 'player:alice')).toEqual({ limbo: true });
    expect(placeOf(t, 'big-stick')).toEqual({ on: [5, 5] });
    expect(points(t, 'alice')).toBe(4);
    expect(t.kernel.logView(t.entries, PUBLIC).at(1 - events.length)?.text).toBe(
      'The Administrator removes alice from the game: left the Main Game.',
    );
    t.expectConsistent();
  });

  it("K13 in the June Grid: a player's body is named player:NAME in any case (a Whack, a pick-up)", () => {
    const t = june({ stick: [5, 5], shield: [20, 20], players: { alice: [5, 5], Bob: [6, 6] } });
    t.act('ALICE', 'pickup', { object: 'big-stick' });
    const whack = t.act('alice', 'whack', { target: 'bob' }, [1]).events;
    expect(whack[0]).toMatchObject({ command: { by: { name: 'alice' }, args: { target: 'Bob' } } });
    expect(whack.find((e) => e.type === 'whacked')).toMatchObject({ player: 'alice', target: 'player:Bob' });
    t.expectConsistent();
  });
});
