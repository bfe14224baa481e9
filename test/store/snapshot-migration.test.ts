// Schema 6 (snapshots, issue 17): a file or a PostgreSQL schema written at schema 5 is migrated on open, its
// games intact, and appends can then carry snapshots (PostgreSQL: through append_batch_snapshots, which the
// migration adds beside append_batch).
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/core/index.js';
import { SCHEMA_VERSION } from '../../src/store/sqlite.js';
import { PG_SCHEMA_VERSION } from '../../src/store/postgres.js';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { snapshotAt } from './contracts/game-log-snapshots.contract.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

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
    // What schema 5 was: the same file without the snapshots.
    const path = await olderSqliteFile(
      5,
      'DROP TABLE address_claims; DROP TABLE snapshots;',
      async (made) => {
        await made.append({ game: 'g1', entries: OLD, create: { ruleset: 'r', master: null } });
        await made.markByMail(['g1']);
      },
    );
    await reopenSqlite(path, snapshotsWorkOn);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(6);
  });

  it('PostgreSQL: a schema at version 5 (made by migrations 0 to 4) opens, is migrated, games intact', async () => {
    const schema = await olderPgSchema(5, OLD, async (client, schema) => {
      await client.query(`INSERT INTO ${schema}.mail_games (game) VALUES ('g1')`);
    });
    await reopenPg(schema, snapshotsWorkOn);
    expect(PG_SCHEMA_VERSION).toBeGreaterThanOrEqual(6);
  });
});
