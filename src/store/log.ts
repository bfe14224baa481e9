// One of the store's contracts (issue 28 item 2): the Store (store.ts) is the intersection of them, and each room
// is given the narrow one it uses. Implemented once per backend (src/store/sqlite/, src/store/postgres/) and
// tested once for both (test/store/contracts/).
import type { GameEvent, LogEntry } from '../core/index.js';
import type { TokenGrant } from './directory.js';
import type { Notice } from './outbox.js';

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
  /** Notices these entries cause, written in the same transaction (the transactional outbox, issue 14). */
  readonly notices?: readonly Notice[];
  /**
   * A snapshot of the game's state after these entries (issue 17, schema 6), written in the same
   * transaction, in place of the game's snapshot before it: a refused append leaves none.
   */
  readonly snapshot?: Snapshot;
}

/**
 * A game's state folded up to entry `seq`, as text (src/core/snapshot.ts), with the hash of that entry, the
 * version of the code that folded it and a tag made with the game's secret. The store keeps one per game and
 * only keeps it: whether it may be used is decided by the engine (src/engine/snapshots.ts), every time.
 */
export interface Snapshot {
  readonly game: string;
  readonly seq: number;
  readonly hash: string;
  readonly version: string;
  readonly state: string;
  readonly tag: string;
}

/** A snapshot as read back, with what the log holds at its entry. */
export interface StoredSnapshot extends Snapshot {
  /** The hash of the stored entry `seq`, or null if the log has no such entry. */
  readonly logged: string | null;
}

/**
 * The log: games' append-only logs, their dice secrets, command ids and snapshots. An append is atomic and is
 * refused (conflict) unless it starts right after the last stored entry of its game, so nothing is
 * acknowledged that is not committed in order.
 */
export interface GameLog {
  listGames(): Promise<GameSummary[]>;
  /**
   * Entries of a game from `fromSeq` (1-based) on, in order, and no further than `toSeq` if given (what one
   * command appended, without the log written since: issue 28 item 4); undefined for an unknown game.
   */
  entries(game: string, fromSeq?: number, toSeq?: number): Promise<LogEntry[] | undefined>;
  /** The same entries in batches, read lazily (for long logs in bounded memory). */
  stream(game: string, fromSeq?: number): AsyncIterable<LogEntry[]>;
  /**
   * Optional: how many entries a game's log has (0 for an unknown game), from an index: cheap whatever the
   * log's length. What a progress bar is drawn against (issue 17).
   */
  logLength?(game: string): Promise<number>;
  /**
   * Only what a replay needs, fast: the events in order from `fromSeq` (1-based; default 1), in batches, with
   * events of the `stub` types given as `{ type, vis }` without being parsed, and the last entry's hash. For
   * folding, never for showing.
   */
  foldStream(game: string, stub: readonly string[], fromSeq?: number): AsyncIterable<FoldBatch>;
  /** The game's master dice secret (fair dice), or null. */
  master(game: string): Promise<Uint8Array | null>;
  /**
   * The game's snapshot (schema 6; written by an append, see Append.snapshot), with the hash the log holds at
   * its entry, in one read; undefined if it has none. Never trusted as it is: see src/engine/snapshots.ts.
   */
  snapshot(game: string): Promise<StoredSnapshot | undefined>;
  command(game: string, id: string): Promise<CommandRecord | undefined>;
  append(append: Append): Promise<void>;
}
