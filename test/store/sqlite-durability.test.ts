// SqliteStore under synchronous=FULL (the default): no write is answered before the WAL holding it is synced
// to disk. SQLite itself runs at NORMAL and the store syncs the WAL with fdatasync on libuv's thread pool
// (so the server keeps serving meanwhile); these tests hold that sync back, or make it fail, and watch what
// the caller is told. `fdatasync` is the only thing replaced; everything else is the real file system.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as NodeFs from 'node:fs';
import type { LogEntry } from '../../src/core/index.js';

type SyncCallback = (e: NodeJS.ErrnoException | null) => void;
const held: { fd: number; done: SyncCallback }[] = [];
let failWith: NodeJS.ErrnoException | undefined;

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof NodeFs>();
  return {
    ...real,
    fdatasync: (fd: number, done: SyncCallback) => {
      if (failWith) return process.nextTick(done, failWith);
      held.push({ fd, done });
    },
  };
});

const { SqliteStore } = await import('../../src/store/sqlite.js');
const { StoreError } = await import('../../src/store/store.js');
const { entriesAfter } = await import('./store-contract.js');

const dirs: string[] = [];
beforeEach(() => {
  held.length = 0;
  failWith = undefined;
});
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'referee-durable-'));
  dirs.push(dir);
  return join(dir, 'games.db');
}

/** Lets every sync held so far go through. */
function releaseSyncs(): void {
  for (const h of held.splice(0)) h.done(null);
}

/** Settles pending callbacks and the store's setImmediate group commit. */
const turn = () => new Promise<void>((r) => setImmediate(() => setImmediate(r)));

const last = (entries: readonly LogEntry[]): LogEntry => entries[entries.length - 1] as LogEntry;

describe('SqliteStore, synchronous=FULL: answered only once the WAL is on disk', () => {
  it('an append stays unanswered while its WAL sync is under way, and is answered when the sync ends', async () => {
    const store = new SqliteStore(tempFile());
    const created = entriesAfter(undefined, 2);
    const creating = store.append({
      game: 'g1',
      entries: created,
      create: { ruleset: 'grid-2002-01', master: null },
    });
    let answered = false;
    void creating.then(() => (answered = true));
    await turn();
    expect(held.length, 'a WAL sync was asked for').toBe(1);
    expect(answered, 'not answered before the sync').toBe(false);
    releaseSyncs();
    await creating;
    expect(answered).toBe(true);

    // Each group of appends gets a sync of its own, started after its commit.
    const next = store.append({ game: 'g1', entries: entriesAfter(last(created), 1) });
    await turn();
    expect(held).toHaveLength(1);
    releaseSyncs();
    await next;
    await store.close();
  });

  it('watchers are told of an append only once it is durable', async () => {
    const store = new SqliteStore(tempFile());
    const told: string[] = [];
    await store.watch?.((c) => told.push(c.kind));
    const creating = store.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'grid-2002-01', master: null },
    });
    await turn();
    expect(told).toEqual([]);
    releaseSyncs();
    await creating;
    expect(told).toEqual(['append']);
    await store.close();
  });

  it('a WAL sync that fails is an io error: the append is not acknowledged, and says to send it again', async () => {
    const store = new SqliteStore(tempFile());
    failWith = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const error = await store
      .append({
        game: 'g1',
        entries: entriesAfter(undefined, 1),
        create: { ruleset: 'grid-2002-01', master: null },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as InstanceType<typeof StoreError>).code).toBe('io');
    expect((error as Error).message).toMatch(/not confirmed/);
    failWith = undefined;
    await store.close();
  });

  it('under synchronous=NORMAL nothing waits for a sync', async () => {
    const store = new SqliteStore(tempFile(), { sync: 'normal' });
    await store.append({
      game: 'g1',
      entries: entriesAfter(undefined, 3),
      create: { ruleset: 'grid-2002-01', master: null },
    });
    expect(held).toHaveLength(0);
    await store.close();
  });
});
