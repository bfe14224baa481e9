// Ruling K13 with K4, through the referee and a store (issue 16: "old logs that contain two players differing
// only in case must still replay and verify identically — a new edition gets the new reading, old games keep
// theirs"): a game created under kernel edition 1 keeps "Alice" and "alice" apart, is stored, read back by
// another referee and verified; a new game beside it refuses the second name.
import { describe, expect, it } from 'vitest';
import { ADMIN, player } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

describe('K13, K4 through a store', () => {
  it('K13, K4: an edition-1 game with Alice and alice replays and verifies; a new game refuses the second', async () => {
    const store = new SqliteStore(':memory:');
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    const ok = async (game: string, c: Parameters<Referee['submit']>[1]) => {
      const r = await referee.submit(game, c);
      if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
      return r.value;
    };
    await ok('old', {
      type: 'create',
      by: ADMIN,
      args: { game: 'old', ruleset: 'grid-2002-01', kernelEdition: 1 },
    });
    await ok('old', { type: 'join', by: player('Alice'), args: {} });
    await ok('old', { type: 'join', by: player('alice'), args: {} });
    await ok('old', { type: 'enter', by: player('alice'), args: { x: 3, y: 3 } });
    await ok('old', { type: 'enter', by: player('Alice'), args: { x: 7, y: 7 } });
    expect((await referee.state('old')).players).toEqual(['Alice', 'alice']);
    expect(await referee.verify('old')).toMatchObject({ ok: true, problems: [] });
    // Read back by another referee over the same store: the same state.
    const again = new Referee(store, defaultRegistry(), systemEntropy);
    expect(await again.state('old')).toEqual(await referee.state('old'));

    await ok('new', { type: 'create', by: ADMIN, args: { game: 'new', ruleset: 'grid-2002-01' } });
    await ok('new', { type: 'join', by: player('Alice'), args: {} });
    const second = await referee.submit('new', { type: 'join', by: player('alice'), args: {} });
    expect(second.ok ? undefined : second.error.code).toBe('already-joined');
    expect(await referee.verify('new')).toMatchObject({ ok: true });
    await store.close();
  });
});
