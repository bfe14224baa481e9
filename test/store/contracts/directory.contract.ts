// The directory's contract (Directory, src/store/directory.ts; issue 15), run against both stores by
// directory.test.ts: tokens granted with entries or alone, found by hash, per game, replaced on rotation; a
// player's address and phrase hash, found by address (lowercased) or by player, one player per address.
import { describe, expect, it } from 'vitest';
import { chain, GENESIS } from '../../../src/core/index.js';
import { entriesAfter, expectStoreError, last, newGame, sampleEvent, withStoreOf } from './support.js';
import type { MakeBackend } from './support.js';

export function describeDirectoryContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

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

    it('tokens: granted with the entries that create or join, found by hash, replaced on rotation, per game', () =>
      withStore(async (store) => {
        await store.append({
          game: 'g1',
          entries: entriesAfter(undefined, 1),
          create: { ruleset: 'r', master: null },
          tokens: [{ holder: 'admin', hash: 'a1' }],
        });
        const first = await store.entries('g1');
        await store.append({
          game: 'g1',
          entries: entriesAfter(last(first ?? []), 1),
          tokens: [{ holder: 'player:alice', hash: 'p1' }],
        });
        await newGame(store, 'g2', 1);
        expect(await store.tokenHolder('g1', 'a1')).toBe('admin');
        expect(await store.tokenHolder('g1', 'p1')).toBe('player:alice');
        // A token of one game opens nothing in another.
        expect(await store.tokenHolder('g2', 'p1')).toBeUndefined();
        await store.grantToken('g1', { holder: 'admin', hash: 'a2' });
        expect(await store.tokenHolder('g1', 'a1')).toBeUndefined();
        expect(await store.tokenHolder('g1', 'a2')).toBe('admin');
        await expectStoreError(store.grantToken('nope', { holder: 'admin', hash: 'x' }), 'unknown-game');
      }));

    it('a refused append grants no token', () =>
      withStore(async (store) => {
        const all = await newGame(store, 'g1', 2);
        const stale = chain(all[0]?.hash ?? GENESIS, 2, [sampleEvent(5)], [{ nweek: 1, nday: 1 }]);
        await expectStoreError(
          store.append({ game: 'g1', entries: stale, tokens: [{ holder: 'player:eve', hash: 'e1' }] }),
          'conflict',
        );
        expect(await store.tokenHolder('g1', 'e1')).toBeUndefined();
      }));
  });
}
