// When a game's ndays and nweeks end by the wall clock (issue 14): pure arithmetic over its Schedule, read by
// the clock that fires the boundaries (clockwork.ts) and by the reminders that come before them. Local times
// are computed with luxon, which reads the IANA time-zone database through the platform's Intl and does the
// calendar arithmetic across changes of daylight saving (an nday of 23 or 25 hours) that Date cannot.
//
// Rulings (docs/rulings.md): K5 a calendar's ndays end daily at its time and its nweek at that time on its
// weekday; K6 the last nday lasts until the nweek's end (daily boundaries on it are none); K7 a local time a
// change of daylight saving skips or repeats is read with the offset before the change; K8 an extension moves
// the current nweek's end to its `until`; K9 nothing is due while paused, nor before `since`.
import { DateTime } from 'luxon';
import type { Clock, Schedule, ScheduleRhythm } from '../core/index.js';
import { minutesOf } from '../core/index.js';

/** One moment the clock fires: a `tick {scheduled: iso, nweek}`. */
export interface Boundary {
  readonly at: number;
  readonly iso: string;
  /** The tick ends the nweek (`tick {nweek: true}`): every nday left in it ends. */
  readonly nweek: boolean;
}

type Calendar = Extract<ScheduleRhythm, { kind: 'calendar' }>;

const boundary = (at: number, nweek: boolean): Boundary => ({ at, iso: new Date(at).toISOString(), nweek });

/**
 * The calendar's time on each local day from the one holding `after`, the first strictly after `after` whose
 * weekday `accept` takes. The time is set on the day's start (midnight), whose offset is the one before any
 * change that day: so a skipped time is read with that offset (01:30 on the day London springs forward is
 * 02:30 BST) and a repeated one falls at its first occurrence (ruling K7).
 */
function localAfter(r: Calendar, after: number, weekly: boolean, local?: DateTime): number {
  const now = local ?? DateTime.fromMillis(after, { zone: r.zone });
  // Only the days that can hold it are tried (today or the next day; the weekday this week or the next).
  const first = weekly ? (r.weekday - now.weekday + 7) % 7 : 0;
  for (let k = first; k <= first + 14; k += weekly ? 7 : 1) {
    const at = timeOnDay(r, now, k);
    if (at > after) return at;
  }
  throw new Error(`no boundary after ${after} in ${r.zone}`);
}

/**
 * Each day's instant of a calendar's time, remembered: luxon reads the zone's offset through Intl, some tens
 * of microseconds a reading, and ten thousand games on one schedule all ask for the same days (issue 14's
 * target). A cache of a pure function, bounded by forgetting everything now and then.
 */
const days = new Map<string, number>();
const DAYS_KEPT = 100_000;

/** The calendar's time on the local day `k` days after the one holding `now` (K7 for skipped times). */
function timeOnDay(r: Calendar, now: DateTime, k: number): number {
  const date = new Date(Date.UTC(now.year, now.month - 1, now.day + k)).toISOString().slice(0, 10);
  const key = `${r.zone} ${r.time} ${date}`;
  const known = days.get(key);
  if (known !== undefined) return known;
  const minutes = minutesOf(r.time) ?? 0;
  const start = now.startOf('day');
  const day = k === 0 ? start : start.plus({ days: k }).startOf('day');
  const at = day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60 }).toMillis();
  if (days.size >= DAYS_KEPT) days.clear();
  days.set(key, at);
  return at;
}

/** The first end of an nday (any day at the calendar's time) strictly after `after`. */
export const dailyAfter = (r: Calendar, after: number): number => localAfter(r, after, false);

/** The first end of an nweek (the calendar's weekday at its time) strictly after `after`. */
export const weeklyAfter = (r: Calendar, after: number): number => localAfter(r, after, true);

/**
 * The first boundary strictly after `after` (ms since epoch), for a game whose clock is `clock` now;
 * undefined while paused. Nothing before the schedule's `since` is due (K9). nweek: the tick ends the nweek.
 * Calendar kind: a daily boundary while the game is on its last nday (and it is not the nweek's end) is no
 * boundary: the last nday lasts until the nweek's end (K6); an extension of the current nweek replaces the
 * nweek's end by its `until`, and the calendar's weekly instants before it end ndays like any other day (K8).
 * Rhythm kind: every `every` seconds from `since`; the game's own count of ndays ends its nweeks, and an
 * extension makes the last nday last until `until`.
 */
export function nextBoundary(schedule: Schedule, clock: Clock, after: number): Boundary | undefined {
  if (schedule.paused) return undefined;
  const since = Date.parse(schedule.since);
  const from = Math.max(after, since);
  const until = schedule.extension?.nweek === clock.nweek ? Date.parse(schedule.extension.until) : Number.NaN;
  const extended = until > from ? until : undefined; // spent (or past) extensions no longer move anything
  const last = clock.nday >= clock.ndays;
  const r = schedule.rhythm;
  if (r.kind === 'rhythm') {
    if (extended !== undefined && last) return boundary(extended, true);
    const every = r.every * 1000;
    const at = since + (Math.floor((from - since) / every) + 1) * every;
    return extended !== undefined && at >= extended ? boundary(extended, true) : boundary(at, false);
  }
  const local = DateTime.fromMillis(from, { zone: r.zone });
  const end = extended ?? localAfter(r, from, true, local);
  if (last) return boundary(end, true);
  const daily = localAfter(r, from, false, local);
  return daily >= end ? boundary(end, true) : boundary(daily, false);
}

/** The clock after a boundary's tick: the next nday, or nday 1 of the next nweek. */
export function clockAfter(clock: Clock, b: Boundary): Clock {
  if (b.nweek || clock.nday >= clock.ndays) return { ...clock, nweek: clock.nweek + 1, nday: 1 };
  return { ...clock, nday: clock.nday + 1 };
}

/**
 * The next `count` boundaries from the game's clock now, each with the clock it leaves (as the schedule
 * stands: a pause, an extension or a new schedule changes them).
 */
export function upcoming(
  schedule: Schedule,
  clock: Clock,
  after: number,
  count: number,
): { boundary: Boundary; clock: Clock }[] {
  const out: { boundary: Boundary; clock: Clock }[] = [];
  let c = clock;
  let t = after;
  while (out.length < count) {
    const b = nextBoundary(schedule, c, t);
    if (!b) break;
    c = clockAfter(c, b);
    t = b.at;
    out.push({ boundary: b, clock: c });
  }
  return out;
}

/** How many boundaries dueAt follows at most (a 7-nday nweek every 30 s for a year is far fewer). */
const HORIZON = 100_000;

/**
 * When the end of nday `until.nday` of nweek `until.nweek` is due, from the game's clock now: the instant of
 * the boundary that ends it (an nweek's end ends every nday left in it). Counted from the last boundary fired
 * (boundaries due but not yet fired will move the clock first), or from `now` before the first. Undefined
 * while paused, or if that nday has already ended.
 */
export function dueAt(
  schedule: Schedule,
  clock: Clock,
  until: { nweek: number; nday: number },
  now: number,
): number | undefined {
  if (clock.nweek > until.nweek || (clock.nweek === until.nweek && clock.nday > until.nday)) return undefined;
  let c = clock;
  let t = schedule.fired === null ? now : Date.parse(schedule.fired);
  for (let i = 0; i < HORIZON; i++) {
    const b = nextBoundary(schedule, c, t);
    if (!b) return undefined;
    if (c.nweek === until.nweek && (c.nday === until.nday || (b.nweek && c.nday <= until.nday))) return b.at;
    c = clockAfter(c, b);
    t = b.at;
  }
  return undefined;
}
