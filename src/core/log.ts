import type { Json } from './json.js';
import type { GameEvent, LogEntry } from './events.js';
import { canonicalJson, GENESIS, sha256Hex } from './hash.js';

/** A number, string or anything else as canonical JSON; the plain numbers of an entry's frame need no walk. */
const canonicalOf = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : canonicalJson(value as Json);

/**
 * The canonical JSON of a whole entry `{seq, at, event, prev}` given its event's canonical JSON: the event's
 * text is put in its place rather than walked again (issue 17: a verification checks a million entries whose
 * stored text is that canonical JSON). The same bytes as `canonicalJson({seq, at, event, prev})` whenever
 * `at` is the plain `{nweek, nday}` (keys in canonical order: at, event, prev, seq; nday, nweek); any other
 * `at` (an imported file may carry anything) is written by the general walk.
 */
export function entryText(seq: unknown, at: unknown, eventText: string, prev: unknown): string {
  if (at !== undefined && eventText !== '' && prev !== undefined && seq !== undefined)
    return `{"at":${atText(at)},"event":${eventText},"prev":${canonicalOf(prev)},"seq":${canonicalOf(seq)}}`;
  // A member that is undefined is left out, as canonicalJson leaves it (only a malformed import has one).
  const members: string[] = [];
  if (at !== undefined) members.push(`"at":${atText(at)}`);
  if (eventText !== '') members.push(`"event":${eventText}`);
  if (prev !== undefined) members.push(`"prev":${canonicalOf(prev)}`);
  if (seq !== undefined) members.push(`"seq":${canonicalOf(seq)}`);
  return `{${members.join(',')}}`;
}

/**
 * `entryText` for an entry as a store keeps it, its time in two columns: the same bytes, with no `at` object
 * made for it (a verification builds one such text for every entry of the log).
 */
export function storedEntryText(
  seq: number,
  nweek: number,
  nday: number,
  eventText: string,
  prev: string,
): string {
  if (
    eventText === '' ||
    seq === undefined ||
    nweek === undefined ||
    nday === undefined ||
    prev === undefined
  )
    return entryText(seq, { nweek, nday }, eventText, prev);
  return `{"at":{"nday":${canonicalOf(nday)},"nweek":${canonicalOf(nweek)}},"event":${eventText},"prev":${canonicalOf(prev)},"seq":${canonicalOf(seq)}}`;
}

/** An entry's `at` as canonical JSON: `{"nday":D,"nweek":W}` for the plain shape, else the general walk. */
export function atText(at: unknown): string {
  const a = at as { nweek?: unknown; nday?: unknown } | null;
  if (a !== null && typeof a === 'object' && !Array.isArray(a) && plainAt(a))
    return `{"nday":${canonicalOf(a.nday)},"nweek":${canonicalOf(a.nweek)}}`;
  return canonicalJson(at as Json);
}

/** `{nweek, nday}` and nothing else (both present, neither undefined). */
function plainAt(a: object): boolean {
  let n = 0;
  for (const k in a) {
    if ((k !== 'nweek' && k !== 'nday') || (a as Record<string, unknown>)[k] === undefined) return false;
    n++;
  }
  return n === 2;
}

/** The hash of a log entry: SHA-256 of the canonical JSON of everything in it but the hash itself. */
export function entryHash(seq: number, at: LogEntry['at'], event: GameEvent, prev: string): string {
  return sha256Hex(entryText(seq, at, canonicalJson(event as unknown as Json), prev));
}

/**
 * Links new events onto a chain whose last hash is `prev`. The stores keep each event as its canonical JSON
 * (`canonicalJson`, the text its hash covers), so a verification can hash the stored text as it is instead of
 * parsing and re-writing it (issue 17); a text stored otherwise (an older file) is hashed the long way.
 */
export function chain(
  prev: string,
  firstSeq: number,
  events: readonly GameEvent[],
  ats: readonly LogEntry['at'][],
): LogEntry[] {
  const entries: LogEntry[] = [];
  let link = prev;
  events.forEach((event, i) => {
    const seq = firstSeq + i;
    const at = ats[i] ?? { nweek: 0, nday: 0 };
    const text = canonicalJson(event as unknown as Json);
    const hash = sha256Hex(entryText(seq, at, text, link));
    entries.push({ seq, at, event, prev: link, hash });
    link = hash;
  });
  return entries;
}

/** The first break in a chain (an edited, reordered, inserted or deleted entry), or null if it holds. */
export function chainBreak(entries: readonly LogEntry[]): string | null {
  let prev = GENESIS;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as LogEntry;
    if (e.seq !== i + 1)
      return `entry ${i + 1} is numbered ${e.seq}: an entry was deleted, inserted or moved`;
    if (e.prev !== prev) return `entry ${e.seq} does not follow the entry before it`;
    if (entryHash(e.seq, e.at, e.event, e.prev) !== e.hash)
      return `entry ${e.seq} was altered: its hash does not match its content`;
    prev = e.hash;
  }
  return null;
}
