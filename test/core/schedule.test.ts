// The game's calendar as the kernel records it (issue 14; rulings K5–K10): the Administrator's schedule,
// pause, resume and extension, and ticks the clock fires for a boundary. The kernel never reads the clock:
// every instant comes in a command.
import { describe, expect, it } from 'vitest';
import { ADMIN, PUBLIC, player, verifyLog } from '../../src/core/index.js';
import type { Json, Schedule } from '../../src/core/index.js';
import { Session } from '../support/session.js';

const SINCE = '2026-11-23T12:00:00.000Z'; // a Monday
const LONDON = { zone: 'Europe/London', time: '23:59', weekday: 7 };

function game(ndays = 7): Session {
  const s = new Session();
  s.create({ ndays });
  s.join('ann');
  return s;
}

const schedule = (s: Session): Schedule => {
  const v = s.game.schedule;
  if (!v) throw new Error('no schedule');
  return v;
};

describe('K5 a schedule', () => {
  it('K5: a game without schedule commands has no schedule, and every view says so', () => {
    const s = game();
    expect(s.game.schedule).toBeNull();
    expect(s.kernel.view(s.game, PUBLIC)).toMatchObject({ schedule: null });
    expect(s.kernel.view(s.game, PUBLIC)).not.toHaveProperty('awaiting');
  });

  it('K5: the Administrator sets a calendar; it is public, with its defaults recorded, and described', () => {
    const s = game();
    const events = s.ok(s.admin('schedule', { ...LONDON, since: SINCE }));
    expect(events.map((e) => e.type)).toEqual(['command', 'schedule-set']);
    expect(events.every((e) => e.vis === 'public')).toBe(true);
    expect(schedule(s)).toEqual({
      rhythm: { kind: 'calendar', zone: 'Europe/London', time: '23:59', weekday: 7 },
      policy: 'catch-up',
      warnings: [86400, 7200],
      since: SINCE,
      paused: null,
      extension: null,
      fired: null,
    });
    const line = s.kernel.describe(events[1]!);
    expect(line).toMatch(
      /^The Administrator set the calendar: an nday ends daily at 23:59 Europe\/London; the nweek ends Sundays\./,
    );
    for (const viewer of [PUBLIC, player('ann'), ADMIN])
      expect(s.kernel.view(s.game, viewer).schedule).toEqual(schedule(s) as unknown as Json);
  });

  it('K5: a rhythm has no warnings unless told, and the zone name is recorded as IANA spells it', () => {
    const s = game();
    s.ok(s.admin('schedule', { every: 90, since: SINCE }));
    expect(schedule(s)).toMatchObject({ rhythm: { kind: 'rhythm', every: 90 }, warnings: [] });
    s.ok(
      s.admin('schedule', {
        zone: 'america/new_york',
        time: '09:00',
        weekday: 1,
        since: SINCE,
        warnings: [60, 3600],
      }),
    );
    expect(schedule(s)).toMatchObject({ rhythm: { zone: 'America/New_York' }, warnings: [3600, 60] });
  });

  it('K5: bad schedules are refused with a clear error and change nothing', () => {
    const s = game();
    const bad: [Record<string, Json>, RegExp][] = [
      [{ ...LONDON }, /since: required/],
      [{ ...LONDON, since: '2026-11-23 12:00' }, /not an ISO instant/],
      [{ ...LONDON, since: '2026-02-30T12:00Z' }, /not an ISO instant/],
      [{ ...LONDON, since: '2026-11-23T12:00' }, /not an ISO instant/],
      [{ ...LONDON, zone: 'Mars/Olympus', since: SINCE }, /not an IANA time zone/],
      [{ ...LONDON, time: '24:00', since: SINCE }, /not a 24-hour time/],
      [{ ...LONDON, time: '9:00', since: SINCE }, /not a 24-hour time/],
      [{ ...LONDON, weekday: 8, since: SINCE }, /weekday/],
      [{ zone: 'Europe/London', since: SINCE }, /needs all of zone, time/],
      [{ ...LONDON, every: 30, since: SINCE }, /not both/],
      [{ every: 0, since: SINCE }, /every/],
      [{ since: SINCE }, /give a calendar/],
      [{ clear: true }, /no schedule to clear/],
    ];
    for (const [args, message] of bad) {
      const e = s.fail(s.admin('schedule', args));
      expect(e.message).toMatch(message);
    }
    expect(s.fail(s.as('ann', 'schedule', { every: 30, since: SINCE })).code).toBe('not-allowed');
  });

  it('K5: a changed schedule keeps the last boundary fired; clear removes it', () => {
    const s = game();
    s.ok(s.admin('schedule', { every: 60, since: SINCE }));
    s.ok(s.admin('tick', { scheduled: '2026-11-23T12:01:00Z' }));
    s.ok(s.admin('schedule', { ...LONDON, since: '2026-11-23T12:02:00Z' }));
    expect(schedule(s).fired).toBe('2026-11-23T12:01:00.000Z');
    const events = s.ok(s.admin('schedule', { clear: true }));
    expect(events.map((e) => e.type)).toEqual(['command', 'schedule-cleared']);
    expect(s.game.schedule).toBeNull();
  });
});

describe('K5 a changed schedule', () => {
  it('K5: a schedule set while paused stays paused, and keeps the nweek’s extension', () => {
    const s = game();
    s.ok(s.admin('schedule', { ...LONDON, since: SINCE }));
    s.ok(s.admin('extend-nweek', { until: '2026-12-01T12:00Z', reason: 'e' }));
    s.ok(s.admin('pause-clock', { reason: 'p', at: '2026-11-24T08:00:00Z' }));
    s.ok(s.admin('schedule', { every: 60, since: '2026-11-24T09:00:00Z', policy: 'pause' }));
    expect(schedule(s)).toMatchObject({
      rhythm: { kind: 'rhythm', every: 60 },
      policy: 'pause',
      paused: { at: '2026-11-24T08:00:00.000Z', reason: 'p' },
      extension: { nweek: 1, until: '2026-12-01T12:00:00.000Z' },
    });
    // The extension was the nweek's one: a new schedule does not grant another.
    expect(s.fail(s.admin('extend-nweek', { until: '2026-12-09T12:00Z', reason: 'x' })).message).toMatch(
      /already been extended/,
    );
  });

  it('K5: instants with an offset are recorded in UTC', () => {
    const s = game();
    s.ok(s.admin('schedule', { every: 60, since: '2026-11-24T10:00+01:00' }));
    expect(schedule(s).since).toBe('2026-11-24T09:00:00.000Z');
  });
});

describe('K10 a scheduled tick', () => {
  it('K10: a tick with its scheduled instant records boundary-fired first, then ends the nday', () => {
    const s = game();
    s.ok(s.admin('schedule', { ...LONDON, since: SINCE }));
    const events = s.ok(s.admin('tick', { scheduled: '2026-11-23T23:59:00Z' }));
    expect(events.map((e) => e.type).slice(0, 3)).toEqual(['command', 'boundary-fired', 'nday-ended']);
    expect(schedule(s).fired).toBe('2026-11-23T23:59:00.000Z');
    expect(s.game.clock).toMatchObject({ nweek: 1, nday: 2 });
    expect(s.kernel.describe(events[1]!)).toBe(
      'The scheduled end of the nday, 2026-11-23T23:59:00.000Z, has come.',
    );
  });

  it('K10: a boundary not later than the last fired, not after since, while paused or without a schedule is refused', () => {
    const s = game();
    expect(s.fail(s.admin('tick', { scheduled: '2026-11-23T23:59:00Z' })).message).toMatch(/no schedule/);
    s.ok(s.admin('schedule', { ...LONDON, since: SINCE }));
    expect(s.fail(s.admin('tick', { scheduled: SINCE })).message).toMatch(
      /not after the schedule took effect/,
    );
    s.ok(s.admin('tick', { scheduled: '2026-11-23T23:59:00Z' }));
    expect(s.fail(s.admin('tick', { scheduled: '2026-11-23T23:59:00Z' })).message).toMatch(
      /not after the last boundary/,
    );
    expect(s.fail(s.admin('tick', { scheduled: '2026-11-23T22:00:00Z' })).code).toBe('not-allowed');
    s.ok(s.admin('pause-clock', { reason: 'holiday', at: '2026-11-24T08:00:00Z' }));
    expect(s.fail(s.admin('tick', { scheduled: '2026-11-24T23:59:00Z' })).message).toMatch(/paused/);
    // A tick by hand still ends the nday: the Administrator is not the clock.
    s.ok(s.admin('tick'));
    expect(s.game.clock.nday).toBe(3);
  });
});

describe('K9 pause and resume', () => {
  it('K9: pausing records when and why; resuming starts the schedule afresh at that instant', () => {
    const s = game();
    s.ok(s.admin('schedule', { every: 60, since: SINCE }));
    s.ok(s.admin('pause-clock', { reason: 'server move', at: '2026-11-23T13:00:00Z' }));
    expect(schedule(s).paused).toEqual({ at: '2026-11-23T13:00:00.000Z', reason: 'server move' });
    expect(s.fail(s.admin('pause-clock', { reason: 'again', at: '2026-11-23T13:00:00Z' })).message).toMatch(
      /already paused/,
    );
    expect(s.fail(s.admin('resume-clock', { reason: 'back', at: '2026-11-23T12:59:00Z' })).message).toMatch(
      /before the clock was paused/,
    );
    const events = s.ok(s.admin('resume-clock', { reason: 'back', at: '2026-11-23T15:00:00Z' }));
    expect(s.kernel.describe(events[1]!)).toMatch(/resumed the clock at 2026-11-23T15:00:00.000Z/);
    expect(schedule(s)).toMatchObject({ paused: null, since: '2026-11-23T15:00:00.000Z' });
    expect(s.fail(s.admin('resume-clock', { reason: 'again', at: '2026-11-23T15:00:00Z' })).message).toMatch(
      /not paused/,
    );
    expect(s.fail(s.admin('tick', { scheduled: '2026-11-23T14:00:00Z' })).code).toBe('not-allowed');
  });

  it('K9: pause and resume need a schedule and their instant', () => {
    const s = game();
    expect(s.fail(s.admin('pause-clock', { reason: 'x', at: SINCE })).message).toMatch(/no schedule/);
    s.ok(s.admin('schedule', { every: 60, since: SINCE }));
    expect(s.fail(s.admin('pause-clock', { reason: 'x' })).message).toMatch(/at: required/);
  });
});

describe('K8 extending an nweek', () => {
  it('K8: an nweek is extended once, to later than its scheduled end; a second extension is refused', () => {
    const s = game();
    s.ok(s.admin('schedule', { ...LONDON, since: SINCE }));
    // Nweek 1 is scheduled to end Sunday 29 November 23:59 GMT.
    expect(s.fail(s.admin('extend-nweek', { until: '2026-11-29T23:59:00Z', reason: 'x' })).message).toMatch(
      /not later than nweek 1's scheduled end, 2026-11-29T23:59:00.000Z/,
    );
    const events = s.ok(s.admin('extend-nweek', { until: '2026-12-01T12:00Z', reason: 'a holiday' }));
    expect(s.kernel.describe(events[1]!)).toBe(
      'The Administrator extended nweek 1 to 2026-12-01T12:00:00.000Z: a holiday.',
    );
    expect(schedule(s).extension).toEqual({
      nweek: 1,
      until: '2026-12-01T12:00:00.000Z',
      reason: 'a holiday',
    });
    expect(s.fail(s.admin('extend-nweek', { until: '2026-12-02T12:00Z', reason: 'more' })).message).toMatch(
      /already been extended once/,
    );
    s.tick(true);
    expect(s.game.clock.nweek).toBe(2);
    // Nweek 2's end is counted from the last boundary fired (none yet): Sunday 29 November still.
    s.ok(s.admin('extend-nweek', { until: '2026-12-03T12:00Z', reason: 'nweek 2 too' }));
    expect(schedule(s).extension?.nweek).toBe(2);
  });

  it('K8: a rhythm nweek ends with its last nday; an extension must go beyond it', () => {
    const s = game(3);
    s.ok(s.admin('schedule', { every: 60, since: SINCE }));
    // Ndays end at 12:01, 12:02, 12:03: the nweek's end.
    expect(s.fail(s.admin('extend-nweek', { until: '2026-11-23T12:03:00Z', reason: 'x' })).message).toMatch(
      /scheduled end, 2026-11-23T12:03:00.000Z/,
    );
    s.ok(s.admin('extend-nweek', { until: '2026-11-23T12:03:01Z', reason: 'x' }));
  });

  it('K8: without a schedule there is nothing to extend', () => {
    const s = game();
    expect(s.fail(s.admin('extend-nweek', { until: '2026-12-01T12:00Z', reason: 'x' })).message).toMatch(
      /no schedule/,
    );
  });
});

describe('K5 the log', () => {
  it('K5: a game with schedule commands verifies, and replays to the same schedule', () => {
    const s = game();
    s.ok(s.admin('schedule', { ...LONDON, since: SINCE }));
    s.ok(s.admin('tick', { scheduled: '2026-11-23T23:59:00Z' }));
    s.ok(s.admin('pause-clock', { reason: 'p', at: '2026-11-24T08:00:00Z' }));
    s.ok(s.admin('resume-clock', { reason: 'r', at: '2026-11-24T09:00:00Z' }));
    s.ok(s.admin('extend-nweek', { until: '2026-12-01T12:00Z', reason: 'e' }));
    expect(s.kernel.replay(s.events)).toEqual(s.game);
    expect(verifyLog(s.kernel, s.entries, s.master).problems).toEqual([]);
  });
});
