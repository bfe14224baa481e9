// What `referee serve` does (verbs-serve.ts registers it): the HTTP API, live updates and the web page over the
// same store as every other verb. `--demo` (what `npm start` runs) first plays the demonstration game if the
// store has none, and hands its Administrator and players tokens so the page can be tried at once.
import type { Command as Program } from 'commander';
import type { CliDoor } from '../engine/ports/index.js';
import { ADMIN_HOLDER, issue, playerHolder } from '../server/tokens.js';
import { DEMO_PLAYERS, DEMO_RHYTHM_SECONDS, playDemo } from './demo.js';
import { dbPath, shownDb, withReferee } from './context.js';
import { UsageError } from './fail.js';
import { parseBeaconRelays, parseCatchUpCap, parseGrace, printReport } from './actions-clock.js';
import type { AccessFlags } from './serve-settings.js';
import { creationPolicy, parseTrustProxy } from './serve-settings.js';
import type { Service } from '../house/service.js';
import { printWatchReport, settingsFrom as mailSettings } from './actions-mail.js';

export interface ServeFlags extends AccessFlags {
  port: string;
  host: string;
  demo?: boolean;
  log?: boolean;
  streamsPerClient: string;
  streams: string;
  creationsPerMinute: string;
  joinsPerMinute: string;
  postsPerMinute: string;
  scheduleChangesPerMinute: string;
  rhythmFloor?: string;
  clock: boolean;
  clockGrace?: string;
  catchUpCap?: string;
  beaconRelays?: string;
  beaconTimeout?: string;
  mail?: string;
}

/** A whole number from 1 up given to a flag, or a usage error naming the flag. */
function countFlag(value: string, flag: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value)))
    throw new UsageError(`${flag} is a whole number from 1 up`);
  return Number(value);
}

/** Plays the demo into an empty store and prints fresh tokens for it (a token is only ever shown once). */
async function demoTokens(
  referee: CliDoor,
  where: string,
): Promise<{ game: string; lines: string[] } | undefined> {
  if ((await referee.listGames()).length > 0) return undefined;
  const game = await playDemo(referee, where, () => undefined, DEMO_RHYTHM_SECONDS);
  const lines: string[] = [];
  const admin = issue(ADMIN_HOLDER);
  await referee.directory.grantToken(game, admin.grant);
  lines.push(`  Administrator: ${admin.token}`);
  for (const name of DEMO_PLAYERS) {
    const t = issue(playerHolder(name));
    await referee.directory.grantToken(game, t.grant);
    lines.push(`  ${name.padEnd(13)}: ${t.token}`);
  }
  return { game, lines };
}

/**
 * How long a stopping server waits for the requests under way (issue 13, item 4). Every request's work on the
 * event loop is bounded (the caps of docs/api.md) and commits take milliseconds, so this is only reached by a
 * stuck client or store.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops serving on SIGTERM or SIGINT: no new connections, event streams ended, verifications dropped,
 * requests under way (and their commits) finished; the store is closed after. A second signal, or
 * SHUTDOWN_GRACE_MS without an end, exits at once: nothing is lost, since a command is acknowledged only
 * once committed.
 */
async function stop(service: Service): Promise<void> {
  const now = (why: string) => () => {
    console.error(`nomic-referee stopped ${why}; commands not yet answered were not acknowledged`);
    process.exit(1);
  };
  console.error(
    'nomic-referee is stopping: finishing the requests under way (a second Ctrl-C stops it at once)',
  );
  process.once('SIGINT', now('on a second signal'));
  process.once('SIGTERM', now('on a second signal'));
  setTimeout(
    now(`after waiting ${SHUTDOWN_GRACE_MS / 1000} s for requests under way`),
    SHUTDOWN_GRACE_MS,
  ).unref();
  // The clock first, the app, the Couriers last (src/house/service.ts).
  await service.stop();
}

/** `referee serve …`. */
export async function serve(program: Program, opts: ServeFlags): Promise<void> {
  if (!/^\d+$/.test(opts.port) || Number(opts.port) > 65535) throw new UsageError('--port is 0..65535');
  const live = {
    perClient: countFlag(opts.streamsPerClient, '--streams-per-client'),
    total: countFlag(opts.streams, '--streams'),
  };
  const perMinute = (value: string, flag: string) => ({
    max: countFlag(value, flag),
    windowMs: 60_000,
  });
  const clientLimits = {
    create: perMinute(opts.creationsPerMinute, '--creations-per-minute'),
    join: perMinute(opts.joinsPerMinute, '--joins-per-minute'),
    post: perMinute(opts.postsPerMinute, '--posts-per-minute'),
    schedule: perMinute(opts.scheduleChangesPerMinute, '--schedule-changes-per-minute'),
  };
  const rhythmFloor =
    opts.rhythmFloor !== undefined ? countFlag(opts.rhythmFloor, '--rhythm-floor') : undefined;
  const catchUpCap = parseCatchUpCap(opts.catchUpCap, '--catch-up-cap');
  const beacon = parseBeaconRelays(opts.beaconRelays, opts.beaconTimeout);
  const creation = creationPolicy(opts);
  const graceMs = parseGrace(opts.clockGrace, '--clock-grace');
  const trustProxy = parseTrustProxy(opts.trustProxy ?? process.env.REFEREE_TRUST_PROXY);
  const settings = opts.mail !== undefined ? await mailSettings(opts.mail) : undefined;
  await withReferee(program, async (referee, house) => {
    let demo: { game: string; lines: string[] } | undefined;
    let address = '';
    // The house builds the whole service (src/house/service.ts): the app, the channels, the clock.
    const service = await house.serve(
      {
        app: {
          logger: opts.log ? { level: 'info' } : false,
          live,
          clientLimits,
          creation,
          ...(rhythmFloor !== undefined ? { rhythmFloor } : {}),
          ...(trustProxy ? { trustProxy } : {}),
          verify: { worker: { db: dbPath(program) } },
          decideOnThread: true,
          ...(settings ? { mail: { settings } } : {}),
        },
        listen: { port: Number(opts.port), host: opts.host },
        ...(settings ? { mail: { settings, report: printWatchReport } } : {}),
        ...(opts.clock ? { clock: { report: printReport, graceMs, catchUpCap, beacon } } : {}),
      },
      {
        ready: async () => {
          demo = opts.demo ? await demoTokens(referee, shownDb(program)) : undefined;
        },
        listening: (at) => {
          address = at;
          console.log(`nomic-referee is serving ${shownDb(program)} at ${address}/`);
          console.log(`  the API: ${address}/api/games   its description: ${address}/api/openapi.json`);
          if (creation.mode === 'operator') console.log('  games are created only with the operator token');
          if (trustProxy) console.log(`  X-Forwarded-For is believed from ${trustProxy.join(', ')}`);
        },
        mailStarted: (mail) =>
          console.log(
            `  mail and chat: ${Object.keys(mail.settings.games).length} game(s) from ${opts.mail}; sending by ${mail.channels.join(', ')}`,
          ),
        // The clock starts once the demo is played, so its schedule is found with every other game's.
        clockStarted: (clock) => {
          if (!clock) console.log("  the games' clock is not kept here (--no-clock)");
        },
      },
    );
    if (demo) {
      console.log(
        `\nThe demo game ${demo.game} was played; open ${address}/#/games/${demo.game} with a token:`,
      );
      for (const line of demo.lines) console.log(line);
      console.log(
        service.clock
          ? `Its ndays now end by themselves, one every ${DEMO_RHYTHM_SECONDS} s: the clock keeps its schedule.`
          : `Its schedule (an nday every ${DEMO_RHYTHM_SECONDS} s) is kept only where a clock runs (--no-clock).`,
      );
    }
    console.log('\nCtrl-C stops it.');
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    await stop(service);
  });
}
