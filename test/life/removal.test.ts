// Ruling L21 (issue 16, the Administrator's remove-player, K15): a Field Match's text says nothing of a player
// who leaves; a removed player is no longer among the match's players (its views, who may act, who wins), and
// what e did to the Field stays done.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import { cells, lifeGame, tweak } from '../support/harness/life.js';

const OPENING = ['RRGBB', 'RGGBB', 'RRGBB', 'GGGBB', 'RRGBB'];

describe('L21: a player removed from a Field Match', () => {
  it('L21: e is no longer shown, awaited or able to act; the Field keeps what e did', () => {
    const t = lifeGame({ players: { alice: 'R', bob: 'G', carol: 'B' }, field: OPENING, evolved: [] });
    const field = cells(t);
    t.admin('remove-player', { player: 'BOB', reason: 'left' });
    const view = t.view(PUBLIC) as {
      players: { name: string }[];
      awaiting?: { players: { name: string }[] };
    };
    expect(view.players.map((p) => p.name)).toEqual(['alice', 'carol']);
    expect(view.awaiting?.players.map((p) => p.name) ?? []).not.toContain('bob');
    expect(cells(t)).toEqual(field);
    expect(t.fail(tweak('bob', 1, 1)).code).toBe('unknown-player');
    t.expectConsistent();
  });
});
