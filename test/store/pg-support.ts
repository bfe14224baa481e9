// The PostgreSQL server the tests use: REFEREE_TEST_PG, else the local server as CI sets it up
// (scripts/ci-services.sh). Each test gets a schema of its own, dropped afterwards. No test is skipped when
// the server is missing: the first connection fails the test with a message saying what to do.
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { PostgresStore } from '../../src/store/postgres.js';
import type { PostgresOptions } from '../../src/store/postgres.js';
import type { StoreBackend } from './contracts/support.js';

export const PG_URL = process.env.REFEREE_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let reached: Promise<void> | undefined;

/** Connects once; fails with a clear message if the server cannot be used. */
export function requirePostgres(): Promise<void> {
  reached ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (e) {
      reached = undefined;
      throw new Error(
        `PostgreSQL is not reachable at ${PG_URL} (${(e as Error).message}). These tests need it: run ` +
          '`bash scripts/ci-services.sh` (installs and starts it on Debian) or set REFEREE_TEST_PG to a ' +
          'server where the user may create schemas.',
        { cause: e },
      );
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reached;
}

let counter = 0;

/** A schema name no other test (or test run) uses. */
export function freshSchemaName(): string {
  return `rt_${process.pid}_${++counter}_${randomBytes(4).toString('hex')}`;
}

/** Runs SQL as an administrator of the test server (outside any store). */
export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  await requirePostgres();
  const client = new pg.Client({ connectionString: PG_URL });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export const dropSchema = (schema: string): Promise<unknown> =>
  adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);

/** A connection string naming the schema, as `--db` takes it. */
export const urlFor = (schema: string): string => {
  const url = new URL(PG_URL);
  url.searchParams.set('schema', schema);
  return url.toString();
};

/** A backend over a fresh PostgreSQL schema. */
export interface PgBackend extends StoreBackend {
  readonly schema: string;
  open(): Promise<PostgresStore>;
}

/** A backend over a fresh schema: every open() is a new pool (as another process would have). */
export async function pgBackend(options: Omit<PostgresOptions, 'schema'> = {}): Promise<PgBackend> {
  await requirePostgres();
  const schema = freshSchemaName();
  return {
    schema,
    open: () => PostgresStore.open(PG_URL, { ...options, schema }),
    dispose: async () => {
      await dropSchema(schema);
    },
  };
}
