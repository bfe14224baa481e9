// Ruling H12 (issue 16, the Administrator's remove-player, K15): in rooms (and Quests) a removed player leaves
// the map; if it was eir turn it ends as the Administrator's skip ends it and the next player's begins; the
// tokens e carried are left in eir room. Eir tallies stay in the ledger.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import { carrying, host, lying, quests, roomOf, rooms } from '../support/harness/quests.js';

describe('H12: a player removed from a rooms game', () => {
  it('H12: on eir turn: the turn ends, the next begins; eir tokens stay in eir room', () => {
    const t = rooms({ players: ['alice', 'bob', 'carol'] });
    t.admin('place-token', { room: 'Hall', name: 'lamp' });
    t.act('alice', 'pick-up', { token: 'lamp' });
    t.act('alice', 'move', { to: 'library' });
    expect(carrying(t, 'alice')).toEqual(['lamp']);
    const types = t.admin('remove-player', { player: 'Alice', reason: 'gone' }).events.map((e) => e.type);
    expect(types).toEqual(['command', 'player-removed', 'turn-ended', 'turn-began', 'left-map']);
    expect(host(t).turn?.player).toBe('bob');
    expect(roomOf(t, 'alice')).toBeUndefined();
    expect(lying(t, 'Library')).toEqual(['lamp']);
    expect(t.kernel.logView(t.entries, PUBLIC).at(-1)?.text).toBe(
      'alice leaves the map from Library, leaving lamp (#1) there.',
    );
    // The turn after bob's is carol's, then bob's again.
    t.act('bob', 'end-turn');
    expect(host(t).turn?.player).toBe('carol');
    t.act('carol', 'end-turn');
    expect(host(t).turn?.player).toBe('bob');
    t.expectConsistent();
  });

  it('H12: off turn, or the last player: e leaves the map; with no one left, no turn goes on', () => {
    const t = quests({ players: ['alice', 'bob'] });
    t.admin('remove-player', { player: 'bob', reason: 'gone' });
    expect(host(t).turn?.player).toBe('alice');
    expect(host(t).places.map((p) => p.player)).toEqual(['alice']);
    t.admin('remove-player', { player: 'alice', reason: 'gone too' });
    expect(host(t).turn).toBeNull();
    expect(host(t).places).toEqual([]);
    t.expectConsistent();
  });
});
