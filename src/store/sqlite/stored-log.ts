// A game's log as the SQLite file keeps it, for verification (issue 17): each entry a row as the database hands
// it over (`[seq, nweek, nday, event, prev, hash]`, the event still its stored text), in pages read one
// indexed query at a time, so a million entries are checked in bounded memory and hashed without being parsed.
// SqliteStore and the verifying thread's read-only SqliteReader share it.
import type Database from 'better-sqlite3';
import type { StoredEntry } from '../../core/index.js';
import type { StoredLog } from '../store.js';
import { parseEvent, translate } from './file.js';

/** Rows per page: a page's query costs little, and a small page dies young (larger ones cost more memory, no less time). */
export const STORED_PAGE = 2_000;

/** The statement one page is read with: raw rows, in the order of StoredEntry. */
export function storedPage(db: Database.Database): Database.Statement<[string, number, number], StoredEntry> {
  return db
    .prepare<[string, number, number], StoredEntry>(
      'SELECT seq, nweek, nday, event, prev, hash FROM log WHERE game = ? AND seq >= ? ORDER BY seq LIMIT ?',
    )
    .raw();
}

/** The log of `game` in `path` (named in a refusal), read by `page`; no pages for an unknown game. */
export function sqliteStoredLog(
  path: string,
  page: Database.Statement<[string, number, number], StoredEntry>,
  game: string,
): StoredLog {
  // eslint-disable-next-line @typescript-eslint/require-await -- an async generator, as the contract has it
  async function* pages(): AsyncGenerator<StoredEntry[]> {
    for (let next = 1; ;) {
      let rows: StoredEntry[];
      try {
        rows = page.all(game, next, STORED_PAGE);
      } catch (e) {
        throw translate(e, path);
      }
      const last = rows[rows.length - 1];
      if (!last) return;
      yield rows;
      next = last[0] + 1;
    }
  }
  return {
    pages: pages(),
    parse: (text, seq) => parseEvent(path, text, `entry ${seq} of a game's log`),
  };
}
