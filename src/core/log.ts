import type { Json } from './json.js';
import type { GameEvent, LogEntry } from './events.js';
import { canonicalJson, GENESIS, sha256Hex } from './hash.js';

/** The hash of a log entry: SHA-256 of the canonical JSON of everything in it but the hash itself. */
export function entryHash(seq: number, at: LogEntry['at'], event: GameEvent, prev: string): string {
  return sha256Hex(canonicalJson({ seq, at, event, prev } as unknown as Json));
}

/** Links new events onto a chain whose last hash is `prev`. */
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
    const hash = entryHash(seq, at, event, link);
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
