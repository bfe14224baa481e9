// Issue 14, "the clock runs where the games are served": boundaries fire on time as ordinary ticks with their
// instants, a restart after downtime follows each game's policy, a clock that jumps is noticed, and pause,
// resume and extension are respected. Simulated time throughout: nothing here sleeps.
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTime } from '../../src/clock/time.js';
import type { Clockwork } from '../../src/clock/clockwork.js';
import type { SqliteStore } from '../../src/store/sqlite.js';
import {
  admin,
  cleanDirs,
  clockOver,
  countIn,
  expectIncreasing,
  fastGame,
  firedIn,
  freshFile,
  instants,
  iso,
  MIN,
  must,
  NoticingStore,
  pass,
  refereeOver,
  S,
  scheduledGame,
  T0,
} from './support.js';

const running: Clockwork[] = [];
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const c of running.splice(0)) await c.stop();
  for (const s of stores.splice(0)) await s.close();
  cleanDirs();
});

function setup(file = freshFile()) {
  const store = new NoticingStore(file);
  stores.push(store);
  return { store, referee: refereeOver(store), file };
}

async function started(...args: Parameters<typeof clockOver>) {
  const made = clockOver(...args);
  running.push(made.clock);
  await made.clock.start();
  return made;
}

describe('the clock fires each boundary on time', () => {
  it('a rhythm game: an nday every 30 s ends by itself, each tick with its scheduled instant, on time', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 30, since: iso(T0) });
    const { clock, reports } = await started(referee, time);
    await pass(time, 95 * S, clock);
    expect(await firedIn(referee, 'g1')).toEqual(instants(T0 + 30 * S, T0 + 90 * S, 30 * S));
    expect(await countIn(referee, 'g1', 'nday-ended')).toBe(3);
    const fired = reports.filter((r) => r.kind === 'fired');
    expect(fired.map((r) => r.lateMs)).toEqual([0, 0, 0]);
    const state = await referee.state('g1');
    expect(state.schedule?.fired).toBe(iso(T0 + 90 * S));
    expect(state.clock.nday).toBe(4);
  });

  it('a rhythm game ends its nweek with its last nday', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 10, since: iso(T0) });
    const ndays = (await referee.state('g1')).clock.ndays;
    const { clock } = await started(referee, time);
    await pass(time, ndays * 10 * S + 1, clock);
    const state = await referee.state('g1');
    expect(state.clock).toMatchObject({ nweek: 2, nday: 1 });
    expect(await countIn(referee, 'g1', 'nweek-ended')).toBe(1);
    const ticks = (await referee.entries('g1')).filter(
      (e) => e.event.type === 'command' && (e.event.command as { type: string }).type === 'tick',
    );
    expect(ticks).toHaveLength(ndays);
  });

  it('a calendar game: ndays end daily at 23:59 London time and the nweek on Sunday, across a week', async () => {
    const time = new SimulatedTime(T0); // Monday noon
    const { referee } = setup();
    await scheduledGame(referee, 'g1', {
      zone: 'Europe/London',
      time: '23:59',
      weekday: 7,
      since: iso(T0),
    });
    const ndays = (await referee.state('g1')).clock.ndays;
    // Hourly looks are enough here: nothing jumps.
    const { clock } = await started(referee, time, { heartbeatMs: 3_600_000 });
    await pass(time, 7 * 24 * 60 * MIN, clock);
    const fired = await firedIn(referee, 'g1');
    // Monday 23 to Saturday 28 end ndays (while the game is not on its last one); Sunday 29 ends the nweek.
    const days = ['23', '24', '25', '26', '27', '28'].slice(0, ndays - 1);
    expect(fired).toEqual([...days.map((d) => `2026-11-${d}T23:59:00.000Z`), '2026-11-29T23:59:00.000Z']);
    expect((await referee.state('g1')).clock).toMatchObject({ nweek: 2, nday: 1 });
  });

  it('a calendar game across the change to summer time: the nweek ends at 23:59 BST, 22:59 UTC', async () => {
    const friday = Date.parse('2027-03-26T12:00:00.000Z');
    const time = new SimulatedTime(friday);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', {
      zone: 'Europe/London',
      time: '23:59',
      weekday: 7,
      since: iso(friday),
    });
    const { clock, reports } = await started(referee, time, { heartbeatMs: 3_600_000 });
    await pass(time, 3 * 24 * 60 * MIN, clock);
    expect(await firedIn(referee, 'g1')).toEqual([
      '2027-03-26T23:59:00.000Z',
      '2027-03-27T23:59:00.000Z',
      '2027-03-28T22:59:00.000Z',
    ]);
    expect(reports.filter((r) => r.kind === 'fired').map((r) => r.lateMs)).toEqual([0, 0, 0]);
    expect((await referee.state('g1')).clock).toMatchObject({ nweek: 2, nday: 1 });
  });

  it('several games, each on its own rhythm, all fire in order of their instants', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'a', { every: 7, since: iso(T0) });
    await scheduledGame(referee, 'b', { every: 11, since: iso(T0 + 3 * S) });
    await must(referee, 'c', fastGame('c'));
    const { clock, reports } = await started(referee, time);
    await pass(time, 60 * S, clock);
    expect(await firedIn(referee, 'a')).toEqual(instants(T0 + 7 * S, T0 + 56 * S, 7 * S));
    expect(await firedIn(referee, 'b')).toEqual(instants(T0 + 14 * S, T0 + 58 * S, 11 * S));
    expect(await countIn(referee, 'c', 'nday-ended')).toBe(0);
    const order = reports.filter((r) => r.kind === 'fired').map((r) => r.scheduled as string);
    expectIncreasing(order.filter((x, i) => order.indexOf(x) === i));
  });

  it('a schedule given while the clock runs is found and kept', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    const { clock } = await started(referee, time);
    await scheduledGame(referee, 'g1', { every: 20, since: iso(T0 + 5 * S) });
    await pass(time, 50 * S, clock);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 25 * S), iso(T0 + 45 * S)]);
  });
});

describe('a restart after downtime follows the game policy', () => {
  /** A clock fires two boundaries and stops; the machine is down for a while; a new process starts. */
  async function downtime(policy: 'catch-up' | 'pause', down = 10 * MIN) {
    const time = new SimulatedTime(T0);
    const first = setup();
    await scheduledGame(first.referee, 'g1', { every: 30, since: iso(T0), policy });
    const a = await started(first.referee, time);
    await pass(time, 65 * S, a.clock);
    await a.clock.stop();
    time.advance(down); // no process runs: no timer is set
    const second = setup(first.file);
    const b = await started(second.referee, time);
    await pass(time, 0, b.clock);
    return { time, referee: second.referee, store: second.store, clock: b.clock, reports: b.reports };
  }

  it('catch-up: every missed boundary is fired once, in order, each with its own instant', async () => {
    // Four minutes down: 8 boundaries missed, within what one catch-up fires (K17: 10 unless set).
    const { time, referee, clock, reports } = await downtime('catch-up', 4 * MIN);
    const now = T0 + 65 * S + 4 * MIN;
    const missed = instants(T0 + 90 * S, now, 30 * S);
    expect(missed).toHaveLength(8);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 30 * S), iso(T0 + 60 * S), ...missed]);
    expect(reports.filter((r) => r.kind === 'caught-up').map((r) => r.scheduled)).toEqual(
      missed.filter((m) => Date.parse(m) < now - 60 * S),
    );
    // and then on time again
    await pass(time, 30 * S, clock);
    expect((await firedIn(referee, 'g1')).at(-1)).toBe(iso(T0 + 330 * S));
    expect(reports.at(-1)).toMatchObject({ kind: 'fired', lateMs: 0 });
  });

  it('pause: the clock is paused with the outage as its reason, and the Administrator is told', async () => {
    const { time, referee, store, clock } = await downtime('pause');
    const now = T0 + 65 * S + 10 * MIN;
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 30 * S), iso(T0 + 60 * S)]);
    const state = await referee.state('g1');
    const reason = `the referee was not running from ${iso(T0 + 90 * S)} to ${iso(now)}: 20 boundaries missed`;
    expect(state.schedule?.paused).toEqual({ at: iso(now), reason });
    expect(store.enqueued).toEqual([
      expect.objectContaining({
        game: 'g1',
        to: 'admin',
        topic: 'clock',
        key: `clock:pause:${iso(T0 + 90 * S)}`,
      }),
    ]);
    expect(store.enqueued[0]?.text).toContain(reason);
    // Nothing fires while paused; once resumed, the boundaries after the resumption do.
    await pass(time, 5 * MIN, clock);
    expect(await firedIn(referee, 'g1')).toHaveLength(2);
    const resumed = time.now();
    await must(referee, 'g1', admin('resume-clock', { reason: 'back', at: iso(resumed) }));
    await pass(time, 61 * S, clock);
    expect(await firedIn(referee, 'g1')).toEqual([
      iso(T0 + 30 * S),
      iso(T0 + 60 * S),
      iso(resumed + 30 * S),
      iso(resumed + 60 * S),
    ]);
  });

  it('within the grace a late boundary is simply fired, whatever the policy', async () => {
    const time = new SimulatedTime(T0);
    const first = setup();
    await scheduledGame(first.referee, 'g1', { every: 30, since: iso(T0), policy: 'pause' });
    time.advance(70 * S); // the process starts 40 s after the first boundary, 10 s after the second
    const { clock, reports } = await started(first.referee, time);
    await pass(time, 0, clock);
    expect(await firedIn(first.referee, 'g1')).toEqual([iso(T0 + 30 * S), iso(T0 + 60 * S)]);
    expect(reports.filter((r) => r.kind === 'fired').map((r) => r.lateMs)).toEqual([40 * S, 10 * S]);
    expect((await first.referee.state('g1')).schedule?.paused).toBeNull();
  });

  it('the grace is configurable', async () => {
    const time = new SimulatedTime(T0);
    const first = setup();
    await scheduledGame(first.referee, 'g1', { every: 30, since: iso(T0), policy: 'pause' });
    time.advance(70 * S);
    const { clock } = await started(first.referee, time, { graceMs: 20 * S });
    await pass(time, 0, clock);
    expect(await firedIn(first.referee, 'g1')).toEqual([]);
    expect((await first.referee.state('g1')).schedule?.paused?.reason).toBe(
      `the referee was not running from ${iso(T0 + 30 * S)} to ${iso(T0 + 70 * S)}: 2 boundaries missed`,
    );
  });
});

describe("the machine's clock jumps", () => {
  it('forward (a suspended machine): the missed boundaries follow the policy (catch-up)', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 60, since: iso(T0) });
    const { clock, reports } = await started(referee, time);
    await pass(time, 61 * S, clock);
    // Eight minutes away: 8 boundaries missed, within what one catch-up fires (K17).
    time.jump(8 * MIN);
    await pass(time, 2 * S, clock);
    expect(reports.some((r) => r.kind === 'jumped')).toBe(true);
    const fired = await firedIn(referee, 'g1');
    expect(fired).toEqual(instants(T0 + 60 * S, T0 + 9 * MIN, 60 * S));
  });

  it('forward: a pause game is paused, the outage dated from before the jump', async () => {
    const time = new SimulatedTime(T0);
    const { referee, store } = setup();
    await scheduledGame(referee, 'g1', { every: 60, since: iso(T0), policy: 'pause' });
    const { clock } = await started(referee, time);
    await pass(time, 90 * S, clock);
    time.jump(60 * MIN);
    await pass(time, 1 * S, clock);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 60 * S)]);
    const paused = (await referee.state('g1')).schedule?.paused;
    expect(paused?.reason).toBe(
      `the referee was not running from ${iso(T0 + 90 * S)} to ${iso(T0 + 61 * MIN + 31 * S)}: 60 boundaries missed`,
    );
    expect(store.enqueued).toHaveLength(1);
  });

  it('back (a clock set back): noticed and told to the Administrator; no boundary fires twice', async () => {
    const time = new SimulatedTime(T0);
    const { referee, store } = setup();
    await scheduledGame(referee, 'g1', { every: 30, since: iso(T0) });
    const { clock, reports } = await started(referee, time);
    await pass(time, 95 * S, clock);
    time.jump(-10 * MIN);
    await pass(time, 15 * MIN, clock);
    expect(reports.filter((r) => r.kind === 'set-back')).toHaveLength(1);
    expect(store.enqueued).toEqual([expect.objectContaining({ game: 'g1', to: 'admin', topic: 'clock' })]);
    const fired = await firedIn(referee, 'g1');
    expect(new Set(fired).size).toBe(fired.length);
    expectIncreasing(fired);
    // 90 s was fired before the jump; the wall clock reaches 120 s again 10 min later, and goes on from there.
    expect(fired).toEqual(instants(T0 + 30 * S, T0 + 95 * S + 5 * MIN, 30 * S));
  });
});

describe('pause, resume and extension are respected', () => {
  it('no boundary fires while the Administrator has paused the clock; resumed, they fire from then', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 30, since: iso(T0) });
    const { clock } = await started(referee, time);
    await pass(time, 40 * S, clock);
    await must(referee, 'g1', admin('pause-clock', { reason: 'holiday', at: iso(time.now()) }));
    await pass(time, 10 * MIN, clock);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 30 * S)]);
    const resumed = time.now();
    await must(referee, 'g1', admin('resume-clock', { reason: 'back', at: iso(resumed) }));
    await pass(time, 30 * S, clock);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 30 * S), iso(resumed + 30 * S)]);
  });

  it('an extended nweek ends at its new end, not before', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 10, since: iso(T0) });
    const ndays = (await referee.state('g1')).clock.ndays;
    const { clock } = await started(referee, time);
    const until = T0 + ndays * 10 * S + 45 * S;
    await must(referee, 'g1', admin('extend-nweek', { until: iso(until), reason: 'a long nweek' }));
    await pass(time, ndays * 10 * S + 40 * S, clock);
    expect((await referee.state('g1')).clock.nweek).toBe(1);
    await pass(time, 5 * S, clock);
    expect((await referee.state('g1')).clock).toMatchObject({ nweek: 2, nday: 1 });
    expect((await firedIn(referee, 'g1')).at(-1)).toBe(iso(until));
  });

  it('a changed schedule moves the next boundary; a cleared one stops the clock for that game', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 30, since: iso(T0) });
    const { clock } = await started(referee, time);
    await pass(time, 35 * S, clock);
    await must(referee, 'g1', admin('schedule', { every: 100, since: iso(time.now()) }));
    await pass(time, 101 * S, clock);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 30 * S), iso(T0 + 135 * S)]);
    await must(referee, 'g1', admin('schedule', { clear: true }));
    await pass(time, 10 * MIN, clock);
    expect(await firedIn(referee, 'g1')).toHaveLength(2);
  });

  it('a game that ends is no longer ticked', async () => {
    const time = new SimulatedTime(T0);
    const { referee } = setup();
    await scheduledGame(referee, 'g1', { every: 30, since: iso(T0) });
    const { clock } = await started(referee, time);
    await pass(time, 35 * S, clock);
    await must(referee, 'g1', admin('end', { reason: 'done' }));
    await pass(time, 5 * MIN, clock);
    expect(await firedIn(referee, 'g1')).toEqual([iso(T0 + 30 * S)]);
  });

  it('a clock working from a schedule changed behind its back (another process, unseen) changes nothing', async () => {
    const time = new SimulatedTime(T0);
    const here = setup();
    await scheduledGame(here.referee, 'g1', { every: 30, since: iso(T0) });
    const { clock, reports } = await started(here.referee, time);
    // Another process on the same file pauses the clock; SQLite tells only its own process.
    const there = setup(here.file);
    await must(there.referee, 'g1', admin('pause-clock', { reason: 'elsewhere', at: iso(T0 + 10 * S) }));
    await pass(time, 5 * MIN, clock);
    expect(await firedIn(here.referee, 'g1')).toEqual([]);
    expect(reports.filter((r) => r.kind === 'refused' || r.kind === 'error')).toEqual([]);
  });
});
