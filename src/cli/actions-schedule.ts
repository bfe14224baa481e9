// What `referee schedule GAME …` does (verbs-schedule.ts registers it): the Administrator gives a game its
// calendar (issue 14), in people's words:
//   referee schedule g1 "Sunday 23:59 Europe/London"     a calendar (ndays end daily at 23:59, the nweek Sundays)
//   referee schedule g1 every 30s                         a rhythm (an nday every 30 s)
//   referee schedule g1 off | pause "why" | resume "why" | extend 2026-12-01T12:00Z "why" | extend 24h "why"
//   referee schedule g1                                   the schedule and its next boundaries
// Each change is one kernel command (schedule, pause-clock, resume-clock, extend-nweek) with its instant
// filled in as now (engine/instants.ts), through the same submit as every other verb.
import type { Command as Program } from 'commander';
import { DateTime } from 'luxon';
import type { Clock, Json, Schedule } from '../core/index.js';
import { ADMIN, PUBLIC, describeSchedule, isoOf, parseInstant, scheduledNweekEnd } from '../core/index.js';
import { upcoming } from '../clock/calendar.js';
import { durationOf, readSchedule, SpecError, warningsOf } from '../clock/schedule-spec.js';
import type { Reading } from '../engine/ports/index.js';
import { withReferee } from './context.js';
import { UsageError } from './fail.js';
import { submit } from './actions-game.js';
import type { SubmitFlags } from './actions-game.js';

export interface ScheduleFlags extends SubmitFlags {
  policy?: string;
  warn?: string;
  since?: string;
  admin?: boolean;
}

/** What the spec's words ask: one kernel command, or nothing (show the schedule). */
async function commandOf(
  referee: Reading,
  game: string,
  words: readonly string[],
  flags: ScheduleFlags,
): Promise<{ type: string; args: Record<string, Json> } | undefined> {
  const [first, ...rest] = words;
  const reason = (fallback: string) => (rest.length > 0 ? rest.join(' ') : fallback);
  switch (first?.toLowerCase()) {
    case undefined:
      return undefined;
    case 'off':
    case 'clear':
      if (rest.length > 0) throw new UsageError(`"schedule ${game} off" takes nothing more`);
      return { type: 'schedule', args: { clear: true } };
    case 'pause':
      return { type: 'pause-clock', args: { reason: reason('paused by the Administrator') } };
    case 'resume':
      return { type: 'resume-clock', args: { reason: reason('resumed by the Administrator') } };
    case 'extend': {
      const [when, ...why] = rest;
      if (when === undefined)
        throw new UsageError(
          'extend takes an instant (2026-12-01T12:00Z) or a duration (24h), then a reason',
        );
      const text = why.length > 0 ? why.join(' ') : 'extended by the Administrator';
      return { type: 'extend-nweek', args: { until: await untilOf(referee, game, when), reason: text } };
    }
    default: {
      const args: Record<string, Json> = { ...readSchedule(words) };
      if (flags.policy !== undefined) {
        if (flags.policy !== 'catch-up' && flags.policy !== 'pause')
          throw new UsageError('--policy is catch-up or pause');
        args.policy = flags.policy;
      }
      if (flags.warn !== undefined) args.warnings = warningsOf(flags.warn);
      if (flags.since !== undefined) args.since = flags.since;
      return { type: 'schedule', args };
    }
  }
}

/** An extension's end: an instant as given, or a duration beyond the nweek's scheduled end. */
async function untilOf(referee: Reading, game: string, when: string): Promise<string> {
  if (parseInstant(when) !== undefined) return when;
  const by = durationOf(when);
  if (by === undefined)
    throw new UsageError(`"${when}" is neither an ISO instant (2026-12-01T12:00Z) nor a duration (24h)`);
  const { schedule, clock } = await publicSchedule(referee, game);
  if (!schedule) throw new UsageError(`${game} has no schedule: there is no nweek end to extend`);
  return isoOf(scheduledNweekEnd(schedule, clock) + by * 1000);
}

/** The schedule and clock as the public view shows them (the schedule is a rule in force). */
async function publicSchedule(
  referee: Reading,
  game: string,
): Promise<{ schedule: Schedule | null; clock: Clock }> {
  const view = await referee.view(game, PUBLIC);
  return {
    schedule: (view.schedule ?? null) as unknown as Schedule | null,
    clock: { nweek: Number(view.nweek), nday: Number(view.nday), ndays: Number(view.ndays) },
  };
}

const local = (ms: number, zone: string): string =>
  DateTime.fromMillis(ms, { zone }).toFormat('ccc d LLL yyyy HH:mm ZZZZ');

/** The schedule in words and its next three boundaries, in the game's zone and UTC. */
async function show(referee: Reading, game: string, json: boolean): Promise<void> {
  const { schedule, clock } = await publicSchedule(referee, game);
  const now = Date.now();
  const after = schedule?.fired ? Date.parse(schedule.fired) : Number.NEGATIVE_INFINITY;
  const next = schedule ? upcoming(schedule, clock, after, 3) : [];
  let c = clock;
  const rows = next.map(({ boundary, clock: leaves }) => {
    const ends =
      boundary.nweek || c.nday >= c.ndays
        ? `ends nweek ${c.nweek}`
        : `ends nday ${c.nday} of nweek ${c.nweek}`;
    c = leaves;
    const zone = schedule?.rhythm.kind === 'calendar' ? schedule.rhythm.zone : undefined;
    return {
      iso: boundary.iso,
      local: zone ? local(boundary.at, zone) : null,
      ends,
      due: boundary.at <= now,
    };
  });
  if (json) {
    console.log(JSON.stringify({ game, clock, schedule: schedule as unknown as Json, next: rows }, null, 2));
    return;
  }
  console.log(`${game}: nweek ${clock.nweek}, nday ${clock.nday} of ${clock.ndays}.`);
  if (!schedule) {
    console.log('No schedule: ndays end when the Administrator ticks.');
    return;
  }
  console.log(`Schedule: ${describeSchedule(schedule)}`);
  if (schedule.paused) console.log(`Paused since ${schedule.paused.at}: ${schedule.paused.reason}.`);
  if (schedule.extension?.nweek === clock.nweek)
    console.log(
      `Nweek ${clock.nweek} is extended to ${schedule.extension.until}: ${schedule.extension.reason}.`,
    );
  console.log(`Last boundary fired: ${schedule.fired ?? 'none yet'}.`);
  if (rows.length === 0) return;
  console.log('Next boundaries:');
  for (const r of rows)
    console.log(
      `  ${r.local ? `${r.local}  ` : ''}${r.iso}  ${r.ends}${r.due ? ' (due, not yet fired)' : ''}`,
    );
}

/** `referee schedule GAME [SPEC…]`. */
export async function schedule(
  program: Program,
  game: string,
  spec: string[],
  flags: ScheduleFlags,
): Promise<void> {
  await withReferee(
    program,
    async (referee) => {
      let command;
      try {
        command = await commandOf(referee, game, spec, flags);
      } catch (e) {
        if (e instanceof SpecError) throw new UsageError(e.message);
        throw e;
      }
      if (!command) return show(referee, game, flags.json === true);
      await submit(referee, game, { ...command, by: ADMIN }, flags, flags.admin ? ADMIN : PUBLIC);
    },
    flags,
  );
}
