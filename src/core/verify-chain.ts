// The hash chain of a stored log, checked apart from re-deciding it (issue 17): `referee verify` on a SQLite
// store runs this on a second thread, over its own read of the rows, while the main thread re-decides every
// command; the two findings are put together by LogVerifier.finish, the same report as one pass gives.
import type { GameEvent } from './events.js';
import type { Json } from './json.js';
import { canonicalJson, GENESIS, sha256Hex } from './hash.js';
import { storedEntryText } from './log.js';

/** A stored entry as verify-entry.ts's StoredEntry: `[seq, nweek, nday, event, prev, hash]`. */
type Row = readonly [number, number, number, string, string, string];

/**
 * The canonical JSON of a stored entry, given its event's (what its hash covers); `prev` and `seq` as they
 * stand, asked only once they are found plain (numbered by place, linked to the hash computed before).
 */
export function storedEntryHashText(row: Row, eventText: string): string {
  const nweek = row[1];
  const nday = row[2];
  if (
    typeof nweek === 'number' &&
    typeof nday === 'number' &&
    Number.isFinite(nweek) &&
    Number.isFinite(nday)
  )
    return `{"at":{"nday":${nday},"nweek":${nweek}},"event":${eventText},"prev":"${row[4]}","seq":${row[0]}}`;
  return storedEntryText(row[0], nweek, nday, eventText, row[4]);
}

/** Runs of positions, `[first, last]` each, in order (a million hashed texts in a log since issue 17: one run). */
export type Runs = [number, number][];

/** What the chain check found: entries read, the chain's first break, and where stored text hashed as it is. */
export interface ChainFindings {
  readonly entries: number;
  readonly broken?: { readonly position: number; readonly problem: string };
  /**
   * The positions whose stored text hashed as it is (before any break): such a text is the entry only if it
   * is canonical, which the re-deciding side confirms (an event equal to the rules', or parsed and written
   * again).
   */
  readonly textHits: Runs;
}

/**
 * The chain check of LogVerifier, entry by entry, with nothing else: numbered one after another, each linked to
 * the one before, each entry's hash that of its content (the stored text hashed as it is while that works,
 * else parsed and written canonically).
 */
export class ChainChecker {
  private count = 0;
  private prev = GENESIS;
  private broken: ChainFindings['broken'];
  private readonly hits: Runs = [];
  private textHashes = true;
  private sinceTried = 0;

  constructor(private readonly parse: (text: string, seq: number) => GameEvent) {}

  add(rows: readonly Row[]): void {
    for (const row of rows) {
      const position = ++this.count;
      if (this.broken) continue;
      const seq = row[0];
      if (seq !== position)
        this.broken = {
          position,
          problem: `entry ${position} is numbered ${seq}: an entry was deleted, inserted or moved`,
        };
      else if (row[4] !== this.prev)
        this.broken = { position, problem: `entry ${seq} does not follow the entry before it` };
      else {
        let hit = false;
        if (this.textHashes || ++this.sinceTried >= 64) {
          hit = sha256Hex(storedEntryHashText(row, row[3])) === row[5];
          this.textHashes = hit;
          this.sinceTried = 0;
        }
        if (hit) pushRun(this.hits, position);
        else {
          const canon = canonicalJson(this.parse(row[3], seq) as unknown as Json);
          if (sha256Hex(storedEntryHashText(row, canon)) !== row[5])
            this.broken = {
              position,
              problem: `entry ${seq} was altered: its hash does not match its content`,
            };
        }
      }
      this.prev = row[5];
    }
  }

  get findings(): ChainFindings {
    return { entries: this.count, ...(this.broken ? { broken: this.broken } : {}), textHits: this.hits };
  }
}

/** Adds a position to runs of positions (a new run unless it follows the last). */
export function pushRun(runs: Runs, position: number): void {
  const last = runs[runs.length - 1];
  if (last && last[1] === position - 1) last[1] = position;
  else runs.push([position, position]);
}

/** The first position in `runs` (in order) from `a` to `b`, if any. */
export function firstIn(runs: Runs, a: number, b: number): number | undefined {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((runs[mid] as [number, number])[1] < a) lo = mid + 1;
    else hi = mid;
  }
  const r = runs[lo];
  if (!r || r[0] > b) return undefined;
  return Math.max(r[0], a);
}
