// The referee service over a real SQLite file: ordering, idempotency, durability across reopening, import.
import { FAR_CORNER, placementRolls } from '../support/cli.js';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, player, PUBLIC } from '../../src/core/index.js';
import type { Command } from '../../src/core/index.js';
import { Referee } from '../../src/engine/referee.js';
import { nweekReport } from '../../src/engine/report.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import type { GridState } from '../../src/rulesets/grid-2002-01/index.js';
import { positionOf } from '../../src/rulesets/grid-2002-01/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open(path?: string): { referee: Referee; store: SqliteStore; path: string } {
  const file = path ?? join(mkdtempSync(join(tmpdir(), 'referee-engine-')), 'g.db');
  if (!path) dirs.push(join(file, '..'));
  const store = new SqliteStore(file);
  return { referee: new Referee(store, defaultRegistry(), systemEntropy), store, path: file };
}

const create = (game = 'g1', dice: 'fair' | 'manual' = 'fair'): Command => ({
  type: 'create',
  by: ADMIN,
  args: { game, ruleset: 'grid-2002-01', dice },
});
const join_ = (name: string): Command => ({ type: 'join', by: player(name), args: {} });

async function must(referee: Referee, game: string, c: Command) {
  const r = await referee.submit(game, c);
  if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
  return r.value;
}

describe('Referee', () => {
  it('a command id seen before returns its first result and appends nothing', async () => {
    const { referee, store } = open();
    await must(referee, 'g1', create());
    await must(referee, 'g1', join_('alice'));
    const enter: Command = { type: 'enter', by: player('alice'), args: { x: 3, y: 4 }, id: 'post-17' };
    const first = await must(referee, 'g1', enter);
    const length = (await store.entries('g1'))?.length;
    const again = await must(referee, 'g1', enter);
    expect(again.duplicate).toBe(true);
    expect(again.entries).toEqual(first.entries);
    expect((await store.entries('g1'))?.length).toBe(length);
    // The id is bound to the game's log, not to this process: a new referee over the same file knows it.
    const other = new Referee(store, defaultRegistry(), systemEntropy);
    expect((await must(other, 'g1', enter)).duplicate).toBe(true);
    await store.close();
  });

  it('a command id whose first try was rejected is decided again (K1)', async () => {
    const { referee, store } = open();
    await must(referee, 'g1', create());
    await must(referee, 'g1', join_('alice'));
    await must(referee, 'g1', join_('bob'));
    await must(referee, 'g1', { type: 'enter', by: player('bob'), args: { x: 3, y: 4 } });
    const enter: Command = { type: 'enter', by: player('alice'), args: { x: 3, y: 4 }, id: 'k' };
    expect((await referee.submit('g1', enter)).ok).toBe(false);
    await must(referee, 'g1', { type: 'leave', by: player('bob'), args: {} });
    expect((await must(referee, 'g1', enter)).duplicate).toBe(false);
    await store.close();
  });

  it('commands to one game submitted at once are applied one at a time, in arrival order', async () => {
    const { referee, store } = open();
    await must(referee, 'g1', create());
    const names = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const results = await Promise.all(names.map((n) => referee.submit('g1', join_(n))));
    expect(results.every((r) => r.ok)).toBe(true);
    expect((await referee.state('g1')).players).toEqual(names);
    // And entering the same unit at once: exactly the first arrival gets it.
    const entries = await Promise.all(
      names
        .slice(0, 10)
        .map((n) => referee.submit('g1', { type: 'enter', by: player(n), args: { x: 7, y: 7 } })),
    );
    expect(entries.map((r) => r.ok)).toEqual([true, ...Array<boolean>(9).fill(false)]);
    expect((await referee.verify('g1')).ok).toBe(true);
    await store.close();
  });

  it('reopening the file resumes every game exactly', async () => {
    const a = open();
    for (const game of ['g1', 'g2']) {
      await must(a.referee, game, create(game));
      await must(a.referee, game, join_('alice'));
      await must(a.referee, game, { type: 'enter', by: player('alice'), args: { x: 2, y: 2 } });
      await must(a.referee, game, { type: 'move', by: player('alice'), args: { x: 3, y: 3 } });
      await must(a.referee, game, { type: 'tick', by: ADMIN, args: { nweek: true } });
    }
    const before = [await a.referee.state('g1'), await a.referee.state('g2')];
    await a.store.close();
    const b = open(a.path);
    expect([await b.referee.state('g1'), await b.referee.state('g2')]).toEqual(before);
    // and play goes on from there, with the same dice secret
    await must(b.referee, 'g1', { type: 'move', by: player('alice'), args: { x: 4, y: 4 } });
    await must(b.referee, 'g1', { type: 'tick', by: ADMIN, args: { nweek: true } });
    expect(positionOf((await b.referee.state('g1')).rules as GridState, 'alice')).toEqual([4, 4]);
    expect((await b.referee.verify('g1')).ok).toBe(true);
    await b.store.close();
  });

  it('a rejected command writes nothing to the store', async () => {
    const { referee, store } = open();
    await must(referee, 'g1', create());
    await must(referee, 'g1', join_('alice'));
    const before = await store.entries('g1');
    const r = await referee.submit('g1', { type: 'enter', by: player('alice'), args: { x: 0, y: 4 } });
    expect(r.ok).toBe(false);
    expect(await store.entries('g1')).toEqual(before);
    await store.close();
  });

  it('creating a game that exists, or acting in one that does not, is a clear error', async () => {
    const { referee, store } = open();
    await must(referee, 'g1', create());
    const again = await referee.submit('g1', create());
    expect(again.ok ? '' : again.error.code).toBe('game-exists');
    const none = await referee.submit('nope', join_('alice'));
    expect(none.ok ? '' : none.error.code).toBe('unknown-game');
    await store.close();
  });

  it('import writes a verified log as a new game, and refuses a tampered one', async () => {
    const a = open();
    await must(a.referee, 'g1', create());
    await must(a.referee, 'g1', join_('alice'));
    await must(a.referee, 'g1', { type: 'tick', by: ADMIN, args: { nweek: true } });
    const entries = await a.referee.entries('g1');
    const master = await a.store.master('g1');
    const b = open();
    const tampered = entries.map((e) =>
      e.event.type === 'player-joined' ? { ...e, event: { ...e.event, player: 'mallory' } } : e,
    );
    const bad = await b.referee.import(tampered, master);
    expect(bad.ok).toBe(false);
    expect(await b.store.entries('g1')).toBeUndefined();
    const good = await b.referee.import(entries, master);
    expect(good.ok).toBe(true);
    expect(await b.referee.state('g1')).toEqual(await a.referee.state('g1'));
    const twice = await b.referee.import(entries, master);
    expect(twice.ok ? '' : twice.error.code).toBe('game-exists');
    await a.store.close();
    await b.store.close();
  });

  it("the nweek report holds only public lines and the standings at that nweek's end", async () => {
    const { referee, store } = open();
    // The Things in the far corner (manual dice), so none is found on alice's way by chance.
    const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
    await must(referee, 'g1', { ...create('g1', 'manual'), rolls });
    await must(referee, 'g1', join_('alice'));
    await must(referee, 'g1', { type: 'enter', by: player('alice'), args: { x: 2, y: 2 } });
    await must(referee, 'g1', { type: 'move', by: player('alice'), args: { x: 3, y: 3 } });
    await must(referee, 'g1', { type: 'tick', by: ADMIN, args: { nweek: true } });
    await must(referee, 'g1', { type: 'move', by: player('alice'), args: { x: 4, y: 4 } });
    await must(referee, 'g1', { type: 'tick', by: ADMIN, args: { nweek: true } });
    const report = await nweekReport(referee, 'g1', 1);
    expect(report).toContain('alice moves from (2,2) to (3,3).');
    expect(report).toContain('alice: (3,3), 0 points');
    expect(report).not.toContain('(4,4)');
    expect(report).not.toMatch(/Thing \d/);
    const publicLog = (await referee.log('g1', PUBLIC)).map((l) => l.text).join('\n');
    for (const line of report.split('\n').filter((l) => l.startsWith('- nday')))
      expect(publicLog).toContain(line.replace(/^- nday \d+: /, ''));
    await store.close();
  });
});

describe('nweek report', () => {
  it('says an nweek is still going on only while it is', async () => {
    const { referee, store } = open();
    await must(referee, 'g1', create());
    await must(referee, 'g1', { type: 'tick', by: ADMIN, args: { nweek: true } });
    expect(await nweekReport(referee, 'g1', 1)).not.toContain('still going on');
    expect(await nweekReport(referee, 'g1', 2)).toContain('(nweek 2 is still going on: nday 1 of 7.)');
    await store.close();
  });
});
