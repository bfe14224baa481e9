// The mail edge's guards' contract (MailGuards, src/store/guards.ts; issue 23, items 4 and 5), run against both
// stores by mail-guards.test.ts: phrase standings counted, burned and forgotten (by the Administrator, or by
// registering the address again), answer budgets spent atomically and forgotten when their window is over,
// seen by every connection.
import { describe, expect, it } from 'vitest';
import { CLEAN_STANDING } from '../../../src/store/guards.js';
import type { Store } from '../../../src/store/store.js';
import { entriesAfter, newGame, withStoreOf, withTwoStores } from './support.js';
import type { MakeBackend, StoreBackend } from './support.js';

const HOUR = 3_600_000;

export function describeMailGuardsContract(name: string, makeBackend: MakeBackend): void {
  /** Runs work against a fresh store holding a game g1. */
  const withStore = (work: (store: Store, backend: StoreBackend) => Promise<void>): Promise<void> =>
    withStoreOf(makeBackend)(async (store, backend) => {
      await newGame(store, 'g1');
      await work(store, backend);
    });

  describe(`${name}: the mail edge's guards (issue 23)`, () => {
    it('wrong phrases are counted per player, with the last one’s instant, and every connection sees them', () =>
      withStore(async (store, backend) => {
        expect(await store.phraseStanding('g1', 'bob')).toEqual(CLEAN_STANDING);
        expect(await store.phraseFailed('g1', 'bob', 1000)).toEqual({
          failures: 1,
          lastFailureAt: 1000,
          burnedAt: null,
        });
        // Two at once both count.
        await Promise.all([store.phraseFailed('g1', 'bob', 2000), store.phraseFailed('g1', 'bob', 2000)]);
        expect(await store.phraseStanding('g1', 'bob')).toEqual({
          failures: 3,
          lastFailureAt: 2000,
          burnedAt: null,
        });
        expect(await store.phraseStanding('g1', 'alice')).toEqual(CLEAN_STANDING);
        expect(await store.phraseStanding('g2', 'bob')).toEqual(CLEAN_STANDING);
        const other = await backend.open();
        try {
          expect((await other.phraseStanding('g1', 'bob')).failures).toBe(3);
        } finally {
          await other.close();
        }
      }));

    it('a burn keeps its first instant; the Administrator’s clear and a new registration forget everything', () =>
      withStore(async (store) => {
        await store.burnPhrase('g1', 'bob', 5000);
        await store.burnPhrase('g1', 'bob', 9000);
        await store.phraseFailed('g1', 'bob', 6000);
        expect(await store.phraseStanding('g1', 'bob')).toEqual({
          failures: 1,
          lastFailureAt: 6000,
          burnedAt: 5000,
        });
        expect(await store.clearPhraseStanding('g1', 'bob')).toBe(true);
        expect(await store.clearPhraseStanding('g1', 'bob')).toBe(false);
        expect(await store.phraseStanding('g1', 'bob')).toEqual(CLEAN_STANDING);
        await store.phraseFailed('g1', 'bob', 7000);
        await store.burnPhrase('g1', 'bob', 7000);
        await store.setAddress('g1', 'bob', 'bob@example.org', 'scrypt$new$hash');
        expect(await store.phraseStanding('g1', 'bob')).toEqual(CLEAN_STANDING);
      }));

    it('an answer is spent from every budget at once, or from none; a window over is forgotten', () =>
      withStore(async (store) => {
        const day = { key: 'stranger:m@x', limit: 1, until: 24 * HOUR };
        const hour = { key: 'strangers', limit: 2, until: HOUR };
        expect(await store.spendAnswer('g1', [day, hour], 0)).toBe(true);
        // The day's budget of m@x is spent: nothing is charged, so the hour's second answer is still there.
        expect(await store.spendAnswer('g1', [day, hour], 10)).toBe(false);
        expect(await store.spendAnswer('g1', [{ ...day, key: 'stranger:n@x' }, hour], 20)).toBe(true);
        expect(await store.spendAnswer('g1', [{ ...day, key: 'stranger:o@x' }, hour], 30)).toBe(false);
        // Budgets are per game.
        expect(await store.spendAnswer('g2', [day, hour], 40)).toBe(true);
        // Past the hour's end its row is forgotten (the day's is not).
        const next = { ...hour, until: 2 * HOUR };
        expect(await store.spendAnswer('g1', [{ ...day, key: 'stranger:o@x' }, next], HOUR + 1)).toBe(true);
        expect(await store.spendAnswer('g1', [day, next], HOUR + 2)).toBe(false);
      }));

    it('a copy of the game (dumpGame, restoreGame) keeps its locks and burns, so moving a game revives no phrase', () =>
      withTwoStores(makeBackend, async (a, b) => {
        await a.append({
          game: 'g1',
          entries: entriesAfter(undefined, 2),
          create: { ruleset: 'r', master: null },
        });
        await a.setAddress('g1', 'bob', 'bob@example.org', 'scrypt$x$y');
        for (let i = 0; i < 10; i++) await a.phraseFailed('g1', 'bob', 100 + i);
        await a.burnPhrase('g1', 'bob', 500);
        const dump = await a.dumpGame?.('g1');
        expect(dump?.phraseStandings).toEqual([
          { player: 'bob', failures: 10, lastFailureAt: 109, burnedAt: 500 },
        ]);
        if (dump) await b.restoreGame?.(dump);
        expect(await b.phraseStanding('g1', 'bob')).toEqual({
          failures: 10,
          lastFailureAt: 109,
          burnedAt: 500,
        });
      }));

    it('answers spent from many connections at once never pass a limit', () =>
      withStore(async (store, backend) => {
        const others = await Promise.all([backend.open(), backend.open()]);
        try {
          const budget = [{ key: 'player:bob', limit: 5, until: HOUR }];
          const all = [store, ...others];
          const spent = await Promise.all(
            Array.from({ length: 15 }, (_, i) => (all[i % all.length] as Store).spendAnswer('g1', budget, 0)),
          );
          expect(spent.filter(Boolean)).toHaveLength(5);
        } finally {
          for (const o of others) await o.close();
        }
      }));
  });
}
