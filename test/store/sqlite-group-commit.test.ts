// SqliteStore's group commit: the appends given in one round of the event loop are committed together, each
// checked and written in a savepoint of its own, and nobody is answered before the commit. What a caller can
// observe: every append of a group lands or is refused on its own, an answer means the entries are on disk
// for any other connection, and closing the store commits what is still waiting.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { LogEntry } from '../../src/core/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { StoreError } from '../../src/store/store.js';
import type { StoreChange } from '../../src/store/store.js';
import { removeTempDirs, tempDir } from '../support/cli.js';
import { entriesAfter, expectStoreError } from './contracts/support.js';

afterEach(() => {
  removeTempDirs();
});

const tempFile = (): string => join(tempDir('referee-group-'), 'games.db');

const last = (entries: readonly LogEntry[]): LogEntry => entries[entries.length - 1] as LogEntry;

/** A store with `games` games of 3 entries each, and each game's last entry. */
async function storeWithGames(path: string, games: number): Promise<[SqliteStore, LogEntry[]]> {
  const store = new SqliteStore(path);
  const heads: LogEntry[] = [];
  for (let g = 0; g < games; g++) {
    const entries = entriesAfter(undefined, 3);
    await store.append({ game: `g${g}`, entries, create: { ruleset: 'grid-2002-01', master: null } });
    heads.push(last(entries));
  }
  return [store, heads];
}

/** Rows of a game's log as another connection sees them. */
function seqsSeenElsewhere(path: string, game: string): number[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare<[string], { seq: number }>('SELECT seq FROM log WHERE game = ? ORDER BY seq')
      .all(game)
      .map((r) => r.seq);
  } finally {
    db.close();
  }
}

describe('SqliteStore group commit', () => {
  it('appends to ten games given at once all land, each in its own order, and watchers are told of each once', async () => {
    const path = tempFile();
    const [store, heads] = await storeWithGames(path, 10);
    const told: StoreChange[] = [];
    await store.watch?.((c) => told.push(c));
    const more = heads.map((h) => entriesAfter(h, 2));
    await Promise.all(more.map((entries, g) => store.append({ game: `g${g}`, entries, commandId: `c${g}` })));
    for (let g = 0; g < 10; g++) {
      expect((await store.entries(`g${g}`))?.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
      expect(await store.command(`g${g}`, `c${g}`)).toEqual({ first: 4, last: 5 });
    }
    expect(told).toHaveLength(10);
    expect(told.map((c) => (c.kind === 'append' ? [c.game, c.first, c.last] : c.kind))).toEqual(
      heads.map((_, g) => [`g${g}`, 4, 5]),
    );
    await store.close();
  });

  it('one append of a group that conflicts is refused alone: the others of its group commit', async () => {
    const path = tempFile();
    const [store, heads] = await storeWithGames(path, 3);
    const stale = entriesAfter(undefined, 1); // offers entry 1 to a game at entry 3: the game moved on
    const results = await Promise.allSettled([
      store.append({ game: 'g0', entries: entriesAfter(heads[0], 1) }),
      store.append({ game: 'g1', entries: stale }),
      store.append({ game: 'g2', entries: entriesAfter(heads[2], 1) }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const reason: unknown = (results[1] as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(StoreError);
    expect((reason as StoreError).code).toBe('conflict');
    expect(seqsSeenElsewhere(path, 'g0')).toEqual([1, 2, 3, 4]);
    expect(seqsSeenElsewhere(path, 'g1')).toEqual([1, 2, 3]);
    expect(seqsSeenElsewhere(path, 'g2')).toEqual([1, 2, 3, 4]);
    await store.close();
  });

  it('a command id seen before refuses only its own append, whose entries are rolled back', async () => {
    const path = tempFile();
    const [store, heads] = await storeWithGames(path, 2);
    const first = entriesAfter(heads[0], 1);
    await store.append({ game: 'g0', entries: first, commandId: 'k' });
    const again = store.append({ game: 'g0', entries: entriesAfter(last(first), 1), commandId: 'k' });
    const other = store.append({ game: 'g1', entries: entriesAfter(heads[1], 1), commandId: 'k' });
    await expectStoreError(again, 'duplicate-command');
    await other;
    expect(seqsSeenElsewhere(path, 'g0')).toEqual([1, 2, 3, 4]);
    expect(seqsSeenElsewhere(path, 'g1')).toEqual([1, 2, 3, 4]);
    await store.close();
  });

  it('two appends to one game in one group: the second follows the first, so both land in order', async () => {
    const path = tempFile();
    const [store, heads] = await storeWithGames(path, 1);
    const a = entriesAfter(heads[0], 2);
    const b = entriesAfter(last(a), 2);
    await Promise.all([store.append({ game: 'g0', entries: a }), store.append({ game: 'g0', entries: b })]);
    expect(seqsSeenElsewhere(path, 'g0')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    await store.close();
  });

  it('an answer means committed: when an append resolves, another connection already reads its entries', async () => {
    const path = tempFile();
    const [store, heads] = await storeWithGames(path, 4);
    const seen = await Promise.all(
      heads.map((h, g) =>
        store
          .append({ game: `g${g}`, entries: entriesAfter(h, 1) })
          .then(() => seqsSeenElsewhere(path, `g${g}`)),
      ),
    );
    for (const s of seen) expect(s).toEqual([1, 2, 3, 4]);
    await store.close();
  });

  it('closing the store commits the appends still waiting, and answers them', async () => {
    const path = tempFile();
    const [store, heads] = await storeWithGames(path, 2);
    const waiting = heads.map((h, g) => store.append({ game: `g${g}`, entries: entriesAfter(h, 2) }));
    await store.close();
    await Promise.all(waiting);
    expect(seqsSeenElsewhere(path, 'g0')).toEqual([1, 2, 3, 4, 5]);
    expect(seqsSeenElsewhere(path, 'g1')).toEqual([1, 2, 3, 4, 5]);
  });
});
