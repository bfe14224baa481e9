// 4. Turn Procedure, the deadline on a calendar (ruling T-28, issue 14): "If a player does not submit a needed
// action (moving, choosing a card to defend with, etc.) within a reasonable amount of time (determined by the
// Moderator, generally a checkpoint period), play will proceed as if the player had chosen to perform no
// action." The deadline stays a number of ndays (T-12, T-27); a schedule ends ndays by the wall clock, so the
// deadline falls at the instant of the boundary that ends its nday. These tests fire the schedule's boundaries
// as the clock does (`tick {scheduled}`), with simulated instants: nothing reads the machine's clock.
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import type { GameState, Schedule } from '../../src/core/index.js';
import { dueAt, nextBoundary } from '../../src/clock/calendar.js';
import type { Boundary } from '../../src/clock/calendar.js';
import { deadlineNotices, reminders } from '../../src/clock/reminders.js';
import { act, rules, started } from '../support/harness/tunnelers.js';
import type { Setup, Table } from '../support/harness/tunnelers.js';

/** Monday 23 November 2026, noon: the schedule takes effect on nday 1 of nweek 1. */
const SINCE = '2026-11-23T12:00:00.000Z';
const LONDON = { zone: 'Europe/London', time: '23:59', weekday: 7 };

/** A started game on the London calendar: ndays end daily at 23:59, the nweek on Sundays. */
function onCalendar(setup: Setup): Table {
  const t = started(setup);
  t.admin('schedule', { ...LONDON, since: SINCE });
  return t;
}

const scheduleOf = (s: GameState): Schedule => {
  if (!s.schedule) throw new Error('no schedule');
  return s.schedule;
};

/** The next boundary of the game's schedule, fired as the clock fires it; returns it. */
function fire(t: Table): Boundary {
  const s = scheduleOf(t.game);
  const b = nextBoundary(s, t.game.clock, Date.parse(s.fired ?? s.since));
  if (!b) throw new Error('no boundary is due');
  t.admin('tick', { scheduled: b.iso, ...(b.nweek ? { nweek: true } : {}) });
  return b;
}

/** When the wait shown to everyone ends, as an instant (ISO). */
function due(t: Table): string {
  const awaiting = t.kernel.awaiting(t.game);
  if (!awaiting) throw new Error('no wait');
  const at = dueAt(scheduleOf(t.game), t.game.clock, awaiting.until, Date.parse(SINCE));
  if (at === undefined) throw new Error('no instant');
  return new Date(at).toISOString();
}

const publicLines = (t: Table): string[] => t.kernel.logView(t.entries, PUBLIC, t.game).map((l) => l.text);
const LATE = 'alice did not act in time: play proceeds as if e had chosen to do nothing more.';

describe('T-28 (issue 14): the deadline is counted in ndays, and the calendar ends ndays by the wall clock', () => {
  it('Tunnelers deadlines expiring a turn: the turn ends at the boundary that ends its deadline nday, Tuesday 23:59 London', () => {
    const t = onCalendar({ moles: { alice: 'a1', bob: 'h8', carol: 'e5' } });
    // alice's turn began on nday 1 (Monday); one whole nday after it: the end of nday 2, Tuesday 23:59 (GMT).
    expect(t.kernel.awaiting(t.game)?.until).toEqual({ nweek: 1, nday: 2 });
    expect(due(t)).toBe('2026-11-24T23:59:00.000Z');
    act(t, 'alice', 'discard', { cards: 'X' }); // a private action moves nothing (T-27)
    expect(fire(t).iso).toBe('2026-11-23T23:59:00.000Z');
    expect(rules(t).turn?.player).toBe('alice');
    expect(publicLines(t)).not.toContain(LATE);
    const before = t.kernel.awaiting(t.game);
    expect(fire(t).iso).toBe('2026-11-24T23:59:00.000Z');
    expect(publicLines(t)).toContain(LATE);
    expect(rules(t).turn?.player).toBe('bob');
    expect(t.game.schedule?.fired).toBe('2026-11-24T23:59:00.000Z');
    // The clock's notices for the boundary: alice, and the Administrator; no one else.
    expect(deadlineNotices('g', before, t.game, '2026-11-24T23:59:00.000Z').map((n) => n.to)).toEqual([
      'player:alice',
      'admin',
    ]);
    // bob's turn began at the end of nday 2; his deadline is the end of nday 3, Wednesday 23:59.
    expect(due(t)).toBe('2026-11-25T23:59:00.000Z');
    t.expectConsistent();
  });

  it("Tunnelers deadlines expiring a defence: a defence still awaited at the turn's deadline boundary is no card, and the turn ends", () => {
    const t = onCalendar({ moles: { alice: 'c3', bob: 'c5', carol: 'h8' } });
    const deadline = due(t);
    const warnings = scheduleOf(t.game).warnings;
    act(t, 'alice', 'move', { path: 'c4' });
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
    expect(rules(t).combat?.defender).toBe('bob');
    // The reminders before the deadline go to alice (whose turn it is) and the Administrator; never to bob, whose
    // defence is awaited in secret (T-26, T-27): his deadline is the turn's, which everyone sees.
    const reminded = reminders(
      'g',
      t.game,
      t.kernel.awaiting(t.game),
      Date.parse(deadline),
      warnings,
      Date.parse(SINCE),
      Date.parse(deadline),
    );
    expect(new Set(reminded.map((n) => n.to))).toEqual(new Set(['player:alice', 'admin']));
    fire(t); // Monday 23:59: nothing is due yet, and bob may still choose
    expect(rules(t).combat?.defender).toBe('bob');
    expect(fire(t).iso).toBe(deadline);
    const lines = t.kernel.logView(t.entries, { role: 'admin' }, t.game).map((l) => l.text);
    expect(lines).toContain('bob did not choose in time, so defends with no card (secret until revealed).');
    expect(rules(t).combat).toBeNull();
    expect(rules(t).turn?.player).toBe('bob');
    expect(publicLines(t)).toContain(LATE);
    t.expectConsistent();
  });

  it("T-28: a deadline past the nweek's last nday falls at the next nweek's boundary; the last nday lasts until Sunday 23:59", () => {
    const t = onCalendar({ moles: { alice: 'a1', bob: 'h8' }, config: { deadline: 2 } });
    // alice's deadline: end of nday 3 (Wednesday); bob's turn begins then, his deadline the end of nday 5
    // (Friday); alice's next turn begins then, her deadline the end of nday 7, which is the nweek's: Sunday.
    for (let i = 0; i < 5; i++) fire(t);
    expect(rules(t).turn?.player).toBe('alice');
    expect(t.kernel.awaiting(t.game)?.until).toEqual({ nweek: 1, nday: 7 });
    expect(due(t)).toBe('2026-11-29T23:59:00.000Z');
    const b = fire(t); // Saturday 23:59 ends nday 6
    expect(b).toMatchObject({ iso: '2026-11-28T23:59:00.000Z', nweek: false });
    expect(rules(t).turn?.player).toBe('alice');
    expect(fire(t)).toMatchObject({ iso: '2026-11-29T23:59:00.000Z', nweek: true });
    expect(rules(t).turn?.player).toBe('bob');
    expect(t.game.clock).toMatchObject({ nweek: 2, nday: 1 });
    // bob's turn began at the end of nday 7; two whole ndays after it: nday 2 of nweek 2, Tuesday 1 December.
    expect(t.kernel.awaiting(t.game)?.until).toEqual({ nweek: 2, nday: 2 });
    expect(due(t)).toBe('2026-12-01T23:59:00.000Z');
  });
});
