// The hash chain (src/core/log.ts): each entry's hash covers its content and the hash before it, so an
// edited, reordered, inserted or deleted entry breaks the chain.
import { describe, expect, it } from 'vitest';
import { canonicalJson, chain, chainBreak, entryHash, GENESIS, sha256Hex } from '../../src/core/index.js';
import type { GameEvent, Json, LogEntry } from '../../src/core/index.js';
import { Session } from '../support/session.js';

/** A real log of a couple of dozen entries. */
function log(): LogEntry[] {
  const s = new Session();
  s.create({ ndays: 2 });
  s.join('ann', 'bob');
  s.ok(s.as('ann', 'bump', { by: 3 }));
  s.ok(s.as('bob', 'roll', { dice: '2d6' }));
  s.ok(s.admin('points', { to: 'bob', amount: 4, reason: 'a ruling' }));
  s.tick(true);
  return s.entries;
}

/** Re-links entries as a forger would: renumbered and every hash recomputed. */
const relink = (entries: readonly LogEntry[]): LogEntry[] =>
  chain(
    GENESIS,
    1,
    entries.map((e) => e.event),
    entries.map((e) => e.at),
  );

const withEvent = (e: LogEntry, event: GameEvent): LogEntry => ({ ...e, event });

describe('the hash chain', () => {
  it('links each entry to the one before, from GENESIS, with hashes of the canonical content', () => {
    const entries = log();
    expect(entries.length).toBeGreaterThan(20);
    expect(entries[0]?.prev).toBe(GENESIS);
    entries.forEach((e, i) => {
      expect(e.seq).toBe(i + 1);
      if (i > 0) expect(e.prev).toBe(entries[i - 1]?.hash);
      expect(e.hash).toBe(
        sha256Hex(canonicalJson({ seq: e.seq, at: e.at, event: e.event, prev: e.prev } as unknown as Json)),
      );
    });
    expect(chainBreak(entries)).toBeNull();
    expect(chainBreak([])).toBeNull();
  });

  it('hashes the same content the same whatever order its keys are in', () => {
    const [first] = log() as [LogEntry];
    const reordered = Object.fromEntries(Object.entries(first.event).reverse()) as GameEvent;
    expect(entryHash(first.seq, first.at, reordered, first.prev)).toBe(first.hash);
  });

  it('continues a chain from a given hash and sequence number', () => {
    const entries = log();
    const head = entries.slice(0, 10);
    const tail = chain(
      head[9]?.hash ?? '',
      11,
      entries.slice(10).map((e) => e.event),
      entries.slice(10).map((e) => e.at),
    );
    expect([...head, ...tail]).toEqual(entries);
  });

  it('detects an edited event', () => {
    const entries = log();
    const i = entries.findIndex((e) => e.event.type === 'points');
    const edited = [...entries];
    edited[i] = withEvent(entries[i] as LogEntry, { ...(entries[i] as LogEntry).event, amount: 400 });
    expect(chainBreak(edited)).toMatch(new RegExp(`entry ${i + 1} was altered`));
  });

  it('detects an edited time stamp', () => {
    const entries = log();
    const edited = [...entries];
    edited[4] = { ...(entries[4] as LogEntry), at: { nweek: 9, nday: 9 } };
    expect(chainBreak(edited)).toMatch(/entry 5 was altered/);
  });

  it('detects an edited entry whose own hash was recomputed, at the entry after it', () => {
    const entries = log();
    const e = entries[5] as LogEntry;
    const event = { ...e.event, vis: 'admin' as const };
    const edited = [...entries];
    edited[5] = { ...e, event, hash: entryHash(e.seq, e.at, event, e.prev) };
    expect(chainBreak(edited)).toMatch(/entry 7 does not follow/);
  });

  it('detects two entries swapped', () => {
    const entries = log();
    const swapped = [...entries];
    [swapped[3], swapped[4]] = [entries[4] as LogEntry, entries[3] as LogEntry];
    expect(chainBreak(swapped)).toMatch(/entry 4 is numbered 5/);
  });

  it('detects two entries swapped and renumbered', () => {
    const entries = log();
    const swapped = [...entries];
    [swapped[3], swapped[4]] = [
      { ...(entries[4] as LogEntry), seq: 4 },
      { ...(entries[3] as LogEntry), seq: 5 },
    ];
    expect(chainBreak(swapped)).not.toBeNull();
  });

  it('detects an inserted entry', () => {
    const entries = log();
    const extra = entries[2] as LogEntry;
    const inserted = [...entries.slice(0, 6), extra, ...entries.slice(6)];
    expect(chainBreak(inserted)).toMatch(/entry 7 is numbered 3/);
    // Even one numbered and linked to fit where it stands breaks the link of the entry after it.
    const prev = entries[5] as LogEntry;
    const forged = {
      ...extra,
      seq: 7,
      prev: prev.hash,
      hash: entryHash(7, extra.at, extra.event, prev.hash),
    };
    const renumbered = [
      ...entries.slice(0, 6),
      forged,
      ...entries.slice(6).map((e) => ({ ...e, seq: e.seq + 1 })),
    ];
    expect(chainBreak(renumbered)).toMatch(/entry 8 does not follow/);
  });

  it('detects a deleted entry', () => {
    const entries = log();
    const deleted = [...entries.slice(0, 8), ...entries.slice(9)];
    expect(chainBreak(deleted)).toMatch(/entry 9 is numbered 10/);
    const renumbered = deleted.map((e, i) => ({ ...e, seq: i + 1 }));
    expect(chainBreak(renumbered)).toMatch(/entry 9/);
  });

  it('detects a deleted first entry', () => {
    expect(chainBreak(log().slice(1))).not.toBeNull();
  });

  it('cannot by itself see a log cut short or wholly re-linked: that takes the head hash, or verifyLog', () => {
    const entries = log();
    // Both are well-formed chains; what gives them away is a head hash kept elsewhere.
    const cut = entries.slice(0, -3);
    expect(chainBreak(cut)).toBeNull();
    expect(cut.at(-1)?.hash).not.toBe(entries.at(-1)?.hash);
    const i = entries.findIndex((e) => e.event.type === 'points');
    const forged = relink(entries.map((e, k) => (k === i ? withEvent(e, { ...e.event, amount: 400 }) : e)));
    expect(chainBreak(forged)).toBeNull();
    expect(forged.at(-1)?.hash).not.toBe(entries.at(-1)?.hash);
  });
});
