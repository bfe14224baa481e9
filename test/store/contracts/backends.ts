// The two stores every contract test runs against (issue 28 item 2: one contract test per contract, both
// backends): a SQLite file in a folder of its own, and a fresh schema on the real local PostgreSQL server (small
// pages, so that stream and foldStream really go page by page). Every open() is a new connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '../../../src/store/sqlite.js';
import { pgBackend } from '../pg-support.js';
import type { MakeBackend } from './support.js';

const sqliteBackend: MakeBackend = () => {
  const dir = mkdtempSync(join(tmpdir(), 'referee-contract-'));
  const path = join(dir, 'games.db');
  return Promise.resolve({
    open: () => Promise.resolve(new SqliteStore(path)),
    dispose: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  });
};

export const BACKENDS: readonly (readonly [string, MakeBackend])[] = [
  ['SqliteStore', sqliteBackend],
  ['PostgresStore', () => pgBackend({ batch: 5 })],
];

/** Runs one contract's tests against each backend. */
export function onBothBackends(describeContract: (name: string, makeBackend: MakeBackend) => void): void {
  for (const [name, makeBackend] of BACKENDS) describeContract(name, makeBackend);
}
