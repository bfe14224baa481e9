// The log's contract (GameLog, src/store/log.ts; issue 28 item 2), run against both stores by game-log.test.ts:
// games created and appended to, read back exactly (whole, from an entry, in pages, as a fold), in order and
// apart, refused whole when an append is not the next, a command id recorded once, the master secret kept,
// and what one connection commits seen by another.
import { describe, expect, it } from 'vitest';
import { canonicalJson, chain, chainBreak, GENESIS } from '../../../src/core/index.js';
import type { Json, LogEntry } from '../../../src/core/index.js';
import type { Store } from '../../../src/store/store.js';
import {
  collect,
  entriesAfter,
  entriesAt,
  expectStoreError,
  last,
  MASTER_A,
  MASTER_B,
  sampleEvent,
  withStoreOf,
} from './support.js';
import type { MakeBackend } from './support.js';
import { describeSnapshotContract } from './game-log-snapshots.contract.js';

export function describeGameLogContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

  /** A new game with `count` entries. */
  async function newGame(
    store: Store,
    game: string,
    count: number,
    master: Uint8Array | null = null,
  ): Promise<LogEntry[]> {
    const entries = entriesAfter(undefined, count);
    await store.append({ game, entries, create: { ruleset: `rules-of-${game}`, master } });
    return entries;
  }

  describe(`${name}: the log (GameLog)`, () => {
    it('a new store has no games; an unknown game has no entries, no master and no command ids', () =>
      withStore(async (store) => {
        expect(await store.listGames()).toEqual([]);
        expect(await store.entries('nope')).toBeUndefined();
        expect(await store.master('nope')).toBeNull();
        expect(await store.command('nope', 'k')).toBeUndefined();
        expect(await collect(store.stream('nope'))).toEqual([]);
      }));

    it('create + append + entries round trip: what is read back is exactly what was written', () =>
      withStore(async (store) => {
        const created = await newGame(store, 'g1', 5);
        const more = entriesAfter(last(created), 7);
        await store.append({ game: 'g1', entries: more });
        const read = await store.entries('g1');
        expect(read).toEqual([...created, ...more]);
        // Byte for byte as canonical JSON (each event is kept as the canonical JSON its hash covers, whatever
        // the order of its keys when appended): a hash recomputed from what is read matches.
        expect(canonicalJson(read as unknown as Json)).toBe(
          canonicalJson([...created, ...more] as unknown as Json),
        );
        expect(chainBreak(read ?? [])).toBeNull();
        expect(await store.listGames()).toEqual([{ id: 'g1', ruleset: 'rules-of-g1', entries: 12 }]);
      }));

    it('entries(game, fromSeq) gives the log from that entry on', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 9);
        expect(await store.entries('g1', 4)).toEqual(all.slice(3));
        expect(await store.entries('g1', 9)).toEqual(all.slice(8));
        expect(await store.entries('g1', 10)).toEqual([]);
      }));

    it('issue 28 item 4: entries(game, fromSeq, toSeq) gives those entries and no more; undefined for an unknown game', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 9);
        expect(await store.entries('g1', 4, 5)).toEqual(all.slice(3, 5));
        expect(await store.entries('g1', 9, 9)).toEqual(all.slice(8));
        expect(await store.entries('g1', 8, 100)).toEqual(all.slice(7));
        expect(await store.entries('g1', 10, 12)).toEqual([]);
        expect(await store.entries('nope', 1, 3)).toBeUndefined();
      }));

    it('stream gives every entry in order, in batches, and nothing for an unknown game', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 23);
        expect((await collect(store.stream('g1'))).flat()).toEqual(all);
        expect((await collect(store.stream('g1', 20))).flat()).toEqual(all.slice(19));
        expect(await collect(store.stream('g2'))).toEqual([]);
      }));

    it('logLength is how many entries a game has, 0 for an unknown one', () =>
      withStore(async (store) => {
        if (!store.logLength) return;
        expect(await store.logLength('g1')).toBe(0);
        const all = await newGame(store, 'g1', 5);
        await store.append({ game: 'g1', entries: entriesAfter(last(all), 3) });
        expect(await store.logLength('g1')).toBe(8);
        expect(await store.logLength('g2')).toBe(0);
      }));

    it('foldStream gives every event in order, the named types as stubs, and the last hash', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 13);
        const stubbed = ['points', 'note', 'thing-placed']; // public, players', admin-only
        const batches = await collect(store.foldStream('g1', stubbed));
        const events = batches.flatMap((b) => b.events);
        expect(events.map((e) => e.type)).toEqual(all.map((e) => e.event.type));
        events.forEach((e, i) => {
          // A stub is for folding only: its type and its real visibility (the counts of what each viewer
          // may see are folded from it), nothing else parsed.
          if (stubbed.includes(e.type)) expect(e).toEqual({ type: e.type, vis: all[i]?.event.vis });
          else expect(e).toEqual(all[i]?.event);
        });
        expect(last(batches).lastHash).toBe(last(all).hash);
      }));

    it('reopening resumes every game exactly: entries, masters and command ids are identical', async () => {
      const backend = await makeBackend();
      try {
        let store = await backend.open();
        const g1 = await newGame(store, 'g1', 4, MASTER_A);
        const g2 = await newGame(store, 'g2', 3);
        const g1more = entriesAfter(last(g1), 5);
        await store.append({ game: 'g1', entries: g1more, commandId: 'post-17' });
        const g2more = entriesAfter(last(g2), 2);
        await store.append({ game: 'g2', entries: g2more });
        const before = {
          games: await store.listGames(),
          g1: await store.entries('g1'),
          g2: await store.entries('g2'),
        };
        await store.close();

        store = await backend.open();
        try {
          expect(await store.listGames()).toEqual(before.games);
          expect(await store.entries('g1')).toEqual(before.g1);
          expect(await store.entries('g2')).toEqual(before.g2);
          expect(canonicalJson((await store.entries('g1')) as unknown as Json)).toBe(
            canonicalJson([...g1, ...g1more] as unknown as Json),
          );
          expect(await store.master('g1')).toEqual(MASTER_A);
          expect(await store.master('g2')).toBeNull();
          expect(await store.command('g1', 'post-17')).toEqual({ first: 5, last: 9 });
          // And the game goes on from where it was.
          const next = entriesAfter(last(g1more), 1);
          await store.append({ game: 'g1', entries: next });
          expect((await store.entries('g1'))?.length).toBe(10);
        } finally {
          await store.close();
        }
      } finally {
        await backend.dispose();
      }
    });

    it('many games in one store stay apart: each has its own log, numbered from 1', () =>
      withStore(async (store) => {
        const logs = new Map<string, LogEntry[]>();
        for (let g = 1; g <= 6; g++) logs.set(`game-${g}`, await newGame(store, `game-${g}`, g));
        // Interleaved appends, round after round.
        for (let round = 0; round < 3; round++) {
          for (const [game, log] of logs) {
            const more = entriesAfter(last(log), 2);
            await store.append({ game, entries: more });
            log.push(...more);
          }
        }
        const games = await store.listGames();
        expect(games.map((g) => g.id).sort()).toEqual([...logs.keys()].sort());
        for (const [game, log] of logs) {
          expect(await store.entries(game)).toEqual(log);
          expect(games.find((g) => g.id === game)).toEqual({
            id: game,
            ruleset: `rules-of-${game}`,
            entries: log.length,
          });
        }
      }));

    it.each([
      ['a gap: entry 7 skipped', 8],
      ['a repeat of the last entry', 6],
      ['a restart from entry 1', 1],
    ])(
      'an append that does not start right after the last entry (%s) is a conflict and writes nothing',
      (_, from) =>
        withStore(async (store) => {
          const all = await newGame(store, 'g1', 6);
          const offered = entriesAt(from, all[from - 2]?.hash ?? GENESIS, 3);
          await expectStoreError(store.append({ game: 'g1', entries: offered, commandId: 'c1' }), 'conflict');
          expect(await store.entries('g1')).toEqual(all);
          expect(await store.command('g1', 'c1')).toBeUndefined();
          expect(await store.listGames()).toEqual([{ id: 'g1', ruleset: 'rules-of-g1', entries: 6 }]);
          // The right append still goes through.
          await store.append({ game: 'g1', entries: entriesAfter(last(all), 1) });
          expect((await store.entries('g1'))?.length).toBe(7);
        }),
    );

    it('a creation whose first entry is not entry 1 is a conflict and creates nothing', () =>
      withStore(async (store) => {
        const entries = entriesAfter(undefined, 3).slice(1);
        await expectStoreError(
          store.append({ game: 'g1', entries, create: { ruleset: 'r', master: MASTER_A } }),
          'conflict',
        );
        expect(await store.listGames()).toEqual([]);
        expect(await store.entries('g1')).toBeUndefined();
        expect(await store.master('g1')).toBeNull();
      }));

    it('creating a game that exists is a conflict: its log and master are untouched', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 4, MASTER_A);
        await expectStoreError(
          store.append({
            game: 'g1',
            entries: entriesAfter(undefined, 2),
            create: { ruleset: 'other', master: MASTER_B },
          }),
          'conflict',
        );
        expect(await store.entries('g1')).toEqual(all);
        expect(await store.master('g1')).toEqual(MASTER_A);
        expect(await store.listGames()).toEqual([{ id: 'g1', ruleset: 'rules-of-g1', entries: 4 }]);
      }));

    it('an append to a game that does not exist is refused (unknown-game) and creates nothing', () =>
      withStore(async (store) => {
        await expectStoreError(
          store.append({ game: 'ghost', entries: entriesAfter(undefined, 2) }),
          'unknown-game',
        );
        expect(await store.listGames()).toEqual([]);
        expect(await store.entries('ghost')).toBeUndefined();
      }));

    it('a command id is recorded with the entries it appended', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 3);
        await store.append({ game: 'g1', entries: entriesAfter(last(all), 4), commandId: 'forum-post-1' });
        expect(await store.command('g1', 'forum-post-1')).toEqual({ first: 4, last: 7 });
        expect(await store.command('g1', 'forum-post-2')).toBeUndefined();
      }));

    it('a duplicate command id is refused by the store itself, and nothing of that append is written', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 3);
        const first = entriesAfter(last(all), 2);
        await store.append({ game: 'g1', entries: first, commandId: 'k' });
        // The caller forgot to check: the entries follow on correctly, only the id is used.
        const second = entriesAfter(last(first), 3);
        await expectStoreError(
          store.append({ game: 'g1', entries: second, commandId: 'k' }),
          'duplicate-command',
        );
        expect(await store.entries('g1')).toEqual([...all, ...first]);
        expect(await store.command('g1', 'k')).toEqual({ first: 4, last: 5 });
        // The same key in another game is another command.
        const other = await newGame(store, 'g2', 1);
        await store.append({ game: 'g2', entries: entriesAfter(last(other), 1), commandId: 'k' });
        expect(await store.command('g2', 'k')).toEqual({ first: 2, last: 2 });
      }));

    it('an append is all or nothing: one bad entry in a batch leaves none of the batch written', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 3);
        const batch = entriesAfter(last(all), 3);
        const broken = [batch[0], batch[1], batch[1]] as LogEntry[]; // entry 5 twice
        await expect(store.append({ game: 'g1', entries: broken, commandId: 'x' })).rejects.toThrow();
        expect(await store.entries('g1')).toEqual(all);
        expect(await store.command('g1', 'x')).toBeUndefined();
      }));

    it('a batch whose entries are not consecutive is a conflict and writes nothing', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 3);
        const batch = entriesAfter(last(all), 3);
        const gap = [batch[0], batch[2]] as LogEntry[]; // 4 then 6
        await expectStoreError(store.append({ game: 'g1', entries: gap, commandId: 'x' }), 'conflict');
        expect(await store.entries('g1')).toEqual(all);
        expect(await store.command('g1', 'x')).toBeUndefined();
        expect(await store.listGames()).toEqual([{ id: 'g1', ruleset: 'rules-of-g1', entries: 3 }]);
      }));

    it('the master dice secret is stored with the game and read back byte for byte', () =>
      withStore(async (store) => {
        await newGame(store, 'fair', 1, MASTER_A);
        await newGame(store, 'other', 1, MASTER_B);
        await newGame(store, 'manual', 1, null);
        const a = await store.master('fair');
        expect(a).toBeInstanceOf(Uint8Array);
        expect(a).toEqual(MASTER_A);
        expect(await store.master('other')).toEqual(MASTER_B);
        expect(await store.master('manual')).toBeNull();
      }));

    it('two connections to one store: each sees what the other committed, and a stale append is a conflict', async () => {
      const backend = await makeBackend();
      const one = await backend.open();
      const two = await backend.open();
      try {
        const all = await newGame(one, 'g1', 2);
        expect(await two.entries('g1')).toEqual(all);
        const fromOne = entriesAfter(last(all), 1);
        await one.append({ game: 'g1', entries: fromOne });
        // The second connection decided on the log as it was before: it lost the race.
        const fromTwo = chain(last(all).hash, 3, [sampleEvent(99)], [{ nweek: 9, nday: 9 }]);
        await expectStoreError(two.append({ game: 'g1', entries: fromTwo }), 'conflict');
        expect(await one.entries('g1')).toEqual([...all, ...fromOne]);
        expect(await two.entries('g1')).toEqual([...all, ...fromOne]);
      } finally {
        await one.close();
        await two.close();
        await backend.dispose();
      }
    });
  });

  describeSnapshotContract(name, makeBackend);
}
