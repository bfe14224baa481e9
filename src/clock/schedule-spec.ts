// Schedules as people write them (issue 14), for the command line and the page: "Sunday 23:59 Europe/London"
// (a calendar), "every 30s" (a rhythm), durations such as "24h", "1h30m", "2d". Each reads into the arguments
// of the kernel's `schedule` command, or says plainly what it expected.
import { canonicalZone, minutesOf } from '../core/index.js';
import type { Json } from '../core/index.js';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A spec that does not read, with what it should look like. */
export class SpecError extends Error {}

/** "Sunday", "sun", "SUNDAYS" → 7 (ISO: 1 Monday … 7 Sunday). */
export function weekdayOf(word: string): number | undefined {
  const w = word.toLowerCase().replace(/s$/, '');
  if (w.length < 3) return undefined;
  const i = WEEKDAYS.findIndex((d) => d.startsWith(w));
  return i < 0 ? undefined : i + 1;
}

/** "30s", "90m", "2h", "1d", "1h30m" as seconds; a bare number is seconds. Undefined if not one (or 0). */
export function durationOf(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) return Number(t) > 0 ? Number(t) : undefined;
  const m = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s)?$/.exec(t);
  if (!m || t.length === 0) return undefined;
  const [d, h, mi, s] = [m[1], m[2], m[3], m[4]].map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  const seconds = d * 86_400 + h * 3_600 + mi * 60 + s;
  return seconds > 0 ? seconds : undefined;
}

/** "24h,2h" (or "none") as warning seconds, largest first. */
export function warningsOf(text: string): number[] {
  if (text.trim().toLowerCase() === 'none') return [];
  const out = text
    .split(/[\s,]+/)
    .filter((w) => w.length > 0)
    .map((w) => {
      const s = durationOf(w);
      if (s === undefined) throw new SpecError(`"${w}" is not a duration (such as 24h, 2h, 30m)`);
      return s;
    });
  return [...new Set(out)].sort((a, b) => b - a);
}

const USAGE =
  'a schedule is "WEEKDAY HH:MM ZONE" (e.g. "Sunday 23:59 Europe/London") or "every DURATION" (e.g. every 30s)';

/**
 * The words of a schedule as the `schedule` command's rhythm arguments: {zone, time, weekday} for
 * "Sunday 23:59 Europe/London", {every} for "every 30s" or "every 2h".
 */
export function readSchedule(words: readonly string[]): Record<string, Json> {
  const parts = words.flatMap((w) => w.split(/\s+/)).filter((w) => w.length > 0);
  if (parts[0]?.toLowerCase() === 'every') {
    const every = parts.length === 2 ? durationOf(parts[1] ?? '') : durationOf(parts.slice(1).join(''));
    if (every === undefined) throw new SpecError(`"${parts.slice(1).join(' ')}" is not a duration; ${USAGE}`);
    return { every };
  }
  if (parts.length !== 3) throw new SpecError(USAGE);
  const [day = '', time = '', zoneName = ''] = parts;
  const weekday = weekdayOf(day);
  if (weekday === undefined) throw new SpecError(`"${day}" is not a day of the week; ${USAGE}`);
  const padded = /^\d:\d\d$/.test(time) ? `0${time}` : time;
  if (minutesOf(padded) === undefined) throw new SpecError(`"${time}" is not a 24-hour time HH:MM; ${USAGE}`);
  const zone = canonicalZone(zoneName);
  if (zone === undefined)
    throw new SpecError(`"${zoneName}" is not an IANA time zone (such as Europe/London)`);
  return { zone, time: padded, weekday };
}
