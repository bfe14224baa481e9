// SqliteStore's checkpoints of its WAL by someone else (issue 13, item 4; src/store/sqlite/checkpoints.ts):
// `referee serve` has its checking thread checkpoint on a connection of its own (SqliteReader.checkpoint), so
// SQLite no longer copies ~4 MB into the file inside a commit on the event loop. What a caller can observe:
// the store no longer checkpoints by itself, asks for a checkpoint after its commits, a checkpoint on the
// other connection takes every frame, and a failed one is made up for by the store.
import { afterEach, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { GameEvent, LogEntry } from '../../src/core/index.js';
import { chain, GENESIS } from '../../src/core/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { SqliteReader } from '../../src/store/reader.js';
import { CHECKPOINT_CHARS } from '../../src/store/sqlite/checkpoints.js';
import { removeTempDirs, tempDir } from '../support/cli.js';

afterEach(() => {
  removeTempDirs();
});

const tempFile = (): string => join(tempDir('referee-checkpoints-'), 'games.db');

/** One entry of `chars` characters after `after` (or a game's first). */
function bigEntry(after: LogEntry | undefined, chars: number): LogEntry[] {
  const event: GameEvent = {
    type: 'points',
    vis: 'public',
    from: 'bank',
    to: 'alice',
    amount: 1,
    reason: 'x'.repeat(chars),
  };
  return chain(after?.hash ?? GENESIS, (after?.seq ?? 0) + 1, [event], [{ nweek: 1, nday: 1 }]);
}

/** The WAL file's size: once every frame in it is in the file, the next commit writes from its start. */
const walSize = (path: string): number => statSync(`${path}-wal`).size;

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('SqliteStore: the WAL checkpointed by someone else', () => {
  it('the store stops checkpointing inside its commits and asks instead; the other connection takes every frame', async () => {
    const path = tempFile();
    const store = new SqliteStore(path);
    const reader = new SqliteReader(path);
    let asked = 0;
    let pass: (() => void) | undefined;
    store.checkpointWith(() => {
      asked++;
      // Held until the test lets it go: the WAL grows meanwhile.
      return new Promise<void>((resolve) => (pass = resolve));
    });
    let head: LogEntry | undefined;
    const write = async (chars: number, create = false) => {
      const entries = bigEntry(head, chars);
      await store.append({
        game: 'g',
        entries,
        ...(create ? { create: { ruleset: 'grid-2002-01', master: null } } : {}),
      });
      head = entries[0];
    };
    await write(10, true);
    expect(asked).toBe(1);
    // Twice SQLite's own threshold (1,000 pages of 4 KB), written while that checkpoint is under way: no
    // other is asked for, and SQLite copies nothing itself, so the WAL holds all of it.
    for (let i = 0; i < 8; i++) await write(1_000_000);
    expect(asked).toBe(1);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(8_000_000);
    pass?.();
    await settle();
    // Once it is done, the next commit past CHECKPOINT_CHARS asks again, and the other connection's
    // checkpoint copies every frame into the file: the commit after it writes the WAL from its start again.
    await write(CHECKPOINT_CHARS);
    expect(asked).toBe(2);
    await reader.checkpoint();
    const size = walSize(path);
    await write(1_000_000);
    expect(walSize(path)).toBe(size);
    pass?.();
    await reader.close();
    await store.close();
    // Everything reads back.
    const again = new SqliteStore(path);
    expect((await again.entries('g'))?.length).toBe(11);
    await again.close();
  });

  it('a checkpoint that fails is made by the store itself', async () => {
    const path = tempFile();
    const store = new SqliteStore(path);
    store.checkpointWith(() => Promise.reject(new Error('the thread stopped')));
    const first = bigEntry(undefined, 2_500_000);
    await store.append({ game: 'g', entries: first, create: { ruleset: 'grid-2002-01', master: null } });
    await settle();
    // The store checkpointed after the failure: the next commit writes the WAL from its start, within it.
    const size = walSize(path);
    await store.append({ game: 'g', entries: bigEntry(first[0], 1_000_000) });
    expect(walSize(path)).toBe(size);
    await store.close();
  });
});
