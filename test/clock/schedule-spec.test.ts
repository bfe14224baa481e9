// Schedules in people's words (src/clock/schedule-spec.ts), as `referee schedule` reads them (issue 14).
import { describe, expect, it } from 'vitest';
import { durationOf, readSchedule, SpecError, warningsOf, weekdayOf } from '../../src/clock/schedule-spec.js';

describe('schedule specs', () => {
  it('reads a calendar: weekday, 24-hour time and IANA zone, as one word or several', () => {
    expect(readSchedule(['Sunday 23:59 Europe/London'])).toEqual({
      zone: 'Europe/London',
      time: '23:59',
      weekday: 7,
    });
    expect(readSchedule(['mon', '9:00', 'america/new_york'])).toEqual({
      zone: 'America/New_York',
      time: '09:00',
      weekday: 1,
    });
    expect(readSchedule(['Fridays 18:30 UTC'])).toMatchObject({ weekday: 5, time: '18:30' });
  });

  it('reads a rhythm: every and a duration', () => {
    expect(readSchedule(['every', '30s'])).toEqual({ every: 30 });
    expect(readSchedule(['every 2h'])).toEqual({ every: 7200 });
    expect(readSchedule(['every', '1h', '30m'])).toEqual({ every: 5400 });
  });

  it('refuses what does not read, saying what it expected', () => {
    expect(() => readSchedule(['Funday 23:59 Europe/London'])).toThrow(/"Funday" is not a day of the week/);
    expect(() => readSchedule(['Sunday 24:00 Europe/London'])).toThrow(/not a 24-hour time/);
    expect(() => readSchedule(['Sunday 23:59 Mars/Olympus'])).toThrow(/not an IANA time zone/);
    expect(() => readSchedule(['Sunday 23:59'])).toThrow(SpecError);
    expect(() => readSchedule(['every', 'fortnight'])).toThrow(/not a duration/);
    expect(() => readSchedule(['every', '0s'])).toThrow(/not a duration/);
  });

  it('reads durations, warnings and weekdays', () => {
    expect([
      durationOf('30s'),
      durationOf('90m'),
      durationOf('2h'),
      durationOf('1d'),
      durationOf('45'),
    ]).toEqual([30, 5400, 7200, 86400, 45]);
    expect([durationOf(''), durationOf('h'), durationOf('2x'), durationOf('0')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(warningsOf('2h,24h')).toEqual([86400, 7200]);
    expect(warningsOf('none')).toEqual([]);
    expect(() => warningsOf('2h,soon')).toThrow(/"soon" is not a duration/);
    expect([weekdayOf('Monday'), weekdayOf('sun'), weekdayOf('Su'), weekdayOf('xyz')]).toEqual([
      1,
      7,
      undefined,
      undefined,
    ]);
  });
});
