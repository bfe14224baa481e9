// Issue 16: a Referee over a SQLite file hears of the commands the CLI gives beside it (another process, the
// built `referee`), through the store's lookout, and decides its next command on the state they left. The
// lookout's poll runs on simulated time; the CLI has finished before the clock moves, so nothing here waits on
// the machine's speed: the tests wait for what the Referee tells.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { POLL_MS } from '../../src/store/sqlite/others.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { Cli, FAR_CORNER, placementRolls, removeTempDirs } from '../support/cli.js';
import { SimulatedTime } from '../support/simulated-time.js';

const cleanups = cleanupsAfterEach();
afterAll(removeTempDirs);

/** A game made with the CLI, and a Referee of this process over the same file, looking out on simulated time. */
function beside(games: readonly string[] = ['g1']) {
  const cli = new Cli();
  for (const game of games) {
    cli.ok('new', 'grid-2002-01', '--game', game, '--dice', 'manual', '--rolls', placementRolls(FAR_CORNER));
    cli.ok('join', game, 'alice');
  }
  const time = new SimulatedTime();
  const store = new SqliteStore(cli.dbPath, {
    sync: 'normal',
    lookout: { setTimer: (ms, fn) => time.setTimer(ms, fn) },
  });
  cleanups.push(() => store.close());
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  return { cli, time, store, referee };
}

const join = (name: string): Command => ({ type: 'join', by: player(name), args: {} });

/** Resolves with the entries the Referee tells of `game` the next time it tells any. */
const nextTold = (referee: Referee, game: string): Promise<readonly LogEntry[]> =>
  new Promise((resolve) => {
    const stop = referee.onAppend((_, entries) => {
      stop();
      resolve(entries);
    }, game);
  });

describe('a Referee beside the CLI on one SQLite file (issue 16)', () => {
  it('looks out only while someone follows a game: no timer otherwise', async () => {
    const { referee, store, time } = beside();
    await referee.watch(); // the server's check that the store can be watched: no timer by itself
    expect(store.lookingForOthers).toBe(false);
    expect(time.next()).toBeUndefined();
    const a = referee.onAppend(() => undefined, 'g1');
    const b = referee.onAppend(() => undefined);
    expect(store.lookingForOthers).toBe(true);
    a();
    expect(store.lookingForOthers).toBe(true);
    b();
    expect(store.lookingForOthers).toBe(false);
    expect(time.next()).toBeUndefined();
  });

  it("a followed game: the CLI's command is told at the next poll, and the next command is decided on it", async () => {
    const { cli, referee, store, time } = beside();
    expect((await referee.state('g1')).players).toEqual(['alice']);
    const told = nextTold(referee, 'g1');
    const bobJoins = cli.ok('join', 'g1', 'bob');
    expect(bobJoins).toContain('bob');
    time.advance(POLL_MS);
    const entries = await told;
    expect(entries.map((e) => e.event.type)).toContain('player-joined');
    // The cached state moved on without a read: what the process knows is what the store has.
    expect((await referee.knownState('g1')).players).toEqual(['alice', 'bob']);
    const append = vi.spyOn(store, 'append');
    const again = await referee.submit('g1', join('bob'));
    expect(again.ok ? 'accepted' : again.error.code).toBe('already-joined');
    const carol = await referee.submit('g1', join('carol'));
    expect(carol.ok).toBe(true);
    // Decided on the fresh state the first time: one append, never refused.
    expect(append).toHaveBeenCalledTimes(1);
    expect(
      cli.json<{ players: { name: string }[] }>('show', 'g1', '--json').players.map((p) => p.name),
    ).toEqual(['alice', 'bob', 'carol']);
  });

  it('a game cached but followed by nobody here: marked behind, its next command decided on the fresh state at once', async () => {
    const { cli, referee, store, time } = beside(['g1', 'g2']);
    await referee.state('g1'); // cached
    referee.onAppend(() => undefined, 'g2'); // someone follows another game: the store looks out
    cli.ok('join', 'g1', 'bob');
    cli.ok('act', 'g1', 'bob', 'enter', '10', '10');
    time.advance(POLL_MS);
    const append = vi.spyOn(store, 'append');
    // Refused on the state the CLI left (bob is in), without first being decided on the old one and
    // appended (which the store would have refused).
    const again = await referee.submit('g1', join('bob'));
    expect(again.ok ? 'accepted' : again.error.code).toBe('already-joined');
    expect(append).not.toHaveBeenCalled();
    expect((await referee.knownState('g1')).players).toEqual(['alice', 'bob']);
    const moved = await referee.submit('g1', {
      type: 'move',
      by: player('bob'),
      args: { x: 11, y: 11 },
    });
    expect(moved.ok ? 'accepted' : moved.error.message).toBe('accepted');
    expect(append).toHaveBeenCalledTimes(1);
    // And the Administrator's tick, decided here, follows the CLI's entries in one unbroken chain.
    expect((await referee.submit('g1', { type: 'tick', by: ADMIN, args: {} })).ok).toBe(true);
    expect((await referee.verify('g1')).ok).toBe(true);
  });
});
