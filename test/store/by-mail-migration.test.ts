// Schema 5 (the games played by mail, issue 15): a file or a PostgreSQL schema written at schema 4 (mail:
// addresses and threads, but no marks) is migrated on open, its games, notices and addresses intact, and
// games can then be marked on it.
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SCHEMA_VERSION, SqliteStore } from '../../src/store/sqlite.js';
import { PG_SCHEMA_VERSION, PostgresStore } from '../../src/store/postgres.js';
import { MIGRATIONS } from '../../src/store/postgres/schema.js';
import type { Store } from '../../src/store/store.js';
import { adminQuery, dropSchema, freshSchemaName, PG_URL, requirePostgres } from './pg-support.js';
import { entriesAfter } from './store-contract.js';
import { notice } from './outbox-contract.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

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
    const dir = mkdtempSync(join(tmpdir(), 'referee-by-mail-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const path = join(dir, 'old.db');
    const made = new SqliteStore(path);
    await made.append({
      game: 'g1',
      entries: entriesAfter(undefined, 3),
      create: { ruleset: 'r', master: null },
      notices: [{ ...notice('g1', 'old', 'admin'), thread: '<m@x>' }],
    });
    await made.setAddress('g1', 'alice', 'alice@example.org', null);
    await made.close();
    // What schema 4 was: the same file without the marks.
    const db = new Database(path);
    db.exec('DROP TABLE snapshots; DROP TABLE mail_games; PRAGMA user_version = 4;');
    db.close();
    const store = new SqliteStore(path);
    try {
      await marksWorkOn(store);
    } finally {
      await store.close();
    }
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
    after.close();
  });

  it('PostgreSQL: a schema at version 4 (made by migrations 0 to 3) opens, is migrated, games intact', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    cleanups.push(() => dropSchema(schema));
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA ${schema}`);
      await client.query(
        `CREATE TABLE ${schema}.schema_version (one boolean PRIMARY KEY DEFAULT true CHECK (one), application text NOT NULL, version integer NOT NULL)`,
      );
      await client.query(
        `INSERT INTO ${schema}.schema_version (application, version) VALUES ('nomic-referee', 4)`,
      );
      for (const step of MIGRATIONS.slice(0, 4)) await client.query(step(schema));
      await client.query(`INSERT INTO ${schema}.games (id, ruleset, last_seq) VALUES ('g1', 'r', 3)`);
      for (const e of entriesAfter(undefined, 3))
        await client.query(
          `INSERT INTO ${schema}.log (game, seq, nweek, nday, type, event, prev, hash) VALUES ('g1', $1, $2, $3, $4, $5, $6, $7)`,
          [e.seq, e.at.nweek, e.at.nday, e.event.type, JSON.stringify(e.event), e.prev, e.hash],
        );
      const n = notice('g1', 'old', 'admin');
      await client.query(
        `INSERT INTO ${schema}.notices (game, key, recipient, topic, subject, text, at, thread) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [n.game, n.key, n.to, n.topic, n.subject, n.text, n.at, '<m@x>'],
      );
      await client.query(
        `INSERT INTO ${schema}.addresses (game, player, address) VALUES ('g1', 'alice', 'alice@example.org')`,
      );
    } finally {
      await client.end();
    }
    const store = await PostgresStore.open(PG_URL, { schema });
    try {
      expect(await store.entries('g1')).toEqual(entriesAfter(undefined, 3));
      await marksWorkOn(store);
    } finally {
      await store.close();
    }
    expect(await adminQuery(`SELECT version FROM ${schema}.schema_version`)).toEqual([
      { version: PG_SCHEMA_VERSION },
    ]);
    expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(5);
  });
});
