// Rulesets loaded as games name them (issue 17): the command line's registry (src/rulesets/catalogue.ts) knows
// every ruleset by id and loads one only when a game is created under it, amended into it, or read from a
// log that names it. The Referee loads them before the kernel folds, decides or describes anything; a ruleset
// known but not loaded is never taken for one that does not exist; and snapshots mean the same to a process
// that loaded one ruleset as to one that loaded them all.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, foldCode, player, PUBLIC, Registry } from '../../src/core/index.js';
import type { AnyRuleset, Command, GameEvent, RulesetSource } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { CATALOGUE, lazyRegistry } from '../../src/rulesets/catalogue.js';
import { defaultRegistry, RULESETS } from '../../src/rulesets/index.js';
import { COUNTER_RULESETS } from '../support/counter-ruleset.js';
import {
  EVERY,
  expectSameGame,
  must,
  newGridGame,
  recording,
  refereeOn,
  replayed,
  rounds,
} from './snapshot-support.js';

const dirs: string[] = [];
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A SQLite file of its own for the test; each open() is a connection of its own (a process). */
function file(): { open(): SqliteStore } {
  const dir = mkdtempSync(join(tmpdir(), 'referee-lazy-'));
  dirs.push(dir);
  return {
    open: () => {
      const store = new SqliteStore(join(dir, 'g.db'));
      stores.push(store);
      return store;
    },
  };
}

/** The counter rulesets as sources, counting how often each is loaded. */
function counterSources(): { sources: RulesetSource[]; loads: Record<string, number> } {
  const loads: Record<string, number> = {};
  const sources = COUNTER_RULESETS.map((r): RulesetSource => ({
    id: r.id,
    load: async () => {
      loads[r.id] = (loads[r.id] ?? 0) + 1;
      await Promise.resolve();
      return r;
    },
  }));
  return { sources, loads };
}

const created = (ruleset: string): GameEvent => ({ type: 'game-created', vis: 'public', ruleset });
const amended = (from: string, to: string): GameEvent => ({
  type: 'ruleset-amended',
  vis: 'public',
  from,
  to,
  repeals: [],
});

describe('a registry that loads rulesets as games name them', () => {
  it('knows every ruleset before loading any, and says loudly when one is used unloaded', async () => {
    const { sources, loads } = counterSources();
    const registry = new Registry([], sources);
    expect(registry.ids()).toEqual(['counter', 'counter-v2']);
    expect(registry.loaded('counter')).toBeUndefined();
    expect(() => registry.get('counter')).toThrow(/ruleset counter is not loaded/);
    // No such ruleset at all: undefined, for the kernel to refuse as unknown.
    expect(registry.get('chess')).toBeUndefined();

    expect(
      registry.missing([created('counter'), amended('counter', 'counter-v2'), created('chess')]),
    ).toEqual(['counter', 'counter-v2']);
    // Loads asked for at once load each ruleset once; ids of none are left alone.
    await Promise.all([registry.load(['counter', 'chess']), registry.load(['counter'])]);
    expect(loads).toEqual({ counter: 1 });
    expect(registry.get('counter')?.id).toBe('counter');
    expect(registry.missing([created('counter')])).toEqual([]);
    expect(registry.ids()).toEqual(['counter', 'counter-v2']);
    await registry.loadAll();
    expect(loads).toEqual({ counter: 1, 'counter-v2': 1 });
  });

  it('refuses a source that loads another ruleset, and tries a failed load again', async () => {
    const [counter] = COUNTER_RULESETS as [AnyRuleset];
    let fail = true;
    const registry = new Registry(
      [],
      [
        { id: 'wrong', load: () => Promise.resolve(counter) },
        {
          id: 'counter',
          load: () => (fail ? Promise.reject(new Error('the disk is gone')) : Promise.resolve(counter)),
        },
      ],
    );
    await expect(registry.load(['wrong'])).rejects.toThrow(/the source of ruleset wrong loaded counter/);
    await expect(registry.load(['counter'])).rejects.toThrow(/the disk is gone/);
    fail = false;
    await registry.load(['counter']);
    expect(registry.get('counter')).toBe(counter);
  });

  it("is the program's rulesets in the same order as RULESETS, each loading its own", async () => {
    expect(CATALOGUE.map((s) => s.id)).toEqual(RULESETS.map((r) => r.id));
    for (const [i, source] of CATALOGUE.entries()) expect(await source.load()).toBe(RULESETS[i]);
    // So the fingerprint of the folds a snapshot carries is the same, once all are loaded.
    expect(foldCode(await lazyRegistry().loadAll())).toBe(foldCode(defaultRegistry()));
  });
});

describe('the Referee over a registry that loads rulesets as games name them', () => {
  it('loads what a game is created under, amended into, and what its log names when read again', async () => {
    const db = file();
    const first = counterSources();
    const referee = new Referee(db.open(), new Registry([], first.sources), systemEntropy);
    const c = (type: string, args: Command['args'] = {}, by: Command['by'] = ADMIN): Command => ({
      type,
      by,
      args,
    });
    await must(referee, 'g1', c('create', { game: 'g1', ruleset: 'counter', dice: 'fair' }));
    expect(first.loads).toEqual({ counter: 1 });
    await must(referee, 'g1', c('join', {}, player('alice')));
    await must(referee, 'g1', c('bump', { by: 2 }, player('alice')));
    // An amendment into a ruleset not loaded yet loads it to decide the command.
    await must(referee, 'g1', c('amend', { ruleset: 'counter-v2' }));
    expect(first.loads).toEqual({ counter: 1, 'counter-v2': 1 });
    const refused = await referee.submit('g1', c('amend', { ruleset: 'chess' }));
    expect(refused.ok ? undefined : refused.error.code).toBe('unknown-ruleset');

    // Another process: its registry loads both rulesets from the log, to fold it, describe it, verify it.
    const again = counterSources();
    const later = new Referee(db.open(), new Registry([], again.sources), systemEntropy);
    const state = await later.state('g1');
    expect(state.ruleset).toBe('counter-v2');
    expect(again.loads).toEqual({ counter: 1, 'counter-v2': 1 });
    expect(state).toStrictEqual(await referee.state('g1'));
    const lines = await new Referee(db.open(), new Registry([], counterSources().sources), systemEntropy).log(
      'g1',
      PUBLIC,
    );
    expect(lines.map((l) => l.text)).toEqual((await referee.log('g1', PUBLIC)).map((l) => l.text));
    const verified = await new Referee(
      db.open(),
      new Registry([], counterSources().sources),
      systemEntropy,
    ).verify('g1');
    expect(verified.ok).toBe(true);
    // A game of a ruleset not loaded, created by another process, is loaded as it is read.
    await must(later, 'g2', c('create', { game: 'g2', ruleset: 'counter-v2', dice: 'fair' }));
    const third = counterSources();
    expect(
      (await new Referee(db.open(), new Registry([], third.sources), systemEntropy).state('g2')).ruleset,
    ).toBe('counter-v2');
    expect(third.loads).toEqual({ 'counter-v2': 1 });
  });

  it('creates no game under a ruleset it does not know, naming the ones it knows', async () => {
    const referee = new Referee(file().open(), lazyRegistry(), systemEntropy);
    const r = await referee.submit('g1', {
      type: 'create',
      by: ADMIN,
      args: { game: 'g1', ruleset: 'chess', dice: 'fair' },
    });
    expect(r.ok ? undefined : r.error.message).toBe(
      `there is no ruleset chess; known: ${RULESETS.map((x) => x.id).join(', ')}`,
    );
  });

  it('uses the snapshots of a process that loaded every ruleset, and they its own', async () => {
    const db = file();
    const eager = refereeOn(db.open());
    await newGridGame(eager, 'g1');
    await rounds(eager, 'g1', 4);
    const recorded = recording(db.open());
    const lazy = new Referee(recorded.store, lazyRegistry(), systemEntropy, { snapshots: { every: EVERY } });
    const state = await lazy.state('g1');
    // Folded from the snapshot, not from the start.
    expect(recorded.folds[0]).toBeGreaterThan(1);
    expectSameGame(state, await replayed(db.open(), 'g1'));
    await rounds(lazy, 'g1', 3);
    const again = recording(db.open());
    expectSameGame(await refereeOn(again.store).state('g1'), await replayed(db.open(), 'g1'));
    expect(again.folds[0]).toBeGreaterThan(recorded.folds[0] as number);
  });
});
