// What `referee clock` does (verbs-clock.ts registers it): keeps the games' time and serves nothing, for a
// machine that only ticks (the games served by other processes over the same PostgreSQL). `referee serve` runs
// the same clock beside the server. Both stop on SIGTERM or SIGINT once the boundaries being fired are
// committed or refused.
import type { Command as Program } from 'commander';
import type { ClockDoor } from '../engine/ports/index.js';
import type { ClockReport } from '../clock/clockwork.js';
import type { Clockwork } from '../clock/clockwork.js';
import { CLOCK_DEFAULTS } from '../clock/clockwork.js';
import { startClock as startClockwork } from '../house/serving.js';
import type { BeaconRelaySettings } from '../house/serving.js';
import { shownDb, withReferee } from './context.js';
import { UsageError } from './fail.js';

/** `--grace <seconds>`: how overdue a boundary may be before it is an outage. */
export function parseGrace(value: string | undefined, flag: string): number {
  if (value === undefined) return CLOCK_DEFAULTS.graceMs;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new UsageError(`${flag} is a number of seconds (0 or more)`);
  return Number(value) * 1000;
}

/**
 * The clock's reports as the operator reads them: one line each on stderr, prefixed `clock:`; with
 * REFEREE_CLOCK_LOG=json, each report as one JSON line instead (what the clock benchmark reads).
 */
export function printReport(report: ClockReport): void {
  if (process.env.REFEREE_CLOCK_LOG === 'json') console.error(`clock: ${JSON.stringify(report)}`);
  else console.error(`clock: ${report.text}`);
}

/** `--catch-up-cap <n>` (K17): the most boundaries one catch-up fires. */
export function parseCatchUpCap(value: string | undefined, flag: string): number {
  if (value === undefined) return CLOCK_DEFAULTS.catchUpCap;
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new UsageError(`${flag} is a whole number from 1 up`);
  return Number(value);
}

/**
 * `--beacon-relays <urls>` and `--beacon-timeout <seconds>` (issue 26, B8): the relays the clock fetches beacon
 * rounds from, comma-separated ($REFEREE_BEACON_RELAYS), drand's public ones unless given; each one's time-out.
 */
export function parseBeaconRelays(
  relays: string | undefined,
  timeout: string | undefined,
): BeaconRelaySettings {
  const given = relays ?? process.env.REFEREE_BEACON_RELAYS;
  const list = given
    ?.split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  for (const u of list ?? [])
    if (!/^https?:\/\/[^\s]+$/.test(u)) throw new UsageError(`--beacon-relays: ${u} is not an http(s) URL`);
  if (timeout !== undefined && !/^\d+(\.\d+)?$/.test(timeout))
    throw new UsageError('--beacon-timeout is a number of seconds');
  const timeoutMs = timeout === undefined ? undefined : Math.max(1, Number(timeout) * 1000);
  return { ...(list ? { relays: list } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
}

/** Starts the system clock's Clockwork over a referee (src/house/serving.ts), printing what it does. */
export function startClock(
  referee: ClockDoor,
  graceMs: number,
  catchUpCap: number = CLOCK_DEFAULTS.catchUpCap,
  beacon: BeaconRelaySettings = {},
): Promise<Clockwork> {
  return startClockwork(referee, printReport, graceMs, catchUpCap, beacon);
}

/** Resolves on the first SIGTERM or SIGINT. */
export function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (signal: string) => () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      resolve(signal);
    };
    const onInt = on('SIGINT');
    const onTerm = on('SIGTERM');
    process.once('SIGINT', onInt);
    process.once('SIGTERM', onTerm);
  });
}

/** `referee clock [--grace SECONDS] [--catch-up-cap N]`. */
export async function keepTime(
  program: Program,
  opts: { grace?: string; catchUpCap?: string; beaconRelays?: string; beaconTimeout?: string },
): Promise<void> {
  const graceMs = parseGrace(opts.grace, '--grace');
  const catchUpCap = parseCatchUpCap(opts.catchUpCap, '--catch-up-cap');
  const beacon = parseBeaconRelays(opts.beaconRelays, opts.beaconTimeout);
  await withReferee(program, async (referee) => {
    const stopped = stopSignal();
    // The clock's timers do not hold the process (they are unref'd): this does, until a signal.
    const alive = setInterval(() => undefined, 1 << 30);
    try {
      const clock = await startClock(referee, graceMs, catchUpCap, beacon);
      console.log(`nomic-referee is keeping time for ${shownDb(program)} (Ctrl-C stops it)`);
      await stopped;
      console.error('nomic-referee clock is stopping: finishing the boundaries being fired');
      await clock.stop();
    } finally {
      clearInterval(alive);
    }
  });
}
