// The long-running rooms a server starts, wired in the composition root (issue 28 item 3): the clock over the
// Referee, and the delivery channels with their Couriers. A new channel (a chat medium) plugs in here.
//
// `referee serve --mail FILE` (issue 15): the operator's mail settings loaded, the games they name marked as
// played by mail, so every command of theirs, here or in any other process, makes its notices (private news,
// nweek reports: by-mail.ts), and a Courier per channel sends them: 'mail' always, 'chat' when some game has
// chat webhooks; and the IMAP mailboxes of the settings are read (src/channels/mail/watcher.ts), so players
// act by mail and get their receipts.
import { ChatChannel } from '../channels/chat.js';
import { Courier } from '../channels/courier.js';
import type { Channel } from '../channels/courier.js';
import { mailAuthOf } from '../channels/mail/auth.js';
import { MailChannel } from '../channels/mail/outbound.js';
import { MailWatcher } from '../channels/mail/watcher.js';
import type { MailSettings } from '../channels/mail/settings.js';
import { systemTime } from '../clock/time.js';
import { HEALTH_DEFAULTS } from '../channels/health.js';
import type { HealthOptions } from '../channels/health.js';
import { tellOutage } from '../channels/mail/outage.js';
import { leasesOfOutbox } from '../engine/ports/index.js';
import type { ClockDoor, MailDoor, People } from '../engine/ports/index.js';
import type { WatchReport } from '../channels/mail/watcher.js';
import type { ClockReport } from '../clock/clockwork.js';
import { CLOCK_DEFAULTS, Clockwork } from '../clock/clockwork.js';
import { playByMail } from './by-mail.js';
import { DRAND_RELAYS, RELAY_DEFAULTS, fetchRound } from '../node/beacon-relays.js';
import type { BeaconFetching } from '../clock/beacon-fetching.js';

export interface MailService {
  readonly settings: MailSettings;
  /** The channels started, by name ('mail', 'chat'). */
  readonly channels: readonly string[];
  /** Stops reading mail, then the Couriers once the deliveries in flight end, then closes the SMTP transport. */
  stop(): Promise<void>;
}

/**
 * Starts the delivery of notices over the settings' channels and the reading of their mailboxes; `report` is
 * told what each mail read came to (the command line prints it).
 */
export async function startMail(
  referee: MailDoor & Pick<People, 'roster'>,
  settings: MailSettings,
  report: (r: WatchReport) => void,
): Promise<MailService> {
  const log = (line: string) => console.error(line);
  const games = settings.games;
  await playByMail(referee, settings);
  const mail = mailChannel(referee, settings, log);
  const channels: Channel[] = [mail];
  if (Object.values(games).some((g) => g.chat.length > 0))
    channels.push(new ChatChannel({ webhooks: (game) => games[game]?.chat ?? [], store: referee.outbox }));
  const health = mailHealth(referee, settings, log);
  const couriers = channels.map(
    (channel) =>
      new Courier(referee.outbox, channel, systemTime, {
        // The operator's log: which notice waits and why, never its text (it may be private).
        onError: (n, e) =>
          log(`${channel.name}: notice ${n.id} of ${n.game} not sent yet: ${(e as Error).message}`),
        onTakenBack: (claimant, n) =>
          log(`${channel.name}: ${n} delivery(ies) taken back from ${claimant}, a process that is gone`),
        // Mail failing for a while is told by the other channels (issue 23 item 9).
        ...(channel === mail ? { health } : {}),
      }),
  );
  for (const c of couriers) await c.start();
  // Last, so that a receipt for mail waiting in the mailbox finds its Courier running.
  const watcher = mailWatcher(referee, settings, report);
  await watcher.start();
  return {
    settings,
    channels: channels.map((c) => c.name),
    async stop() {
      await watcher.stop();
      await Promise.all(couriers.map((c) => c.stop()));
      mail.close();
    },
  };
}

/**
 * The mail channel over the settings' SMTP server: players' private addresses from the directory, and the
 * notices it writes (a bounce's word to the Administrator) into the outbox. `serve --mail` and `mail send`.
 */
export function mailChannel(
  referee: Pick<MailDoor, 'directory' | 'outbox'>,
  settings: MailSettings,
  log?: (line: string) => void,
): MailChannel {
  return new MailChannel({
    settings,
    addressOf: (game, player) => referee.directory.addressOf(game, player),
    enqueue: (notices) => referee.outbox.enqueue(notices),
    ...(log ? { log } : {}),
  });
}

/** The reading of the settings' IMAP mailboxes, each message taken as mail (`serve --mail`, `mail watch`). */
export function mailWatcher(
  referee: MailDoor,
  settings: MailSettings,
  report: (r: WatchReport) => void,
): MailWatcher {
  return new MailWatcher({ referee, imap: settings.imap, settings, auth: mailAuthOf(settings), report });
}

/** The mail Courier's health settings (issue 23 item 9): the settings' outage, told to every game's Administrator. */
function mailHealth(
  referee: Pick<MailDoor, 'outbox'>,
  settings: MailSettings,
  log: (line: string) => void,
): HealthOptions {
  const outageMs = (settings.outage?.afterMinutes ?? HEALTH_DEFAULTS.outageMs / 60_000) * 60_000;
  const probeMs = (settings.outage?.probeSeconds ?? HEALTH_DEFAULTS.probeMs / 1000) * 1000;
  const leases = leasesOfOutbox(referee.outbox);
  const tell = tellOutage({
    games: () => Object.keys(settings.games),
    enqueue: (notices) => referee.outbox.enqueue(notices),
    ...(leases ? { undelivered: (channel, game, except) => leases.undelivered(channel, game, except) } : {}),
    probeMs,
  });
  return {
    outageMs,
    probeMs,
    onOutage: async (event) => {
      log(
        event.kind === 'failing'
          ? `mail: every delivery has failed since ${new Date(event.since).toISOString()}; the Administrators are told`
          : `mail: going out again after failing since ${new Date(event.since).toISOString()}`,
      );
      await tell(event);
    },
  };
}

/** The relays the clock fetches beacon rounds from (issue 26, B8): drand's public ones unless given. */
export interface BeaconRelaySettings {
  readonly relays?: readonly string[];
  /** Each relay's time-out, ms (B3). */
  readonly timeoutMs?: number;
  /** The most bytes a relay's answer may have (B3). */
  readonly maxBytes?: number;
}

/** The clock's way to the beacon: the relays asked in turn, each answer verified (src/node/beacon-relays.ts). */
export function beaconFetching(settings: BeaconRelaySettings = {}): BeaconFetching {
  const relays = settings.relays ?? DRAND_RELAYS;
  const timeoutMs = settings.timeoutMs ?? RELAY_DEFAULTS.timeoutMs;
  const maxBytes = settings.maxBytes ?? RELAY_DEFAULTS.maxBytes;
  return { fetch: (chain, round, now) => fetchRound(chain, round, { relays, timeoutMs, maxBytes, now }) };
}

/** Starts the system clock's Clockwork over a referee; resolves once every scheduled game is found. */
export async function startClock(
  referee: ClockDoor,
  report: (r: ClockReport) => void,
  graceMs: number,
  catchUpCap: number = CLOCK_DEFAULTS.catchUpCap,
  beacon: BeaconRelaySettings = {},
): Promise<Clockwork> {
  const clock = new Clockwork({
    referee,
    time: systemTime,
    report,
    graceMs,
    catchUpCap,
    beacon: beaconFetching(beacon),
  });
  await clock.start();
  return clock;
}
