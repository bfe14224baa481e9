// The outbox's leases (Leases, src/store/leases.ts; issue 23 items 6 and 9), run against both stores by
// leases.test.ts: a claim records its claimant, the holders of unexpired leases are named, a gone claimant's
// leases are given back (and only its own, and only unexpired ones), and every deferred delivery of a channel
// is made due at once.
import { describe, expect, it } from 'vitest';
import type { Leases } from '../../../src/store/leases.js';
import { leasesOf } from '../../../src/store/leases.js';
import type { Store } from '../../../src/store/store.js';
import { notice } from './outbox.contract.js';
import { entriesAfter } from './support.js';
import type { MakeBackend } from './support.js';

const MIN = 60_000;

export function describeLeasesContract(name: string, makeBackend: MakeBackend): void {
  async function withStore(work: (store: Store & Leases) => Promise<void>): Promise<void> {
    const backend = await makeBackend();
    const store = await backend.open();
    try {
      const leases = leasesOf(store);
      expect(leases, `${name} keeps leases`).toBeDefined();
      await store.append({
        game: 'g1',
        entries: entriesAfter(undefined, 1),
        create: { ruleset: 'r', master: null },
      });
      await store.openChannel('mail');
      await store.openChannel('chat');
      await work(leases as Store & Leases);
    } finally {
      await store.close();
      await backend.dispose();
    }
  }

  const keys = (ns: readonly { key: string }[]) => ns.map((n) => n.key);

  describe(`${name}: issue 23, who holds the outbox's leases`, () => {
    it('issue 23 item 6: a claim records its claimant; a gone claimant’s unexpired leases are given back, no one else’s', () =>
      withStore(async (store) => {
        await store.enqueue(['a', 'b', 'c', 'd'].map((k) => notice('g1', k)));
        const t = 1_000_000;
        expect(keys(await store.claim('mail', t, 5 * MIN, 2, 'dead/1'))).toEqual(['a', 'b']);
        expect(keys(await store.claim('mail', t, 5 * MIN, 1, 'live/2'))).toEqual(['c']);
        expect(keys(await store.claim('mail', t, 5 * MIN, 1))).toEqual(['d']); // no claimant named
        await store.enqueue([notice('g1', 'e')]);
        expect(keys(await store.claim('chat', t, 5 * MIN, 1, 'dead/1'))).toEqual(['a']);
        expect((await store.leaseHolders('mail', t + MIN)).sort()).toEqual(['dead/1', 'live/2']);
        // Leases that ran out are nobody's: those notices are due anyway.
        expect(await store.leaseHolders('mail', t + 5 * MIN)).toEqual([]);
        expect(await store.releaseLeases('mail', 'dead/1', t + MIN)).toBe(2);
        // Given back on this channel only: a and b are due again at once, c and d still leased; chat's a too.
        const again = await store.claim('mail', t + MIN, 5 * MIN, 10, 'new/3');
        expect(keys(again)).toEqual(['a', 'b', 'e']);
        expect(again.map((n) => n.attempts)).toEqual([2, 2, 1]);
        expect(await store.leaseHolders('chat', t + MIN)).toEqual(['dead/1']);
        expect(await store.releaseLeases('mail', 'dead/1', t + MIN)).toBe(0);
        // A delivered notice's lease is settled: never given back, never named.
        await store.delivered('mail', again[0]?.id ?? 0);
        expect((await store.leaseHolders('mail', t + MIN)).sort()).toEqual(['live/2', 'new/3']);
      }));

    it('issue 23 item 9: dueNow makes every deferred delivery of a channel due at once, and nothing else; undelivered counts a game’s', () =>
      withStore(async (store) => {
        await store.enqueue(['a', 'b', 'c'].map((k) => notice('g1', k)));
        const t = 1_000_000;
        const [a, b] = await store.claim('mail', t, 5 * MIN, 2, 'me');
        await store.deferred('mail', a?.id ?? 0, t + 60 * MIN, 'down');
        await store.deferred('mail', b?.id ?? 0, t + 2 * MIN, 'down');
        const [c] = await store.claim('mail', t, 5 * MIN, 1, 'me'); // c leased, not deferred
        expect(keys(await store.claim('mail', t + MIN, 5 * MIN, 10, 'me'))).toEqual([]);
        expect(await store.undelivered('mail', 'g1')).toBe(3);
        expect(await store.undelivered('mail', 'g1', 'reminder')).toBe(0);
        expect(await store.undelivered('mail', 'g2')).toBe(0);
        expect(await store.dueNow('chat', t + MIN)).toBe(0);
        expect(await store.dueNow('mail', t + MIN)).toBe(2);
        const due = await store.claim('mail', t + MIN, 5 * MIN, 10, 'me');
        expect(keys(due)).toEqual(['a', 'b']);
        expect(c?.key).toBe('c');
        expect(await store.dueNow('mail', t + MIN)).toBe(0);
      }));
  });
}
