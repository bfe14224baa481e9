// SqliteStore under synchronous=FULL (the default): no write is answered before the WAL holding it is synced
// to disk. SQLite itself runs at NORMAL and the store syncs the WAL with fdatasync on libuv's thread pool
// (so the server keeps serving meanwhile); these tests hold that sync back, or make it fail, and watch what
// the caller is told. `fdatasync` is the only thing replaced; everything else is the real file system.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { join } from 'node:path';
import type * as NodeFs from 'node:fs';
import type { LogEntry } from '../../src/core/index.js';
import { removeTempDirs, tempDir } from '../support/cli.js';

type SyncCallback = (e: NodeJS.ErrnoException | null) => void;
const held: { fd: number; done: SyncCallback }[] = [];
const syncedOnTheSpot: number[] = [];
let failWith: NodeJS.ErrnoException | undefined;

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof NodeFs>();
  return {
    ...real,
    fdatasync: (fd: number, done: SyncCallback) => {
      if (failWith) return process.nextTick(done, failWith);
      held.push({ fd, done });
    },
    fdatasyncSync: (fd: number) => {
      if (failWith) throw failWith;
      syncedOnTheSpot.push(fd);
    },
  };
});

const { SqliteStore } = await import('../../src/store/sqlite.js');
const { StoreError } = await import('../../src/store/store.js');
const { entriesAfter } = await import('./contracts/support.js');

beforeEach(() => {
  held.length = 0;
  syncedOnTheSpot.length = 0;
  failWith = undefined;
});
afterEach(() => {
  removeTempDirs();
});

const tempFile = (): string => join(tempDir('referee-durable-'), 'games.db');

/** Lets every sync held so far go through. */
function releaseSyncs(): void {
  for (const h of held.splice(0)) h.done(null);
}

/** Settles pending callbacks and the store's setImmediate group commit. */
const turn = () => new Promise<void>((r) => setImmediate(() => setImmediate(r)));

const last = (entries: readonly LogEntry[]): LogEntry => entries[entries.length - 1] as LogEntry;

/** A store holding games g0..g(n-1), created one after another (each synced on the spot), and their heads. */
async function storeWithGames(n: number): Promise<[InstanceType<typeof SqliteStore>, LogEntry[]]> {
  const store = new SqliteStore(tempFile());
  const heads: LogEntry[] = [];
  for (let g = 0; g < n; g++) {
    const entries = entriesAfter(undefined, 2);
    await store.append({ game: `g${g}`, entries, create: { ruleset: 'grid-2002-01', master: null } });
    heads.push(last(entries));
  }
  return [store, heads];
}

describe('SqliteStore, synchronous=FULL: answered only once the WAL is on disk', () => {
  it('a lone append with no sync under way is synced on the spot, before it is answered', async () => {
    const [store, heads] = await storeWithGames(1);
    syncedOnTheSpot.length = 0;
    await store.append({ game: 'g0', entries: entriesAfter(heads[0], 1) });
    expect(syncedOnTheSpot).toHaveLength(1);
    expect(held).toHaveLength(0);
    await store.close();
  });

  it('a group of appends stays unanswered while its WAL sync runs on the thread pool, and is answered after', async () => {
    const [store, heads] = await storeWithGames(2);
    syncedOnTheSpot.length = 0;
    const answered: string[] = [];
    const both = heads.map((h, g) =>
      store.append({ game: `g${g}`, entries: entriesAfter(h, 1) }).then(() => answered.push(`g${g}`)),
    );
    await turn();
    expect(held.length, 'one sync for the group, off this thread').toBe(1);
    expect(syncedOnTheSpot).toHaveLength(0);
    expect(answered, 'not answered before the sync').toEqual([]);
    // A lone append while that sync is under way does not sync on the spot either: it waits for a sync of
    // its own, started after its commit.
    const third = store.append({ game: 'g0', entries: entriesAfter(entriesAfter(heads[0], 1)[0], 1) });
    await turn();
    expect(held).toHaveLength(2);
    releaseSyncs();
    await Promise.all([...both, third]);
    expect(answered.sort()).toEqual(['g0', 'g1']);
    await store.close();
  });

  it('watchers are told of appends only once they are durable', async () => {
    const [store, heads] = await storeWithGames(2);
    const told: string[] = [];
    await store.watch?.((c) => told.push(c.kind === 'append' ? c.game : c.kind));
    const both = heads.map((h, g) => store.append({ game: `g${g}`, entries: entriesAfter(h, 1) }));
    await turn();
    expect(told).toEqual([]);
    releaseSyncs();
    await Promise.all(both);
    expect(told).toEqual(['g0', 'g1']);
    await store.close();
  });

  it('a WAL sync that fails is an io error: nothing is acknowledged, and it says to send it again', async () => {
    const [store, heads] = await storeWithGames(2);
    failWith = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const lone = await store.append({ game: 'g0', entries: entriesAfter(heads[0], 1) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // (The lone append is committed, only not confirmed: g0 has moved on, so the group is g1 and a new game.)
    const grouped = await Promise.allSettled([
      store.append({ game: 'g1', entries: entriesAfter(heads[1], 1) }),
      store.append({
        game: 'g2',
        entries: entriesAfter(undefined, 1),
        create: { ruleset: 'grid-2002-01', master: null },
      }),
    ]);
    failWith = undefined;
    for (const error of [
      lone,
      ...grouped.map((r) => (r.status === 'rejected' ? (r.reason as unknown) : r)),
    ]) {
      expect(error).toBeInstanceOf(StoreError);
      expect((error as InstanceType<typeof StoreError>).code).toBe('io');
      expect((error as Error).message).toMatch(/not confirmed/);
    }
    await store.close();
  });

  it('under synchronous=NORMAL nothing waits for a sync', async () => {
    const store = new SqliteStore(tempFile(), { sync: 'normal' });
    await store.append({
      game: 'g1',
      entries: entriesAfter(undefined, 3),
      create: { ruleset: 'grid-2002-01', master: null },
    });
    await Promise.all(
      ['g2', 'g3'].map((game) =>
        store.append({
          game,
          entries: entriesAfter(undefined, 1),
          create: { ruleset: 'grid-2002-01', master: null },
        }),
      ),
    );
    expect(held).toHaveLength(0);
    expect(syncedOnTheSpot).toHaveLength(0);
    await store.close();
  });
});
