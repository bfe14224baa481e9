// The PostgreSQL schema's tables and functions, version by version, and how a schema is created or migrated.
import type pg from 'pg';
import { StoreError } from '../store.js';
import { MAIL_MIGRATION } from './schema-mail.js';
import { appendBatch, dropAppendBatch, writeNotices } from './schema-append.js';
import { SNAPSHOTS_MIGRATION } from './schema-snapshots.js';
import { ADDRESS_CLAIMS } from './schema-claims.js';
import { LEASE_HOLDERS } from './schema-leases.js';
import { MAIL_GUARDS_MIGRATION } from './guards.js';

/** Written into schema_version: a schema holding tables of another program is never adopted. */
export const APPLICATION = 'nomic-referee';

/** The version of the tables this program writes; a schema with a higher one is refused. */
export const PG_SCHEMA_VERSION = 9;

/**
 * Migrations, in order: MIGRATIONS[v] takes a schema from version v to v + 1, in the transaction that also
 * records the new version, so a schema is always at one version or the next.
 */
export const MIGRATIONS: readonly ((s: string) => string)[] = [
  (s) => `
CREATE TABLE ${s}.games (
  id text PRIMARY KEY,
  ruleset text NOT NULL,
  -- The number of the game's last entry: what an append is checked against, under the row's lock.
  last_seq integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TABLE ${s}.game_secrets (
  game text PRIMARY KEY REFERENCES ${s}.games(id),
  master bytea NOT NULL
);
CREATE TABLE ${s}.log (
  game text NOT NULL REFERENCES ${s}.games(id),
  seq integer NOT NULL,
  nweek integer NOT NULL,
  nday integer NOT NULL,
  type text NOT NULL,
  -- json, not jsonb: json keeps the text as written (key order included), so what is read back is exactly
  -- what was written; jsonb would reorder keys.
  event json NOT NULL,
  prev text NOT NULL,
  hash text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (game, seq)
);
CREATE TABLE ${s}.command_ids (
  game text NOT NULL REFERENCES ${s}.games(id),
  id text NOT NULL,
  first_seq integer NOT NULL,
  last_seq integer NOT NULL,
  PRIMARY KEY (game, id)
);
CREATE TABLE ${s}.tokens (
  game text NOT NULL REFERENCES ${s}.games(id),
  holder text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (game, holder),
  UNIQUE (game, hash)
);`,
  // 1 → 2: append_batch, the whole of an append (or of several, each checked on its own) in one statement,
  // so one round trip and one commit (schema-append.ts).
  (s) => appendBatch(s, 2),
  // 2 → 3: the durable outbox (issue 14). Notices (once per (game, key)), the channels that deliver them,
  // and per channel and notice its delivery state. A notice written while a channel is registered gets its
  // delivery row in the same transaction (so a new channel never floods its recipients with the history, and
  // a registered one never misses a notice). Notices are inserted only under their game's row lock (by
  // append_batch, a creation, or enqueue), so within a game ids increase in commit order. append_batch
  // takes the appends' notices too (write_notices), and NOTIFYs {kind: 'notice', game} for a game that got
  // new ones.
  (s) => `
CREATE TABLE ${s}.notices (
  id bigserial PRIMARY KEY,
  game text NOT NULL REFERENCES ${s}.games(id),
  key text NOT NULL,
  recipient text NOT NULL,
  topic text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  at text NOT NULL,
  UNIQUE (game, key)
);
CREATE INDEX notices_by_recipient ON ${s}.notices (game, recipient, id);
CREATE TABLE ${s}.channels (
  name text PRIMARY KEY,
  registered_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TABLE ${s}.deliveries (
  channel text NOT NULL REFERENCES ${s}.channels(name),
  notice bigint NOT NULL REFERENCES ${s}.notices(id),
  attempts integer NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch, on the deliverers' clock: leased to a worker until, claimable again from.
  claimed_until bigint NOT NULL DEFAULT 0,
  retry_at bigint NOT NULL DEFAULT 0,
  last_error text,
  delivered_at timestamptz,
  PRIMARY KEY (channel, notice)
);
CREATE INDEX deliveries_due ON ${s}.deliveries (channel, notice) WHERE delivered_at IS NULL;
-- Writes notices of games whose rows the caller has locked; fans each new one out to every channel; NOTIFYs
-- once per game that got a new one. Answers how many were new.${writeNotices(s, 3)}
${dropAppendBatch(s, 2)}${appendBatch(s, 3)}`,
  // 3 → 4: mail (issue 15): addresses, and notices' thread (schema-mail.ts).
  MAIL_MIGRATION,
  // 4 → 5: the games played by mail (issue 15): a game named here has every command, from any process,
  // write its notices (src/house/by-mail.ts). Names, not references to games: settings may name a game
  // before it is created.
  (s) => `
CREATE TABLE ${s}.mail_games (
  game text PRIMARY KEY,
  marked_at timestamptz NOT NULL DEFAULT clock_timestamp()
);`,
  // 5 → 6: snapshots of games' states (issue 17; schema-snapshots.ts).
  SNAPSHOTS_MIGRATION,
  // 6 → 7: pending claims of mail addresses (issue 23 item 3; schema-claims.ts).
  ADDRESS_CLAIMS,
  // 7 → 8: who holds a delivery's lease (issue 23 item 6; schema-leases.ts).
  LEASE_HOLDERS,
  // 8 → 9: the mail edge's guards (issue 23): phrase standings and answer budgets (guards.ts).
  MAIL_GUARDS_MIGRATION,
];

/**
 * One transaction under an advisory lock named after the schema, so processes starting at once do not
 * race: one creates or migrates, the others wait and then find it done.
 */
export async function prepareSchema(
  schema: string,
  tx: (work: (c: pg.PoolClient) => Promise<void>) => Promise<void>,
): Promise<void> {
  const t = (table: string): string => `${schema}.${table}`;
  await tx(async (c) => {
    await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${APPLICATION}:${schema}`]);
    const exists = await c.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1',
      [schema],
    );
    if (exists.rows[0]?.n === 0) await c.query(`CREATE SCHEMA ${schema}`);
    const marked = await c.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [
      t('schema_version'),
    ]);
    if (marked.rows[0]?.t == null) {
      const tables = await c.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm')",
        [schema],
      );
      if ((tables.rows[0]?.n ?? 0) > 0)
        throw new StoreError(
          'not-our-file',
          `the PostgreSQL schema ${schema} holds tables of some other program; it was left untouched`,
        );
      await c.query(
        `CREATE TABLE ${t('schema_version')} (one boolean PRIMARY KEY DEFAULT true CHECK (one), application text NOT NULL, version integer NOT NULL)`,
      );
      await c.query(`INSERT INTO ${t('schema_version')} (application, version) VALUES ($1, 0)`, [
        APPLICATION,
      ]);
    }
    const row = (
      await c.query<{ application: string; version: number }>(
        `SELECT application, version FROM ${t('schema_version')}`,
      )
    ).rows[0];
    if (!row || row.application !== APPLICATION)
      throw new StoreError(
        'not-our-file',
        `the PostgreSQL schema ${schema} belongs to ${row?.application ?? 'no one we know'}; it was left untouched`,
      );
    if (row.version > PG_SCHEMA_VERSION)
      throw new StoreError(
        'newer-version',
        `the PostgreSQL schema ${schema} was written by a newer nomic-referee (schema ${row.version}; this one knows ${PG_SCHEMA_VERSION})`,
      );
    for (let v = row.version; v < PG_SCHEMA_VERSION; v++) {
      const step = MIGRATIONS[v];
      if (!step) throw new Error(`no migration from schema ${v}`);
      await c.query(step(schema));
    }
    if (row.version < PG_SCHEMA_VERSION)
      await c.query(`UPDATE ${t('schema_version')} SET version = $1`, [PG_SCHEMA_VERSION]);
  });
}
