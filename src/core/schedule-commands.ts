// The Administrator's commands for a game's calendar (issue 14): give it a schedule, pause and resume its
// clock, extend an nweek once. The kernel only records them; the clock outside it reads the schedule and
// feeds ordinary `tick`s (kernel-commands.ts). Every instant here came in the command's arguments, filled in
// by the edge that received it (src/engine/instants.ts): the kernel never reads the wall clock.
import { z } from 'zod';
import { command } from './ruleset.js';
import type { CommandRule } from './ruleset.js';
import type { Decision } from './decision.js';
import type { Json } from './json.js';
import type { Schedule, ScheduleRhythm } from './schedule.js';
import { canonicalZone, minutesOf, scheduledNweekEnd } from './schedule-time.js';
import { isoOf, parseInstant } from './instant.js';
import { checkRhythm, checkStart } from './schedule-bounds.js';

/** The warnings a calendar gets unless told: a day and two hours before each deadline. */
export const DEFAULT_WARNINGS: readonly number[] = [86_400, 7_200];

/** Schemas are made on first use (a function each), not when this module loads: see command(). */
const instant = () => z.string().min(1).max(40);
const reason = () => z.string().min(1).max(500);

/** The instant a command gives, in ms; refuses anything but a strict ISO instant. */
export function instantArg(ctx: Decision, name: string, text: string | undefined): number {
  if (text === undefined)
    return ctx.reject('bad-arguments', `${name}: required (an ISO instant such as 2026-11-29T23:59Z)`);
  const ms = parseInstant(text);
  if (ms === undefined)
    return ctx.reject(
      'bad-arguments',
      `${name}: "${text}" is not an ISO instant with its offset (such as 2026-11-29T23:59Z)`,
    );
  return ms;
}

/** The schedule as a log event carries it (plain JSON). */
export const scheduleJson = (s: Schedule): Json => s as unknown as Json;

function rhythmOf(
  ctx: Decision,
  a: {
    zone?: string | undefined;
    time?: string | undefined;
    weekday?: number | undefined;
    every?: number | undefined;
  },
): ScheduleRhythm {
  const calendar = a.zone !== undefined || a.time !== undefined || a.weekday !== undefined;
  if (calendar && a.every !== undefined)
    ctx.reject(
      'bad-arguments',
      'a schedule is either a calendar (zone, time, weekday) or a rhythm (every), not both',
    );
  if (a.every !== undefined) {
    checkRhythm(ctx, a.every);
    return { kind: 'rhythm', every: a.every };
  }
  if (!calendar)
    ctx.reject('bad-arguments', 'give a calendar (zone, time, weekday), a rhythm (every seconds), or clear');
  if (a.zone === undefined || a.time === undefined || a.weekday === undefined)
    return ctx.reject(
      'bad-arguments',
      'a calendar needs all of zone, time (HH:MM) and weekday (1 Monday … 7 Sunday)',
    );
  const zone = canonicalZone(a.zone);
  if (zone === undefined)
    return ctx.reject('bad-arguments', `zone: "${a.zone}" is not an IANA time zone (such as Europe/London)`);
  if (minutesOf(a.time) === undefined)
    ctx.reject('bad-arguments', `time: "${a.time}" is not a 24-hour time HH:MM (such as 23:59)`);
  return { kind: 'calendar', zone, time: a.time, weekday: a.weekday };
}

function current(ctx: Decision): Schedule {
  const s = ctx.state.schedule;
  if (!s) return ctx.reject('not-allowed', 'this game has no schedule (give it one with schedule)');
  return s;
}

export const SCHEDULE_COMMANDS: Readonly<Record<string, CommandRule<unknown>>> = {
  schedule: command({
    actor: 'admin',
    visibility: 'public',
    summary:
      "set or replace the game's calendar (zone, time, weekday) or rhythm (every seconds), or clear it; since: when it takes effect",
    args: () =>
      z
        .object({
          zone: z.string().min(1).max(64).optional(),
          time: z.string().min(1).max(5).optional(),
          weekday: z.number().int().min(1).max(7).optional(),
          every: z.number().int().min(1).max(31_622_400).optional(),
          policy: z.enum(['catch-up', 'pause']).optional(),
          warnings: z.array(z.number().int().min(1).max(31_622_400)).max(10).optional(),
          since: instant().optional(),
          clear: z.boolean().optional(),
        })
        .strict(),
    run(ctx, _by, a) {
      const before = ctx.state.schedule;
      if (a.clear === true) {
        const given = Object.keys(a).filter((k) => k !== 'clear' && k !== 'since');
        if (given.length > 0)
          ctx.reject('bad-arguments', `clear takes no other arguments (given: ${given.join(', ')})`);
        if (!before) ctx.reject('not-allowed', 'this game has no schedule to clear');
        ctx.emit({ type: 'schedule-cleared', vis: 'public' });
        return;
      }
      const rhythm = rhythmOf(ctx, a);
      const since = instantArg(ctx, 'since', a.since);
      checkStart(ctx, 'since', since);
      const warnings = [...new Set(a.warnings ?? (rhythm.kind === 'calendar' ? DEFAULT_WARNINGS : []))].sort(
        (x, y) => y - x,
      );
      // A changed schedule keeps what the old one recorded: the last boundary fired (so no boundary is fired
      // twice), a pause (resumed only by resume-clock) and this nweek's extension (allowed once per nweek).
      const schedule: Schedule = {
        rhythm,
        policy: a.policy ?? 'catch-up',
        warnings,
        since: isoOf(since),
        paused: before?.paused ?? null,
        extension: before?.extension ?? null,
        fired: before?.fired ?? null,
      };
      ctx.emit({ type: 'schedule-set', vis: 'public', schedule: scheduleJson(schedule) });
    },
  }),
  'pause-clock': command({
    actor: 'admin',
    visibility: 'public',
    summary: "pause the game's clock: no boundary fires until it is resumed",
    words: ['reason'],
    args: () => z.object({ reason: reason(), at: instant().optional() }).strict(),
    run(ctx, _by, { reason, at }) {
      const s = current(ctx);
      const ms = instantArg(ctx, 'at', at);
      checkStart(ctx, 'at', ms);
      if (s.paused)
        ctx.reject('not-allowed', `the clock is already paused (since ${s.paused.at}: ${s.paused.reason})`);
      ctx.emit({ type: 'clock-paused', vis: 'public', at: isoOf(ms), reason });
    },
  }),
  'resume-clock': command({
    actor: 'admin',
    visibility: 'public',
    summary: "resume the game's clock; boundaries that fell while it was paused are not caught up",
    words: ['reason'],
    args: () => z.object({ reason: reason(), at: instant().optional() }).strict(),
    run(ctx, _by, { reason, at }) {
      const s = current(ctx);
      const ms = instantArg(ctx, 'at', at);
      checkStart(ctx, 'at', ms);
      if (!s.paused) return ctx.reject('not-allowed', 'the clock is not paused');
      if (ms < Date.parse(s.paused.at))
        ctx.reject('bad-arguments', `at: ${isoOf(ms)} is before the clock was paused (${s.paused.at})`);
      ctx.emit({ type: 'clock-resumed', vis: 'public', at: isoOf(ms), reason });
    },
  }),
  'extend-nweek': command({
    actor: 'admin',
    visibility: 'public',
    summary: 'extend the current nweek (once): it ends at until instead of its scheduled end',
    words: ['until', 'reason'],
    args: () => z.object({ until: instant(), reason: reason() }).strict(),
    run(ctx, _by, { until, reason }) {
      const s = current(ctx);
      const ms = instantArg(ctx, 'until', until);
      const nweek = ctx.clock.nweek;
      if (s.extension?.nweek === nweek)
        ctx.reject('not-allowed', `nweek ${nweek} has already been extended once (to ${s.extension.until})`);
      const end = scheduledNweekEnd(s, ctx.clock);
      if (ms <= end)
        ctx.reject(
          'bad-arguments',
          `until: ${isoOf(ms)} is not later than nweek ${nweek}'s scheduled end, ${isoOf(end)}`,
        );
      ctx.emit({ type: 'nweek-extended', vis: 'public', nweek, until: isoOf(ms), reason });
    },
  }),
};

/**
 * A tick the clock fired for a boundary of the schedule: recorded (boundary-fired) before the nday ends. Refused
 * when the schedule could not have had that boundary now, so that a clock working from a schedule changed
 * under it (cleared, paused, resumed later, already past that boundary) changes nothing.
 */
export function fireBoundary(ctx: Decision, scheduled: string): void {
  const s = ctx.state.schedule;
  const ms = instantArg(ctx, 'scheduled', scheduled);
  if (!s) return ctx.reject('not-allowed', 'this game has no schedule: no boundary is due');
  if (s.paused) ctx.reject('not-allowed', `the clock is paused (since ${s.paused.at}): no boundary is due`);
  if (ms <= Date.parse(s.since))
    ctx.reject('not-allowed', `${isoOf(ms)} is not after the schedule took effect (${s.since})`);
  if (s.fired !== null && ms <= Date.parse(s.fired))
    ctx.reject('not-allowed', `${isoOf(ms)} is not after the last boundary fired (${s.fired})`);
  ctx.emit({ type: 'boundary-fired', vis: 'public', scheduled: isoOf(ms) });
}
