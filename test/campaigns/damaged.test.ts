// The damaged-files campaign, small and with a fixed seed (bench/campaigns/damaged.ts), the full disk on its
// own, and the regressions it found: a write on a stored log that does not verify is refused, a bad -wal
// beside a good file never overwrites it when the file is refused.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReference, fullDisk, KINDS, runDamaged } from '../../bench/campaigns/damaged.js';
import type { Reference } from '../../bench/campaigns/damaged.js';
import { player } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { StoreError } from '../../src/store/store.js';
import { CLI_MAIN } from '../support/cli.js';

const root = mkdtempSync(join(tmpdir(), 'referee-damaged-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let ref: Reference;
beforeAll(async () => {
  ref = await buildReference(root, 8);
});

const referee = (store: SqliteStore): Referee =>
  new Referee(store, defaultRegistry(), () => new Uint8Array(32));

/** A private copy of the reference file. */
function copy(name: string): string {
  const dir = mkdtempSync(join(root, `${name}-`));
  const path = join(dir, 'copy.db');
  copyFileSync(ref.path, path);
  return path;
}

describe('the damaged-files campaign, small', () => {
  it('every kind of damage is refused clearly, reads back identical, or is caught by verify: 0 failures', async () => {
    const r = await runDamaged({ variants: KINDS.length * 8, seed: 20020101, cliEvery: 36, cli: CLI_MAIN });
    expect(r.failures).toEqual([]);
    for (const k of r.kinds) expect(k.tried, k.kind).toBeGreaterThanOrEqual(8);
    const sum = (f: (k: (typeof r.kinds)[number]) => number) => r.kinds.reduce((a, k) => a + f(k), 0);
    expect(sum((k) => k.refused)).toBeGreaterThan(0);
    expect(sum((k) => k.detected)).toBeGreaterThan(0);
    expect(sum((k) => k.identical)).toBeGreaterThan(0);
    expect(sum((k) => k.refused + k.identical + k.detected + k.adoptedEmpty)).toBe(r.variants);
    expect(r.cliRuns).toBeGreaterThan(0);
  });
});

describe('full disk, simulated with max_page_count', () => {
  it('full disk: an append that cannot be written is refused with io, nothing acknowledged, the cache unchanged; after space is freed the game goes on and verifies', async () => {
    const dir = mkdtempSync(join(root, 'disk-'));
    const r = await fullDisk(dir, ref);
    expect(r.problems).toEqual([]);
    expect(r.refusedIo).toBeGreaterThan(0);
    expect(r.acceptedAfter).toBe(r.refusedIo);
    expect(r.http503).toBeGreaterThan(0);
    expect(r.httpAfter).toBe(r.http503);
    expect(r.verified).toBe(true);
  });

  it('full disk: the refusal is one line naming the file, and the log reads back as before', async () => {
    const path = copy('full');
    const store = new SqliteStore(path);
    try {
      const ref1 = referee(store);
      const before = await store.entries('grid1');
      store.capPages(1);
      let error: unknown;
      for (let i = 0; i < 200 && error === undefined; i++) {
        try {
          await ref1.submit('grid1', { type: 'join', by: player(`p${i}`), args: {} });
        } catch (e) {
          error = e;
        }
      }
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).code).toBe('io');
      expect((error as StoreError).message).toMatch(/could not be written .*nothing was recorded/);
      expect((error as StoreError).message).toContain(path);
      expect((error as StoreError).message).not.toContain('\n');
      const after = (await store.entries('grid1')) ?? [];
      expect(after.slice(0, before?.length)).toEqual(before);
      expect((await ref1.state('grid1')).seq).toBe(after.length);
    } finally {
      await store.close();
    }
  });
});

describe('regressions found by the campaign', () => {
  it('a write on a stored log whose hash chain is broken is refused as damaged, and nothing is appended', async () => {
    const path = copy('altered');
    const db = new Database(path);
    // An entry's stored event altered where SQLite cannot see it: a player's name changed.
    const row = db
      .prepare("SELECT seq, event FROM log WHERE game = 'grid1' AND type = 'player-joined' LIMIT 1")
      .get() as {
      seq: number;
      event: string;
    };
    db.prepare("UPDATE log SET event = ? WHERE game = 'grid1' AND seq = ?").run(
      row.event.replace('alice', 'alicf'),
      row.seq,
    );
    db.close();
    const store = new SqliteStore(path);
    try {
      const r = referee(store);
      expect((await r.verify('grid1')).ok).toBe(false);
      const before = await store.entries('grid1');
      const attempt = r.submit('grid1', { type: 'join', by: player('zed'), args: {} });
      await expect(attempt).rejects.toBeInstanceOf(StoreError);
      await expect(attempt).rejects.toMatchObject({ code: 'damaged' });
      await expect(attempt).rejects.toThrow(/does not verify .*nothing was written/);
      expect(await store.entries('grid1')).toEqual(before);
      // The other game, intact, still takes commands.
      const life = await r.submit('life1', { type: 'join', by: player('zed'), args: {} });
      expect(life.ok).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('a stored event that is not JSON is refused as damaged in one line, never a parser error', async () => {
    const path = copy('unparsable');
    const db = new Database(path);
    db.prepare("UPDATE log SET event = '{\"type\":\"player-jo' WHERE game = 'grid1' AND seq = 3").run();
    db.close();
    const store = new SqliteStore(path);
    try {
      const r = referee(store);
      await expect(store.entries('grid1')).rejects.toMatchObject({ code: 'damaged' });
      await expect(r.state('grid1')).rejects.toMatchObject({ code: 'damaged' });
      await expect(r.submit('grid1', { type: 'join', by: player('zed'), args: {} })).rejects.toMatchObject({
        code: 'damaged',
      });
    } finally {
      await store.close();
    }
  });

  it("another database's valid -wal beside a good file: refused, and the file is not overwritten", () => {
    const path = copy('foreign-wal');
    writeFileSync(`${path}-wal`, ref.foreignWal);
    const bytes = readFileSync(path);
    const names = readdirSync(join(path, '..')).sort();
    expect(() => new SqliteStore(path)).toThrow(StoreError);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(readdirSync(join(path, '..')).sort()).toEqual(names);
  });
});
