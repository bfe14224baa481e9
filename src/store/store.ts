import type { GameEvent, LogEntry } from '../core/index.js';

/** A game as the store lists it. */
export interface GameSummary {
  readonly id: string;
  readonly ruleset: string;
  readonly entries: number;
}

/** A batch of events for a replay, and the hash of the last entry in it. */
export interface FoldBatch {
  readonly events: readonly GameEvent[];
  readonly lastHash: string;
}

/** The first result of a command id: the log entries it appended. */
export interface CommandRecord {
  readonly first: number;
  readonly last: number;
}

/** Why the store refused: a file that is not ours or is damaged, a newer schema, a race lost. */
export type StoreErrorCode =
  | 'not-our-file'
  | 'damaged'
  | 'newer-version'
  | 'conflict'
  | 'duplicate-command'
  | 'unknown-game'
  | 'io'
  /** A --db path that cannot be a database file: a folder, or in a folder that does not exist. */
  | 'bad-path';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** What one append writes, all in one transaction. */
export interface Append {
  readonly game: string;
  readonly entries: readonly LogEntry[];
  /** Set when the entries create the game. */
  readonly create?: { readonly ruleset: string; readonly master: Uint8Array | null };
  /** The client's idempotency key, if the command had one. */
  readonly commandId?: string;
  /** Access tokens granted with these entries (a player's on joining, the admin's at creation), hashed. */
  readonly tokens?: readonly TokenGrant[];
}

/**
 * Who holds a token: 'admin' (the game's Administrator) or 'player:NAME'. Only the SHA-256 of a token is
 * stored; the token itself is shown once, to its holder, and never logged.
 */
export interface TokenGrant {
  readonly holder: string;
  readonly hash: string;
}

/** What changed in a store: entries `first..last` of a game were committed (by any process). */
export type StoreChange =
  | { readonly kind: 'append'; readonly game: string; readonly first: number; readonly last: number }
  /**
   * Changes may have been missed (the store's listening connection was lost and is back): anything a
   * watcher derived from the store may be behind and should be checked against it again.
   */
  | { readonly kind: 'resync' };

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
}

/**
 * Durable home of games: append-only logs, the games' dice secrets, and command ids. Asynchronous so that a
 * networked store fits the same contract. An append is atomic and is refused (conflict) unless it starts right
 * after the last stored entry of its game, so nothing is acknowledged that is not committed in order.
 */
export interface Store {
  listGames(): Promise<GameSummary[]>;
  /** Entries of a game from `fromSeq` (1-based) on, in order; undefined for an unknown game. */
  entries(game: string, fromSeq?: number): Promise<LogEntry[] | undefined>;
  /** The same entries in batches, read lazily (for long logs in bounded memory). */
  stream(game: string, fromSeq?: number): AsyncIterable<LogEntry[]>;
  /**
   * Only what a replay needs, fast: the events in order, in batches, with events of the `stub` types given
   * as `{ type, vis }` without being parsed, and the last entry's hash. For folding, never for showing.
   */
  foldStream(game: string, stub: readonly string[]): AsyncIterable<FoldBatch>;
  /** The game's master dice secret (fair dice), or null. */
  master(game: string): Promise<Uint8Array | null>;
  command(game: string, id: string): Promise<CommandRecord | undefined>;
  append(append: Append): Promise<void>;
  /** Gives a holder a (new) token of a game, replacing the one e had: issuing again is rotation. */
  grantToken(game: string, grant: TokenGrant): Promise<void>;
  /** Who holds the token with this hash in this game, if anyone. */
  tokenHolder(game: string, hash: string): Promise<string | undefined>;
  /**
   * Optional: tells `watcher` of every append committed to this store, by this process or another, in
   * commit order, after the commit. Resolves once the store is listening (appends committed after that are
   * told); the returned function stops it. A store only one process can write may tell only its own appends.
   */
  watch?(watcher: StoreWatcher): Promise<() => Promise<void>>;
  /**
   * Optional: what the store finds wrong with its own file, in one line (undefined if nothing): damage a
   * read can pass over without an error, such as a lost page that leaves a shorter log.
   */
  checkFile?(): Promise<string | undefined>;
  /** Optional: everything about one game, for moving it to another store; undefined for an unknown game. */
  dumpGame?(game: string): Promise<GameDump | undefined>;
  /**
   * Optional: writes a whole game from another store in one transaction (entries from 1, master, command ids,
   * tokens). A game that exists here is a conflict, and nothing is written.
   */
  restoreGame?(dump: GameDump): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every store refuses a batch whose entries are not numbered one after another (before writing anything), so
 * a game's entries are always 1..n with no gap and its last number is its count.
 */
export function checkConsecutive(game: string, entries: readonly LogEntry[]): void {
  for (let i = 1; i < entries.length; i++) {
    const before = entries[i - 1] as LogEntry;
    const e = entries[i] as LogEntry;
    if (e.seq !== before.seq + 1)
      throw new StoreError(
        'conflict',
        `the entries offered for ${game} are not consecutive (${e.seq} follows ${before.seq})`,
      );
  }
}
