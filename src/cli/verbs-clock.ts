// `referee clock`: keeps the games' time and serves nothing, for a machine that only ticks (the games served by
// other processes over the same PostgreSQL). Only the verb's options and description are here; what it does
// is in actions-clock.ts, loaded when it runs.
import type { Command as Program } from 'commander';
import { CLOCK_DEFAULTS } from '../clock/defaults.js';

export function registerClockVerb(program: Program): void {
  program
    .command('clock')
    .description("keep the scheduled games' time (fire each due boundary as a tick), serving nothing")
    .option(
      '--grace <seconds>',
      'a boundary more overdue than this is an outage, handled by its schedule policy',
      String(CLOCK_DEFAULTS.graceMs / 1000),
    )
    .option(
      '--catch-up-cap <n>',
      "the most missed boundaries one catch-up fires; past it the game's clock is paused and its Administrator told (ruling K17)",
      String(CLOCK_DEFAULTS.catchUpCap),
    )
    .option(
      '--beacon-relays <urls>',
      "the relays beacon rounds are fetched from, comma-separated ($REFEREE_BEACON_RELAYS; drand's public relays unless given)",
    )
    .option('--beacon-timeout <seconds>', 'how long one beacon relay may take to answer', '5')
    .action(
      async (opts: { grace?: string; catchUpCap?: string; beaconRelays?: string; beaconTimeout?: string }) =>
        (await import('./actions-clock.js')).keepTime(program, opts),
    );
}
