// Snapshots through the Referee, on both stores (issue 17): written every few entries with the append that
// crosses the mark, then used by a new process (a new Referee on a new connection) to open the game and to
// check it before its first write, which reads the log only from the snapshot's entry on. A snapshot that is
// damaged, forged, stale, from an older version of the program, or that no secret can check is ignored: the
// log is folded from its start, the command is still decided right, and a good snapshot is written again.
// The amendment of a game between a snapshot and its use is folded like any entry.
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { ADMIN, bytesToHex, hmacSha256, sha256Hex, snapshotTag } from '../../src/core/index.js';
import type { GameState } from '../../src/core/index.js';
import type { StoredSnapshot } from '../../src/store/store.js';
import type { Backend } from './snapshot-support.js';
import {
  BACKENDS,
  EVERY,
  expectSameGame,
  ignoredBecause,
  movesOf,
  must,
  newGridGame,
  recording,
  refereeOn,
  replayed,
  rounds,
} from './snapshot-support.js';

const cleanups = cleanupsAfterEach();

async function backendFor(make: () => Promise<Backend>): Promise<Backend> {
  const backend = await make();
  cleanups.push(() => backend.dispose());
  return backend;
}

/** A new connection, closed after the test: a process of its own. */
async function connect(backend: Backend) {
  const store = await backend.open();
  cleanups.push(() => store.close());
  return store;
}

async function snapshotOf(backend: Backend, game: string): Promise<StoredSnapshot> {
  const store = await connect(backend);
  const s = await store.snapshot(game);
  if (!s) throw new Error(`${game} has no snapshot`);
  return s;
}

/** Rewrites the stored snapshot's columns, as someone with write access to the database could. */
async function rewrite(
  backend: Backend,
  game: string,
  columns: Partial<Record<string, string>>,
): Promise<void> {
  const names = Object.keys(columns);
  await backend.sql(
    `UPDATE ${backend.t('snapshots')} SET ${names.map((n) => `${n} = ?`).join(', ')} WHERE game = ?`,
    [...names.map((n) => columns[n]), game],
  );
}

/**
 * A new process opens the game, and gives a first command (the Administrator ends the nday): what it folded
 * from (1 when it ignored the snapshot), where its first write's check began, and the state after, which must
 * be the log's.
 */
async function newProcess(backend: Backend, game: string, code?: string) {
  const { store, streams, folds } = recording(await connect(backend));
  const referee = refereeOn(store, code !== undefined ? { code } : {});
  const opened = await referee.state(game);
  expectSameGame(opened, await replayed(store, game));
  const accepted = await must(referee, game, { type: 'tick', by: ADMIN, args: {} });
  expectSameGame(accepted.state, await replayed(store, game));
  return { referee, store, foldedFrom: folds[0], checkedFrom: streams[0], state: accepted.state };
}

for (const backendKind of BACKENDS) {
  const { name } = backendKind;
  const make = () => backendKind.make();
  describe(`${name}: snapshots through the Referee`, () => {
    it('are written every few entries; a new process opens the game and checks its first write from one', async () => {
      const backend = await backendFor(make);
      const referee = refereeOn(await connect(backend));
      await newGridGame(referee, 'g1');
      await rounds(referee, 'g1', 4);
      const snap = await snapshotOf(backend, 'g1');
      const length = (await referee.state('g1')).seq;
      expect(snap.seq).toBeGreaterThan(length - EVERY);
      expect(snap.logged).toBe(snap.hash);
      expect(await ignoredBecause(await connect(backend), 'g1')).toBeUndefined();
      const p = await newProcess(backend, 'g1');
      // Opened from the snapshot; the first write checked the log from the snapshot's entry on, not from 1.
      expect(p.foldedFrom).toBe(snap.seq + 1);
      expect(p.checkedFrom).toBe(snap.seq);
      // The full check is still there: `verify` reads and re-decides the whole log.
      const report = await p.referee.verify('g1');
      expect(report.ok).toBe(true);
      expect(report.entries).toBe(p.state.seq);
    });

    it('damaged (bytes of the state or of the tag altered): ignored, the log folded, and a good one written again', async () => {
      const backend = await backendFor(make);
      const referee = refereeOn(await connect(backend));
      await newGridGame(referee, 'g1');
      await rounds(referee, 'g1', 3);
      const snap = await snapshotOf(backend, 'g1');
      const flipped = snap.state.replace('"seq":', '"seq": ');
      expect(flipped).not.toBe(snap.state);
      await rewrite(backend, 'g1', { state: flipped });
      expect(await ignoredBecause(await connect(backend), 'g1')).toMatch(
        /damaged or forged: its tag is wrong/,
      );
      const p = await newProcess(backend, 'g1');
      expect(p.foldedFrom).toBe(1);
      expect(p.checkedFrom).toBe(1);
      // The append of its first command carried a fresh snapshot, which the next process uses.
      const again = await snapshotOf(backend, 'g1');
      expect(again.seq).toBe(p.state.seq);
      expect((await newProcess(backend, 'g1')).foldedFrom).toBe(again.seq + 1);
      const tag = (await snapshotOf(backend, 'g1')).tag;
      await rewrite(backend, 'g1', {
        tag: `${tag.slice(0, 10)}${tag[10] === 'a' ? 'b' : 'a'}${tag.slice(11)}`,
      });
      expect(await ignoredBecause(await connect(backend), 'g1')).toMatch(/its tag is wrong/);
      expect((await newProcess(backend, 'g1')).foldedFrom).toBe(1);
    });

    it("forged (the state rewritten and its tag made again without the game's secret): ignored", async () => {
      const backend = await backendFor(make);
      const referee = refereeOn(await connect(backend));
      await newGridGame(referee, 'g1');
      await rounds(referee, 'g1', 3);
      const snap = await snapshotOf(backend, 'g1');
      // The forger gives alice 1,000 points and moves bob, then tags it every way e can without the secret:
      // with a key of zeros, with the state's own hash, and as SHA-256 of what the tag covers.
      const state = JSON.parse(snap.state) as GameState;
      const forged = JSON.stringify({ ...state, balances: { ...state.balances, alice: 1000 } });
      const fields = { ...snap, state: forged };
      const tags = [
        snapshotTag(new Uint8Array(32), fields),
        sha256Hex(forged),
        sha256Hex(`${snap.game}|${snap.seq}|${snap.hash}|${snap.version}|${sha256Hex(forged)}`),
        bytesToHex(hmacSha256(new TextEncoder().encode(snap.hash), forged)),
      ];
      for (const tag of tags) {
        await rewrite(backend, 'g1', { state: forged, tag });
        expect(await ignoredBecause(await connect(backend), 'g1')).toMatch(/its tag is wrong/);
        const p = await newProcess(backend, 'g1');
        expect(p.foldedFrom).toBe(1);
        expect(p.state.balances.alice ?? 0).not.toBe(1000);
      }
    });

    it('stale (a snapshot of another history of the game, tagged with its own secret): ignored', async () => {
      // One game, two histories: exported after a few rounds and imported into a second store, then played
      // on differently in each. The first store's snapshot is true of its own history: copied into the
      // second store (a backup restored over it, say) its tag is right, its version too, but the entry it
      // names is not the one the second store holds at that number.
      const backend = await backendFor(make);
      const other = await backendFor(make);
      const a = refereeOn(await connect(backend));
      await newGridGame(a, 'g1');
      await rounds(a, 'g1', 1);
      const shared = await a.entries('g1');
      const b = refereeOn(await connect(other));
      const master = await (await connect(backend)).master('g1');
      const imported = await b.import(shared, master);
      expect(imported.ok).toBe(true);
      await rounds(a, 'g1', 3);
      await rounds(b, 'g1', 3, 1);
      const snap = await snapshotOf(backend, 'g1');
      await rewrite(other, 'g1', {
        seq: String(snap.seq),
        hash: snap.hash,
        state: snap.state,
        tag: snap.tag,
      });
      const copied = await snapshotOf(other, 'g1');
      expect(copied.logged).not.toBeNull();
      expect(copied.logged).not.toBe(copied.hash);
      expect(await ignoredBecause(await connect(other), 'g1')).toMatch(/stale/);
      const p = await newProcess(other, 'g1');
      expect(p.foldedFrom).toBe(1);
      // And a true snapshot past the end of the log (the log restored from an older backup, cut short
      // under it): ignored too.
      const latest = await snapshotOf(other, 'g1');
      expect(await ignoredBecause(await connect(other), 'g1')).toBeUndefined();
      await other.sql(`DELETE FROM ${other.t('log')} WHERE game = ? AND seq > ?`, ['g1', shared.length]);
      if (name === 'PostgreSQL')
        await other.sql(`UPDATE ${other.t('games')} SET last_seq = ? WHERE id = ?`, [shared.length, 'g1']);
      expect(latest.seq).toBeGreaterThan(shared.length);
      expect((await snapshotOf(other, 'g1')).logged).toBeNull();
      expect(await ignoredBecause(await connect(other), 'g1')).toMatch(/stale/);
      expect((await newProcess(other, 'g1')).foldedFrom).toBe(1);
    });

    it('from an older version of the program: ignored, and replaced by one of this version', async () => {
      const backend = await backendFor(make);
      const older = refereeOn(await connect(backend), { code: 'an older build of the rulesets' });
      await newGridGame(older, 'g1');
      await rounds(older, 'g1', 3);
      const old = await snapshotOf(backend, 'g1');
      expect(await ignoredBecause(await connect(backend), 'g1')).toMatch(/folded by other code/);
      expect(
        await ignoredBecause(await connect(backend), 'g1', 'an older build of the rulesets'),
      ).toBeUndefined();
      const p = await newProcess(backend, 'g1');
      expect(p.foldedFrom).toBe(1);
      const now = await snapshotOf(backend, 'g1');
      expect(now.version).not.toBe(old.version);
      expect(now.seq).toBe(p.state.seq);
      expect((await newProcess(backend, 'g1')).foldedFrom).toBe(now.seq + 1);
      // The older program, in turn, does not use this one's.
      expect((await newProcess(backend, 'g1', 'an older build of the rulesets')).foldedFrom).toBe(1);
    });

    it('across an amendment: a snapshot of the January Grid opens the game the June Grid now governs', async () => {
      const backend = await backendFor(make);
      const january = refereeOn(await connect(backend));
      await newGridGame(january, 'g1');
      await rounds(january, 'g1', 2);
      const before = await snapshotOf(backend, 'g1');
      // Another process, which writes no snapshot, amends the game and plays on under the June rules.
      const amending = refereeOn(await connect(backend), { every: 1_000_000 });
      await must(amending, 'g1', { type: 'amend', by: ADMIN, args: { ruleset: 'grid-2002-06' } });
      for (const c of movesOf(await amending.state('g1'))) await amending.submit('g1', c);
      await must(amending, 'g1', { type: 'tick', by: ADMIN, args: { nweek: true } });
      expect((await snapshotOf(backend, 'g1')).seq).toBe(before.seq);
      const { store, folds } = recording(await connect(backend));
      const june = refereeOn(store);
      const opened = await june.state('g1');
      expect(folds[0]).toBe(before.seq + 1);
      expect(opened.ruleset).toBe('grid-2002-06');
      expectSameGame(opened, await replayed(store, 'g1'));
      // Its next command is a June command, decided as on the log; its append carries a June snapshot.
      const [move] = movesOf(opened);
      if (!move) throw new Error('no move');
      const r = await june.submit('g1', move);
      const after = r.ok ? r.value.state : await june.state('g1');
      expectSameGame(after, await replayed(store, 'g1'));
      const juneSnap = await snapshotOf(backend, 'g1');
      expect(juneSnap.seq).toBe(after.seq);
      const p = await newProcess(backend, 'g1');
      expect(p.foldedFrom).toBe(juneSnap.seq + 1);
      expect(p.state.ruleset).toBe('grid-2002-06');
    });

    it('a game with manual dice (no secret to tag with) is never snapshotted', async () => {
      const backend = await backendFor(make);
      const referee = refereeOn(await connect(backend));
      await must(referee, 'g1', {
        type: 'create',
        by: ADMIN,
        args: { game: 'g1', ruleset: 'rooms', dice: 'manual' },
      });
      for (let i = 0; i < 2 * EVERY; i++) await must(referee, 'g1', { type: 'tick', by: ADMIN, args: {} });
      expect((await referee.state('g1')).seq).toBeGreaterThan(2 * EVERY);
      expect(await (await connect(backend)).snapshot('g1')).toBeUndefined();
    });

    it("the first write's check covers the entries since the snapshot; `verify` still covers them all", async () => {
      const backend = await backendFor(make);
      const referee = refereeOn(await connect(backend));
      await newGridGame(referee, 'g1');
      await rounds(referee, 'g1', 4);
      const snap = await snapshotOf(backend, 'g1');
      const entries = await referee.entries('g1');
      const alter = async (seq: number) => {
        const e = entries[seq - 1];
        if (!e) throw new Error(`no entry ${seq}`);
        await backend.sql(`UPDATE ${backend.t('log')} SET event = ? WHERE game = ? AND seq = ?`, [
          JSON.stringify({ ...e.event, forged: true }),
          'g1',
          seq,
        ]);
      };
      // An entry before the snapshot altered: the snapshot stands for the true one, so the first write goes
      // on; the full check finds it.
      await alter(3);
      const p = await newProcess(backend, 'g1');
      expect(p.checkedFrom).toBe(snap.seq);
      const report = await p.referee.verify('g1');
      expect(report.ok).toBe(false);
      expect(report.problems.join(' ')).toMatch(/entry 3/);
      // An entry the check reads altered (the one after the snapshot, or the latest snapshot's own): the first
      // write of the next process is refused, and nothing is written.
      const length = p.state.seq;
      const last = (await snapshotOf(backend, 'g1')).seq;
      entries.splice(0, entries.length, ...(await p.referee.entries('g1')));
      await alter(last + 1 <= length ? last + 1 : length);
      const next = refereeOn(await connect(backend));
      await expect(next.submit('g1', { type: 'tick', by: ADMIN, args: {} })).rejects.toMatchObject({
        code: 'damaged',
      });
      expect((await next.entries('g1')).length).toBe(length);
    });

    it('entries another process appended are checked before they are vouched for in a snapshot', async () => {
      const backend = await backendFor(make);
      const a = refereeOn(await connect(backend));
      const b = refereeOn(await connect(backend), { every: 1_000_000 });
      await newGridGame(a, 'g1');
      const first = await snapshotOf(backend, 'g1').catch(() => undefined);
      await rounds(b, 'g1', 1);
      // One of b's entries altered in the store after it was written (its hash no longer its content).
      const entries = await a.entries('g1');
      const theirs = entries[entries.length - 3];
      if (!theirs) throw new Error('no entry');
      await backend.sql(`UPDATE ${backend.t('log')} SET event = ? WHERE game = ? AND seq = ?`, [
        JSON.stringify({ ...theirs.event, forged: true }),
        'g1',
        theirs.seq,
      ]);
      // a folds b's entries as it catches up, and goes on playing past the next snapshot's mark: it does
      // not vouch for the altered entry, so it writes no snapshot.
      await rounds(a, 'g1', 2);
      expect((await snapshotOf(backend, 'g1').catch(() => undefined))?.seq).toBe(first?.seq);
      // Without the alteration it would have: the same with a clean log.
      const clean = await backendFor(make);
      const c = refereeOn(await connect(clean));
      const d = refereeOn(await connect(clean), { every: 1_000_000 });
      await newGridGame(c, 'g1');
      await rounds(d, 'g1', 1);
      await rounds(c, 'g1', 2);
      expect((await snapshotOf(clean, 'g1')).seq).toBeGreaterThan(theirs.seq);
    });
  });
}
