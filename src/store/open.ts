// Which store a --db value names: a PostgreSQL connection string opens the shared store, anything else is a
// SQLite file (optionally written `sqlite:PATH`). Each store's code (and its driver: pg, better-sqlite3) is
// loaded only when a spec names it, so a command over a SQLite file never loads pg (issue 17).
import { parsePostgresUrl } from './postgres/connection.js';
import type { SyncMode } from './sqlite.js';
import type { Store } from './store.js';
import { StoreError } from './store.js';

export const DEFAULT_DB = './referee.db';

export interface OpenOptions {
  /** SQLite only: how hard a commit waits for the disk. */
  readonly sync?: SyncMode;
  /** PostgreSQL only: the schema, unless the connection string names one with `?schema=`. */
  readonly schema?: string;
}

/** `postgres://…` or `postgresql://…`. */
export const isPostgresSpec = (spec: string): boolean => /^postgres(ql)?:\/\//i.test(spec);

/**
 * The --db value when none is given: REFEREE_DB, else DATABASE_URL if it is a PostgreSQL connection string
 * (a DATABASE_URL of another kind belongs to some other program), else ./referee.db.
 */
export function defaultSpec(env: NodeJS.ProcessEnv = process.env): string {
  // Set but blank is a mistake (`REFEREE_DB=$DB` with DB unset), not "use the default": that would open, or
  // make, ./referee.db, a store the operator did not mean, and the games would seem lost (issue 23 item 8).
  if (env.REFEREE_DB !== undefined && env.REFEREE_DB.trim() === '')
    throw new StoreError(
      'bad-path',
      'REFEREE_DB is set but empty: name a database file or postgres://… in it, or unset it for ./referee.db',
    );
  if (env.REFEREE_DB) return env.REFEREE_DB;
  if (env.DATABASE_URL && isPostgresSpec(env.DATABASE_URL)) return env.DATABASE_URL;
  return DEFAULT_DB;
}

/** Opens the store a spec names: PostgreSQL for a connection string, else a SQLite file. */
export async function openStore(spec: string, options: OpenOptions = {}): Promise<Store> {
  if (isPostgresSpec(spec)) {
    const { url, schema } = parsePostgresUrl(spec);
    const chosen = schema ?? options.schema;
    const { PostgresStore } = await import('./postgres.js');
    return PostgresStore.open(url, chosen !== undefined ? { schema: chosen } : {});
  }
  const path = spec.startsWith('sqlite:') ? spec.slice('sqlite:'.length) : spec;
  if (path.trim() === '')
    throw new StoreError(
      'bad-path',
      `the database ${spec === '' ? 'path' : `"${spec}"`} is empty: name a file or a postgres://… store`,
    );
  const { SqliteStore } = await import('./sqlite.js');
  return new SqliteStore(path, options.sync ? { sync: options.sync } : {});
}
