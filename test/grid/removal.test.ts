// Ruling R13 (issue 16, the Administrator's remove-player, K15): in the January Grid a removed player leaves the
// Grid as by eir own `leave` (R8: a move e announced is withdrawn, and so never made); eir points stay eirs.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import { at, grid } from '../support/harness/grid.js';

describe('R13: a player removed from the January Grid', () => {
  it('R13: on the Grid, e leaves it for Limbo, eir announced move withdrawn; eir points stay', () => {
    const t = grid({ players: { alice: [5, 5], bob: null } });
    t.act('alice', 'move', { x: 6, y: 6 });
    t.admin('points', { to: 'alice', amount: 3, reason: 'a prize' });
    const events = t.admin('remove-player', { player: 'Alice', reason: 'asked to leave' }).events;
    expect(events.map((e) => e.type)).toEqual(['command', 'player-removed', 'left']);
    expect(
      t.kernel
        .logView(t.entries, PUBLIC)
        .slice(-2)
        .map((l) => l.text),
    ).toEqual([
      'The Administrator removes alice from the game: asked to leave.',
      'alice leaves the Grid from (5,5) for Limbo.',
    ]);
    t.tick(true);
    expect(at(t, 'alice')).toBeNull();
    expect(t.game.balances.alice).toBe(3);
    // The view lists the players of the game: alice is no longer one.
    expect(JSON.stringify(t.view(PUBLIC).players)).not.toContain('alice');
    t.expectConsistent();
  });

  it('R13: in Limbo, nothing more happens to the Grid', () => {
    const t = grid({ players: { alice: null } });
    expect(t.admin('remove-player', { player: 'alice', reason: 'x' }).events.map((e) => e.type)).toEqual([
      'command',
      'player-removed',
    ]);
    t.expectConsistent();
  });
});
