// The PostgreSQL schema's tables and functions, version by version, and how a schema is created or migrated.
import type pg from 'pg';
import { StoreError } from '../store.js';
import { MAIL_MIGRATION } from './schema-mail.js';
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
  // so one round trip and one commit. For each append i in the order given (sorted by game, so that two
  // batches lock games in the same order and never deadlock): lock the game's row, compare the first
  // offered entry with last_seq and the command id with command_ids, then move last_seq on, record the
  // command id and NOTIFY; the entries and tokens of the accepted appends are inserted after the loop.
  // Answers one status per append: 'ok', 'unknown-game', 'duplicate-command' or 'conflict:LAST_SEQ'.
  (s) => `
CREATE FUNCTION ${s}.append_batch(
  p_games text[], p_command_ids text[], p_firsts integer[], p_lasts integer[],
  e_item integer[], e_seq integer[], e_nweek integer[], e_nday integer[], e_type text[], e_event json[],
  e_prev text[], e_hash text[],
  t_item integer[], t_holder text[], t_hash text[]
) RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  i integer;
  cur integer;
  status text[] := '{}';
  accepted integer[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_games, 1), 0) LOOP
    SELECT g.last_seq INTO cur FROM ${s}.games g WHERE g.id = p_games[i] FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      status := status || 'unknown-game'::text;
    ELSIF p_firsts[i] <> cur + 1 THEN
      status := status || ('conflict:' || cur);
    ELSIF p_command_ids[i] IS NOT NULL AND EXISTS (
      SELECT 1 FROM ${s}.command_ids c WHERE c.game = p_games[i] AND c.id = p_command_ids[i]
    ) THEN
      status := status || 'duplicate-command'::text;
    ELSE
      UPDATE ${s}.games SET last_seq = p_lasts[i] WHERE id = p_games[i];
      IF p_command_ids[i] IS NOT NULL THEN
        INSERT INTO ${s}.command_ids (game, id, first_seq, last_seq)
          VALUES (p_games[i], p_command_ids[i], p_firsts[i], p_lasts[i]);
      END IF;
      PERFORM pg_notify('nomic_referee_${s}',
        json_build_object('game', p_games[i], 'first', p_firsts[i], 'last', p_lasts[i])::text);
      accepted := accepted || i;
      status := status || 'ok'::text;
    END IF;
  END LOOP;
  IF array_length(accepted, 1) > 0 THEN
    INSERT INTO ${s}.log (game, seq, nweek, nday, type, event, prev, hash)
      SELECT p_games[x.item], x.seq, x.nweek, x.nday, x.type, x.event, x.prev, x.hash
      FROM unnest(e_item, e_seq, e_nweek, e_nday, e_type, e_event, e_prev, e_hash)
        AS x(item, seq, nweek, nday, type, event, prev, hash)
      WHERE x.item = ANY(accepted);
    INSERT INTO ${s}.tokens (game, holder, hash)
      SELECT p_games[x.item], x.holder, x.hash
      FROM unnest(t_item, t_holder, t_hash) AS x(item, holder, hash)
      WHERE x.item = ANY(accepted)
      ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash;
  END IF;
  RETURN status;
END
$fn$;`,
  // 2 → 3: the durable outbox (issue 14). Notices (once per (game, key)), the channels that deliver them,
  // and per channel and notice its delivery state. A notice written while a channel is registered gets its
  // delivery row in the same transaction (so a new channel never floods its recipients with the history, and
  // a registered one never misses a notice). Notices are inserted only under their game's row lock (by
  // append_batch, a creation, or enqueue), so within a game ids increase in commit order. append_batch
  // takes the appends' notices too, and NOTIFYs {kind: 'notice', game} for a game that got new ones.
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
-- once per game that got a new one. Answers how many were new.
CREATE FUNCTION ${s}.write_notices(
  n_game text[], n_key text[], n_to text[], n_topic text[], n_subject text[], n_text text[], n_at text[]
) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  fresh integer;
  games text[];
  g text;
BEGIN
  WITH inserted AS (
    INSERT INTO ${s}.notices (game, key, recipient, topic, subject, text, at)
      SELECT x.game, x.key, x.recipient, x.topic, x.subject, x.text, x.at
      FROM unnest(n_game, n_key, n_to, n_topic, n_subject, n_text, n_at) WITH ORDINALITY
        AS x(game, key, recipient, topic, subject, text, at, ord)
      ORDER BY x.ord
      ON CONFLICT (game, key) DO NOTHING
      RETURNING id, game
  ), fanned AS (
    INSERT INTO ${s}.deliveries (channel, notice) SELECT c.name, i.id FROM inserted i CROSS JOIN ${s}.channels c
  )
  SELECT count(*)::integer, coalesce(array_agg(DISTINCT i.game ORDER BY i.game), '{}') INTO fresh, games
    FROM inserted i;
  FOREACH g IN ARRAY games LOOP
    PERFORM pg_notify('nomic_referee_${s}', json_build_object('kind', 'notice', 'game', g)::text);
  END LOOP;
  RETURN fresh;
END
$fn$;
DROP FUNCTION ${s}.append_batch(text[], text[], integer[], integer[], integer[], integer[], integer[], integer[],
  text[], json[], text[], text[], integer[], text[], text[]);
CREATE FUNCTION ${s}.append_batch(
  p_games text[], p_command_ids text[], p_firsts integer[], p_lasts integer[],
  e_item integer[], e_seq integer[], e_nweek integer[], e_nday integer[], e_type text[], e_event json[],
  e_prev text[], e_hash text[],
  t_item integer[], t_holder text[], t_hash text[],
  n_item integer[], n_key text[], n_to text[], n_topic text[], n_subject text[], n_text text[], n_at text[]
) RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  i integer;
  cur integer;
  status text[] := '{}';
  accepted integer[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_games, 1), 0) LOOP
    SELECT g.last_seq INTO cur FROM ${s}.games g WHERE g.id = p_games[i] FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      status := status || 'unknown-game'::text;
    ELSIF p_firsts[i] <> cur + 1 THEN
      status := status || ('conflict:' || cur);
    ELSIF p_command_ids[i] IS NOT NULL AND EXISTS (
      SELECT 1 FROM ${s}.command_ids c WHERE c.game = p_games[i] AND c.id = p_command_ids[i]
    ) THEN
      status := status || 'duplicate-command'::text;
    ELSE
      UPDATE ${s}.games SET last_seq = p_lasts[i] WHERE id = p_games[i];
      IF p_command_ids[i] IS NOT NULL THEN
        INSERT INTO ${s}.command_ids (game, id, first_seq, last_seq)
          VALUES (p_games[i], p_command_ids[i], p_firsts[i], p_lasts[i]);
      END IF;
      PERFORM pg_notify('nomic_referee_${s}',
        json_build_object('game', p_games[i], 'first', p_firsts[i], 'last', p_lasts[i])::text);
      accepted := accepted || i;
      status := status || 'ok'::text;
    END IF;
  END LOOP;
  IF array_length(accepted, 1) > 0 THEN
    INSERT INTO ${s}.log (game, seq, nweek, nday, type, event, prev, hash)
      SELECT p_games[x.item], x.seq, x.nweek, x.nday, x.type, x.event, x.prev, x.hash
      FROM unnest(e_item, e_seq, e_nweek, e_nday, e_type, e_event, e_prev, e_hash)
        AS x(item, seq, nweek, nday, type, event, prev, hash)
      WHERE x.item = ANY(accepted);
    INSERT INTO ${s}.tokens (game, holder, hash)
      SELECT p_games[x.item], x.holder, x.hash
      FROM unnest(t_item, t_holder, t_hash) AS x(item, holder, hash)
      WHERE x.item = ANY(accepted)
      ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash;
    IF coalesce(array_length(n_item, 1), 0) > 0 THEN
      PERFORM ${s}.write_notices(
        array(SELECT p_games[x.item] FROM unnest(n_item) WITH ORDINALITY AS x(item, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_key) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_to) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_topic) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_subject) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_text) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_at) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o));
    END IF;
  END IF;
  RETURN status;
END
$fn$;`,
  // 3 → 4: mail (issue 15): addresses, and notices' thread (schema-mail.ts).
  MAIL_MIGRATION,
  // 4 → 5: the games played by mail (issue 15): a game named here has every command, from any process,
  // write its notices (src/cli/by-mail.ts). Names, not references to games: settings may name a game
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
