// Schema 6 (snapshots, issue 17): a file or a PostgreSQL schema written at schema 5 is migrated on open, its
// games intact, and appends can then carry snapshots (PostgreSQL: through append_batch_snapshots, which the
// migration adds beside append_batch).
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { LogEntry } from '../../src/core/index.js';
import { SCHEMA_VERSION, SqliteStore } from '../../src/store/sqlite.js';
import { PG_SCHEMA_VERSION, PostgresStore } from '../../src/store/postgres.js';
import { MIGRATIONS } from '../../src/store/postgres/schema.js';
import type { Store } from '../../src/store/store.js';
import { adminQuery, dropSchema, freshSchemaName, PG_URL, requirePostgres } from './pg-support.js';
import { entriesAfter } from './store-contract.js';
import { snapshotAt } from './snapshot-contract.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const OLD = entriesAfter(undefined, 3);

/** What a store at schema 5 held is there at schema 6, and snapshots can be written and read on it. */
async function snapshotsWorkOn(store: Store): Promise<void> {
  expect(await store.entries('g1')).toEqual(OLD);
  expect(await store.gamesByMail()).toEqual(['g1']);
  expect(await store.snapshot('g1')).toBeUndefined();
  const more = entriesAfter(OLD[OLD.length - 1], 2);
  const snap = snapshotAt('g1', more[1] as LogEntry);
  await store.append({ game: 'g1', entries: more, snapshot: snap });
  expect(await store.snapshot('g1')).toEqual({ ...snap, logged: more[1]?.hash });
}

describe('snapshots: older stores are migrated to schema 6 on open', () => {
  it('SQLite: a schema 5 file (no snapshots) opens, is migrated, its games intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'referee-snapshots-'));
    cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    const path = join(dir, 'old.db');
    const made = new SqliteStore(path);
    await made.append({ game: 'g1', entries: OLD, create: { ruleset: 'r', master: null } });
    await made.markByMail(['g1']);
    await made.close();
    // What schema 5 was: the same file without the snapshots.
    const db = new Database(path);
    db.exec('DROP TABLE snapshots; PRAGMA user_version = 5;');
    db.close();
    const store = new SqliteStore(path);
    try {
      await snapshotsWorkOn(store);
    } finally {
      await store.close();
    }
    const after = new Database(path, { readonly: true });
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(6);
    after.close();
  });

  it('PostgreSQL: a schema at version 5 (made by migrations 0 to 4) opens, is migrated, games intact', async () => {
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
        `INSERT INTO ${schema}.schema_version (application, version) VALUES ('nomic-referee', 5)`,
      );
      for (const step of MIGRATIONS.slice(0, 5)) await client.query(step(schema));
      await client.query(`INSERT INTO ${schema}.games (id, ruleset, last_seq) VALUES ('g1', 'r', 3)`);
      for (const e of OLD)
        await client.query(
          `INSERT INTO ${schema}.log (game, seq, nweek, nday, type, event, prev, hash) VALUES ('g1', $1, $2, $3, $4, $5, $6, $7)`,
          [e.seq, e.at.nweek, e.at.nday, e.event.type, JSON.stringify(e.event), e.prev, e.hash],
        );
      await client.query(`INSERT INTO ${schema}.mail_games (game) VALUES ('g1')`);
    } finally {
      await client.end();
    }
    const store = await PostgresStore.open(PG_URL, { schema });
    try {
      await snapshotsWorkOn(store);
    } finally {
      await store.close();
    }
    expect(await adminQuery(`SELECT version FROM ${schema}.schema_version`)).toEqual([
      { version: PG_SCHEMA_VERSION },
    ]);
    expect(PG_SCHEMA_VERSION).toBe(6);
  });
});
