// The mail addresses' part of the Store contract (issue 15), run against every store by describeStoreContract:
// a player's address and phrase hash, found by address (lowercased) or by player, one player per address in a
// game, carried by dumpGame/restoreGame; and a notice's `thread`.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { entriesAfter, expectStoreError } from './store-contract.js';
import type { MakeBackend, StoreBackend } from './store-contract.js';
import { notice } from './outbox-contract.js';

export function describeAddressContract(name: string, makeBackend: MakeBackend): void {
  async function withStore(work: (store: Store, backend: StoreBackend) => Promise<void>): Promise<void> {
    const backend = await makeBackend();
    const store = await backend.open();
    try {
      await work(store, backend);
    } finally {
      await store.close();
      await backend.dispose();
    }
  }

  const newGame = (store: Store, game: string) =>
    store.append({ game, entries: entriesAfter(undefined, 2), create: { ruleset: 'r', master: null } });

  describe(`${name}: players' mail addresses`, () => {
    it('an address is stored lowercased, found by address in any case and by player, per game', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await newGame(store, 'g2');
        await store.setAddress('g1', 'alice', ' Alice@Example.ORG ', 'scrypt$s$h');
        await store.setAddress('g1', 'bob', 'bob@example.org', null);
        expect(await store.playerByAddress('g1', 'ALICE@example.org')).toEqual({
          player: 'alice',
          address: 'alice@example.org',
          phraseHash: 'scrypt$s$h',
        });
        expect(await store.playerByAddress('g1', 'bob@example.org')).toEqual({
          player: 'bob',
          address: 'bob@example.org',
          phraseHash: null,
        });
        expect(await store.addressOf('g1', 'alice')).toBe('alice@example.org');
        // Another game knows nothing of them; an unknown address or player is nobody.
        expect(await store.playerByAddress('g2', 'alice@example.org')).toBeUndefined();
        expect(await store.addressOf('g2', 'alice')).toBeUndefined();
        expect(await store.playerByAddress('g1', 'carol@example.org')).toBeUndefined();
        expect(await store.playerByAddress('g1', 'not an address')).toBeUndefined();
      }));

    it('registering again replaces the address and the phrase; the old address is nobody’s', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.setAddress('g1', 'alice', 'alice@old.example', 'scrypt$a$1');
        await store.setAddress('g1', 'alice', 'alice@new.example', null);
        expect(await store.playerByAddress('g1', 'alice@old.example')).toBeUndefined();
        expect(await store.playerByAddress('g1', 'alice@new.example')).toMatchObject({
          player: 'alice',
          phraseHash: null,
        });
      }));

    it('an address another player holds, an unknown game or no address at all is refused, and nothing changes', () =>
      withStore(async (store) => {
        await newGame(store, 'g1');
        await store.setAddress('g1', 'alice', 'alice@example.org', null);
        await expectStoreError(store.setAddress('g1', 'bob', 'ALICE@example.org', null), 'conflict');
        expect(await store.addressOf('g1', 'bob')).toBeUndefined();
        expect((await store.playerByAddress('g1', 'alice@example.org'))?.player).toBe('alice');
        await expectStoreError(store.setAddress('nope', 'bob', 'bob@example.org', null), 'unknown-game');
        await expectStoreError(store.setAddress('g1', 'bob', 'bob at example', null), 'bad-input');
        expect(await store.addressOf('g1', 'bob')).toBeUndefined();
      }));

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

    it('dumpGame carries the addresses and restoreGame writes them', async () => {
      const from = await makeBackend();
      const to = await makeBackend();
      const a = await from.open();
      const b = await to.open();
      try {
        await newGame(a, 'g1');
        await a.setAddress('g1', 'alice', 'alice@example.org', 'scrypt$s$h');
        await a.enqueue([{ ...notice('g1', 'r1', 'player:alice'), thread: '<m1@example.org>' }]);
        const dump = await a.dumpGame?.('g1');
        expect(dump?.addresses).toEqual([
          { player: 'alice', address: 'alice@example.org', phraseHash: 'scrypt$s$h' },
        ]);
        if (dump) await b.restoreGame?.(dump);
        expect(await b.playerByAddress('g1', 'alice@example.org')).toEqual(dump?.addresses?.[0]);
        expect((await b.notices('g1', 'player:alice'))[0]?.thread).toBe('<m1@example.org>');
      } finally {
        await a.close();
        await b.close();
        await from.dispose();
        await to.dispose();
      }
    });
  });
}
