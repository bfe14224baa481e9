import type { AddressClaims } from './claims.js';
import type { GameEvent, LogEntry, StoredEntry } from '../core/index.js';
import type { MailGuards, PlayerStanding } from './guards.js';

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

/**
 * A game's log as the store keeps it, for verification (issue 17): the entries in pages, each with its event
 * still the stored text (hashed as it is, parsed only when needed), and the store's reader of that text.
 */
export interface StoredLog {
  readonly pages: AsyncIterable<StoredEntry[]>;
  /** The event a stored text holds; refused as 'damaged' (naming the store) if it holds none. */
  parse(text: string, seq: number): GameEvent;
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
  | 'bad-path'
  /** Something offered to the store that it cannot take as it is (a channel's name, a notice of another game). */
  | 'bad-input';

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
 * One message to one recipient, in the durable outbox (issue 14): a reminder, a deadline passed, an nday ended
 * by the clock. Rendered from that recipient's view only, before it is stored, so every channel (the page's
 * live stream, mail, chat) delivers exactly what the recipient may see. `key` is unique within the game and
 * made from what the notice is about (the boundary, the warning, the recipient), so writing it twice, from a
 * retry or from two processes, stores it once.
 */
export interface Notice {
  readonly game: string;
  readonly key: string;
  /**
   * 'admin' (the Administrator), 'player:NAME', or 'public' (everyone: the forum, the chat channel); on mail,
   * 'address:ADDRESS' (a receipt to a sender who is no player); 'channel:NAME', a channel's own record (the
   * chat channel's posts made, src/channels/chat.ts), read by no one and delivered nowhere.
   */
  readonly to: string;
  /** What kind of notice: 'reminder', 'deadline', 'clock', 'schedule', … (channels may choose by it). */
  readonly topic: string;
  readonly subject: string;
  readonly text: string;
  /** When it was made (ISO 8601 instant). */
  readonly at: string;
  /**
   * The Message-ID (angle brackets included) of the mail this notice answers, if it answers one (issue 15:
   * a receipt): the mail channel threads it (In-Reply-To, References).
   */
  readonly thread?: string;
}

/**
 * A notice as stored: `id` orders a store's notices (increasing; per store, not per game). Within one game,
 * ids increase in commit order (each store writes a game's notices under that game's lock), so reading on
 * "after id N" never skips one committed later. Never shown to a player: it counts everyone's notices.
 */
export interface StoredNotice extends Notice {
  readonly id: number;
}

/** A notice as claimed for delivery on a channel: `attempts` counts this one (1 on the first try). */
export interface ClaimedNotice extends StoredNotice {
  readonly attempts: number;
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
  | { readonly kind: 'resync' }
  /** Notices were written to a game's outbox (by any process). */
  | { readonly kind: 'notice'; readonly game: string };

export type StoreWatcher = (change: StoreChange) => void;

/**
 * A player's mail address in a game (issue 15), with the hash of the secret phrase e registered, if any.
 * Private: never in the log, in a view or in a count; only the mail edge reads it. Addresses are kept
 * lowercased, and one address belongs to at most one player of a game.
 */
export interface PlayerAddress {
  readonly player: string;
  readonly address: string;
  /** `scrypt$SALT$HASH` (src/channels/mail/phrase.ts), or null if the player registered no phrase. */
  readonly phraseHash: string | null;
}

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
 * Durable home of games: append-only logs, the games' dice secrets, and command ids. Asynchronous so that a
 * networked store fits the same contract. An append is atomic and is refused (conflict) unless it starts right
 * after the last stored entry of its game, so nothing is acknowledged that is not committed in order. The mail
 * edge's guards (phrase standings, answer budgets: issue 23) are a contract of their own (guards.ts).
 */
export interface Store extends AddressClaims, MailGuards {
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
   * Optional: the entries as stored, their events unparsed, in pages (no pages for an unknown game). What
   * `referee verify` reads: it hashes the stored text as it is (see StoredLog).
   */
  storedLog?(game: string): StoredLog;
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
  /** Gives a holder a (new) token of a game, replacing the one e had: issuing again is rotation. */
  grantToken(game: string, grant: TokenGrant): Promise<void>;
  /** Who holds the token with this hash in this game, if anyone. */
  tokenHolder(game: string, hash: string): Promise<string | undefined>;
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
  /**
   * Writes notices to the outbox outside any append (reminders), in one transaction; returns how many were
   * new (a (game, key) already stored is left as it was). A notice of an unknown game is refused, with all.
   */
  enqueue(notices: readonly Notice[]): Promise<number>;
  /**
   * A game's notices to any of the recipients `to` ('admin', 'player:NAME', 'public') after id `after` (0:
   * from the first), oldest first, at most `limit` (default 100).
   */
  notices(
    game: string,
    to: string | readonly string[],
    after?: number,
    limit?: number,
  ): Promise<StoredNotice[]>;
  /**
   * The game's notice with this key, if one was written (issue 15: the mail edge finds the receipt of a
   * message it has answered, so a message delivered again is not acted on again).
   */
  noticeByKey(game: string, key: string): Promise<StoredNotice | undefined>;
  /**
   * Registers a delivery channel (again: nothing happens). A channel delivers the notices written from its
   * registration on, never the history before it: a channel added to a running game does not flood its
   * recipients. The Courier registers its channel when it starts.
   */
  openChannel(channel: string): Promise<void>;
  /**
   * Leases up to `limit` notices not yet delivered on `channel` (a channel of the delivering process: 'mail',
   * 'chat', …) and due now (never tried, or their retry time has come), oldest first, for `leaseMs`: another
   * claim skips them until the lease ends, so a worker that dies mid-delivery gives them back. `now` is the
   * caller's clock (tests simulate it). Which notices a channel delivers is the channel's business: it marks
   * the others delivered. Safe across processes (PostgreSQL: FOR UPDATE SKIP LOCKED). Registers the channel.
   * `claimant` names the claiming process (issue 23 item 6, src/store/leases.ts): a lease of a process known
   * to be gone is given back at once.
   */
  claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant?: string,
  ): Promise<ClaimedNotice[]>;
  /** Marks a claimed notice delivered on a channel: it is never claimed there again. */
  delivered(channel: string, id: number): Promise<void>;
  /** A failed delivery: the notice is claimable again from `retryAt` (ms); `error` is kept for the operator. */
  deferred(channel: string, id: number, retryAt: number, error: string): Promise<void>;
  /**
   * Registers (or replaces) a player's mail address and the hash of eir secret phrase (null: none), issue 15.
   * The address is stored lowercased. Refused: an unknown game ('unknown-game'), an address another player
   * of the game holds ('conflict'), an address that is no address ('bad-input'); nothing is written then.
   */
  setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void>;
  /** Who holds this address (compared lowercased) in this game, with eir phrase's hash; undefined if nobody. */
  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined>;
  /** A player's mail address in a game, if e registered one. */
  addressOf(game: string, player: string): Promise<string | undefined>;
  /**
   * Marks games as played by mail (issue 15, schema 5): every command given to a marked game, by any
   * process and any verb, writes the notices `serve --mail` would (src/cli/by-mail.ts). Names, not games:
   * a game may be marked before it is created. Marking one marked already changes nothing. Answers how many
   * were new. A name that cannot be a game's is refused ('bad-input'), and nothing is written.
   */
  markByMail(games: readonly string[]): Promise<number>;
  /** Unmarks games (the operator's `referee mail off`); answers how many were marked. Same refusals. */
  unmarkByMail(games: readonly string[]): Promise<number>;
  /** The games marked as played by mail, in order of their names. */
  gamesByMail(): Promise<string[]>;
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

/** A channel's name is an operator's word: short, printable. */
export function checkChannel(name: string): void {
  if (!/^[a-z0-9][a-z0-9:._-]{0,63}$/.test(name))
    throw new StoreError('bad-input', `"${name}" cannot name a channel: a-z, 0-9, and : . _ -, at most 64`);
}

/** A game's name as the kernel takes it (GAME_ID, src/core/kernel.ts), checked where the store is given names alone. */
export function checkGameNames(games: readonly string[]): void {
  for (const g of games)
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(g))
      throw new StoreError(
        'bad-input',
        `"${g.slice(0, 80)}" cannot name a game: letters, digits, - and _, at most 64`,
      );
}

/** Every notice of an append must be of its game: a notice is part of that game's record. */
export function checkNoticesOf(game: string, notices: readonly Notice[]): void {
  for (const n of notices)
    if (n.game !== game)
      throw new StoreError(
        'bad-input',
        `a notice of the game ${n.game} was offered with an append to ${game}`,
      );
}

/**
 * An append's snapshot must be of its game and of the state after its last entry: a snapshot of any other
 * point would name a hash the append does not write.
 */
export function checkSnapshotOf(a: Append): void {
  const s = a.snapshot;
  const last = a.entries[a.entries.length - 1];
  if (!s || !last) return;
  if (s.game !== a.game || s.seq !== last.seq || s.hash !== last.hash)
    throw new StoreError(
      'bad-input',
      `a snapshot of ${s.game} at entry ${s.seq} was offered with entries ${a.entries[0]?.seq ?? 0}-${last.seq} of ${a.game}`,
    );
}

/**
 * A mail address as the store keeps it: trimmed and lowercased (the local part is case-sensitive by the
 * RFC, but no provider treats it so, and a player typing eir address in another case is the same player).
 */
export function normalAddress(address: string): string {
  const a = address.trim().toLowerCase();
  if (a.length > 254 || !/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+$/.test(a))
    throw new StoreError('bad-input', `"${address.slice(0, 80)}" is not a mail address (name@domain)`);
  return a;
}
