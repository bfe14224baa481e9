// The mail edge's guards (issue 23): a store at schema 8 migrated to 9 with what it held intact (the guards'
// contract, run against both stores, is test/store/contracts/mail-guards.contract.ts).
import { describe, expect, it } from 'vitest';
import { CLEAN_STANDING } from '../../src/store/guards.js';
import type { Store } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';
import { olderPgSchema, olderSqliteFile, reopenPg, reopenSqlite } from './migration-support.js';

const OLD = entriesAfter(undefined, 3);

async function guardsWorkOn(store: Store): Promise<void> {
  expect(await store.entries('g1')).toEqual(OLD);
  expect(await store.phraseStanding('g1', 'bob')).toEqual(CLEAN_STANDING);
  expect((await store.phraseFailed('g1', 'bob', 1)).failures).toBe(1);
  expect(await store.spendAnswer('g1', [{ key: 'k', limit: 1, until: 10 }], 0)).toBe(true);
}

describe('the mail edge’s guards: older stores are migrated to schema 9 on open', () => {
  it('SQLite: a schema 8 file (no guards) opens, is migrated, its games intact', async () => {
    const path = await olderSqliteFile(
      8,
      'DROP TABLE phrase_standing; DROP TABLE answer_budgets;',
      async (made) => {
        await made.append({ game: 'g1', entries: OLD, create: { ruleset: 'r', master: null } });
      },
    );
    await reopenSqlite(path, guardsWorkOn);
  });

  it('PostgreSQL: a schema at version 8 (made by migrations 0 to 7) opens, is migrated, games intact', async () => {
    const schema = await olderPgSchema(8, OLD);
    await reopenPg(schema, guardsWorkOn);
  });
});
