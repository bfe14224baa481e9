// SqliteStore: what only a file can go through (the contracts, shared with PostgreSQL, are test/store/contracts/) - a file of some
// other kind or program, a damaged file, a file from a newer version - each refused with a clear StoreError
// and left exactly as it was ("A file that is not ours, or is damaged, gives a clear error and is never
// overwritten", issue 2 section 3).
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPLICATION_ID, SCHEMA_VERSION, SqliteStore } from '../../src/store/sqlite.js';
import { StoreError } from '../../src/store/store.js';
import type { StoreErrorCode } from '../../src/store/store.js';
import { entriesAfter } from './contracts/support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'referee-store-'));
  dirs.push(dir);
  return dir;
}

/** The file's bytes and the names beside it: what "left untouched" compares. */
function snapshot(path: string): { bytes: Buffer; siblings: string[] } {
  const dir = join(path, '..');
  return { bytes: readFileSync(path), siblings: readdirSync(dir).sort() };
}

/** Opening `path` is refused with one of `codes`, and the file (and its folder) are as they were. */
function expectRefused(path: string, codes: readonly StoreErrorCode[]): StoreError {
  const before = snapshot(path);
  let error: unknown;
  try {
    const store = new SqliteStore(path);
    void store.close();
  } catch (e) {
    error = e;
  }
  expect(error, 'the store should refuse the file').toBeInstanceOf(StoreError);
  const e = error as StoreError;
  expect(codes).toContain(e.code);
  expect(e.message).toContain(path);
  expect(e.message).not.toContain('\n');
  const after = snapshot(path);
  expect(after.siblings).toEqual(before.siblings);
  expect(after.bytes.equals(before.bytes), 'the file must not be changed').toBe(true);
  return e;
}

/** A real store file holding one game of `count` entries, closed. */
async function storeFile(dir: string, count: number): Promise<string> {
  const path = join(dir, 'referee.db');
  const store = new SqliteStore(path);
  await store.append({
    game: 'g1',
    entries: entriesAfter(undefined, count),
    create: { ruleset: 'grid-2002-01', master: new Uint8Array(32).fill(7) },
  });
  await store.close();
  return path;
}

function foreignSqlite(path: string, setup: string): void {
  const db = new Database(path);
  db.exec(setup);
  db.close();
}

describe('SqliteStore: the file is marked as ours', () => {
  it('a new file gets the NREF application id, the current schema version and a WAL journal', async () => {
    const path = await storeFile(tempDir(), 1);
    const db = new Database(path, { readonly: true });
    try {
      expect(db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('a schema 1 file (before tokens) is migrated to the current schema on open, its games intact', async () => {
    const path = await storeFile(tempDir(), 3);
    foreignSqlite(
      path,
      'DROP TABLE address_claims; DROP TABLE snapshots; DROP TABLE mail_games; DROP TABLE addresses; DROP TABLE deliveries; DROP TABLE channels; DROP TABLE notices; DROP TABLE tokens; PRAGMA user_version = 1;',
    );
    const store = new SqliteStore(path);
    try {
      expect((await store.listGames()).map((g) => g.entries)).toEqual([3]);
      const [game] = await store.listGames();
      await store.grantToken(game?.id ?? '', { holder: 'admin', hash: 'h' });
      expect(await store.tokenHolder(game?.id ?? '', 'h')).toBe('admin');
    } finally {
      await store.close();
    }
    const db = new Database(path, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('closing checkpoints the journal: a closed store is one self-contained file', async () => {
    const dir = tempDir();
    await storeFile(dir, 50);
    expect(readdirSync(dir)).toEqual(['referee.db']);
  });
});

describe('SqliteStore: a file that is not ours, or is damaged, is refused and never overwritten', () => {
  it('a text file is not-our-file, and its bytes are unchanged', () => {
    const path = join(tempDir(), 'notes.txt');
    writeFileSync(path, 'Shopping list\n- eggs\n- milk\n'.repeat(20));
    const e = expectRefused(path, ['not-our-file']);
    expect(e.message).toMatch(/not a nomic-referee database/);
  });

  it('a file shorter than a SQLite header is not-our-file, unchanged', () => {
    const path = join(tempDir(), 'tiny');
    writeFileSync(path, 'hi\n');
    expectRefused(path, ['not-our-file']);
  });

  it('a binary file that is not SQLite is not-our-file, unchanged', () => {
    const path = join(tempDir(), 'blob.bin');
    writeFileSync(path, Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 131 + 7) & 0xff)));
    expectRefused(path, ['not-our-file']);
  });

  it('a SQLite database of another application is not-our-file, unchanged, its data intact', () => {
    const path = join(tempDir(), 'recipes.db');
    foreignSqlite(
      path,
      "CREATE TABLE recipes (name TEXT, minutes INTEGER); INSERT INTO recipes VALUES ('soup', 40);",
    );
    const e = expectRefused(path, ['not-our-file']);
    expect(e.message).toMatch(/some other program/);
    const db = new Database(path, { readonly: true });
    expect(db.prepare('SELECT name, minutes FROM recipes').all()).toEqual([{ name: 'soup', minutes: 40 }]);
    db.close();
  });

  it('an empty SQLite database stamped with another application id is not-our-file, not adopted', () => {
    const path = join(tempDir(), 'other.db');
    foreignSqlite(path, 'PRAGMA application_id = 1234567; PRAGMA user_version = 3;');
    expectRefused(path, ['not-our-file']);
  });

  it('a truncated database (half its size) is refused as damaged, and the file is not overwritten', async () => {
    const path = await storeFile(tempDir(), 3000);
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(64 * 1024);
    truncateSync(path, Math.floor(size / 2));
    const e = expectRefused(path, ['damaged', 'not-our-file']);
    expect(e.message).toMatch(/damaged|not a nomic-referee database/);
    expect(statSync(path).size).toBe(Math.floor(size / 2));
  });

  it('a database whose pages after the first are garbage is reported damaged, and not overwritten', async () => {
    const path = await storeFile(tempDir(), 3000);
    const bytes = readFileSync(path);
    const pageSize = bytes.readUInt16BE(16);
    bytes.fill(0xa5, pageSize);
    writeFileSync(path, bytes);
    const before = snapshot(path);
    let error: unknown;
    let store: SqliteStore | undefined;
    try {
      store = new SqliteStore(path);
      await store.listGames();
      await store.entries('g1');
    } catch (e) {
      error = e;
    } finally {
      await store?.close();
    }
    expect(error).toBeInstanceOf(StoreError);
    expect(['damaged', 'not-our-file']).toContain((error as StoreError).code);
    const after = snapshot(path);
    expect(after.bytes.equals(before.bytes)).toBe(true);
    expect(after.siblings).toEqual(before.siblings);
  });

  it('a listed game whose log reads back empty (its pages lost) is damaged, not a game that is not there', async () => {
    const path = await storeFile(tempDir(), 5);
    foreignSqlite(path, "DELETE FROM log WHERE game = 'g1';");
    const store = new SqliteStore(path);
    const collect = async <T>(items: AsyncIterable<T>) => {
      for await (const item of items) void item;
    };
    try {
      for (const read of [
        () => store.entries('g1'),
        () => collect(store.stream('g1')),
        () => collect(store.foldStream('g1', [])),
      ]) {
        const e = await read().then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(e).toBeInstanceOf(StoreError);
        expect((e as StoreError).code).toBe('damaged');
        expect((e as StoreError).message).toContain(path);
      }
      // Reading past the end, or a game that is not there, is no damage.
      expect(await store.entries('g1', 99)).toEqual([]);
      expect(await store.entries('g2')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('a database from a newer schema version is newer-version, unchanged', async () => {
    const path = await storeFile(tempDir(), 5);
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const e = expectRefused(path, ['newer-version']);
    expect(e.message).toContain(String(SCHEMA_VERSION + 1));
  });

  it.runIf(existsSync('/proc/self/fd'))(
    'a refused file is released: refusing it again and again leaves no file descriptor open',
    () => {
      const dir = tempDir();
      const foreign = join(dir, 'recipes.db');
      foreignSqlite(foreign, 'CREATE TABLE recipes (name TEXT);');
      const newer = join(dir, 'newer.db');
      foreignSqlite(newer, `PRAGMA application_id = ${APPLICATION_ID}; PRAGMA user_version = 99;`);
      const open = () => readdirSync('/proc/self/fd').length;
      const before = open();
      for (let i = 0; i < 20; i++) {
        for (const path of [foreign, newer]) expect(() => new SqliteStore(path)).toThrow(StoreError);
      }
      expect(open()).toBe(before);
    },
  );
});
