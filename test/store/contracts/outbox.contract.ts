// The outbox's contract (Outbox, src/store/outbox.ts; issue 14), run against both stores by outbox.test.ts:
// notices written with their entries or alone, read by recipient, delivered per channel through leases, and a
// notice's `thread`.
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../../src/core/index.js';
import type { Notice, Store, StoreChange } from '../../../src/store/store.js';
import { entriesAfter, expectStoreError, last, withStoreOf } from './support.js';
import type { MakeBackend } from './support.js';

export const notice = (game: string, key: string, to = 'public', text = `about ${key}`): Notice => ({
  game,
  key,
  to,
  topic: 'reminder',
  subject: `Subject ${key}`,
  text,
  at: '2026-11-24T12:00:00.000Z',
});

export function describeOutboxContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

  async function newGame(store: Store, game: string, notices: readonly Notice[] = []): Promise<LogEntry[]> {
    const entries = entriesAfter(undefined, 2);
    await store.append({ game, entries, create: { ruleset: 'r', master: null }, notices });
    return entries;
  }

  const keys = (ns: readonly { key: string }[]) => ns.map((n) => n.key);

  describe(`${name}: the outbox`, () => {
    it('notices written with an append are stored with it, once per key, and read by recipient in order', () =>
      withStore(async (store) => {
        const made = await newGame(store, 'g1', [
          notice('g1', 'a', 'admin'),
          notice('g1', 'b', 'player:ann'),
        ]);
        await store.append({
          game: 'g1',
          entries: entriesAfter(last(made), 1),
          notices: [notice('g1', 'c'), notice('g1', 'a', 'admin', 'a second text for a')],
        });
        const all = await store.notices('g1', ['admin', 'player:ann', 'public']);
        expect(keys(all)).toEqual(['a', 'b', 'c']);
        // The first write of a key stands: a retry or a race never replaces it.
        expect(all[0]?.text).toBe('about a');
        expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort((x, y) => x - y));
        expect(keys(await store.notices('g1', 'player:ann'))).toEqual(['b']);
        expect(keys(await store.notices('g1', ['player:ann', 'public']))).toEqual(['b', 'c']);
        expect(keys(await store.notices('g1', ['admin', 'player:ann', 'public'], all[0]?.id, 1))).toEqual([
          'b',
        ]);
        expect(await store.notices('g1', 'player:bob')).toEqual([]);
        expect(await store.notices('nope', 'public')).toEqual([]);
        const { id: _id, ...stored } = all[2] as (typeof all)[number];
        expect(stored).toEqual(notice('g1', 'c'));
      }));
    it('a refused append writes none of its notices', () =>
      withStore(async (store) => {
        const made = await newGame(store, 'g1');
        const stale = entriesAfter(made[0], 1); // entry 2 again: a conflict
        await expectStoreError(
          store.append({ game: 'g1', entries: stale, notices: [notice('g1', 'x')] }),
          'conflict',
        );
        await expectStoreError(
          store.append({ game: 'g1', entries: entriesAfter(last(made), 1), notices: [notice('g2', 'x')] }),
          'bad-input',
        );
        expect(await store.notices('g1', 'public')).toEqual([]);
        expect(await store.entries('g1')).toEqual(made);
      }));

    it('enqueue writes notices outside appends, answers how many were new, refuses an unknown game whole', () =>
      withStore(async (store) => {
        await newGame(store, 'g1', [notice('g1', 'a')]);
        expect(await store.enqueue([notice('g1', 'a'), notice('g1', 'b'), notice('g1', 'b')])).toBe(1);
        expect(await store.enqueue([])).toBe(0);
        await expectStoreError(store.enqueue([notice('g1', 'c'), notice('nope', 'd')]), 'unknown-game');
        expect(keys(await store.notices('g1', 'public'))).toEqual(['a', 'b']);
      }));

    it('a channel delivers only what is written after it was registered, oldest first, each once', () =>
      withStore(async (store) => {
        await newGame(store, 'g1', [notice('g1', 'before')]);
        await store.openChannel('mail');
        await store.enqueue([notice('g1', 'n1'), notice('g1', 'n2', 'admin'), notice('g1', 'n3')]);
        const first = await store.claim('mail', 1000, 60_000, 2);
        expect(keys(first)).toEqual(['n1', 'n2']);
        expect(first.map((n) => n.attempts)).toEqual([1, 1]);
        // Leased: a second claim (another worker) skips them and takes the next.
        expect(keys(await store.claim('mail', 1001, 60_000, 10))).toEqual(['n3']);
        expect(await store.claim('mail', 1002, 60_000, 10)).toEqual([]);
        for (const n of first) await store.delivered('mail', n.id);
        // The lease of n3 ends (its worker died): it is claimed again, a second attempt.
        const again = await store.claim('mail', 61_001, 60_000, 10);
        expect(keys(again)).toEqual(['n3']);
        expect(again[0]?.attempts).toBe(2);
        // A channel first seen now starts from now; 'mail' goes on delivering.
        expect(await store.claim('chat', 61_002, 60_000, 10)).toEqual([]);
        await store.enqueue([notice('g1', 'n4')]);
        expect(keys(await store.claim('chat', 61_003, 60_000, 10))).toEqual(['n4']);
        expect(keys(await store.claim('mail', 61_004, 60_000, 10))).toEqual(['n4']);
      }));

    it('a deferred notice is claimable again from its retry time, not before; a delivered one never', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.openChannel('chat');
        await store.enqueue([notice('g1', 'a'), notice('g1', 'b')]);
        const [a, b] = await store.claim('chat', 0, 10_000, 10);
        await store.deferred('chat', a?.id ?? 0, 30_000, 'the server said 503');
        await store.delivered('chat', b?.id ?? 0);
        expect(await store.claim('chat', 29_999, 10_000, 10)).toEqual([]);
        const retried = await store.claim('chat', 30_000, 10_000, 10);
        expect(keys(retried)).toEqual(['a']);
        expect(retried[0]?.attempts).toBe(2);
        await store.delivered('chat', a?.id ?? 0);
        // Marking again, or deferring a delivered one, changes nothing.
        await store.deferred('chat', a?.id ?? 0, 0, 'late');
        expect(await store.claim('chat', 10 ** 12, 10_000, 10)).toEqual([]);
      }));

    it('a channel name is checked', () =>
      withStore(async (store) => {
        await expectStoreError(store.openChannel('Mail Out!'), 'bad-input');
      }));

    it("watch tells 'notice' after notices are committed, with an append or alone", () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        const told: StoreChange[] = [];
        let wake: () => void = () => undefined;
        const stop = await store.watch?.((c) => {
          told.push(c);
          if (c.kind === 'notice') wake();
        });
        const next = () => new Promise<void>((resolve) => (wake = resolve));
        let arrived = next();
        await store.enqueue([notice('g1', 'a')]);
        await arrived;
        arrived = next();
        const entries = await store.entries('g1');
        await store.append({
          game: 'g1',
          entries: entriesAfter(last(entries ?? []), 1),
          notices: [notice('g1', 'b')],
        });
        await arrived;
        expect(told.filter((c) => c.kind === 'notice')).toEqual([
          { kind: 'notice', game: 'g1' },
          { kind: 'notice', game: 'g1' },
        ]);
        await stop?.();
      }));

    it('reopening keeps notices and every channel’s delivery state', async () => {
      const backend = await makeBackend();
      try {
        let store = await backend.open();
        await newGame(store, 'g1');
        await store.openChannel('mail');
        await store.enqueue([notice('g1', 'a'), notice('g1', 'b')]);
        const [a] = await store.claim('mail', 0, 1000, 1);
        await store.delivered('mail', a?.id ?? 0);
        await store.close();
        store = await backend.open();
        expect(keys(await store.notices('g1', 'public'))).toEqual(['a', 'b']);
        expect(keys(await store.claim('mail', 0, 1000, 10))).toEqual(['b']);
        await store.close();
      } finally {
        await backend.dispose();
      }
    });

    it('two connections claiming one channel at once never take the same notice', async () => {
      const backend = await makeBackend();
      const one = await backend.open();
      const two = await backend.open();
      try {
        await newGame(one, 'g1');
        await one.openChannel('mail');
        await one.enqueue(Array.from({ length: 40 }, (_, i) => notice('g1', `n${i}`)));
        const taken: number[] = [];
        await Promise.all(
          [one, two, one, two].map(async (s) => {
            for (;;) {
              const got = await s.claim('mail', 5, 60_000, 3);
              if (got.length === 0) return;
              taken.push(...got.map((n) => n.id));
            }
          }),
        );
        expect(taken.length).toBe(40);
        expect(new Set(taken).size).toBe(40);
      } finally {
        await one.close();
        await two.close();
        await backend.dispose();
      }
    });

    it('a notice keeps the Message-ID it answers (thread); one without has none; found by its key', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.enqueue([
          { ...notice('g1', 'r1', 'player:alice'), topic: 'receipt', thread: '<m1@example.org>' },
          notice('g1', 'r2', 'player:alice'),
        ]);
        await store.openChannel('mail');
        const read = await store.notices('g1', 'player:alice');
        expect(read.map((n) => n.thread)).toEqual(['<m1@example.org>', undefined]);
        expect('thread' in (read[1] ?? {})).toBe(false);
        expect((await store.noticeByKey('g1', 'r1'))?.thread).toBe('<m1@example.org>');
        expect((await store.noticeByKey('g1', 'r2'))?.key).toBe('r2');
        expect(await store.noticeByKey('g1', 'r3')).toBeUndefined();
        expect(await store.noticeByKey('g2', 'r1')).toBeUndefined();
        const all = await store.dumpGame?.('g1');
        expect(all?.notices?.[0]?.thread).toBe('<m1@example.org>');
      }));
  });
}
