// Issue 14, "Who is missing, and reminders": before a deadline (the schedule's warnings), each player still
// missing is reminded and the Administrator sees the list; when a boundary ends the wait, those who had not
// acted are told, in the tick's own transaction. Driven by the clock on simulated time, on the January Grid:
// "Once per week, any Player on the Grid may announce that e intends to move" (the wait ends with the nweek).
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTime } from '../../src/clock/time.js';
import type { Clockwork } from '../../src/clock/clockwork.js';
import type { Command, Json } from '../../src/core/index.js';
import { ADMIN, player } from '../../src/core/index.js';
import type { Referee } from '../../src/engine/referee.js';
import type { SqliteStore } from '../../src/store/sqlite.js';
import {
  cleanDirs,
  clockOver,
  freshFile,
  iso,
  must,
  NoticingStore,
  pass,
  refereeOver,
  S,
  T0,
} from './support.js';

const running: Clockwork[] = [];
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) await c.stop();
  for (const s of stores.splice(0)) await s.close();
  cleanDirs();
});

const as = (name: string, type: string, args: Record<string, Json> = {}): Command => ({
  type,
  by: player(name),
  args,
});

/** A Grid of 3 ndays an hour each, reminders 40 and 10 minutes before the nweek's end; alice and bob on it. */
async function grid(referee: Referee): Promise<void> {
  await must(referee, 'g1', {
    type: 'create',
    by: ADMIN,
    args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair', ndays: 3 },
  });
  for (const name of ['alice', 'bob', 'carol']) await must(referee, 'g1', as(name, 'join'));
  await must(referee, 'g1', as('alice', 'enter', { x: 1, y: 1 }));
  await must(referee, 'g1', as('bob', 'enter', { x: 1, y: 2 }));
  await must(referee, 'g1', {
    type: 'schedule',
    by: ADMIN,
    args: { every: 3600, warnings: [2400, 600], since: iso(T0) },
  });
}

describe('Who is missing, and reminders (issue 14), on the clock', () => {
  it('reminds exactly the missing players at each warning, once; tells the Administrator; never carol (in Limbo) or bob (who acted)', async () => {
    const time = new SimulatedTime(T0);
    const store = new NoticingStore(freshFile());
    stores.push(store);
    const referee = refereeOver(store);
    await grid(referee);
    const made = clockOver(referee, time);
    running.push(made.clock);
    await made.clock.start();
    await must(referee, 'g1', as('bob', 'move', { x: 2, y: 2 }));
    // The nweek ends at T0 + 3 h: the first warning falls at T0 + 2 h 20 min.
    await pass(time, 2 * 3600 * S + 19 * 60 * S, made.clock);
    expect(await store.notices('g1', ['player:alice', 'player:bob', 'player:carol', 'admin'])).toEqual([]);
    await pass(time, 2 * 60 * S, made.clock);
    const first = await store.notices('g1', ['player:alice', 'player:bob', 'player:carol', 'admin']);
    expect(first.map((n) => [n.to, n.topic])).toEqual([
      ['player:alice', 'reminder'],
      ['admin', 'reminder'],
    ]);
    expect(first[0]?.text).toContain('alice, the game g1 is waiting for you');
    expect(first[1]?.text).toContain('Still awaited (1 of 2): alice.');
    // The second warning, 10 minutes before the end; then the boundary: alice is told she had not announced.
    await pass(time, 40 * 60 * S, made.clock);
    const all = await store.notices('g1', ['player:alice', 'player:bob', 'player:carol', 'admin']);
    expect(all.map((n) => [n.to, n.topic])).toEqual([
      ['player:alice', 'reminder'],
      ['admin', 'reminder'],
      ['player:alice', 'reminder'],
      ['admin', 'reminder'],
      ['player:alice', 'deadline'],
      ['admin', 'deadline'],
    ]);
    expect((await referee.state('g1')).clock).toMatchObject({ nweek: 2, nday: 1 });
    // A second clock over the same store (a restart) gives none of them again.
    const again = clockOver(referee, time);
    running.push(again.clock);
    await again.clock.start();
    await pass(time, 60 * S, made.clock, again.clock);
    expect(await store.notices('g1', ['player:alice', 'player:bob', 'player:carol', 'admin'])).toHaveLength(
      6,
    );
  });

  it('a player who acts after a reminder is planned is not reminded; with everyone done, nobody is', async () => {
    const time = new SimulatedTime(T0);
    const store = new NoticingStore(freshFile());
    stores.push(store);
    const referee = refereeOver(store);
    await grid(referee);
    const made = clockOver(referee, time);
    running.push(made.clock);
    await made.clock.start();
    await pass(time, 3600 * S + S, made.clock);
    await must(referee, 'g1', as('alice', 'move', { x: 2, y: 1 }));
    await must(referee, 'g1', as('bob', 'move', { x: 2, y: 2 }));
    await pass(time, 2 * 3600 * S, made.clock);
    expect(await store.notices('g1', ['player:alice', 'player:bob', 'player:carol', 'admin'])).toEqual([]);
    expect((await referee.state('g1')).clock).toMatchObject({ nweek: 2, nday: 1 });
  });
});
