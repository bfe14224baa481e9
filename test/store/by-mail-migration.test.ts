// Schema 5 (the games played by mail, issue 15): a file or a PostgreSQL schema written at schema 4 (mail:
// addresses and threads, but no marks) is migrated on open, its games, notices and addresses intact, and
// games can then be marked on it.
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/store/sqlite.js';
import { PG_SCHEMA_VERSION } from '../../src/store/postgres.js';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { notice } from './contracts/outbox.contract.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

const OLD = entriesAfter(undefined, 3);

/** What a store at schema 4 held is there at schema 5, and games can be marked on it. */
async function marksWorkOn(store: Store): Promise<void> {
  expect((await store.listGames()).map((g) => [g.id, g.entries])).toEqual([['g1', 3]]);
  expect((await store.notices('g1', 'admin')).map((n) => [n.key, n.thread])).toEqual([['old', '<m@x>']]);
  expect(await store.addressOf('g1', 'alice')).toBe('alice@example.org');
  expect(await store.gamesByMail()).toEqual([]);
  expect(await store.markByMail(['g1'])).toBe(1);
  expect(await store.gamesByMail()).toEqual(['g1']);
  expect((await store.dumpGame?.('g1'))?.byMail).toBe(true);
}

describe('the games played by mail: older stores are migrated to schema 5 on open', () => {
  it('SQLite: a schema 4 file (mail, no marks) opens, is migrated, its games, notices and addresses intact', async () => {
    // What schema 4 was: the same file without the marks.
    const path = await olderSqliteFile(
      4,
      'DROP TABLE address_claims; DROP TABLE snapshots; DROP TABLE mail_games;',
      async (made) => {
        await made.append({
          game: 'g1',
          entries: OLD,
          create: { ruleset: 'r', master: null },
          notices: [{ ...notice('g1', 'old', 'admin'), thread: '<m@x>' }],
        });
        await made.setAddress('g1', 'alice', 'alice@example.org', null);
      },
    );
    await reopenSqlite(path, marksWorkOn);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
  });

  it('PostgreSQL: a schema at version 4 (made by migrations 0 to 3) opens, is migrated, games intact', async () => {
    const schema = await olderPgSchema(4, OLD, async (client, schema) => {
      const n = notice('g1', 'old', 'admin');
      await client.query(
        `INSERT INTO ${schema}.notices (game, key, recipient, topic, subject, text, at, thread) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [n.game, n.key, n.to, n.topic, n.subject, n.text, n.at, '<m@x>'],
      );
      await client.query(
        `INSERT INTO ${schema}.addresses (game, player, address) VALUES ('g1', 'alice', 'alice@example.org')`,
      );
    });
    await reopenPg(schema, async (store) => {
      expect(await store.entries('g1')).toEqual(OLD);
      await marksWorkOn(store);
    });
    expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
  });
});
