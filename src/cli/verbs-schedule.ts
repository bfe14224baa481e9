// `referee schedule GAME …`: the Administrator gives a game its calendar (issue 14), in people's words (see
// actions-schedule.ts). Only the verb's words, options and description are here; what it does is in
// actions-schedule.ts, loaded when it runs.
import type { Command as Program } from 'commander';
import type { ScheduleFlags } from './actions-schedule.js';

export function registerScheduleVerb(program: Program): void {
  program
    .command('schedule')
    .description(
      'give a game its calendar: `schedule g1 "Sunday 23:59 Europe/London"`, `schedule g1 every 30s`, `off`, `pause "why"`, `resume "why"`, `extend 24h "why"`; alone, show it and its next boundaries',
    )
    .argument('<game>', 'game id')
    .argument('[spec...]', 'the schedule, or off, pause, resume, extend')
    .option(
      '--policy <policy>',
      'after an outage: catch-up (every missed boundary, in order; default) or pause',
    )
    .option('--warn <durations>', 'remind the missing this long before each deadline (e.g. 24h,2h; none)')
    .option('--since <instant>', 'when the schedule takes effect (default: now)')
    .option('--id <key>', 'idempotency key: the same key twice does the command once')
    .option('--json', 'print the result as JSON')
    .option('--dry-run', 'print what the change would do; write nothing')
    .option('--admin', 'print everything that happened, secrets included')
    .action(async (game: string, spec: string[], flags: ScheduleFlags) =>
      (await import('./actions-schedule.js')).schedule(program, game, spec, flags),
    );
}
