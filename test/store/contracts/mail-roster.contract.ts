// The games played by mail (MailRoster, src/store/directory.ts; issue 15, schema 5), run against both stores
// by mail-roster.test.ts: names marked and unmarked, seen by every connection, refused when they cannot name a
// game (a dump carries the mark: maintenance.contract.ts).
import { describe, expect, it } from 'vitest';
import { expectStoreError, withStoreOf } from './support.js';
import type { MakeBackend } from './support.js';

export function describeMailRosterContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

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
  });
}
