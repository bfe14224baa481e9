// The whole running service (issue 28 item 3): what `referee serve` asks the house for, over the Referee the
// house opened. The HTTP app (src/server/app.ts) listening, then the channels (serving.ts: mail and chat, their
// Couriers and the mailboxes read), then the clock; stopped in the other order. A new channel plugs in here
// and in serving.ts, and nowhere in the command line. Loaded only by `serve` (House.serve imports it), so the
// other verbs load no server.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import type { AppOptions } from '../server/app.js';
import { prepareForum } from '../forum/index.js';
import type { Clockwork, ClockReport } from '../clock/clockwork.js';
import type { MailSettings } from '../channels/mail/settings.js';
import type { WatchReport } from '../channels/mail/watcher.js';
import type { CliDoor } from '../engine/ports/index.js';
import type { BeaconRelaySettings, MailService } from './serving.js';
import { startClock, startMail } from './serving.js';

/** What the service runs, and how. */
export interface ServiceOptions {
  /** The HTTP app's settings (the referee is the house's). */
  readonly app: Omit<AppOptions, 'referee'>;
  readonly listen: { readonly port: number; readonly host: string };
  /** `serve --mail`: the settings, and where each mail read is told. */
  readonly mail?: { readonly settings: MailSettings; readonly report: (r: WatchReport) => void };
  /** The games' clock, unless `--no-clock`: where its reports go, its grace and its catch-up cap. */
  readonly clock?: {
    readonly report: (r: ClockReport) => void;
    readonly graceMs: number;
    readonly catchUpCap: number;
    /** Issue 26 (B8): the relays beacon rounds are fetched from, drand's public ones unless given. */
    readonly beacon?: BeaconRelaySettings;
  };
}

/** What the service tells as it starts, each when it happens (the command line prints them in this order). */
export interface ServiceSteps {
  /** The rulesets are loaded and the store watched; the app is not built yet (`--demo` plays here). */
  readonly ready?: () => Promise<void>;
  readonly listening?: (address: string) => void;
  readonly mailStarted?: (mail: MailService) => void;
  readonly clockStarted?: (clock: Clockwork | undefined) => void;
}

/** The service running. */
export interface Service {
  readonly app: FastifyInstance;
  readonly address: string;
  readonly mail: MailService | undefined;
  readonly clock: Clockwork | undefined;
  /**
   * Stops it: the clock first (a boundary being fired is committed or refused before the store closes),
   * then the app (the requests under way finish), the channels last (the deliveries in flight end and are
   * marked; notices not yet sent stay in the outbox for the next start or another process's Courier).
   */
  stop(): Promise<void>;
}

/** Starts the whole service over the house's referee. */
export async function startService(
  referee: CliDoor,
  options: ServiceOptions,
  steps: ServiceSteps = {},
): Promise<Service> {
  // A server serves games of every ruleset, and lists them all (GET /api/rulesets).
  const rulesets = await referee.rules.registry.loadAll();
  // Live updates from commands other processes accept (PostgreSQL's LISTEN/NOTIFY); a failure to listen is
  // reported now rather than at the first page that asks.
  await referee.watch();
  await steps.ready?.();
  // The forum parsers are generated now, not by the first post to each ruleset's games (0.3-1.2 s each).
  prepareForum(
    rulesets
      .ids()
      .map((id) => rulesets.get(id))
      .filter((r) => r !== undefined),
  );
  const app = await buildApp({ referee, ...options.app });
  const address = await app.listen({ port: options.listen.port, host: options.listen.host });
  steps.listening?.(address);
  // Mail before the clock, so a boundary's report is made as the first tick is decided.
  const mail = options.mail
    ? await startMail(referee, options.mail.settings, options.mail.report)
    : undefined;
  if (mail) steps.mailStarted?.(mail);
  const { clock: clocked } = options;
  const clock = clocked
    ? await startClock(referee, clocked.report, clocked.graceMs, clocked.catchUpCap, clocked.beacon)
    : undefined;
  steps.clockStarted?.(clock);
  return {
    app,
    address,
    mail,
    clock,
    async stop() {
      await clock?.stop();
      await app.close();
      await mail?.stop();
    },
  };
}
