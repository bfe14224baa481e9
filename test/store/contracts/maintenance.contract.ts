// Maintenance's contract (Maintenance, src/store/maintenance.ts; issue 28 item 2), run against both stores by
// maintenance.test.ts: the log as stored (what `referee verify` hashes), watching commits, and a game's dump
// and restore (what `referee migrate` moves): everything of a game goes (its notices as history, its
// addresses, whether it is played by mail) except what is another store's own (pending claims, snapshots).
import { describe, expect, it } from 'vitest';
import { canonicalCopy, canonicalJson, chain, GENESIS } from '../../../src/core/index.js';
import type { Json } from '../../../src/core/index.js';
import { StoreError } from '../../../src/store/store.js';
import type { StoreChange } from '../../../src/store/store.js';
import { claim } from './address-claims.contract.js';
import { snapshotAt } from './game-log-snapshots.contract.js';
import { notice } from './outbox.contract.js';
import { collect, entriesAfter, last, newGame, sampleEvent, withStoreOf, withTwoStores } from './support.js';
import type { MakeBackend } from './support.js';

const keys = (ns: readonly { key: string }[]) => ns.map((n) => n.key);

/** Changes as a watcher collects them, and a wait until it has `n` (the test's timeout bounds it, not a clock). */
function changesOf(into: StoreChange[]) {
  let waiting: { n: number; done: () => void } | undefined;
  return {
    push(c: StoreChange): void {
      if (c.kind !== 'append') return;
      into.push(c);
      if (waiting && into.length >= waiting.n) waiting.done();
    },
    until(n: number): Promise<void> {
      if (into.length >= n) return Promise.resolve();
      return new Promise((done) => (waiting = { n, done }));
    },
  };
}

export function describeMaintenanceContract(name: string, makeBackend: MakeBackend): void {
  const withStore = withStoreOf(makeBackend);

  describe(`${name}: maintenance (Maintenance)`, () => {
    it('storedLog gives every entry as stored, the event as the text written (for an event as a decision gives it, the canonical JSON its hash covers), and nothing for an unknown game', () =>
      withStore(async (store) => {
        if (!store.storedLog) throw new Error(`${name} keeps no stored log`);
        const all = await newGame(store, 'g1', 23);
        const log = store.storedLog('g1');
        const rows = (await collect(log.pages)).flat();
        expect(
          rows.map(([seq, nweek, nday, , prev, hash]) => ({ seq, at: { nweek, nday }, prev, hash })),
        ).toEqual(all.map(({ seq, at, prev, hash }) => ({ seq, at, prev, hash })));
        rows.forEach(([seq, , , text], i) => {
          // Kept as its canonical JSON (the text its hash covers), whatever the order of the event's keys.
          expect(text).toBe(canonicalJson(all[i]?.event as unknown as Json));
          expect(log.parse(text, seq)).toEqual(all[i]?.event);
        });
        // Events as a decision folds them (Decision.emit): each stored text is its canonical JSON.
        const events = Array.from({ length: 8 }, (_, k) => canonicalCopy(sampleEvent(k)));
        const decided = chain(
          GENESIS,
          1,
          events,
          events.map(() => ({ nweek: 1, nday: 1 })),
        );
        await store.append({ game: 'g3', entries: decided, create: { ruleset: 'r', master: null } });
        const texts = (await collect(store.storedLog('g3').pages)).flat().map((row) => row[3]);
        expect(texts).toEqual(decided.map((e) => canonicalJson(e.event as unknown as Json)));
        expect(() => log.parse('{"type":"mov', 3)).toThrow(StoreError);
        expect(() => log.parse('[1]', 3)).toThrow(StoreError);
        expect(await collect(store.storedLog('g2').pages)).toEqual([]);
      }));

    it('watch tells each append committed after it listens, in commit order with its entries; stopped, it tells no more', () =>
      withStore(async (store) => {
        if (!store.watch) throw new Error(`${name} cannot be watched`);
        const all = await newGame(store, 'g1', 2);
        const told: StoreChange[] = [];
        const seen = changesOf(told);
        const stop = await store.watch((c) => seen.push(c));
        const more = entriesAfter(last(all), 2);
        await store.append({ game: 'g1', entries: more });
        const again = entriesAfter(last(more), 1);
        await store.append({ game: 'g1', entries: again });
        await newGame(store, 'g2', 1);
        await seen.until(3);
        expect(told).toEqual([
          { kind: 'append', game: 'g1', first: 3, last: 4 },
          { kind: 'append', game: 'g1', first: 5, last: 5 },
          { kind: 'append', game: 'g2', first: 1, last: 1 },
        ]);
        await stop();
        // Another watcher hears the next append; the stopped one hears nothing more.
        const other: StoreChange[] = [];
        const heard = changesOf(other);
        const stopOther = await store.watch((c) => heard.push(c));
        await store.append({ game: 'g1', entries: entriesAfter(last(again), 1) });
        await heard.until(1);
        expect(other).toEqual([{ kind: 'append', game: 'g1', first: 6, last: 6 }]);
        expect(told).toHaveLength(3);
        await stopOther();
      }));
    it('dumpGame carries a game’s notices; restoreGame keeps them readable and never sends them again', () =>
      withTwoStores(makeBackend, async (a, b) => {
        await a.append({
          game: 'g1',
          entries: entriesAfter(undefined, 2),
          create: { ruleset: 'r', master: null },
          notices: [notice('g1', 'x', 'player:ann'), notice('g1', 'y', 'admin')],
        });
        const dump = await a.dumpGame?.('g1');
        expect(dump?.notices).toEqual([notice('g1', 'x', 'player:ann'), notice('g1', 'y', 'admin')]);
        await b.openChannel('mail');
        if (dump) await b.restoreGame?.(dump);
        expect(keys(await b.notices('g1', ['admin', 'player:ann']))).toEqual(['x', 'y']);
        expect(await b.claim('mail', 0, 1000, 10)).toEqual([]);
      }));
    it('dumpGame says whether a game is played by mail, and restoreGame marks the copy', () =>
      withTwoStores(makeBackend, async (a, b) => {
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
      }));
    it('issue 23 item 3: dumpGame carries no claims (they expire): a restored game has none', () =>
      withTwoStores(makeBackend, async (a, b) => {
        await newGame(a, 'g1');
        await a.putClaim(claim('g1', 'alice', 'dave@example.org', 'h1'));
        const dump = await a.dumpGame?.('g1');
        expect(JSON.stringify(dump)).not.toContain('dave@example.org');
        if (dump) await b.restoreGame?.(dump);
        expect(await b.claimOf('g1', 'alice')).toBeUndefined();
        expect(await b.claimsOn('dave@example.org')).toEqual([]);
      }));
    it('dumpGame carries the addresses and restoreGame writes them', () =>
      withTwoStores(makeBackend, async (a, b) => {
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
      }));
    it('a game copied to another store (dumpGame, restoreGame) goes without its snapshot: the copy makes its own', () =>
      withStore(async (store) => {
        const all = entriesAfter(undefined, 6);
        await store.append({
          game: 'g1',
          entries: all,
          create: { ruleset: 'r', master: null },
          snapshot: snapshotAt('g1', last(all)),
        });
        const dump = await store.dumpGame?.('g1');
        if (!dump) throw new Error('no dump');
        expect(dump).not.toHaveProperty('snapshot');
        const elsewhere = await makeBackend();
        const target = await elsewhere.open();
        try {
          await target.restoreGame?.(dump);
          expect(await target.entries('g1')).toEqual(all);
          expect(await target.snapshot('g1')).toBeUndefined();
        } finally {
          await target.close();
          await elsewhere.dispose();
        }
      }));
  });
}
