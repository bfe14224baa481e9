// One of the store's contracts (issue 28 item 2): the Store (store.ts) is the intersection of them, and each room
// is given the narrow one it uses. Implemented once per backend (src/store/sqlite/, src/store/postgres/) and
// tested once for both (test/store/contracts/).
import type { GameEvent, LogEntry, StoredEntry } from '../core/index.js';
import type { PlayerStanding } from './guards.js';
import type { CommandRecord } from './log.js';
import type { Notice } from './outbox.js';
import type { PlayerAddress, TokenGrant } from './directory.js';

/**
 * A game's log as the store keeps it, for verification (issue 17): the entries in pages, each with its event
 * still the stored text (hashed as it is, parsed only when needed), and the store's reader of that text.
 */
export interface StoredLog {
  readonly pages: AsyncIterable<StoredEntry[]>;
  /** The event a stored text holds; refused as 'damaged' (naming the store) if it holds none. */
  parse(text: string, seq: number): GameEvent;
}

/** What changed in a store: entries `first..last` of a game were committed (by any process). */
export type StoreChange =
  | { readonly kind: 'append'; readonly game: string; readonly first: number; readonly last: number }
  /**
   * Changes may have been missed (the store's listening connection was lost and is back): anything a
   * watcher derived from the store may be behind and should be checked against it again.
   */
  | { readonly kind: 'resync' }
  /** Notices were written to a game's outbox (by any process). */
  | { readonly kind: 'notice'; readonly game: string };

export type StoreWatcher = (change: StoreChange) => void;

/** A command id as the store keeps it, for copying a game to another store. */
export interface CommandIdRecord extends CommandRecord {
  readonly id: string;
}

/** Everything a store holds about one game: what `referee migrate` moves from one store to another. */
export interface GameDump {
  readonly game: string;
  readonly ruleset: string;
  readonly entries: readonly LogEntry[];
  readonly master: Uint8Array | null;
  readonly commands: readonly CommandIdRecord[];
  readonly tokens: readonly TokenGrant[];
  /** The game's notices, oldest first (history: a restored game's notices are not delivered again). */
  readonly notices?: readonly Notice[];
  /** The players' mail addresses (issue 15; private, like the tokens). */
  readonly addresses?: readonly PlayerAddress[];
  /** Whether the game is played by mail (schema 5; see Store.markByMail): the copy is marked too. */
  readonly byMail?: boolean;
  /**
   * The players' phrase standings (schema 7, issue 23): a copy keeps a lock and a burn, so moving a game never
   * revives a phrase seen on the list. Answer budgets are not carried (windows of at most a day).
   */
  readonly phraseStandings?: readonly PlayerStanding[];
}

/**
 * What keeps a store and moves games between stores: watching commits, checking and checkpointing the file,
 * verifying the log as stored, dumping and restoring a game, closing. Mostly optional: a store of another
 * kind may not have them.
 */
export interface Maintenance {
  /**
   * Optional: the entries as stored, their events unparsed, in pages (no pages for an unknown game). What
   * `referee verify` reads: it hashes the stored text as it is (see StoredLog).
   */
  storedLog?(game: string): StoredLog;
  /**
   * Optional: tells `watcher` of every append committed to this store, by this process or another, in
   * commit order, after the commit. Resolves once the store is listening (appends committed after that are
   * told); the returned function stops it. A store that learns of other processes' commits only by looking
   * for them tells them while someone looks out (lookForOthers).
   */
  watch?(watcher: StoreWatcher): Promise<() => Promise<void>>;
  /**
   * Optional, for a store that is not told of other processes' commits (SQLite: its watch tells its own
   * process's appends at once): until the answer is called, the store looks for them itself and tells its
   * watchers what it finds, as `watch` says (issue 16: the CLI beside `referee serve`). Held by whoever
   * follows games or the outbox (Following, while it has listeners; a Courier); the store looks only while
   * one is held, at a cost bounded per store, not per game or holder. PostgreSQL's NOTIFY needs none.
   */
  lookForOthers?(): () => void;
  /**
   * Optional: what the store finds wrong with its own file, in one line (undefined if nothing): damage a
   * read can pass over without an error, such as a lost page that leaves a shorter log.
   */
  checkFile?(): Promise<string | undefined>;
  /**
   * Optional, for a store that checkpoints a journal (SQLite's WAL): has `run` do it from now on (another
   * connection, on another thread) instead of the store inside its commits, or the store again when
   * undefined. A failed `run` is made up for by the store.
   */
  checkpointWith?(run: (() => Promise<void>) | undefined): void;
  /** Optional: everything about one game, for moving it to another store; undefined for an unknown game. */
  dumpGame?(game: string): Promise<GameDump | undefined>;
  /**
   * Optional: writes a whole game from another store in one transaction (entries from 1, master, command ids,
   * tokens). A game that exists here is a conflict, and nothing is written.
   */
  restoreGame?(dump: GameDump): Promise<void>;
  close(): Promise<void>;
}
