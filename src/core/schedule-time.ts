// The little calendar arithmetic the kernel itself needs (issue 14): checking a time zone's name and finding
// when the current nweek is scheduled to end, to refuse an extension that would not extend it. Done with the
// platform's Intl (ECMA-402) so the kernel imports no library; the clock's full calendar is src/clock/
// calendar.ts (luxon), and test/clock/calendar.test.ts checks that the two agree on every nweek's end.
import type { Clock } from './clock.js';
import type { Schedule, ScheduleRhythm } from './schedule.js';

const DAY = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The zone's canonical IANA name ("europe/london" → "Europe/London"), or undefined if it is not one. */
export function canonicalZone(zone: string): string | undefined {
  if (zone.length === 0 || zone.length > 64) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The wall-clock reading in `zone` at instant `ms`, written as if it were UTC (ms since epoch). */
function wallAt(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatFor(zone).formatToParts(ms))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const n = (k: string): number => parts[k] ?? 0;
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The zone's offset from UTC at instant `ms`, in ms (whole seconds). */
const offsetAt = (zone: string, ms: number): number =>
  wallAt(zone, Math.floor(ms / 1000) * 1000) - Math.floor(ms / 1000) * 1000;

/**
 * The instant a local wall time (written as if UTC) falls at in `zone`. Ruling K7: a time a change of daylight
 * saving skips or repeats is read with the offset in force before the change, so a skipped 01:30 falls at 02:30
 * of the new offset (as long after the jump as it was after the skipped start) and a repeated 01:30 falls at
 * its first occurrence. This is luxon's reading when it sets a time on a day from that day's start, which is
 * what calendar.ts does.
 */
export function instantOfWall(zone: string, wall: number): number {
  const before = offsetAt(zone, wall - DAY); // the offset a day earlier: the one before any change that day
  let guess = wall - before;
  const o2 = offsetAt(zone, guess);
  if (o2 === before) return guess;
  guess -= o2 - before;
  const o3 = offsetAt(zone, guess);
  if (o3 === o2) return guess;
  // A skipped time: read with the earlier offset (the smaller shift from UTC of the two lands after the jump).
  return wall - Math.min(o2, o3);
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "23:59" as minutes after midnight, or undefined. */
export function minutesOf(time: string): number | undefined {
  const m = HHMM.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The first instant strictly after `after` at which a calendar's nweek ends (its time on its weekday). */
export function weeklyInstantAfter(
  rhythm: Extract<ScheduleRhythm, { kind: 'calendar' }>,
  after: number,
): number {
  const minutes = minutesOf(rhythm.time) ?? 0;
  const today = Math.floor(wallAt(rhythm.zone, after) / DAY) * DAY;
  for (let k = -1; k <= 15; k++) {
    const day = today + k * DAY;
    const weekday = ((new Date(day).getUTCDay() + 6) % 7) + 1; // ISO: 1 Monday … 7 Sunday
    if (weekday !== rhythm.weekday) continue;
    const at = instantOfWall(rhythm.zone, day + minutes * 60_000);
    if (at > after) return at;
  }
  throw new Error(`no weekly instant after ${after} in ${rhythm.zone}`);
}

/**
 * When the game's current nweek is scheduled to end, counting from the last boundary fired (or the schedule's
 * start): a calendar's next weekly instant, or a rhythm's boundary that ends the nweek's last nday. The
 * extension, if any, is not counted: this is the end an extension must go beyond.
 */
export function scheduledNweekEnd(schedule: Schedule, clock: Clock): number {
  const since = Date.parse(schedule.since);
  const from = Math.max(since, schedule.fired === null ? since : Date.parse(schedule.fired));
  const r = schedule.rhythm;
  if (r.kind === 'calendar') return weeklyInstantAfter(r, from);
  const every = r.every * 1000;
  const next = since + (Math.floor((from - since) / every) + 1) * every;
  return next + Math.max(0, clock.ndays - clock.nday) * every;
}
