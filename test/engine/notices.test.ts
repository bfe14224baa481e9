// SubmitOptions.notices (issue 14, "Reminders and deadline notices go into a durable outbox"): a command's
// notices are made from what it decided and written in the transaction of its entries, so they stand or fall
// with them.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, LogEntry } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import type { SubmitOptions } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { StoreError } from '../../src/store/store.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function file(): string {
  const dir = mkdtempSync(join(tmpdir(), 'referee-notices-'));
  dirs.push(dir);
  return join(dir, 'g.db');
}

const create: Command = {
  type: 'create',
  by: ADMIN,
  args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair' },
};
const join_ = (name: string): Command => ({ type: 'join', by: player(name), args: {} });

/** A welcome to each player who joined, keyed by the entry that says so: made from the decided entries. */
const welcome: SubmitOptions = {
  notices: (entries: readonly LogEntry[], state) =>
    entries
      .filter((e) => e.event.type === 'player-joined')
      .map((e) => ({
        game: 'g1',
        key: `welcome:${e.seq}`,
        to: `player:${e.event.player as string}`,
        topic: 'welcome',
        subject: 'Welcome',
        text: `${state.players.length} players now`,
        at: '2026-11-24T00:00:00.000Z',
      })),
};

const PLAYERS = ['admin', 'player:ann', 'player:bob', 'public'];

describe('issue 14: the notices of a command are written with its entries', () => {
  it('an accepted command leaves its notices, made on the state after it', async () => {
    const store = new SqliteStore(file());
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    expect((await referee.submit('g1', create)).ok).toBe(true);
    const r = await referee.submit('g1', join_('ann'), welcome);
    expect(r.ok).toBe(true);
    const seq = r.ok ? (r.value.entries.find((e) => e.event.type === 'player-joined')?.seq ?? 0) : 0;
    const stored = await store.notices('g1', PLAYERS);
    expect(stored.map((n) => [n.key, n.to, n.text])).toEqual([
      [`welcome:${seq}`, 'player:ann', '1 players now'],
    ]);
    await store.close();
  });

  it('a command the rules refuse leaves no notice', async () => {
    const store = new SqliteStore(file());
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    await referee.submit('g1', create);
    await referee.submit('g1', join_('ann'), welcome);
    expect((await referee.submit('g1', join_('ann'), welcome)).ok).toBe(false);
    expect(await store.notices('g1', PLAYERS)).toHaveLength(1);
    await store.close();
  });

  it('a command the store refuses (a full disk) leaves neither its entries nor its notices', async () => {
    const store = new SqliteStore(file());
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    await referee.submit('g1', create);
    const before = await store.entries('g1');
    store.capPages(1); // never below the current size: the file cannot grow from here
    const big: SubmitOptions = {
      notices: (entries, state, before) =>
        (welcome.notices?.(entries, state, before) ?? []).map((n) => ({ ...n, text: 'x'.repeat(200_000) })),
    };
    const error = await referee.submit('g1', join_('bob'), big).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe('io');
    store.capPages(null);
    expect(await store.entries('g1')).toEqual(before);
    expect(await store.notices('g1', PLAYERS)).toEqual([]);
    await store.close();
  });

  it('a command decided again after losing a race leaves the notices of the try that committed, once', async () => {
    const path = file();
    const one = new SqliteStore(path);
    const refOne = new Referee(one, defaultRegistry(), systemEntropy);
    await refOne.submit('g1', create);
    await refOne.submit('g1', join_('ann'), welcome);
    // Another process moves the game on behind refOne's cache: refOne's quick try is refused, then decided
    // again on the log as it now is, with its notices made again from those entries.
    const two = new SqliteStore(path);
    const refTwo = new Referee(two, defaultRegistry(), systemEntropy);
    await refTwo.submit('g1', join_('bob'), welcome);
    const r = await refOne.submit('g1', join_('cat'), welcome);
    expect(r.ok).toBe(true);
    const notices = await one.notices('g1', ['player:ann', 'player:bob', 'player:cat']);
    expect(notices.map((n) => [n.to, n.text])).toEqual([
      ['player:ann', '1 players now'],
      ['player:bob', '2 players now'],
      ['player:cat', '3 players now'],
    ]);
    const joined = (await one.entries('g1'))
      ?.filter((e) => e.event.type === 'player-joined')
      .map((e) => `welcome:${e.seq}`);
    expect(notices.map((n) => n.key)).toEqual(joined);
    await two.close();
    await one.close();
  });
});
