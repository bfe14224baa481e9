// Schema 3 (the outbox, issue 14): a file or a PostgreSQL schema written before it is migrated on open, its
// games intact, and the outbox then works on it.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { notice } from './contracts/outbox.contract.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

const OLD = entriesAfter(undefined, 3);

/** What a store at schema 2 holds afterwards works at schema 3: its game, and the outbox on it. */
async function outboxWorksOn(store: Store): Promise<void> {
  expect((await store.listGames()).map((g) => [g.id, g.entries])).toEqual([['g1', 3]]);
  await store.openChannel('mail');
  const log = (await store.entries('g1')) ?? [];
  await store.append({ game: 'g1', entries: entriesAfter(log[2], 1), notices: [notice('g1', 'k', 'admin')] });
  expect((await store.notices('g1', 'admin')).map((n) => n.key)).toEqual(['k']);
  expect((await store.claim('mail', 0, 1000, 5)).map((n) => n.key)).toEqual(['k']);
}

describe('the outbox: older stores are migrated to schema 3 on open', () => {
  it('SQLite: a schema 2 file (before the outbox) opens, is migrated, and its games are intact', async () => {
    // What schema 2 was: the same file without the outbox's tables.
    const path = await olderSqliteFile(
      2,
      'DROP TABLE address_claims; DROP TABLE snapshots; DROP TABLE mail_games; DROP TABLE addresses; DROP TABLE deliveries; DROP TABLE channels; DROP TABLE notices;',
      (made) => made.append({ game: 'g1', entries: OLD, create: { ruleset: 'r', master: null } }),
    );
    await reopenSqlite(path, outboxWorksOn);
  });

  it('PostgreSQL: a schema at version 2 (made by migrations 0 and 1) opens, is migrated, games intact', async () => {
    const schema = await olderPgSchema(2, OLD);
    await reopenPg(schema, async (store) => {
      expect(await store.entries('g1')).toEqual(OLD);
      await outboxWorksOn(store);
    });
  });
});
