// Schema 7 (address claims, issue 23 item 3): a file or a PostgreSQL schema written at schema 6 is migrated
// on open, its games and addresses intact, and claims can then be made and confirmed on it.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

const OLD = entriesAfter(undefined, 3);
const T0 = Date.UTC(2026, 10, 24);

/** What a store at schema 6 held is there at schema 7, and a claim can be made and confirmed on it. */
async function claimsWorkOn(store: Store): Promise<void> {
  expect(await store.entries('g1')).toEqual(OLD);
  expect(await store.addressOf('g1', 'bob')).toBe('bob@example.org');
  await store.putClaim({
    game: 'g1',
    player: 'alice',
    address: 'alice@example.org',
    phraseHash: null,
    codeHash: 'h',
    createdAt: T0,
    expiresAt: T0 + 1000,
  });
  expect(await store.confirmClaim('g1', 'alice', 'h', T0 + 1)).toBe('confirmed');
  expect(await store.addressOf('g1', 'alice')).toBe('alice@example.org');
}

describe('address claims: older stores are migrated to schema 7 on open', () => {
  it('issue 23 item 3: SQLite: a schema 6 file (no claims) opens, is migrated, its games and addresses intact', async () => {
    const path = await olderSqliteFile(6, 'DROP TABLE address_claims;', async (made) => {
      await made.append({ game: 'g1', entries: OLD, create: { ruleset: 'r', master: null } });
      await made.setAddress('g1', 'bob', 'bob@example.org', null);
    });
    await reopenSqlite(path, claimsWorkOn);
  });

  it('issue 23 item 3: PostgreSQL: a schema at version 6 opens, is migrated, its games and addresses intact', async () => {
    const schema = await olderPgSchema(6, OLD, async (client, schema) => {
      await client.query(
        `INSERT INTO ${schema}.addresses (game, player, address) VALUES ('g1', 'bob', 'bob@example.org')`,
      );
    });
    await reopenPg(schema, claimsWorkOn);
  });
});
