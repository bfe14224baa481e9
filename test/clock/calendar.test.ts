// A game's calendar (src/clock/calendar.ts; issue 14, rulings K5–K9): when each nday and nweek ends, by the
// wall clock of the game's zone. Pure functions of the schedule, the game's clock and an instant: no test
// waits for anything.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import type { Clock, Schedule } from '../../src/core/index.js';
import { scheduledNweekEnd, weeklyInstantAfter } from '../../src/core/index.js';
import { dueAt, nextBoundary, upcoming, weeklyAfter } from '../../src/clock/calendar.js';

const ms = (iso: string): number => Date.parse(iso);

function calendar(zone: string, time: string, weekday: number, extra: Partial<Schedule> = {}): Schedule {
  return {
    rhythm: { kind: 'calendar', zone, time, weekday },
    policy: 'catch-up',
    warnings: [],
    since: '2000-01-01T00:00:00.000Z',
    paused: null,
    extension: null,
    fired: null,
    ...extra,
  };
}

const rhythm = (every: number, since: string, extra: Partial<Schedule> = {}): Schedule => ({
  ...calendar('UTC', '00:00', 7),
  rhythm: { kind: 'rhythm', every },
  since,
  ...extra,
});

const clock = (nday: number, ndays = 7, nweek = 1): Clock => ({ nweek, nday, ndays });

/** The next `n` boundaries as [ISO instant, ends the nweek, nday after]. */
const next = (s: Schedule, c: Clock, after: string, n: number) =>
  upcoming(s, c, ms(after), n).map(({ boundary, clock }) => [boundary.iso, boundary.nweek, clock.nday]);

describe('K5 a calendar: ndays end daily at its time, the nweek at that time on its weekday', () => {
  it('K5: a 7-nday nweek ending Sunday 23:59 Europe/London, started on a Monday', () => {
    const s = calendar('Europe/London', '23:59', 7);
    expect(next(s, clock(1), '2026-11-23T12:00:00Z', 8)).toEqual([
      ['2026-11-23T23:59:00.000Z', false, 2],
      ['2026-11-24T23:59:00.000Z', false, 3],
      ['2026-11-25T23:59:00.000Z', false, 4],
      ['2026-11-26T23:59:00.000Z', false, 5],
      ['2026-11-27T23:59:00.000Z', false, 6],
      ['2026-11-28T23:59:00.000Z', false, 7],
      ['2026-11-29T23:59:00.000Z', true, 1],
      ['2026-11-30T23:59:00.000Z', false, 2],
    ]);
  });

  it('K5: boundaries are strictly after the instant given: one at that very instant is past', () => {
    const s = calendar('Europe/London', '23:59', 7);
    expect(nextBoundary(s, clock(1), ms('2026-11-23T23:59:00Z'))?.iso).toBe('2026-11-24T23:59:00.000Z');
    expect(nextBoundary(s, clock(1), ms('2026-11-23T23:58:59.999Z'))?.iso).toBe('2026-11-23T23:59:00.000Z');
  });

  it('K5: in summer the local time is an hour ahead of UTC in London', () => {
    const s = calendar('Europe/London', '23:59', 7);
    expect(nextBoundary(s, clock(1), ms('2026-07-01T12:00:00Z'))?.iso).toBe('2026-07-01T22:59:00.000Z');
  });

  it('K5: in a zone east of UTC the local day starts the day before in UTC', () => {
    const s = calendar('Asia/Tokyo', '08:00', 1);
    // 2026-11-23 is a Monday: 08:00 JST is 23:00 UTC on the Sunday, and it ends the nweek.
    expect(nextBoundary(s, clock(7), ms('2026-11-22T12:00:00Z'))).toMatchObject({
      iso: '2026-11-22T23:00:00.000Z',
      nweek: true,
    });
  });
});

describe('K6 the last nday lasts until the nweek ends', () => {
  it('K6: with 5 ndays to a weekly nweek, the 5th nday lasts until Sunday; the days between are no boundaries', () => {
    const s = calendar('Europe/London', '23:59', 7);
    expect(next(s, clock(1, 5), '2026-11-23T12:00:00Z', 6)).toEqual([
      ['2026-11-23T23:59:00.000Z', false, 2],
      ['2026-11-24T23:59:00.000Z', false, 3],
      ['2026-11-25T23:59:00.000Z', false, 4],
      ['2026-11-26T23:59:00.000Z', false, 5],
      ['2026-11-29T23:59:00.000Z', true, 1],
      ['2026-11-30T23:59:00.000Z', false, 2],
    ]);
  });

  it('K6: with more ndays than days left, the weekly instant ends the nweek and every nday left in it', () => {
    const s = calendar('Europe/London', '23:59', 7);
    // A schedule set on a Friday: the nweek ends on Sunday, on nday 3 of 7.
    expect(next(s, clock(1), '2026-11-27T12:00:00Z', 3)).toEqual([
      ['2026-11-27T23:59:00.000Z', false, 2],
      ['2026-11-28T23:59:00.000Z', false, 3],
      ['2026-11-29T23:59:00.000Z', true, 1],
    ]);
  });

  it('K6: a game already on its last nday waits for the nweek end', () => {
    const s = calendar('America/New_York', '18:00', 5);
    expect(nextBoundary(s, clock(7), ms('2026-11-23T12:00:00Z'))).toEqual({
      at: ms('2026-11-27T23:00:00Z'),
      iso: '2026-11-27T23:00:00.000Z',
      nweek: true,
    });
  });
});

describe('K7 daylight saving: a skipped time is read with the offset before the change, a repeated one falls first', () => {
  it('K7: Europe/London springs forward at 01:00 GMT on 29 March 2026: 01:30 does not exist and falls at 02:30 BST', () => {
    const s = calendar('Europe/London', '01:30', 7);
    expect(next(s, clock(5), '2026-03-27T12:00:00Z', 3)).toEqual([
      ['2026-03-28T01:30:00.000Z', false, 6], // Saturday, GMT
      ['2026-03-29T01:30:00.000Z', true, 1], // Sunday: 01:30 GMT, which the clocks show as 02:30 BST
      ['2026-03-30T00:30:00.000Z', false, 2], // Monday, BST
    ]);
    const local = DateTime.fromISO('2026-03-29T01:30:00.000Z', { zone: 'Europe/London' });
    expect(local.toFormat('HH:mm ZZZZ')).toBe('02:30 GMT+1');
  });

  it('K7: Europe/London falls back at 02:00 BST on 25 October 2026: 01:30 happens twice and the first counts', () => {
    const s = calendar('Europe/London', '01:30', 7);
    expect(nextBoundary(s, clock(7), ms('2026-10-24T12:00:00Z'))).toMatchObject({
      iso: '2026-10-25T00:30:00.000Z', // 01:30 BST; 01:30 GMT (01:30Z) would be an hour later
      nweek: true,
    });
    expect(nextBoundary(s, clock(1, 7, 2), ms('2026-10-25T00:30:00Z'))?.iso).toBe('2026-10-26T01:30:00.000Z');
  });

  it('K7: across the changes an nday at 23:59 London lasts 23 hours in spring and 25 in autumn', () => {
    const s = calendar('Europe/London', '23:59', 3);
    const hours = (after: string) => {
      const [a, b] = upcoming(s, clock(1), ms(after), 2).map((x) => x.boundary.at);
      return ((b ?? 0) - (a ?? 0)) / 3_600_000;
    };
    expect(hours('2026-03-28T12:00:00Z')).toBe(23);
    expect(hours('2026-10-24T12:00:00Z')).toBe(25);
    expect(hours('2026-11-24T12:00:00Z')).toBe(24);
  });

  it('K7: America/New_York springs forward at 02:00 EST on 8 March 2026: 02:30 falls at 03:30 EDT', () => {
    const s = calendar('America/New_York', '02:30', 7);
    expect(nextBoundary(s, clock(7), ms('2026-03-07T12:00:00Z'))).toMatchObject({
      iso: '2026-03-08T07:30:00.000Z', // 02:30 EST = 03:30 EDT
      nweek: true,
    });
    expect(nextBoundary(s, clock(1), ms('2026-03-08T07:30:00Z'))?.iso).toBe('2026-03-09T06:30:00.000Z');
  });

  it('K7: America/New_York falls back at 02:00 EDT on 1 November 2026: 01:30 happens twice and the first counts', () => {
    const s = calendar('America/New_York', '01:30', 7);
    expect(nextBoundary(s, clock(7), ms('2026-10-31T12:00:00Z'))).toMatchObject({
      iso: '2026-11-01T05:30:00.000Z', // 01:30 EDT; 01:30 EST would be 06:30Z
      nweek: true,
    });
    // The second 01:30 is no boundary: the next is Monday's.
    expect(nextBoundary(s, clock(1), ms('2026-11-01T05:30:00Z'))?.iso).toBe('2026-11-02T06:30:00.000Z');
  });

  it('K7: the kernel (Intl) and the calendar (luxon) read skipped and repeated times alike', () => {
    for (const [zone, time, after] of [
      ['Europe/London', '01:30', '2026-03-27T00:00:00Z'],
      ['Europe/London', '01:30', '2026-10-23T00:00:00Z'],
      ['America/New_York', '02:30', '2026-03-06T00:00:00Z'],
      ['America/New_York', '01:30', '2026-10-30T00:00:00Z'],
    ] as const) {
      const r = { kind: 'calendar', zone, time, weekday: 7 } as const;
      expect(weeklyInstantAfter(r, ms(after))).toBe(weeklyAfter(r, ms(after)));
    }
  });
});

describe('K8 an extension moves the current nweek’s end', () => {
  const until = '2026-12-01T12:00:00.000Z'; // the Tuesday after
  const extended = calendar('Europe/London', '23:59', 7, {
    extension: { nweek: 1, until, reason: 'a holiday' },
  });

  it('K8: on the last nday, the nweek ends at until; the Sunday and Monday between are no boundaries', () => {
    expect(next(extended, clock(6), '2026-11-27T12:00:00Z', 4)).toEqual([
      ['2026-11-27T23:59:00.000Z', false, 7],
      [until, true, 1],
      ['2026-12-01T23:59:00.000Z', false, 2],
      ['2026-12-02T23:59:00.000Z', false, 3],
    ]);
  });

  it('K8: before the last nday, the calendar’s weekly instant ends an nday like any other day', () => {
    expect(next(extended, clock(4), '2026-11-27T12:00:00Z', 4)).toEqual([
      ['2026-11-27T23:59:00.000Z', false, 5],
      ['2026-11-28T23:59:00.000Z', false, 6],
      ['2026-11-29T23:59:00.000Z', false, 7],
      [until, true, 1],
    ]);
  });

  it('K8: an extension of another nweek, or one already past, moves nothing', () => {
    expect(nextBoundary(extended, clock(7, 7, 2), ms('2026-11-27T12:00:00Z'))?.iso).toBe(
      '2026-11-29T23:59:00.000Z',
    );
    expect(nextBoundary(extended, clock(7), ms('2026-12-01T12:00:00Z'))?.iso).toBe(
      '2026-12-06T23:59:00.000Z',
    );
  });

  it('K8: a rhythm’s last nday lasts until the extension’s end', () => {
    const s = rhythm(60, '2026-11-23T12:00:00Z', {
      extension: { nweek: 1, until: '2026-11-23T12:10:00Z', reason: 'x' },
    });
    expect(next(s, clock(2, 3), '2026-11-23T12:00:00Z', 4)).toEqual([
      ['2026-11-23T12:01:00.000Z', false, 3],
      ['2026-11-23T12:10:00.000Z', true, 1],
      ['2026-11-23T12:11:00.000Z', false, 2],
      ['2026-11-23T12:12:00.000Z', false, 3],
    ]);
  });
});

describe('K9 nothing is due while paused, nor before the schedule took effect', () => {
  it('K9: a paused schedule has no next boundary, and no deadline', () => {
    const s = calendar('Europe/London', '23:59', 7, { paused: { at: '2026-11-24T00:00:00Z', reason: 'x' } });
    expect(nextBoundary(s, clock(1), ms('2026-11-24T00:00:00Z'))).toBeUndefined();
    expect(dueAt(s, clock(1), { nweek: 1, nday: 7 }, ms('2026-11-24T00:00:00Z'))).toBeUndefined();
  });

  it('K9: boundaries before since (a resumption) are not due, whatever instant is asked after', () => {
    const s = calendar('Europe/London', '23:59', 7, { since: '2026-11-25T12:00:00.000Z' });
    expect(nextBoundary(s, clock(1), ms('2026-11-20T00:00:00Z'))?.iso).toBe('2026-11-25T23:59:00.000Z');
  });
});

describe('K5 a rhythm: an nday every so many seconds from since', () => {
  it('K5: every 30 s from since, never ending the nweek itself (the game’s ndays do)', () => {
    const s = rhythm(30, '2026-11-23T12:00:00Z');
    expect(next(s, clock(1, 2), '2026-11-23T12:00:45Z', 3)).toEqual([
      ['2026-11-23T12:01:00.000Z', false, 2],
      ['2026-11-23T12:01:30.000Z', false, 1],
      ['2026-11-23T12:02:00.000Z', false, 2],
    ]);
    expect(nextBoundary(s, clock(1), ms('2026-11-23T11:00:00Z'))?.iso).toBe('2026-11-23T12:00:30.000Z');
  });
});

describe('dueAt: when the end of an nday is due', () => {
  const s = calendar('Europe/London', '23:59', 7, { fired: '2026-11-23T23:59:00.000Z' });

  it('counts the boundaries from the last fired: the end of nday 4 of nweek 1 is Thursday 23:59', () => {
    expect(dueAt(s, clock(2), { nweek: 1, nday: 4 }, ms('2026-11-24T08:00:00Z'))).toBe(
      ms('2026-11-26T23:59:00Z'),
    );
    expect(dueAt(s, clock(2), { nweek: 1, nday: 2 }, ms('2026-11-24T08:00:00Z'))).toBe(
      ms('2026-11-24T23:59:00Z'),
    );
    expect(dueAt(s, clock(2), { nweek: 2, nday: 1 }, ms('2026-11-24T08:00:00Z'))).toBe(
      ms('2026-11-30T23:59:00Z'),
    );
  });

  it('an nday skipped by the nweek’s end is due when the nweek ends', () => {
    expect(dueAt(s, clock(2, 10), { nweek: 1, nday: 9 }, ms('2026-11-24T08:00:00Z'))).toBe(
      ms('2026-11-29T23:59:00Z'),
    );
  });

  it('an nday already ended has no deadline', () => {
    expect(dueAt(s, clock(3), { nweek: 1, nday: 2 }, ms('2026-11-25T08:00:00Z'))).toBeUndefined();
    expect(dueAt(s, clock(1, 7, 2), { nweek: 1, nday: 7 }, ms('2026-11-30T08:00:00Z'))).toBeUndefined();
  });

  it('before the first boundary fired, counts from now', () => {
    const fresh = { ...s, fired: null, since: '2026-11-23T12:00:00.000Z' };
    expect(dueAt(fresh, clock(1), { nweek: 1, nday: 1 }, ms('2026-11-23T12:00:00Z'))).toBe(
      ms('2026-11-23T23:59:00Z'),
    );
  });
});

// Zones with ordinary changes of daylight saving (at night, not at midnight), both hemispheres, and none.
const ZONES = [
  'Europe/London',
  'America/New_York',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Pacific/Auckland',
  'UTC',
];
const anyCalendar = fc.record({
  zone: fc.constantFrom(...ZONES),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  weekday: fc.integer({ min: 1, max: 7 }),
});
const anyInstant = fc.integer({ min: ms('2020-01-01T00:00:00Z'), max: ms('2035-01-01T00:00:00Z') });
const anyClock = fc.integer({ min: 1, max: 10 }).chain((ndays) =>
  fc.record({
    nweek: fc.integer({ min: 1, max: 5 }),
    nday: fc.integer({ min: 1, max: ndays }),
    ndays: fc.constant(ndays),
  }),
);

/** Whether the local time `time` exists on the local day of `at` (it does not when daylight saving skips it). */
function skipped(zone: string, at: number, time: string): boolean {
  const day = DateTime.fromMillis(at, { zone }).startOf('day');
  const [h, m] = time.split(':').map(Number) as [number, number];
  const set = day.set({ hour: h, minute: m });
  return set.hour !== h || set.minute !== m;
}

describe('properties of every calendar', () => {
  it('boundaries are strictly increasing, each after the instant asked, and the clock moves as ticks move it', () => {
    fc.assert(
      fc.property(anyCalendar, anyClock, anyInstant, (r, c, after) => {
        const s = calendar(r.zone, r.time, r.weekday);
        let t = after;
        for (const { boundary } of upcoming(s, c, after, 20)) {
          expect(boundary.at).toBeGreaterThan(t);
          expect(boundary.iso).toBe(new Date(boundary.at).toISOString());
          t = boundary.at;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an nweek’s boundary falls on its weekday at its local time (or where daylight saving moved it)', () => {
    fc.assert(
      fc.property(anyCalendar, anyClock, anyInstant, (r, c, after) => {
        const s = calendar(r.zone, r.time, r.weekday);
        const ends = upcoming(s, c, after, 16).filter((x) => x.boundary.nweek);
        expect(ends.length).toBeGreaterThanOrEqual(1);
        for (const { boundary } of ends) {
          const local = DateTime.fromMillis(boundary.at, { zone: r.zone });
          expect(local.weekday).toBe(r.weekday);
          if (!skipped(r.zone, boundary.at, r.time)) expect(local.toFormat('HH:mm')).toBe(r.time);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every nday ends at the local time (or where daylight saving moved it), one a day, the last nday excepted', () => {
    fc.assert(
      fc.property(anyCalendar, anyInstant, (r, after) => {
        const s = calendar(r.zone, r.time, r.weekday);
        for (const { boundary } of upcoming(s, clock(1, 100), after, 10)) {
          const local = DateTime.fromMillis(boundary.at, { zone: r.zone });
          if (!skipped(r.zone, boundary.at, r.time)) expect(local.toFormat('HH:mm')).toBe(r.time);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the kernel’s scheduled end of the nweek (Intl) is the calendar’s nweek boundary (luxon)', () => {
    fc.assert(
      fc.property(anyCalendar, anyClock, anyInstant, (r, c, fired) => {
        const s = calendar(r.zone, r.time, r.weekday, { fired: new Date(fired).toISOString() });
        const end = upcoming(s, c, fired, 20).find((x) => x.boundary.nweek);
        expect(scheduledNweekEnd(s, c)).toBe(end?.boundary.at);
      }),
      { numRuns: 500 },
    );
  });

  it('the kernel’s scheduled end of a rhythm’s nweek is the boundary that ends its last nday', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        anyClock,
        anyInstant,
        anyInstant,
        (every, c, since, fired) => {
          const s = rhythm(every, new Date(since).toISOString(), { fired: new Date(fired).toISOString() });
          const ends = upcoming(s, c, fired, c.ndays - c.nday + 1);
          expect(scheduledNweekEnd(s, c)).toBe(ends[ends.length - 1]?.boundary.at);
        },
      ),
      { numRuns: 300 },
    );
  });
});
