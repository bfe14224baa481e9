// No game can starve the clock (issue 23 item 7, ruling K17): a catch-up fires at most its cap of boundaries,
// past which the game pauses with one logged pause and one notice to its Administrator; due games are served
// in turn, one boundary each, so one game's backlog delays another's boundary by one of its own at most.
// Simulated time throughout: lateness here is the clock's order of work, never the machine's speed.
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTime } from '../../src/clock/time.js';
import type { ClockworkOptions } from '../../src/clock/clockwork.js';
import type { Referee } from '../../src/engine/referee.js';
import {
  admin,
  cleanDirs,
  clockOver,
  countIn,
  fastGame,
  firedIn,
  freshFile,
  instants,
  iso,
  must,
  NoticingStore,
  pass,
  refereeOver,
  S,
  scheduledGame,
} from './support.js';

const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const stores: NoticingStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  cleanDirs();
});

function setup() {
  const store = new NoticingStore(freshFile());
  stores.push(store);
  return { store, referee: refereeOver(store) };
}

async function started(referee: Referee, time: SimulatedTime, options: Partial<ClockworkOptions> = {}) {
  const c = clockOver(referee, time, options);
  await c.clock.start();
  return c;
}

/**
 * A game as a stranger could schedule it before the bounds of K16: created under kernel edition 2 (as every
 * game made before them was), an nday every second since 2000, catching up.
 */
async function hostileOldGame(referee: Referee, game: string): Promise<void> {
  await must(
    referee,
    game,
    admin('create', { game, ruleset: 'grid-2002-01', dice: 'fair', kernelEdition: 2 }),
  );
  await must(
    referee,
    game,
    admin('schedule', { every: 1, since: '2000-01-01T00:00:00Z', policy: 'catch-up' }),
  );
}

describe('issue 23 item 7: a clock no game can starve', () => {
  it('issue 23 item 7: 34 games every 1 s since 2000 under catch-up beside an honest game every 2 s: the honest boundaries fire on time; each hostile game fires nothing, pauses once and its Administrator is told once', async () => {
    const time = new SimulatedTime(T0);
    const { referee, store } = setup();
    const hostile = Array.from({ length: 34 }, (_, i) => `h${i}`);
    for (const g of hostile) await hostileOldGame(referee, g);
    await scheduledGame(referee, 'honest', { every: 2, since: iso(T0) });
    const before = new Map<string, number>();
    for (const g of hostile) before.set(g, (await referee.entries(g)).length);
    const { clock, reports } = await started(referee, time);
    await pass(time, 14 * S, clock);

    expect(await firedIn(referee, 'honest')).toEqual(instants(T0 + 2 * S, T0 + 14 * S, 2 * S));
    const honest = reports.filter((r) => r.game === 'honest' && r.kind === 'fired');
    expect(honest.map((r) => r.givenMs)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    for (const g of hostile) {
      expect(await firedIn(referee, g)).toEqual([]);
      const paused = (await referee.state(g)).schedule?.paused;
      expect(paused?.reason).toBe(
        `at least 10000 boundaries were overdue (from 2000-01-01T00:00:01.000Z to ${iso(T0)}), more than one catch-up fires (at most 10)`,
      );
      // The bounded record: the pause (its command and its event), not one entry per missed boundary.
      expect((await referee.entries(g)).length - (before.get(g) ?? 0)).toBe(2);
      expect(store.enqueued.filter((n) => n.game === g)).toEqual([
        expect.objectContaining({ to: 'admin', topic: 'clock', subject: `${g}: the clock is paused` }),
      ]);
      expect(store.enqueued.find((n) => n.game === g)?.text).toMatch(/one catch-up fires only so many/);
    }
    // And it stays so: nothing more is fired or written for them.
    await pass(time, 10 * S, clock);
    for (const g of hostile) expect(await countIn(referee, g, 'boundary-fired')).toBe(0);
    expect(store.enqueued).toHaveLength(34);
    await clock.stop();
  });

  it('issue 23 item 7: a catch-up of the cap fires every boundary; one more and the game pauses at once, firing none', async () => {
    const time = new SimulatedTime(T0);
    const { referee, store } = setup();
    // Created at T0; the clock starts after an outage: 'ten' has missed 10 boundaries, 'eleven' 11.
    await scheduledGame(referee, 'ten', { every: 30, since: iso(T0) });
    await scheduledGame(referee, 'eleven', { every: 30, since: iso(T0 - 30 * S) });
    time.advance(300 * S);
    const { clock } = await started(referee, time);
    await pass(time, 0, clock);
    expect(await firedIn(referee, 'ten')).toEqual(instants(T0 + 30 * S, T0 + 300 * S, 30 * S));
    expect(await firedIn(referee, 'eleven')).toEqual([]);
    expect((await referee.state('eleven')).schedule?.paused?.reason).toBe(
      `11 boundaries were overdue (from ${iso(T0)} to ${iso(T0 + 300 * S)}), more than one catch-up fires (at most 10)`,
    );
    expect(store.enqueued.map((n) => n.game)).toEqual(['eleven']);
    await clock.stop();
  });

  it('issue 23 item 7: the cap is a setting', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g', { every: 30, since: iso(T0) });
    time.advance(150 * S);
    const { clock } = await started(referee, time, { catchUpCap: 4 });
    await pass(time, 0, clock);
    expect(await firedIn(referee, 'g')).toEqual([]);
    expect((await referee.state('g')).schedule?.paused?.reason).toMatch(
      /^5 boundaries were overdue .*at most 4\)$/,
    );
    await clock.stop();
  });

  it("issue 23 item 7: fair dispatch: due games are served in turn, one boundary each, so an honest game's boundary waits one round, not for every backlog", async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    // Two games with 10 boundaries each to catch up, and an honest game whose boundary falls due just then.
    await scheduledGame(referee, 'a', { every: 30, since: iso(T0) });
    await scheduledGame(referee, 'b', { every: 30, since: iso(T0) });
    await must(referee, 'c', fastGame('c'));
    await must(referee, 'c', admin('schedule', { every: 60, since: iso(T0 + 240 * S) }));
    time.advance(300 * S);
    // One boundary at a time, so the order is the clock's alone.
    const { clock, reports } = await started(referee, time, { concurrency: 1 });
    await pass(time, 0, clock);
    const order = reports.filter((r) => r.kind === 'fired' || r.kind === 'caught-up').map((r) => r.game);
    // Earliest first among the games falling due together, then round after round: c's boundary is third,
    // not twenty-first (earliest-boundary-first would fire all of a's and b's older ones before it).
    expect(order.slice(0, 7)).toEqual(['a', 'b', 'c', 'a', 'b', 'a', 'b']);
    expect(order.filter((g) => g === 'a')).toHaveLength(10);
    expect(order.filter((g) => g === 'b')).toHaveLength(10);
    expect(await firedIn(referee, 'a')).toEqual(instants(T0 + 30 * S, T0 + 300 * S, 30 * S));
    await clock.stop();
  });

  it('issue 23 item 7: games with equal backlogs take one boundary each a round', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    for (const g of ['a', 'b', 'c']) await scheduledGame(referee, g, { every: 30, since: iso(T0) });
    time.advance(90 * S);
    const { clock, reports } = await started(referee, time, { concurrency: 1 });
    await pass(time, 0, clock);
    const order = reports.filter((r) => r.kind === 'fired' || r.kind === 'caught-up').map((r) => r.game);
    expect(order).toHaveLength(9);
    for (let round = 0; round < 3; round++)
      expect(new Set(order.slice(3 * round, 3 * round + 3)).size).toBe(3);
    await clock.stop();
  });
});
