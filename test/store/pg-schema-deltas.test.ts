// The PostgreSQL schema as deltas (issue 28 item 2): each version is a migration from the one before, the two
// functions written once and grown by version (src/store/postgres/schema-append.ts). A schema made at any
// older version, with a game in it, is migrated on open to exactly what a new schema is (the same tables,
// columns, keys, indexes and function definitions), keeps its game, and takes an append with a notice and a
// snapshot through the newest append function.
import { describe, expect, it } from 'vitest';
import { PG_SCHEMA_VERSION, PostgresStore } from '../../src/store/postgres.js';
import { MIGRATIONS } from '../../src/store/postgres/schema.js';
import { appendBatch, writeNotices } from '../../src/store/postgres/schema-append.js';
import { adminQuery, dropSchema, freshSchemaName, PG_URL, requirePostgres } from './pg-support.js';
import { olderPgSchema } from './migration-support.js';
import { entriesAfter } from './contracts/support.js';
import { notice } from './contracts/outbox.contract.js';
import { snapshotAt } from './contracts/game-log-snapshots.contract.js';

/** Everything the catalog says of a schema, with its name taken out so that two schemas compare. */
async function catalog(schema: string): Promise<string[]> {
  const out = (rows: Record<string, unknown>[]) =>
    rows.map((r) => JSON.stringify(Object.values(r)).replaceAll(schema, 'S'));
  const columns = await adminQuery(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = $1 ORDER BY table_name, column_name`,
    [schema],
  );
  const constraints = await adminQuery(
    `SELECT c.conrelid::regclass::text AS t, c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
     JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = $1 ORDER BY 1, 2`,
    [schema],
  );
  const indexes = await adminQuery(
    'SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname',
    [schema],
  );
  const functions = await adminQuery(
    `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = $1 ORDER BY 1, 2`,
    [schema],
  );
  return [...out(columns), ...out(constraints), ...out(indexes), ...out(functions)];
}

const OLD = entriesAfter(undefined, 3);

describe('issue 28 item 2: the PostgreSQL schema as deltas', () => {
  it('each migration creates a function only as its version has it: append_batch grows by notices (3) and their thread (4)', () => {
    const s = 'x';
    expect(MIGRATIONS[1]?.(s)).toBe(appendBatch(s, 2));
    expect(appendBatch(s, 2)).not.toContain('n_item');
    expect(MIGRATIONS[2]?.(s)).toContain(appendBatch(s, 3));
    expect(MIGRATIONS[2]?.(s)).toContain(writeNotices(s, 3));
    expect(appendBatch(s, 3)).toContain('n_item integer[]');
    expect(appendBatch(s, 3)).not.toContain('thread');
    expect(MIGRATIONS[3]?.(s)).toContain(appendBatch(s, 4));
    expect(MIGRATIONS[3]?.(s)).toContain(writeNotices(s, 4));
    expect(appendBatch(s, 4)).toContain('n_thread text[]');
    // Written once: no migration after 3 → 4 creates either function again.
    for (const step of MIGRATIONS.slice(4))
      expect(step(s)).not.toMatch(/CREATE FUNCTION x\.(append_batch|write_notices)\(/);
  });

  it.each(Array.from({ length: PG_SCHEMA_VERSION - 1 }, (_, i) => i + 1))(
    'a schema made at version %i is migrated to exactly what a new schema is, its game kept and appendable',
    async (version) => {
      await requirePostgres();
      const fresh = freshSchemaName();
      try {
        const made = await PostgresStore.open(PG_URL, { schema: fresh });
        await made.close();
        const old = await olderPgSchema(version, OLD);
        const store = await PostgresStore.open(PG_URL, { schema: old });
        try {
          expect(await store.entries('g1')).toEqual(OLD);
          const next = entriesAfter(OLD[2], 1);
          await store.openChannel('mail');
          await store.append({
            game: 'g1',
            entries: next,
            notices: [{ ...notice('g1', 'k', 'admin'), thread: '<m@x>' }],
            snapshot: snapshotAt('g1', next[0]!),
          });
          expect((await store.notices('g1', 'admin')).map((n) => [n.key, n.thread])).toEqual([
            ['k', '<m@x>'],
          ]);
          expect((await store.snapshot('g1'))?.seq).toBe(4);
        } finally {
          await store.close();
        }
        expect(await adminQuery(`SELECT version FROM ${old}.schema_version`)).toEqual([
          { version: PG_SCHEMA_VERSION },
        ]);
        const wanted = await catalog(fresh);
        expect(wanted.filter((x) => x.includes('append_batch')).length).toBe(2);
        expect(await catalog(old)).toEqual(wanted);
      } finally {
        await dropSchema(fresh);
      }
    },
  );
});
