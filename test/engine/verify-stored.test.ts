// Issue 17: `referee verify` reads a stored game page by page (Store.storedLog, verifyStored), hashing each
// entry's stored text as it is. Over a real SQLite file it must answer what reading the whole log first and
// re-deciding it answered (the `check` path, verifyLog): for a sound game, a game written before events were
// kept in canonical key order, a forged seed, a forged roll that makes a check throw, an entry that is not
// JSON, no game.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGridLog } from '../../bench/grid-log.js';
import { entryHash, GENESIS, Kernel, verifyLog } from '../../src/core/index.js';
import type { GameEvent, VerifyReport } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { STORED_PAGE } from '../../src/store/sqlite/stored-log.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type * as ChainThread from '../../src/store/chain-thread.js';
import { CORE_MAIN } from '../support/cli.js';
import { insidesOf } from '../../src/engine/insides.js';

/** The built chain thread (its worker is the built chain-worker.js beside it). */
const { checkChainOnThread: onThread } = (await import(
  pathToFileURL(join(dirname(CORE_MAIN), '../store/chain-thread.js')).href
)) as typeof ChainThread;

const root = mkdtempSync(join(tmpdir(), 'referee-verify-stored-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const kernel = new Kernel(defaultRegistry());
let written = '';
let length = 0;

beforeAll(async () => {
  // A busy Grid game a little longer than two pages, so pages and the commands across them are exercised.
  written = join(root, 'written.db');
  const store = new SqliteStore(written, { sync: 'normal' });
  length = buildGridLog(kernel, store, 'long', 2 * STORED_PAGE + 500);
  await store.close();
}, 60_000);

let copies = 0;
/** A private copy of the game's file, optionally altered with SQL first, opened as a store. */
async function copyOf(
  alter?: (db: Database.Database) => void,
): Promise<{ referee: Referee; store: SqliteStore }> {
  const path = join(root, `copy-${copies++}.db`);
  const src = new Database(written, { readonly: true });
  await src.backup(path);
  src.close();
  if (alter) {
    const db = new Database(path);
    alter(db);
    db.close();
  }
  const store = new SqliteStore(path);
  return { referee: new Referee(store, defaultRegistry(), systemEntropy), store };
}

/** Both ways of verifying, streamed and whole, each as a report or what it threw. */
async function bothWays(referee: Referee): Promise<[unknown, unknown]> {
  const settle = (p: Promise<VerifyReport>) =>
    p.then(
      (r) => r,
      (e: unknown) => ({ threw: (e as Error).message, code: (e as { code?: string }).code }),
    );
  const streamed = await settle(referee.verify('long'));
  // The same on two threads (`referee verify` on a SQLite file with a core to spare): the chain and the file
  // checked by the built chain-worker.js on a thread of its own, beside the re-deciding.
  const path = (insidesOf(referee).store as SqliteStore).path;
  let used = 0;
  const threaded = await settle(
    referee.verify('long', {
      chainCheck: (game) =>
        onThread(path, game).then((r) => {
          used++;
          return r;
        }),
    }),
  );
  expect(threaded).toEqual(streamed);
  // The thread answered (a refusal of the store's aside): what was compared is its finding, not a fallback.
  if (!('threw' in (streamed as object))) expect(used).toBe(1);
  return [
    streamed,
    await settle(
      referee.verify('long', {
        check: (entries, master) => verifyLog(insidesOf(referee).kernel, entries, master),
      }),
    ),
  ];
}

interface Row {
  seq: number;
  nweek: number;
  nday: number;
  event: string;
}

/** Rewrites every event's text through `text` and, if `rehash`, the whole chain over the canonical content. */
function rewrite(db: Database.Database, text: (event: string, row: Row) => string, rehash: boolean): void {
  const rows = db
    .prepare<[], Row>("SELECT seq, nweek, nday, event FROM log WHERE game = 'long' ORDER BY seq")
    .all();
  const set = db.prepare("UPDATE log SET event = ?, prev = ?, hash = ? WHERE game = 'long' AND seq = ?");
  const setEvent = db.prepare("UPDATE log SET event = ? WHERE game = 'long' AND seq = ?");
  let prev = GENESIS;
  db.transaction(() => {
    for (const r of rows) {
      const t = text(r.event, r);
      if (!rehash) {
        if (t !== r.event) setEvent.run(t, r.seq);
        continue;
      }
      const hash = entryHash(r.seq, { nweek: r.nweek, nday: r.nday }, JSON.parse(t) as GameEvent, prev);
      set.run(t, prev, hash, r.seq);
      prev = hash;
    }
  })();
}

describe('issue 17: verifying a stored game page by page', () => {
  it('a sound game verifies, and progress is told page by page up to every entry', async () => {
    const { referee, store } = await copyOf();
    try {
      const seen: number[] = [];
      const report = await referee.verify('long', { progress: (n) => seen.push(n) });
      expect(report).toMatchObject({ ok: true, entries: length, problems: [] });
      expect(seen.length).toBeGreaterThanOrEqual(3);
      expect(seen[0]).toBe(STORED_PAGE);
      expect(seen[seen.length - 1]).toBe(length);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      const [streamed, whole] = await bothWays(referee);
      expect(streamed).toEqual(whole);
    } finally {
      await store.close();
    }
  });

  it('a game written before (events in the order the rules built them) verifies as before', async () => {
    const reverse = (text: string) =>
      JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text) as object).reverse()));
    const { referee, store } = await copyOf((db) => rewrite(db, reverse, false));
    try {
      const [streamed, whole] = await bothWays(referee);
      expect(streamed).toMatchObject({ ok: true, entries: length });
      expect(streamed).toEqual(whole);
    } finally {
      await store.close();
    }
  });

  it('a moved player, the chain recomputed: the entry the rules do not give, as before', async () => {
    let target = 0;
    const { referee, store } = await copyOf((db) =>
      rewrite(
        db,
        (text, r) => {
          if (target === 0 && r.seq > STORED_PAGE && text.includes('"type":"moved"')) {
            target = r.seq;
            return text.replace(/"to":\[(\d+),/, (_, x: string) => `"to":[${(Number(x) % 20) + 1},`);
          }
          return text;
        },
        true,
      ),
    );
    try {
      const [streamed, whole] = await bothWays(referee);
      expect(streamed).toEqual(whole);
      expect((streamed as VerifyReport).problems[0]).toMatch(new RegExp(`^entry ${target}: the log says`));
    } finally {
      await store.close();
    }
  });

  it('a revealed seed no longer hex, the chain recomputed: said as a seed that does not match, as before', async () => {
    const { referee, store } = await copyOf((db) =>
      rewrite(
        db,
        (text) =>
          text.includes('"type":"seed-revealed"') ? text.replace(/"seed":"[0-9a-f]/, '"seed":"') : text,
        true,
      ),
    );
    try {
      const [streamed, whole] = await bothWays(referee);
      expect(streamed).toEqual(whole);
      expect(streamed).toMatchObject({ ok: false, commands: 0 });
      expect((streamed as VerifyReport).problems[0]).toMatch(
        /^the revealed seed of .* does not match its commitment$/,
      );
    } finally {
      await store.close();
    }
  });

  it('a roll whose dice are no longer dice, the chain recomputed: a check throws, said as before', async () => {
    let done = false;
    const { referee, store } = await copyOf((db) =>
      rewrite(
        db,
        (text) => {
          if (done || !text.includes('"kind":"dice"')) return text;
          done = true;
          return text.replace(/"expr":"[^"]*"/, '"expr":"not dice"');
        },
        true,
      ),
    );
    expect(done).toBe(true);
    try {
      const [streamed, whole] = await bothWays(referee);
      expect(streamed).toEqual(whole);
      expect(streamed).toMatchObject({ ok: false, commands: 0 });
      expect((streamed as VerifyReport).problems[0]).toMatch(/cannot be checked/);
    } finally {
      await store.close();
    }
  });

  it('an entry that is not JSON is refused as damaged, as before; a game that is not there is unknown', async () => {
    const { referee, store } = await copyOf((db) =>
      db
        .prepare("UPDATE log SET event = '{\"type\":\"mov' WHERE game = 'long' AND seq = ?")
        .run(STORED_PAGE + 7),
    );
    try {
      const [streamed, whole] = await bothWays(referee);
      expect(streamed).toEqual(whole);
      expect(streamed).toMatchObject({ code: 'damaged' });
      await expect(referee.verify('nothing')).rejects.toMatchObject({ code: 'unknown-game' });
    } finally {
      await store.close();
    }
  });
});
