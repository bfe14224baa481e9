// Issue 14, "Who is missing, and reminders": "Before a deadline (a schedule of warnings, e.g. 24 h and 2 h), each
// missing player is reminded, and the Administrator sees the list. Reminders and deadline notices go into a
// durable outbox (one entry per recipient, from that recipient's view only)". src/clock/reminders.ts is pure:
// these tests give it states, waits and instants, and read what it would write.
import { describe, expect, it } from 'vitest';
import type { GameState, Schedule } from '../../src/core/index.js';
import { deadlineNotices, reminders, remindersDue } from '../../src/clock/reminders.js';
import { grid200201Ruleset } from '../../src/rulesets/grid-2002-01/index.js';
import type { Notice } from '../../src/store/store.js';
import { Table } from '../support/table.js';
import { attackedOrNot, rules, started } from '../support/harness/tunnelers.js';

const FAR = [15, 15, 16, 15, 17, 15, 18, 15, 19, 15, 15, 17, 16, 17, 17, 17, 18, 17, 19, 17];
const H = 3600;
const WARNINGS = [24 * H, 2 * H];
/** Sunday 29 November 2026, 23:59 in London (GMT, so also 23:59 UTC). */
const DEADLINE = Date.parse('2026-11-29T23:59:00.000Z');

const LONDON: Schedule = {
  rhythm: { kind: 'calendar', zone: 'Europe/London', time: '23:59', weekday: 7 },
  policy: 'catch-up',
  warnings: WARNINGS,
  since: '2026-11-01T00:00:00.000Z',
  paused: null,
  extension: null,
  fired: null,
};
/** The state with a schedule, as the kernel records one (issue 14). */
const scheduled = (s: GameState, schedule: Schedule = LONDON): GameState => ({ ...s, schedule });

/** alice and bob on the Grid, alice has announced; carol is in Limbo; `things` places the hidden Things. */
function grid(things: number[] = FAR): Table {
  const t = new Table([grid200201Ruleset]);
  t.create('grid-2002-01', { rolls: things });
  t.join('alice', 'bob', 'carol');
  t.act('alice', 'enter', { x: 5, y: 5 });
  t.act('bob', 'enter', { x: 8, y: 8 });
  t.act('alice', 'move', { x: 6, y: 6 });
  return t;
}

const remind = (t: Table, from: number, to: number, state = scheduled(t.game)): Notice[] =>
  reminders('g1', state, t.kernel.awaiting(t.game), DEADLINE, WARNINGS, from, to);

describe('Who is missing, and reminders: "each missing player is reminded, and the Administrator sees the list"', () => {
  it('reminders go to exactly the missing players and the Administrator, never to a player who acted nor to others', () => {
    const t = grid();
    // The 24-hour warning falls in this window, the 2-hour one does not.
    const notices = remind(t, DEADLINE - 25 * H * 1000, DEADLINE - 23 * H * 1000);
    expect(notices.map((n) => n.to)).toEqual(['player:bob', 'admin']);
    const [bob, admin] = notices as [Notice, Notice];
    expect(bob).toMatchObject({
      game: 'g1',
      key: 'remind:2026-11-29T23:59:00.000Z:86400:player:bob',
      topic: 'reminder',
      at: '2026-11-28T23:59:00.000Z',
    });
    expect(bob.text).toContain('bob, the game g1 is waiting for you: move announcements for nweek 1.');
    expect(bob.text).toContain('Sunday 29 November 2026, 23:59 Europe/London (2026-11-29 23:59 UTC)');
    expect(bob.text).toContain('the end of nday 7 of nweek 1');
    expect(bob.text).toContain('How to act: announce a move to a surrounding unit: move X Y');
    expect(admin.key).toBe('remind:2026-11-29T23:59:00.000Z:86400:admin');
    expect(admin.text).toContain('Still awaited (1 of 2): bob.');
    // No one is missing: nothing at all, not even to the Administrator.
    t.act('bob', 'move', { x: 9, y: 9 });
    expect(remind(t, DEADLINE - 25 * H * 1000, DEADLINE)).toEqual([]);
  });

  it('reminders: each warning once per recipient, however the clock cuts time into windows (keys)', () => {
    const t = grid();
    const seen: Notice[] = [];
    // From two days before the deadline to the deadline, in windows of 7 minutes (a warning may fall exactly on
    // a window's end: (from, to] takes it once).
    const step = 7 * 60 * 1000;
    for (let from = DEADLINE - 48 * H * 1000; from < DEADLINE; from += step)
      seen.push(...remind(t, from, Math.min(from + step, DEADLINE)));
    expect(seen.map((n) => n.key).sort()).toEqual(
      [
        'remind:2026-11-29T23:59:00.000Z:7200:admin',
        'remind:2026-11-29T23:59:00.000Z:7200:player:bob',
        'remind:2026-11-29T23:59:00.000Z:86400:admin',
        'remind:2026-11-29T23:59:00.000Z:86400:player:bob',
      ].sort(),
    );
    // One window over the whole time gives the same notices, in order of their warnings.
    expect(remind(t, DEADLINE - 48 * H * 1000, DEADLINE)).toEqual(
      [...seen].sort((a, b) => a.at.localeCompare(b.at)),
    );
    // A window with no warning in it, and one ending just before a warning, give nothing.
    expect(remind(t, DEADLINE - 20 * H * 1000, DEADLINE - 3 * H * 1000)).toEqual([]);
    expect(remind(t, DEADLINE - 25 * H * 1000, DEADLINE - 24 * H * 1000 - 1)).toEqual([]);
  });

  it("reminders from each recipient's view only: games differing only in hidden facts give the same notices, byte for byte", () => {
    // The Grid: where the Things are.
    const a = grid();
    const b = grid([...FAR.slice(10), ...FAR.slice(0, 10)]);
    expect(a.game.rules).not.toEqual(b.game.rules);
    expect(remind(a, DEADLINE - 48 * H * 1000, DEADLINE)).toEqual(
      remind(b, DEADLINE - 48 * H * 1000, DEADLINE),
    );
    // Tunnelers: an attack waiting for bob's defence (T-26, T-27) - bob is never reminded of it, and nothing in
    // alice's reminder or the Administrator's list tells that the attack found a mole.
    const { attacked, empty } = attackedOrNot();
    expect(rules(attacked).combat?.defender).toBe('bob');
    const fromA = remind(attacked, DEADLINE - 48 * H * 1000, DEADLINE);
    expect(fromA.map((n) => n.to)).toEqual(['player:alice', 'admin', 'player:alice', 'admin']);
    expect(fromA).toEqual(remind(empty, DEADLINE - 48 * H * 1000, DEADLINE));
    for (const n of fromA) expect(n.text).not.toMatch(/c5|bob|defen/);
  });

  it('reminders: a game on a rhythm keeps no zone, so the deadline is told in UTC alone', () => {
    const t = grid();
    const rhythm: Schedule = { ...LONDON, rhythm: { kind: 'rhythm', every: 30 } };
    const [bob] = remind(t, DEADLINE - 3 * H * 1000, DEADLINE, scheduled(t.game, rhythm));
    expect(bob?.text).toContain(
      'Deadline: Sunday 29 November 2026, 23:59 UTC (the end of nday 7 of nweek 1).',
    );
  });
});

describe("remindersDue: the deadline from the game's own schedule and its warnings", () => {
  it("reminders on the game's calendar: the 24-hour warning before the nweek's end, Sunday 23:59 London, to bob and the Administrator", () => {
    const t = grid();
    t.admin('schedule', {
      zone: 'Europe/London',
      time: '23:59',
      weekday: 7,
      since: '2026-11-23T12:00:00.000Z',
    });
    const awaiting = t.kernel.awaiting(t.game);
    const at = (iso: string) => Date.parse(iso);
    expect(
      remindersDue('g1', t.game, awaiting, at('2026-11-28T00:00:00Z'), at('2026-11-28T23:00:00Z')),
    ).toEqual([]);
    const due = remindersDue('g1', t.game, awaiting, at('2026-11-28T23:00:00Z'), at('2026-11-29T00:00:00Z'));
    expect(due.map((n) => n.key)).toEqual([
      'remind:2026-11-29T23:59:00.000Z:86400:player:bob',
      'remind:2026-11-29T23:59:00.000Z:86400:admin',
    ]);
    // Paused, nothing is due; without a schedule, nothing either.
    t.admin('pause-clock', { reason: 'a holiday', at: '2026-11-28T12:00:00.000Z' });
    expect(
      remindersDue('g1', t.game, awaiting, at('2026-11-28T23:00:00Z'), at('2026-11-29T00:00:00Z')),
    ).toEqual([]);
    expect(remindersDue('g1', grid().game, awaiting, 0, at('2026-11-30T00:00:00Z'))).toEqual([]);
  });
});

describe('Deadline notices: when a boundary passes a wait, each player still awaited is told, and the Administrator', () => {
  it('the Grid: "the nweek ended; you had not announced" - to bob and the Administrator only', () => {
    const t = grid();
    const before = t.kernel.awaiting(t.game);
    t.tick(); // nday 1 ends: the wait (until the nweek's last nday) has not ended
    expect(deadlineNotices('g1', before, scheduled(t.game), '2026-11-23T23:59:00.000Z')).toEqual([]);
    t.tick(true);
    const notices = deadlineNotices('g1', before, scheduled(t.game), '2026-11-29T23:59:00.000Z');
    expect(notices.map((n) => [n.to, n.key])).toEqual([
      ['player:bob', 'deadline:1.7:move announcements for nweek 1:player:bob'],
      ['admin', 'deadline:1.7:move announcements for nweek 1:admin'],
    ]);
    expect(notices[0]?.text).toContain(
      'Nweek 1 ended and you had not announced a move: you stay where you are.',
    );
    expect(notices[0]?.text).toContain('Sunday 29 November 2026, 23:59 Europe/London');
    expect(notices[1]?.text).toContain('Had not acted (1 of 2): bob.');
  });

  it('Tunnelers: "your turn ended: you did not act in time" - to the turn\'s player and the Administrator', () => {
    const t = started({ moles: { alice: 'a1', bob: 'h8' } });
    const before = t.kernel.awaiting(t.game);
    expect(before?.until).toEqual({ nweek: 1, nday: 2 });
    t.tick();
    expect(deadlineNotices('g1', before, scheduled(t.game), '2026-11-23T23:59:00.000Z')).toEqual([]);
    t.tick();
    expect(rules(t).turn?.player).toBe('bob');
    const notices = deadlineNotices('g1', before, scheduled(t.game), '2026-11-24T23:59:00.000Z');
    expect(notices.map((n) => n.to)).toEqual(['player:alice', 'admin']);
    expect(notices[0]?.text).toContain('Your turn ended: you did not act in time');
  });
});
