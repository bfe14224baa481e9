// The SQLite file before and around the store: is it ours, is it whole, and SQLite's errors in words.
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from './driver.js';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  openSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import type { GameEvent, Visibility } from '../../core/index.js';
import { StoreError } from '../store.js';
import { APPLICATION_ID, SCHEMA_VERSION, SQLITE_MAGIC } from './schema.js';

/**
 * Refuses, before SQLite touches it, a file that is not a SQLite database or is shorter than its header says.
 * Answers true when the file is short but a WAL lies beside it: a checkpoint cut short (the process killed
 * while copying the WAL into the file, which writes page 1 first) leaves exactly that, and SQLite completes
 * it from the WAL on opening; the caller then has SQLite check the pages before trusting the file.
 */
export function checkFileHeader(path: string): boolean {
  const size = statSync(path).size;
  if (size === 0) return false;
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || header.toString('latin1', 0, 16) !== SQLITE_MAGIC) {
    throw new StoreError(
      'not-our-file',
      `${path} is not a nomic-referee database (not a SQLite file); it was left untouched`,
    );
  }
  const rawPage = header.readUInt16BE(16);
  const pageSize = rawPage === 1 ? 65536 : rawPage;
  const pages = header.readUInt32BE(28);
  if (pages > 0 && size < pages * pageSize) {
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) return true;
    throw new StoreError(
      'damaged',
      `${path} is damaged: it holds ${size} bytes but its header promises ${pages * pageSize}; it was left untouched`,
    );
  }
  return false;
}

/**
 * What a file SQLite opens is: new (or empty: it will be made ours), ours at some schema version, or refused
 * (not ours, or from a newer version).
 */
export function classify(
  db: Database.Database,
  path: string,
): { readonly kind: 'new' } | { readonly kind: 'ours'; readonly version: number } | StoreError {
  const appId = db.pragma('application_id', { simple: true }) as number;
  const version = db.pragma('user_version', { simple: true }) as number;
  const tables = (db.prepare('SELECT count(*) AS n FROM sqlite_master').get() as { n: number }).n;
  if (appId === 0 && tables === 0) return { kind: 'new' };
  if (appId !== APPLICATION_ID)
    return new StoreError(
      'not-our-file',
      `${path} is a SQLite database of some other program; it was left untouched`,
    );
  if (version > SCHEMA_VERSION)
    return new StoreError(
      'newer-version',
      `${path} was written by a newer nomic-referee (schema ${version}; this one knows ${SCHEMA_VERSION})`,
    );
  return { kind: 'ours', version };
}

/**
 * A file with a -wal beside it (left by a crash, or another process has it open) is first looked at through a
 * read-only connection, which never writes: a read-write connection refused and closed would copy the WAL into
 * the file on closing, and a WAL that is not the file's own (another database's, or garbage that passes
 * SQLite's checks) would then overwrite it. A file short of its header's size (a checkpoint cut short) must
 * also pass SQLite's quick_check here. The -shm the read-only connection may create is removed again if it
 * was not there before (no other connection had the file open then).
 */
export function checkWithWal(path: string, unfinished: boolean): void {
  const shm = `${path}-shm`;
  const hadShm = existsSync(shm);
  let db: Database.Database | undefined;
  try {
    db = openDatabase(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const file = classify(db, path);
    if (file instanceof StoreError) throw file;
    if (unfinished && db.pragma('quick_check', { simple: true }) !== 'ok')
      throw new StoreError(
        'damaged',
        `${path} is damaged: its pages do not check out; it was left untouched`,
      );
  } catch (e) {
    throw translate(e, path);
  } finally {
    db?.close();
    if (!hadShm) rmSync(shm, { force: true });
  }
}

/**
 * A stored event, which is a JSON object: anything else (bytes altered in the file where SQLite cannot
 * see it) is refused as damaged, in one line, rather than thrown as a parser's error.
 */
export function parseEvent(path: string, text: unknown, where: string): GameEvent {
  let event: unknown;
  try {
    event = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    event = undefined;
  }
  if (typeof event === 'object' && event !== null && typeof (event as GameEvent).type === 'string')
    return event as GameEvent;
  throw new StoreError('damaged', `${path} is damaged: ${where} cannot be read; it was left untouched`);
}

/** A sync of the disk that failed: the write is committed, but the disk did not confirm it. */
export function unsynced(path: string, e: unknown): StoreError {
  return new StoreError(
    'io',
    `${path} could not be synced to disk (${(e as Error).message}); the last write is not confirmed: send it again with the same key`,
  );
}

/**
 * A path that cannot be a database file is bad input, refused before anything is made (issue 13 item 8, issue 23
 * item 8): an empty or blank path, a folder (or a path ending in a slash), a device, pipe or socket, a link
 * to nothing, a file in a folder that does not exist, and a file this user may not read and write.
 */
export function checkPath(path: string): void {
  if (path.trim() === '')
    throw new StoreError('bad-path', 'the database path is empty: name a file (or a postgres://… store)');
  if (path.endsWith('/')) throw new StoreError('bad-path', `${path} names a folder, not a database file`);
  const found = lstatIfAny(path);
  if (found?.isSymbolicLink() && !existsSync(path))
    throw new StoreError('bad-path', `${path} is a link to nothing (${readlinkSync(path)})`);
  if (existsSync(path)) {
    const kind = statSync(path);
    if (kind.isDirectory()) throw new StoreError('bad-path', `${path} is a folder, not a database file`);
    if (!kind.isFile())
      throw new StoreError('bad-path', `${path} is not a regular file (a device, pipe or socket)`);
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch {
      throw new StoreError('bad-path', `${path} cannot be read and written by this user`);
    }
  }
  const folder = dirname(path);
  if (!existsSync(folder)) throw new StoreError('bad-path', `the folder ${folder} does not exist`);
  if (!statSync(folder).isDirectory()) throw new StoreError('bad-path', `${folder} is not a folder`);
}

/** The path's own entry (a link itself, not what it names), if there is one. */
function lstatIfAny(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The file system refusing to make or open the file (a name too long, no permission, a read-only disk): bad
 * input in one line, like the refusals of checkPath, which cannot foresee them all.
 */
export function fileRefused(e: unknown, path: string): StoreError | undefined {
  const code = (e as NodeJS.ErrnoException).code ?? '';
  const why: Record<string, string> = {
    ENAMETOOLONG: 'its name is too long',
    EACCES: 'this user may not create or open it',
    EPERM: 'this user may not create or open it',
    EROFS: 'its disk is read-only',
    EISDIR: 'it is a folder',
    ENOTDIR: 'a part of it is not a folder',
    ELOOP: 'its links go round in a loop',
    EEXIST: 'something else appeared there while it was being made',
  };
  const reason = why[code];
  return reason === undefined
    ? undefined
    : new StoreError('bad-path', `${path.slice(0, 200)} cannot be a database file: ${reason}`);
}

export function translate(e: unknown, path: string): Error {
  if (e instanceof StoreError) return e;
  const code = (e as { code?: string }).code ?? '';
  // SQLite's messages may quote a damaged schema, newlines and all: the refusal stays one line.
  const message = ((e as Error).message ?? '').replace(/\s+/g, ' ');
  if (code === 'SQLITE_NOTADB')
    return new StoreError('not-our-file', `${path} is not a nomic-referee database; it was left untouched`);
  // SQLITE_ERROR from the store's own fixed statements: the file's schema is not the one it wrote ("no
  // such column", "malformed database schema", "unsupported file format").
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_ERROR')
    return new StoreError('damaged', `${path} is damaged (${message}); it was left untouched`);
  if (
    code === 'SQLITE_FULL' ||
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_READONLY') ||
    code.startsWith('SQLITE_CANTOPEN')
  ) {
    return new StoreError('io', `${path} could not be written (${message}); nothing was recorded`);
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** A stub of foldStream, `type<TAB>vis-as-JSON`, as the event a fold needs: its type and its visibility. */
export function stubEvent(row: string): GameEvent {
  const tab = row.indexOf('\t');
  const vis = row.slice(tab + 1);
  return {
    type: row.slice(0, tab),
    vis: vis === '"public"' ? 'public' : vis === '"admin"' ? 'admin' : (JSON.parse(vis) as Visibility),
  };
}
