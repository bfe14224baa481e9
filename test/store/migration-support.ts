// What every schema-migration test does: make a store as an older version left it (a SQLite file with the
// newer tables dropped, or a PostgreSQL schema built by the first migrations only), reopen it with today's
// store, check what it held is intact and the new parts work, and check the version it was migrated to.
import { afterEach, expect } from 'vitest';
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

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/**
 * A SQLite file at an older schema: `make` fills it with today's store, then `older` (SQL that drops what came
 * later) and the version are applied to the file directly. Returns the file's path.
 */
export async function olderSqliteFile(
  version: number,
  older: string,
  make: (store: SqliteStore) => Promise<void>,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `referee-schema-${version}-`));
  cleanups.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
  const path = join(dir, 'old.db');
  const made = new SqliteStore(path);
  await make(made);
  await made.close();
  const db = new Database(path);
  db.exec(`${older} PRAGMA user_version = ${version};`);
  db.close();
  return path;
}

/** Opens the file with today's store (which migrates it), runs the checks, and checks the version it reached. */
export async function reopenSqlite(path: string, check: (store: Store) => Promise<void>): Promise<void> {
  const store = new SqliteStore(path);
  try {
    await check(store);
  } finally {
    await store.close();
  }
  const after = new Database(path, { readonly: true });
  try {
    expect(after.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
  } finally {
    after.close();
  }
}

/**
 * A PostgreSQL schema at an older version: built by the migrations before it, holding game g1 with `entries`
 * (inserted as that version stored them), then whatever `fill` adds. Returns the schema's name.
 */
export async function olderPgSchema(
  version: number,
  entries: readonly LogEntry[],
  fill: (client: pg.Client, schema: string) => Promise<void> = () => Promise.resolve(),
): Promise<string> {
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
      `INSERT INTO ${schema}.schema_version (application, version) VALUES ('nomic-referee', $1)`,
      [version],
    );
    for (const step of MIGRATIONS.slice(0, version)) await client.query(step(schema));
    await client.query(`INSERT INTO ${schema}.games (id, ruleset, last_seq) VALUES ('g1', 'r', $1)`, [
      entries.length,
    ]);
    for (const e of entries)
      await client.query(
        `INSERT INTO ${schema}.log (game, seq, nweek, nday, type, event, prev, hash) VALUES ('g1', $1, $2, $3, $4, $5, $6, $7)`,
        [e.seq, e.at.nweek, e.at.nday, e.event.type, JSON.stringify(e.event), e.prev, e.hash],
      );
    await fill(client, schema);
  } finally {
    await client.end();
  }
  return schema;
}

/** Opens the schema with today's store (which migrates it), runs the checks, and checks the version it reached. */
export async function reopenPg(schema: string, check: (store: Store) => Promise<void>): Promise<void> {
  const store = await PostgresStore.open(PG_URL, { schema });
  try {
    await check(store);
  } finally {
    await store.close();
  }
  expect(await adminQuery(`SELECT version FROM ${schema}.schema_version`)).toEqual([
    { version: PG_SCHEMA_VERSION },
  ]);
}
