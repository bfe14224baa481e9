import type { AddressClaims } from './claims.js';
import type { MailGuards } from './guards.js';
import type { LogEntry } from '../core/index.js';
import type { Directory, MailRoster } from './directory.js';
import type { Append, GameLog } from './log.js';
import type { Maintenance } from './maintenance.js';
import type { Notice, Outbox } from './outbox.js';

export type {
  Append,
  CommandRecord,
  FoldBatch,
  GameLog,
  GameSummary,
  Snapshot,
  StoredSnapshot,
} from './log.js';
export type { ClaimedNotice, Notice, Outbox, StoredNotice } from './outbox.js';
export type { Directory, MailRoster, PlayerAddress, TokenGrant } from './directory.js';
export type {
  CommandIdRecord,
  GameDump,
  Maintenance,
  StoreChange,
  StoredLog,
  StoreWatcher,
} from './maintenance.js';

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

/**
 * Durable home of games, as the intersection of its contracts (issue 28 item 2): the log (log.ts), the outbox
 * (outbox.ts), the directory of players' tokens and addresses and the games played by mail (directory.ts),
 * maintenance (maintenance.ts), the address claims (claims.ts) and the mail edge's guards (guards.ts).
 * Asynchronous so that a networked store fits the same contract. The outbox's leases (leases.ts) are a
 * contract beside it. Each room is given the narrow contract it uses.
 */
export interface Store
  extends GameLog, Outbox, Directory, MailRoster, Maintenance, AddressClaims, MailGuards {}

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
