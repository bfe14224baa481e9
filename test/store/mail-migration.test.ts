// Schema 4 (mail, issue 15): a file or a PostgreSQL schema written at schema 3 (the outbox, without the
// players' addresses and the notices' thread) is migrated on open, its games and notices intact, and the
// addresses and threads then work on it.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { notice } from './contracts/outbox.contract.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

const OLD = entriesAfter(undefined, 3);

/** What a store at schema 3 held is there at schema 4, and the mail parts work on it. */
async function mailWorksOn(store: Store): Promise<void> {
  expect((await store.listGames()).map((g) => [g.id, g.entries])).toEqual([['g1', 3]]);
  expect((await store.notices('g1', 'admin')).map((n) => [n.key, n.thread])).toEqual([['old', undefined]]);
  await store.setAddress('g1', 'alice', 'Alice@Example.org', null);
  expect(await store.playerByAddress('g1', 'alice@example.org')).toMatchObject({ player: 'alice' });
  const log = (await store.entries('g1')) ?? [];
  await store.append({
    game: 'g1',
    entries: entriesAfter(log[2], 1),
    notices: [{ ...notice('g1', 'new', 'admin'), thread: '<m@x>' }],
  });
  expect((await store.notices('g1', 'admin')).map((n) => n.thread)).toEqual([undefined, '<m@x>']);
}

describe('mail: older stores are migrated to schema 4 on open', () => {
  it('SQLite: a schema 3 file (the outbox, no addresses) opens, is migrated, its games and notices intact', async () => {
    // What schema 3 was: the same file without the addresses and the notices' thread.
    const path = await olderSqliteFile(
      3,
      'DROP TABLE address_claims; DROP TABLE snapshots; DROP TABLE mail_games; DROP TABLE addresses; ALTER TABLE notices DROP COLUMN thread;',
      (made) =>
        made.append({
          game: 'g1',
          entries: OLD,
          create: { ruleset: 'r', master: null },
          notices: [notice('g1', 'old', 'admin')],
        }),
    );
    await reopenSqlite(path, mailWorksOn);
  });

  it('PostgreSQL: a schema at version 3 (made by migrations 0 to 2) opens, is migrated, games intact', async () => {
    const schema = await olderPgSchema(3, OLD, async (client, schema) => {
      const n = notice('g1', 'old', 'admin');
      await client.query(
        `INSERT INTO ${schema}.notices (game, key, recipient, topic, subject, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [n.game, n.key, n.to, n.topic, n.subject, n.text, n.at],
      );
    });
    await reopenPg(schema, async (store) => {
      expect(await store.entries('g1')).toEqual(OLD);
      await mailWorksOn(store);
    });
  });
});
