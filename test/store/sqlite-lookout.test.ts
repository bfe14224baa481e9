// Issue 16: the SQLite store looks out for what other connections commit to its file (the CLI beside `referee
// serve`) and tells its watchers as PostgreSQL's NOTIFY would. On simulated time: the poll is a timer the test
// moves, and the other connection's commits are done before it moves, so nothing waits on the machine.
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogEntry } from '../../src/core/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { POLL_MS } from '../../src/store/sqlite/others.js';
import type { SetTimer } from '../../src/store/sqlite/others.js';
import type { StoreChange } from '../../src/store/store.js';
import { SimulatedTime } from '../support/simulated-time.js';
import { entriesAfter } from './contracts/support.js';
import { notice } from './contracts/outbox.contract.js';

const cleanups = cleanupsAfterEach();

/** Simulated timers, counted: how many were set, and how many are waiting now. */
function countedTimers(time: SimulatedTime) {
  let set = 0;
  let waiting = 0;
  const setTimer: SetTimer = (ms, fn) => {
    set++;
    waiting++;
    let pending = true;
    const settle = () => {
      if (pending) waiting--;
      pending = false;
    };
    const cancel = time.setTimer(ms, () => {
      settle();
      fn();
    });
    return () => {
      settle();
      cancel();
    };
  };
  return { setTimer, set: () => set, waiting: () => waiting };
}

/** This process's store (looking out on simulated time) and another connection to the same file. */
function twoConnections(sync: 'full' | 'normal' = 'normal') {
  const dir = mkdtempSync(join(tmpdir(), 'referee-lookout-'));
  const path = join(dir, 'games.db');
  const time = new SimulatedTime();
  const timers = countedTimers(time);
  const here = new SqliteStore(path, { sync, lookout: { setTimer: timers.setTimer } });
  const other = new SqliteStore(path, { sync: 'normal' });
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => here.close());
  cleanups.push(() => other.close());
  const told: StoreChange[] = [];
  return { here, other, time, timers, told, watch: () => here.watch((c) => told.push(c)) };
}

const last = (entries: readonly LogEntry[]): LogEntry => entries[entries.length - 1] as LogEntry;

/** Appends `count` entries to a game through `store` (creating it if `after` is undefined). */
async function add(store: SqliteStore, game: string, after: LogEntry | undefined, count = 1) {
  const entries = entriesAfter(after, count);
  await store.append({ game, entries, ...(after ? {} : { create: { ruleset: 'r', master: null } }) });
  return last(entries);
}

describe('the SQLite store looks out for other connections (issue 16)', () => {
  it('runs no timer while nobody looks out, one for any number of lookouts, none once the last is let go', async () => {
    const { here, other, time, timers, watch } = twoConnections();
    await watch(); // watching alone (this process's own appends) needs no timer
    expect(timers.waiting()).toBe(0);
    expect(here.lookingForOthers).toBe(false);
    const a = here.lookForOthers();
    const b = here.lookForOthers();
    const c = here.lookForOthers();
    expect(timers.waiting()).toBe(1);
    // Fifty games and three lookouts: one timer per interval, whatever happens in the file.
    let at: LogEntry | undefined;
    for (let i = 0; i < 50; i++) at = await add(other, `g${i}`, undefined);
    void at;
    const before = timers.set();
    time.advance(POLL_MS * 10);
    expect(timers.set() - before).toBe(10);
    expect(timers.waiting()).toBe(1);
    a();
    a(); // letting one go twice lets go of it once
    b();
    expect(timers.waiting()).toBe(1);
    c();
    expect(timers.waiting()).toBe(0);
    expect(here.lookingForOthers).toBe(false);
    time.advance(POLL_MS * 10);
    expect(timers.set() - before).toBe(10);
  });

  it("tells another connection's appends and notices, each once and in order, and its own once", async () => {
    const { here, other, time, told, watch } = twoConnections();
    let g1 = await add(other, 'g1', undefined, 2);
    await watch();
    const stop = here.lookForOthers();
    // Committed before anyone looked out: not told (the readers have it from the store).
    time.advance(POLL_MS);
    expect(told).toEqual([]);

    g1 = await add(other, 'g1', g1, 3);
    expect(told).toEqual([]); // nothing until the poll
    time.advance(POLL_MS);
    expect(told).toEqual([{ kind: 'append', game: 'g1', first: 3, last: 5 }]);
    time.advance(POLL_MS * 4);
    expect(told).toHaveLength(1);

    // This connection's own append: told at its commit, never again by a poll.
    g1 = await add(here, 'g1', g1, 1);
    expect(told.at(-1)).toEqual({ kind: 'append', game: 'g1', first: 6, last: 6 });
    await add(other, 'g2', undefined, 2); // and another connection's game, new
    time.advance(POLL_MS);
    expect(told.slice(1)).toEqual([
      { kind: 'append', game: 'g1', first: 6, last: 6 },
      { kind: 'append', game: 'g2', first: 1, last: 2 },
    ]);

    // Another connection appends, and this one appends after it before any poll (as a command decided
    // again after losing the race would): the other's entry is told first, then this one's, once each.
    g1 = await add(other, 'g1', g1, 1);
    g1 = await add(here, 'g1', g1, 2);
    time.advance(POLL_MS * 3);
    expect(told.slice(3)).toEqual([
      { kind: 'append', game: 'g1', first: 7, last: 7 },
      { kind: 'append', game: 'g1', first: 8, last: 9 },
    ]);

    // Notices another connection writes (a shell's `referee tick` beside `serve --mail`).
    await other.enqueue([notice('g2', 'k1'), notice('g2', 'k2')]);
    time.advance(POLL_MS);
    expect(told.slice(5)).toEqual([{ kind: 'notice', game: 'g2' }]);

    // Let go: nothing more is looked for.
    stop();
    await add(other, 'g1', g1, 1);
    time.advance(POLL_MS * 4);
    expect(told).toHaveLength(6);
  });

  it('leaves a game whose own append is still on its way to the disk to the next poll: told once, in order', async () => {
    // FULL: a group of appends is answered (and told) only once the WAL is synced, on the thread pool.
    const { here, other, time, told, watch } = twoConnections('full');
    const a = await add(here, 'a', undefined);
    const b = await add(here, 'b', undefined);
    await watch();
    here.lookForOthers();
    await add(other, 'c', undefined); // moves the file's counter
    // Two appends in one group: committed in the next check phase, told after the sync.
    const both = Promise.all([add(here, 'a', a), add(here, 'b', b)]);
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Committed, not yet synced nor told: the poll tells the other connection's game alone.
    time.advance(POLL_MS);
    expect(told).toEqual([{ kind: 'append', game: 'c', first: 1, last: 1 }]);
    await both;
    time.advance(POLL_MS * 2);
    expect(told).toEqual([
      { kind: 'append', game: 'c', first: 1, last: 1 },
      { kind: 'append', game: 'a', first: 2, last: 2 },
      { kind: 'append', game: 'b', first: 2, last: 2 },
    ]);
  });

  it('closing the store stops looking out', async () => {
    const { here, timers } = twoConnections();
    here.lookForOthers();
    expect(timers.waiting()).toBe(1);
    await here.close();
    expect(timers.waiting()).toBe(0);
  });
});
