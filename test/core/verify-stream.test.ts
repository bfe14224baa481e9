// Issue 17: verification one page at a time, hashing the stored text as it is (LogVerifier, src/core/verify.ts),
// must be exactly as strict as verifyLog was before it (test/support/verify-reference.ts, the old code kept as
// it was): the same report, word for word, for a clean log and for any damage or forgery, whatever the pages,
// whether the stored text is the canonical JSON its hash covers (a log written since) or not (a log from before).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ChainChecker,
  canonicalJson,
  entryHash,
  GENESIS,
  LogVerifier,
  sha256Hex,
  storedEntryText,
  verifyLog,
} from '../../src/core/index.js';
import type { GameEvent, Json, LogEntry, StoredEntry, VerifyReport } from '../../src/core/index.js';
import { MASTER, played } from '../support/session.js';
import type { Session } from '../support/session.js';
import { referenceVerifyLog } from '../support/verify-reference.js';

type Row = [number, number, number, string, string, string];

/** The log as a store keeps it: what SqliteStore writes (JSON.stringify of each event) and reads back. */
/** The rows as a store keeps them: each event as its canonical JSON (what the stores write). */
const stored = (entries: readonly LogEntry[]): Row[] =>
  entries.map((e) => [
    e.seq,
    e.at.nweek,
    e.at.nday,
    canonicalJson(e.event as unknown as Json),
    e.prev,
    e.hash,
  ]);

/** The rows as the store's parsed stream gives them (what verification read before). */
const parsed = (rows: readonly Row[]): LogEntry[] =>
  rows.map(([seq, nweek, nday, text, prev, hash]) => ({
    seq,
    at: { nweek, nday },
    event: JSON.parse(text) as GameEvent,
    prev,
    hash,
  }));

/** An outcome: the report, or what was thrown. */
const outcome = (work: () => VerifyReport): VerifyReport | { threw: string } => {
  try {
    return work();
  } catch (e) {
    return { threw: (e as Error).message };
  }
};

/** Verified one page of `page` rows at a time; `seen` gets every event it was shown. */
function streamed(
  s: Session,
  rows: readonly StoredEntry[],
  page: number,
  seen: GameEvent[] = [],
): VerifyReport {
  const v = new LogVerifier(s.kernel, MASTER, undefined, (e) => seen.push(e));
  for (let i = 0; i < rows.length; i += page) v.add(rows.slice(i, i + page));
  return v.finish();
}

/** A stored event's text read as LogVerifier reads it by default (the same refusal). */
const readText = (text: string, seq: number): GameEvent => {
  try {
    return JSON.parse(text) as GameEvent;
  } catch {
    throw new Error(`entry ${seq} cannot be read: its event is not JSON`);
  }
};

/**
 * Verified as `referee verify` does on two threads: the chain checked apart (ChainChecker, pages of its own
 * size) and the log re-decided without hashing, the findings put together by finish. What the re-deciding
 * side throws comes first (the main thread's), then what the chain check throws.
 */
function split(
  s: Session,
  rows: readonly StoredEntry[],
  page: number,
  chainPage: number,
  seen: GameEvent[] = [],
): VerifyReport {
  const v = new LogVerifier(s.kernel, MASTER, undefined, (e) => seen.push(e), true);
  for (let i = 0; i < rows.length; i += page) v.add(rows.slice(i, i + page));
  const chain = new ChainChecker(readText);
  for (let i = 0; i < rows.length; i += chainPage) chain.add(rows.slice(i, i + chainPage));
  return v.finish(chain.findings);
}

/** An event's text with its keys in reverse order (same data, not canonical): a log written before. */
const reordered = (text: string): string => {
  const reverse = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(reverse)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .reverse()
              .map(([k, x]) => [k, reverse(x)]),
          )
        : v;
  return JSON.stringify(reverse(JSON.parse(text)));
};

/** A careful forger: every hash from row `from` on recomputed over the canonical content (entryHash). */
function rechain(rows: Row[], from: number): void {
  for (let j = Math.max(0, from); j < rows.length; j++) {
    const r = rows[j] as Row;
    r[4] = j === 0 ? GENESIS : (rows[j - 1] as Row)[5];
    r[5] = entryHash(r[0], { nweek: r[1], nday: r[2] }, JSON.parse(r[3]) as GameEvent, r[4]);
  }
}

/** A forger who hashes the text as it stands (not canonical JSON, unless it is): no valid chain. */
function rechainText(rows: Row[], from: number): void {
  for (let j = Math.max(0, from); j < rows.length; j++) {
    const r = rows[j] as Row;
    r[4] = j === 0 ? GENESIS : (rows[j - 1] as Row)[5];
    r[5] = sha256Hex(storedEntryText(r[0], r[1], r[2], r[3], r[4]));
  }
}

const KINDS = [
  'number',
  'number-rechain',
  'reorder',
  'reorder-hash-text',
  'number-hash-text',
  'delete',
  'swap',
  'seq',
  'prev',
  'nday',
  'nday-rechain',
  'truncate',
  'legacy',
  'none',
] as const;

/** Damages a copy of the rows in one of the ways above. */
function damaged(rows: readonly Row[], kind: (typeof KINDS)[number], at: number, n: number): Row[] {
  const out = rows.map((r) => [...r] as Row);
  const i = at % out.length;
  const r = out[i] as Row;
  const bumpNumber = () => {
    const numbers = [...r[3].matchAll(/\d+/g)];
    const m = numbers[n % Math.max(1, numbers.length)];
    if (m?.index !== undefined)
      r[3] = `${r[3].slice(0, m.index)}${Number(m[0]) + 1}${r[3].slice(m.index + m[0].length)}`;
  };
  switch (kind) {
    case 'number':
      bumpNumber();
      break;
    case 'number-rechain':
      bumpNumber();
      rechain(out, i);
      break;
    case 'number-hash-text':
      bumpNumber();
      rechainText(out, i);
      break;
    case 'reorder':
      r[3] = reordered(r[3]);
      break;
    case 'reorder-hash-text':
      r[3] = reordered(r[3]);
      rechainText(out, i);
      break;
    case 'delete':
      out.splice(i, 1);
      break;
    case 'swap':
      if (i + 1 < out.length) [out[i], out[i + 1]] = [out[i + 1] as Row, r];
      break;
    case 'seq':
      r[0] += 1 + (n % 3);
      break;
    case 'prev':
      r[4] = (out[(i + 1 + n) % out.length] as Row)[5];
      break;
    case 'nday':
      r[2] += 1;
      break;
    case 'nday-rechain':
      r[2] += 1;
      rechain(out, i);
      break;
    case 'truncate':
      out.splice(out.length - 1 - (n % 5));
      break;
    case 'legacy':
      for (const x of out) x[3] = reordered(x[3]);
      break;
    case 'none':
      break;
  }
  return out;
}

describe('issue 17: the streaming verifier is exactly as strict as verifyLog was', () => {
  const s = played();
  const rows = stored(s.entries);
  const reference = (r: readonly Row[]) => outcome(() => referenceVerifyLog(s.kernel, parsed(r), MASTER));

  it('a log written since is stored as the canonical JSON its hashes cover, and verifies, in pages of any size', () => {
    for (const [, , , text] of rows) expect(text).toBe(canonicalJson(JSON.parse(text) as Json));
    const want = reference(rows);
    expect(want).toMatchObject({ ok: true, problems: [] });
    for (const page of [1, 2, 3, 7, 1000]) expect(streamed(s, rows, page)).toEqual(want);
    for (const page of [1, 7, 1000]) expect(split(s, rows, page, 1000 / page)).toEqual(want);
    expect(verifyLog(s.kernel, s.entries, MASTER)).toEqual(want);
  });

  it('a log from before (events not in canonical key order) still verifies', () => {
    const legacy = damaged(rows, 'legacy', 0, 0);
    expect(legacy[5]?.[3]).not.toBe(rows[5]?.[3]);
    const want = reference(legacy);
    expect(want).toMatchObject({ ok: true });
    for (const page of [1, 4, 1000]) expect(streamed(s, legacy, page)).toEqual(want);
    for (const page of [1, 4, 1000]) expect(split(s, legacy, page, 3)).toEqual(want);
  });

  it('a text hashed as it stands but not canonical is a broken chain at that entry, as before', () => {
    const i = s.entries.findIndex((e) => e.event.type === 'points');
    const forged = damaged(rows, 'reorder-hash-text', i, 0);
    const want = reference(forged);
    expect(want).toMatchObject({
      ok: false,
      problems: [`entry ${i + 1} was altered: its hash does not match its content`],
    });
    for (const page of [1, 3, 1000]) expect(streamed(s, forged, page)).toEqual(want);
    for (const page of [1, 3, 1000]) expect(split(s, forged, page, 2)).toEqual(want);
  });

  it('any damage or forgery: the same report (or the same failure) as verifyLog before, whatever the pages', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        (kind, at, n, page, chainPage) => {
          const r = damaged(rows, kind, at, n);
          const want = reference(r);
          const seen: GameEvent[] = [];
          expect(outcome(() => streamed(s, r, page, seen))).toEqual(want);
          // Every entry's event shown once, in order (what the verifying thread counts from).
          if (!('threw' in want)) expect(seen).toEqual(parsed(r).map((e) => e.event));
          // The same on two threads (the chain checked apart), every event shown once too.
          const seenSplit: GameEvent[] = [];
          expect(outcome(() => split(s, r, page, chainPage, seenSplit))).toEqual(want);
          if (!('threw' in want)) expect(seenSplit).toEqual(parsed(r).map((e) => e.event));
          expect(outcome(() => verifyLog(s.kernel, parsed(r), MASTER))).toEqual(want);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('a log checked with the wrong secret, or none, fails as before', () => {
    const wrong = MASTER.map((b) => b ^ 1);
    const v = new LogVerifier(s.kernel, wrong);
    v.add(rows);
    expect(v.finish()).toEqual(referenceVerifyLog(s.kernel, parsed(rows), wrong));
    const none = new LogVerifier(s.kernel, undefined);
    none.add(rows);
    expect(none.finish()).toEqual(referenceVerifyLog(s.kernel, parsed(rows), undefined));
    expect(none.finish().ok).toBe(false);
  });
});
