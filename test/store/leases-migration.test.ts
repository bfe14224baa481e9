// Schema 8 (issue 23 item 6: who holds a delivery's lease): a file or a PostgreSQL schema written at schema 7
// is migrated on open, its games and outbox intact, and claims then record their claimant.
import { describe, expect, it } from 'vitest';
import { leasesOf } from '../../src/store/leases.js';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { notice } from './contracts/outbox.contract.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

const OLD = entriesAfter(undefined, 3);

/** What a store at schema 7 held is there, and a claim records its claimant. */
async function leasesWorkOn(store: Store): Promise<void> {
  expect(await store.entries('g1')).toEqual(OLD);
  const leases = leasesOf(store);
  expect(leases).toBeDefined();
  await store.enqueue([notice('g1', 'after')]);
  const claimed = await store.claim('mail', 1000, 60_000, 10, 'me/1');
  expect(claimed.map((n) => n.key)).toEqual(['before', 'after']);
  expect(await leases?.leaseHolders('mail', 2000)).toEqual(['me/1']);
}

describe('issue 23 item 6: older stores are migrated to schema 8 (lease holders) on open', () => {
  it('issue 23 item 6: SQLite: a schema 7 file (no claimed_by) opens, is migrated, its games and outbox intact', async () => {
    const path = await olderSqliteFile(
      7,
      'DROP INDEX deliveries_leased; ALTER TABLE deliveries DROP COLUMN claimed_by;',
      async (made) => {
        await made.append({ game: 'g1', entries: OLD, create: { ruleset: 'r', master: null } });
        await made.openChannel('mail');
        await made.enqueue([notice('g1', 'before')]);
      },
    );
    await reopenSqlite(path, leasesWorkOn);
  });

  it('issue 23 item 6: PostgreSQL: a schema at version 7 opens, is migrated, games and outbox intact', async () => {
    const schema = await olderPgSchema(7, OLD, async (client, s) => {
      await client.query(`INSERT INTO ${s}.channels (name) VALUES ('mail')`);
      await client.query(
        `SELECT ${s}.write_notices(ARRAY['g1'], ARRAY['before'], ARRAY['public'], ARRAY['reminder'], ARRAY['s'], ARRAY['t'], ARRAY['2026-11-24T12:00:00.000Z'], ARRAY[NULL]::text[])`,
      );
    });
    await reopenPg(schema, leasesWorkOn);
  });
});
