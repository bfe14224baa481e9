// One entry of the log as verification reads it (issue 17): either a LogEntry or a row as a store keeps it,
// with its event still the stored text, which is hashed as it is and parsed only when it must be. Apart from
// verify.ts so that the verifier reads as its checks, not as the two shapes an entry comes in.
import type { GameEvent, LogEntry } from './events.js';
import { atText, entryText } from './log.js';
import { storedEntryHashText } from './verify-chain.js';

/**
 * A log entry as a store keeps it, with its event still the stored JSON text: `[seq, nweek, nday, event,
 * prev, hash]`, a row as the database hands it over. Verification hashes that text as it is (a log written
 * since issue 17 keeps each event as its canonical JSON: see `chain`) and parses it only when it must.
 */
export type StoredEntry = readonly [
  seq: number,
  nweek: number,
  nday: number,
  event: string,
  prev: string,
  hash: string,
];

/** Reads a stored event's text (a store's own reader says which file is damaged where). */
export type EventParser = (text: string, seq: number) => GameEvent;

/**
 * An entry read and not yet settled (re-decided, or checked on its own once re-deciding has stopped): the
 * entry as given, and what has been learnt of it. Small, since one is made for every entry of the log.
 */
export class Pending {
  /** The event's canonical JSON, once the chain check has it (undefined if the chain broke before). */
  canon: string | undefined = undefined;
  /** The event, once parsed (a LogEntry's from the start). */
  event: GameEvent | undefined;
  /**
   * The chain check hashed the stored text as it is: the text is the canonical JSON the hash covers only if it
   * is canonical, which is confirmed by its equal the rules give, or else by parsing and writing it again.
   */
  unconfirmed = false;

  constructor(
    /** Where it is in the log (1-based). */
    readonly position: number,
    readonly entry: LogEntry | StoredEntry,
    readonly stored: boolean,
  ) {
    this.event = stored ? undefined : (entry as LogEntry).event;
  }

  get seq(): number {
    return this.stored ? (this.entry as StoredEntry)[0] : (this.entry as LogEntry).seq;
  }
  /** A stored entry's event text (undefined for a LogEntry). */
  get text(): string | undefined {
    return this.stored ? (this.entry as StoredEntry)[3] : undefined;
  }
  get prev(): string {
    return this.stored ? (this.entry as StoredEntry)[4] : (this.entry as LogEntry).prev;
  }
  get hash(): string {
    return this.stored ? (this.entry as StoredEntry)[5] : (this.entry as LogEntry).hash;
  }
  /**
   * The canonical JSON of the whole entry, given its event's: what its hash covers. Asked only once the chain
   * check has found the entry numbered by its place and its `prev` the hash of the entry before, which this
   * verification computed (or GENESIS): both plain, so a stored entry's text is put together as it is.
   */
  textOf(eventText: string): string {
    const e = this.entry;
    if (!this.stored)
      return entryText((e as LogEntry).seq, (e as LogEntry).at, eventText, (e as LogEntry).prev);
    return storedEntryHashText(e as StoredEntry, eventText);
  }
  /** Its `at` (a stored entry's made from its columns, only when it is needed). */
  get at(): unknown {
    const e = this.entry;
    return this.stored ? { nweek: (e as StoredEntry)[1], nday: (e as StoredEntry)[2] } : (e as LogEntry).at;
  }
}

/**
 * Whether a recorded entry's time is the one the rules give, as canonical JSON compares them. The rules' is
 * always the kernel's plain `{nweek, nday}` of whole numbers; a stored entry's comes from two number columns,
 * compared as numbers (the same as comparing their canonical text).
 */
export function sameAt(p: Pending, at: LogEntry['at'] | undefined): boolean {
  if (at === undefined) return false;
  if (p.stored) {
    const row = p.entry as StoredEntry;
    if (Number.isFinite(row[1]) && Number.isFinite(row[2])) return row[1] === at.nweek && row[2] === at.nday;
  }
  return atText(p.at) === atText(at);
}

/** A stored event's text as JSON (a store gives its own parser, which names the damaged file). */
export function parseEventText(text: string, seq: number): GameEvent {
  try {
    return JSON.parse(text) as GameEvent;
  } catch {
    throw new Error(`entry ${seq} cannot be read: its event is not JSON`);
  }
}
