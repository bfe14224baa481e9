// Snapshots, part of the log's contract (GameLog, src/store/log.ts; issue 17, schema 6), run against both
// stores with the rest of it (game-log.test.ts): written only by an append (in its transaction), one per game
// replaced by the next, read back byte for byte with the hash the log holds at the snapshot's entry; refused
// with the append when they do not belong to it; and foldStream from a given entry, which a load folds.
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src/core/index.js';
import type { Snapshot } from '../../../src/store/store.js';
import { collect, entriesAfter, expectStoreError, last, withStoreOf } from './support.js';
import type { MakeBackend } from './support.js';

/** A snapshot of the state after `entry` (the store keeps it as given; the engine decides what it is worth). */
export const snapshotAt = (game: string, entry: LogEntry, state = `{"seq":${entry.seq}}`): Snapshot => ({
  game,
  seq: entry.seq,
  hash: entry.hash,
  version: 's1.f1.test',
  state,
  tag: `tag-${entry.seq}`,
});

export function describeSnapshotContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

  describe(`${name}: snapshots`, () => {
    it('a game has none until an append writes one; it reads back exactly, with the hash the log holds there', () =>
      withStore(async (store, backend) => {
        expect(await store.snapshot('nope')).toBeUndefined();
        const first = entriesAfter(undefined, 4);
        await store.append({ game: 'g1', entries: first, create: { ruleset: 'r', master: null } });
        expect(await store.snapshot('g1')).toBeUndefined();
        const more = entriesAfter(last(first), 3);
        // A large state, non-ASCII text and every character JSON escapes: kept as given, byte for byte.
        const state = JSON.stringify({ big: 'ß\u{1F3B2}"\\\n'.repeat(40_000), n: [1, 2, 3] });
        const snap = snapshotAt('g1', last(more), state);
        await store.append({ game: 'g1', entries: more, snapshot: snap });
        expect(await store.snapshot('g1')).toEqual({ ...snap, logged: last(more).hash });
        const other = await backend.open();
        try {
          const seen = await other.snapshot('g1');
          expect(seen?.state).toBe(state);
          expect(seen?.logged).toBe(last(more).hash);
        } finally {
          await other.close();
        }
      }));

    it("a newer snapshot replaces the game's one; other games keep theirs", () =>
      withStore(async (store) => {
        const g1 = entriesAfter(undefined, 2);
        const g2 = entriesAfter(undefined, 3);
        await store.append({ game: 'g1', entries: g1, create: { ruleset: 'r', master: null } });
        await store.append({
          game: 'g2',
          entries: g2,
          create: { ruleset: 'r', master: null },
          snapshot: snapshotAt('g2', last(g2)),
        });
        // Two games' appends at once (one group or batch on either store), each with its snapshot.
        const g1more = entriesAfter(last(g1), 2);
        const g2more = entriesAfter(last(g2), 5);
        await Promise.all([
          store.append({ game: 'g1', entries: g1more, snapshot: snapshotAt('g1', last(g1more)) }),
          store.append({ game: 'g2', entries: g2more, snapshot: snapshotAt('g2', last(g2more)) }),
        ]);
        expect(await store.snapshot('g1')).toEqual({
          ...snapshotAt('g1', last(g1more)),
          logged: last(g1more).hash,
        });
        expect(await store.snapshot('g2')).toEqual({
          ...snapshotAt('g2', last(g2more)),
          logged: last(g2more).hash,
        });
        const g2again = entriesAfter(last(g2more), 1);
        await store.append({ game: 'g2', entries: g2again });
        // An append without one leaves the snapshot as it was.
        expect((await store.snapshot('g2'))?.seq).toBe(last(g2more).seq);
      }));

    it('a refused append writes no snapshot, and a snapshot that is not of its last entry refuses the append', () =>
      withStore(async (store) => {
        const first = entriesAfter(undefined, 3);
        await store.append({
          game: 'g1',
          entries: first,
          create: { ruleset: 'r', master: null },
          snapshot: snapshotAt('g1', last(first)),
        });
        const more = entriesAfter(last(first), 2);
        await store.append({ game: 'g1', entries: more });
        // Decided on an older log: refused, and its snapshot with it.
        const stale = entriesAfter(last(first), 4);
        await expectStoreError(
          store.append({ game: 'g1', entries: stale, snapshot: snapshotAt('g1', last(stale)) }),
          'conflict',
        );
        expect((await store.snapshot('g1'))?.seq).toBe(3);
        const next = entriesAfter(last(more), 2);
        for (const wrong of [
          snapshotAt('g1', next[0] as LogEntry), // not the last entry
          { ...snapshotAt('g1', last(next)), hash: last(more).hash }, // another hash
          snapshotAt('g2', last(next)), // another game
        ])
          await expectStoreError(store.append({ game: 'g1', entries: next, snapshot: wrong }), 'bad-input');
        expect((await store.entries('g1'))?.length).toBe(5);
        expect((await store.snapshot('g1'))?.seq).toBe(3);
      }));

    it('foldStream from an entry gives the events after a snapshot, and the last hash', () =>
      withStore(async (store) => {
        const all = entriesAfter(undefined, 17);
        await store.append({ game: 'g1', entries: all, create: { ruleset: 'r', master: null } });
        const batches = await collect(store.foldStream('g1', [], 12));
        expect(batches.flatMap((b) => b.events)).toEqual(all.slice(11).map((e) => e.event));
        expect(last(batches).lastHash).toBe(last(all).hash);
        expect(await collect(store.foldStream('g1', [], 18))).toEqual([]);
      }));
  });
}
