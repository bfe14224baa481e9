// A schedule in words, for the log ("The Administrator set the calendar: …") and the command line.
import type { Schedule } from './schedule.js';

const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** A duration in seconds as people say it: "30 s", "2 h", "1 d 12 h". */
export function durationText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'min'],
    [1, 's'],
  ];
  const parts: string[] = [];
  let left = seconds;
  for (const [size, name] of units) {
    if (left >= size) {
      parts.push(`${Math.floor(left / size)} ${name}`);
      left %= size;
    }
  }
  return parts.join(' ') || '0 s';
}

/** "calendar: an nday ends daily at 23:59 Europe/London; the nweek ends Sundays. …" */
export function describeSchedule(s: Schedule): string {
  const r = s.rhythm;
  const head =
    r.kind === 'calendar'
      ? `calendar: an nday ends daily at ${r.time} ${r.zone}; the nweek ends ${WEEKDAYS[r.weekday - 1] ?? '?'}.`
      : `rhythm: an nday ends every ${durationText(r.every)}; the nweek ends with its last nday.`;
  const policy =
    s.policy === 'catch-up'
      ? 'Boundaries missed while no clock ran are caught up in order.'
      : 'After boundaries missed while no clock ran, the clock pauses and tells the Administrator.';
  const warnings =
    s.warnings.length > 0
      ? ` Reminders ${s.warnings.map(durationText).join(' and ')} before each deadline.`
      : '';
  return `${head} From ${s.since}. ${policy}${warnings}`;
}
