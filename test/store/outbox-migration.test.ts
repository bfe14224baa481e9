// Schema 3 (the outbox, issue 14): a file or a PostgreSQL schema written before it is migrated on open, its
// games intact, and the outbox then works on it.
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
    const dir = mkdtempSync(join(tmpdir(), 'referee-outbox-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const path = join(dir, 'old.db');
    const made = new SqliteStore(path);
    await made.append({
      game: 'g1',
      entries: entriesAfter(undefined, 3),
      create: { ruleset: 'r', master: null },
    });
    await made.close();
    // What schema 2 was: the same file without the outbox's tables.
    const db = new Database(path);
    db.exec(
      'DROP TABLE snapshots; DROP TABLE mail_games; DROP TABLE addresses; DROP TABLE deliveries; DROP TABLE channels; DROP TABLE notices; PRAGMA user_version = 2;',
    );
    db.close();
    const store = new SqliteStore(path);
    try {
      await outboxWorksOn(store);
    } finally {
      await store.close();
    }
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    after.close();
  });

  it('PostgreSQL: a schema at version 2 (made by migrations 0 and 1) opens, is migrated, games intact', async () => {
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
        `INSERT INTO ${schema}.schema_version (application, version) VALUES ('nomic-referee', 2)`,
      );
      for (const step of MIGRATIONS.slice(0, 2)) await client.query(step(schema));
      await client.query(`INSERT INTO ${schema}.games (id, ruleset, last_seq) VALUES ('g1', 'r', 3)`);
      for (const e of entriesAfter(undefined, 3))
        await client.query(
          `INSERT INTO ${schema}.log (game, seq, nweek, nday, type, event, prev, hash) VALUES ('g1', $1, $2, $3, $4, $5, $6, $7)`,
          [e.seq, e.at.nweek, e.at.nday, e.event.type, JSON.stringify(e.event), e.prev, e.hash],
        );
    } finally {
      await client.end();
    }
    const store = await PostgresStore.open(PG_URL, { schema });
    try {
      expect(await store.entries('g1')).toEqual(entriesAfter(undefined, 3));
      await outboxWorksOn(store);
    } finally {
      await store.close();
    }
    expect(await adminQuery(`SELECT version FROM ${schema}.schema_version`)).toEqual([
      { version: PG_SCHEMA_VERSION },
    ]);
  });
});
