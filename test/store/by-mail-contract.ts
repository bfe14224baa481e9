// The games played by mail, part of the Store contract (issue 15, schema 5), run against every store by
// describeStoreContract: names marked and unmarked, seen by every connection, refused when they cannot name
// a game, and carried by dumpGame/restoreGame.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { entriesAfter, expectStoreError } from './store-contract.js';
import type { MakeBackend, StoreBackend } from './store-contract.js';

export function describeByMailContract(name: string, makeBackend: MakeBackend): void {
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

  describe(`${name}: the games played by mail`, () => {
    it('a new store marks none; marking answers how many were new, and every connection sees them', () =>
      withStore(async (store, backend) => {
        expect(await store.gamesByMail()).toEqual([]);
        // A game need not exist yet: settings may name it before it is created.
        expect(await store.markByMail(['g2', 'g1', 'g2'])).toBe(2);
        expect(await store.markByMail(['g1', 'g3'])).toBe(1);
        expect(await store.markByMail([])).toBe(0);
        expect(await store.gamesByMail()).toEqual(['g1', 'g2', 'g3']);
        const other = await backend.open();
        try {
          expect(await other.gamesByMail()).toEqual(['g1', 'g2', 'g3']);
          expect(await other.unmarkByMail(['g2', 'g9'])).toBe(1);
        } finally {
          await other.close();
        }
        expect(await store.gamesByMail()).toEqual(['g1', 'g3']);
        expect(await store.unmarkByMail(['g2'])).toBe(0);
      }));

    it('marks are by exact name, and outlive the connection that made them', async () => {
      const backend = await makeBackend();
      try {
        const first = await backend.open();
        await first.markByMail(['G1', 'g-1_x']);
        await first.close();
        const again = await backend.open();
        try {
          expect(await again.gamesByMail()).toEqual(['G1', 'g-1_x']);
          expect(await again.unmarkByMail(['g1'])).toBe(0);
        } finally {
          await again.close();
        }
      } finally {
        await backend.dispose();
      }
    });

    it('a name that cannot be a game’s is refused, and nothing of the call is written', () =>
      withStore(async (store) => {
        await store.markByMail(['g1']);
        for (const bad of ['', 'has space', '-lead', 'x'.repeat(65), "g'; DROP TABLE log; --"]) {
          await expectStoreError(store.markByMail(['g2', bad]), 'bad-input');
          await expectStoreError(store.unmarkByMail(['g1', bad]), 'bad-input');
        }
        expect(await store.gamesByMail()).toEqual(['g1']);
      }));

    it('dumpGame says whether a game is played by mail, and restoreGame marks the copy', async () => {
      const from = await makeBackend();
      const to = await makeBackend();
      const a = await from.open();
      const b = await to.open();
      try {
        await newGame(a, 'g1');
        await newGame(a, 'g2');
        await a.markByMail(['g1']);
        const marked = await a.dumpGame?.('g1');
        const unmarked = await a.dumpGame?.('g2');
        expect(marked?.byMail).toBe(true);
        expect(unmarked?.byMail).toBe(false);
        if (marked) await b.restoreGame?.(marked);
        if (unmarked) await b.restoreGame?.(unmarked);
        expect(await b.gamesByMail()).toEqual(['g1']);
        expect((await b.dumpGame?.('g1'))?.byMail).toBe(true);
      } finally {
        await a.close();
        await b.close();
        await from.dispose();
        await to.dispose();
      }
    });
  });
}
