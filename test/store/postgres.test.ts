// PostgresStore: what only a shared server goes through (the contracts, shared with the SQLite file, are
// test/store/contracts/): its schema's version, several connections appending to one game at once, and
// notifications reaching another connection. Needs a PostgreSQL server (see pg-support.ts); never skipped.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { chainBreak, GENESIS } from '../../src/core/index.js';
import type { LogEntry } from '../../src/core/index.js';
import { PG_SCHEMA_VERSION, PostgresStore } from '../../src/store/postgres.js';
import { openStore } from '../../src/store/open.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { StoreError } from '../../src/store/store.js';
import type { StoreChange } from '../../src/store/store.js';
import { adminQuery, dropSchema, freshSchemaName, PG_URL, requirePostgres, urlFor } from './pg-support.js';
import { entriesAfter, expectStoreError } from './contracts/support.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

/** A fresh schema, dropped after the test; stores opened with open() are closed first. */
async function fresh(): Promise<{ schema: string; open: () => Promise<PostgresStore> }> {
  await requirePostgres();
  const schema = freshSchemaName();
  cleanup.push(() => dropSchema(schema));
  return {
    schema,
    open: async () => {
      const store = await PostgresStore.open(PG_URL, { schema });
      cleanup.push(() => store.close());
      return store;
    },
  };
}

const last = (entries: readonly LogEntry[]): LogEntry => entries[entries.length - 1] as LogEntry;

describe('PostgresStore: its schema is created, versioned and refused when not ours', () => {
  it('a fresh schema gets our tables and the current version', async () => {
    const { schema, open } = await fresh();
    const store = await open();
    await store.append({
      game: 'g1',
      entries: entriesAfter(undefined, 2),
      create: { ruleset: 'r', master: null },
    });
    const rows = await adminQuery<{ application: string; version: number }>(
      `SELECT application, version FROM ${schema}.schema_version`,
    );
    expect(rows).toEqual([{ application: 'nomic-referee', version: PG_SCHEMA_VERSION }]);
    const tables = await adminQuery<{ t: string }>(
      'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
      [schema],
    );
    expect(tables.map((r) => r.t)).toEqual([
      'address_claims',
      'addresses',
      'answer_budgets',
      'channels',
      'command_ids',
      'deliveries',
      'game_secrets',
      'games',
      'log',
      'mail_games',
      'notices',
      'phrase_standing',
      'schema_version',
      'snapshots',
      'tokens',
    ]);
  });

  it('processes starting at once on a new schema: one creates it, the others find it, all work', async () => {
    const { open } = await fresh();
    const stores = await Promise.all([open(), open(), open(), open()]);
    await stores[0]?.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });
    for (const store of stores) expect((await store.listGames()).map((g) => g.id)).toEqual(['g1']);
  });

  it('a schema written by a newer version is refused (newer-version), and left as it was', async () => {
    const { schema, open } = await fresh();
    const first = await open();
    const entries = entriesAfter(undefined, 3);
    await first.append({ game: 'g1', entries, create: { ruleset: 'r', master: null } });
    await first.close();
    await adminQuery(`UPDATE ${schema}.schema_version SET version = $1`, [PG_SCHEMA_VERSION + 1]);
    const e = await expectStoreError(PostgresStore.open(PG_URL, { schema }), 'newer-version');
    expect(e.message).toContain(String(PG_SCHEMA_VERSION + 1));
    expect(e.message).toContain(schema);
    expect(await adminQuery(`SELECT version FROM ${schema}.schema_version`)).toEqual([
      { version: PG_SCHEMA_VERSION + 1 },
    ]);
    expect(await adminQuery(`SELECT count(*)::int AS n FROM ${schema}.log`)).toEqual([{ n: 3 }]);
  });

  it('a schema holding tables of another program is refused (not-our-file), and left as it was', async () => {
    const { schema } = await fresh();
    await adminQuery(`CREATE SCHEMA ${schema}`);
    await adminQuery(`CREATE TABLE ${schema}.recipes (name text, minutes int)`);
    await adminQuery(`INSERT INTO ${schema}.recipes VALUES ('soup', 40)`);
    const e = await expectStoreError(PostgresStore.open(PG_URL, { schema }), 'not-our-file');
    expect(e.message).toMatch(/some other program/);
    const tables = await adminQuery<{ t: string }>(
      'SELECT table_name AS t FROM information_schema.tables WHERE table_schema = $1',
      [schema],
    );
    expect(tables.map((r) => r.t)).toEqual(['recipes']);
    expect(await adminQuery(`SELECT * FROM ${schema}.recipes`)).toEqual([{ name: 'soup', minutes: 40 }]);
  });

  it('a schema name that is not plain lower case is refused before anything is sent', async () => {
    await expectStoreError(
      PostgresStore.open(PG_URL, { schema: 'Robert"; DROP TABLE x; --' }),
      'not-our-file',
    );
  });

  it('a server that cannot be reached is a clear io error, with any password kept out of it', async () => {
    const url = new URL(PG_URL);
    url.port = '1'; // nothing listens on port 1
    url.password = 'hunter2';
    const e = await expectStoreError(PostgresStore.open(url.toString(), { schema: freshSchemaName() }), 'io');
    expect(e.message).toMatch(/PostgreSQL at postgres:\/\/.*could not be used/);
    expect(e.message).not.toContain('hunter2');
  });
});

describe('openStore: the --db value decides the store', () => {
  it('a postgres:// or postgresql:// connection string (with ?schema=) opens PostgreSQL', async () => {
    const schema = freshSchemaName();
    cleanup.push(() => dropSchema(schema));
    for (const spec of [urlFor(schema), urlFor(schema).replace(/^postgres:/, 'postgresql:')]) {
      const store = await openStore(spec);
      try {
        expect(store).toBeInstanceOf(PostgresStore);
        expect((store as PostgresStore).schema).toBe(schema);
      } finally {
        await store.close();
      }
    }
  });

  it('anything else is a SQLite file, also written sqlite:PATH', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'referee-open-'));
    cleanup.push(() => Promise.resolve(rmSync(dir, { recursive: true, force: true })));
    for (const spec of [join(dir, 'a.db'), `sqlite:${join(dir, 'b.db')}`]) {
      const store = await openStore(spec);
      expect(store).toBeInstanceOf(SqliteStore);
      await store.close();
    }
    expect(existsSync(join(dir, 'a.db')) && existsSync(join(dir, 'b.db'))).toBe(true);
  });
});

describe('PostgresStore: several connections appending to one game at once', () => {
  it('each append is serialised by the game lock: all of them land once, in one unbroken chain', async () => {
    const { open } = await fresh();
    const writers = await Promise.all([open(), open(), open(), open()]);
    const [one] = writers;
    if (!one) throw new Error('no store');
    await one.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });
    const PER_WRITER = 12;
    let conflicts = 0;
    // Each writer reads the log's end, links its entry onto it, and tries; a refused try is read again.
    const mine = new Map<number, string[]>();
    await Promise.all(
      writers.map(async (store, w) => {
        const hashes: string[] = [];
        mine.set(w, hashes);
        while (hashes.length < PER_WRITER) {
          const log = (await store.entries('g1')) ?? [];
          const next = entriesAfter(last(log), 1);
          try {
            await store.append({ game: 'g1', entries: next, commandId: `w${w}-${hashes.length}` });
            hashes.push(last(next).hash);
          } catch (e) {
            expect(e).toBeInstanceOf(StoreError);
            expect((e as StoreError).code).toBe('conflict');
            conflicts++;
          }
        }
      }),
    );
    const log = (await one.entries('g1')) ?? [];
    expect(log.length).toBe(1 + writers.length * PER_WRITER);
    expect(chainBreak(log)).toBeNull();
    for (const [w, hashes] of mine) {
      // Every acknowledged append is in the log exactly once, where its command id says.
      for (const [i, hash] of hashes.entries()) {
        const rec = await one.command('g1', `w${w}-${i}`);
        expect(rec).toBeDefined();
        expect(log.filter((e) => e.hash === hash).map((e) => e.seq)).toEqual([rec?.first]);
      }
    }
    expect((await one.listGames())[0]?.entries).toBe(log.length);
    void conflicts; // how many tries lost a race varies from run to run; none of them wrote anything
  });

  it('two connections creating the same game at once: exactly one creates it, the other is a conflict', async () => {
    const { open } = await fresh();
    const [a, b] = await Promise.all([open(), open()]);
    const results = await Promise.allSettled(
      [a, b].map((s) =>
        s?.append({
          game: 'g1',
          entries: entriesAfter(undefined, 2),
          create: { ruleset: 'r', master: null },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect(((refused as PromiseRejectedResult).reason as StoreError).code).toBe('conflict');
    expect((await a?.entries('g1'))?.length).toBe(2);
  });

  it('an append holding the game lock makes the next one wait, then find the game moved on', async () => {
    const { schema, open } = await fresh();
    const store = await open();
    const log = entriesAfter(undefined, 2);
    await store.append({ game: 'g1', entries: log, create: { ruleset: 'r', master: null } });
    // Another process is inside an append to g1: it holds the row lock and has written entry 3.
    const other = new pg.Client({ connectionString: PG_URL });
    await other.connect();
    cleanup.push(() => other.end());
    await other.query('BEGIN');
    await other.query(`SELECT last_seq FROM ${schema}.games WHERE id = 'g1' FOR NO KEY UPDATE`);
    const theirs = entriesAfter(last(log), 1)[0] as LogEntry;
    await other.query(
      `INSERT INTO ${schema}.log (game, seq, nweek, nday, type, event, prev, hash) VALUES ('g1', 3, 1, 1, $1, $2, $3, $4)`,
      [theirs.event.type, JSON.stringify(theirs.event), theirs.prev, theirs.hash],
    );
    await other.query(`UPDATE ${schema}.games SET last_seq = 3 WHERE id = 'g1'`);
    // Ours, decided on entries 1-2, starts now and must wait for the lock...
    let settled = false;
    const ours = store.append({ game: 'g1', entries: entriesAfter(last(log), 1) });
    void ours.then(
      () => (settled = true),
      () => (settled = true),
    );
    // (waiting for the server to show it blocked on the lock: a condition, not a duration; the lock is
    // taken inside append_batch)
    for (;;) {
      const blocked = await adminQuery<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
        [`%${schema}.append_batch%`],
      );
      if (blocked[0]?.n === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(settled).toBe(false);
    await other.query('COMMIT');
    // ...and then be refused: it would have been a second entry 3.
    await expectStoreError(ours, 'conflict');
    expect((await store.entries('g1'))?.map((e) => e.hash)).toEqual([...log.map((e) => e.hash), theirs.hash]);
  });
});

describe('PostgresStore: notifications', () => {
  it('a watcher on another connection is told of every committed append, in order, and of no refused one', async () => {
    const { open } = await fresh();
    const [writer, reader] = await Promise.all([open(), open()]);
    if (!writer || !reader) throw new Error('no store');
    const told: StoreChange[] = [];
    let wake: () => void = () => undefined;
    const stop = await reader.watch((change) => {
      told.push(change);
      wake();
    });
    const waitFor = (n: number) =>
      new Promise<void>((resolve) => {
        wake = () => {
          if (told.length >= n) resolve();
        };
        wake();
      });
    const a = entriesAfter(undefined, 2);
    await writer.append({ game: 'g1', entries: a, create: { ruleset: 'r', master: null } });
    const b = entriesAfter(last(a), 3);
    await writer.append({ game: 'g1', entries: b });
    // Refused: notified never, since its transaction rolls back.
    await expectStoreError(writer.append({ game: 'g1', entries: entriesAfter(last(a), 1) }), 'conflict');
    const c = entriesAfter(last(b), 1);
    await writer.append({ game: 'g1', entries: c });
    await waitFor(3);
    expect(told).toEqual([
      { kind: 'append', game: 'g1', first: 1, last: 2 },
      { kind: 'append', game: 'g1', first: 3, last: 5 },
      { kind: 'append', game: 'g1', first: 6, last: 6 },
    ]);
    await stop();
  });

  it('a watcher whose listening connection is killed is told to resync once it listens again', async () => {
    const { schema, open } = await fresh();
    const [writer, reader] = await Promise.all([open(), open()]);
    if (!writer || !reader) throw new Error('no store');
    const told: StoreChange[] = [];
    let wake: () => void = () => undefined;
    await reader.watch((change) => {
      told.push(change);
      wake();
    });
    const resynced = new Promise<void>((resolve) => {
      wake = () => {
        if (told.some((c) => c.kind === 'resync')) resolve();
      };
    });
    const killed = await adminQuery<{ ok: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1',
      [`nomic-referee listen ${schema}`],
    );
    expect(killed).toEqual([{ ok: true }]);
    await resynced;
    // And it listens again: the next append is told.
    const next = new Promise<void>((resolve) => {
      wake = () => {
        if (told.some((c) => c.kind === 'append')) resolve();
      };
    });
    await writer.append({
      game: 'g9',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });
    await next;
    expect(told.filter((c) => c.kind === 'append')).toEqual([
      { kind: 'append', game: 'g9', first: 1, last: 1 },
    ]);
  });
});

// GENESIS is used by the contract helpers; kept imported so a change of its value is seen here.
void GENESIS;
