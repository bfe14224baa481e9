// Telling of mail's own outage (issue 23 item 9): when every mail delivery has failed for a while, each game
// played by mail gets a notice to its Administrator (with how long, how many tries, and how many of the
// game's notices wait) and a public one (mail is delayed; nothing is lost), and again when mail goes through.
// They are written to the outbox like any notice, so the page shows them and the chat channel posts the
// public ones; the mail channel never carries them (OUTAGE_TOPIC): they are about mail failing, and would
// only wait behind it. Each is keyed by the outage's start, so telling twice (a retry) writes it once.
//
// Hidden stays hidden: nothing in them names another game, an address, or the server's own words (an SMTP
// reply may quote a recipient's address); counts are the game's own.
import type { Notice } from '../../engine/ports/index.js';
import { StoreError } from '../../engine/ports/index.js';
import type { OutageEvent } from '../health.js';

/** The topic of the outage's notices: channels other than mail carry them, mail never does. */
export const OUTAGE_TOPIC = 'mail-outage';

export interface OutageNoticeOptions {
  /** The games played by mail (the settings' games): each one's Administrator and public are told. */
  readonly games: () => readonly string[];
  readonly enqueue: (notices: readonly Notice[]) => Promise<unknown>;
  /** How many of a game's notices the channel has not delivered yet (Leases.undelivered). */
  readonly undelivered?: (channel: string, game: string, exceptTopic?: string) => Promise<number>;
  /** How often the server is probed while it does not answer (said in the Administrator's notice). */
  readonly probeMs: number;
}

/** "12 min", "1 h 5 min", "40 s". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h${min % 60 > 0 ? ` ${min % 60} min` : ''}`;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The notices telling one game of an outage event. */
export async function outageNotices(
  event: OutageEvent,
  game: string,
  options: Pick<OutageNoticeOptions, 'undelivered' | 'probeMs'>,
): Promise<Notice[]> {
  const since = new Date(event.since).toISOString();
  const at = new Date(event.at).toISOString();
  const waiting = await options.undelivered?.(event.channel, game, OUTAGE_TOPIC);
  const waits = waiting === undefined ? 'Its notices wait' : `${plural(waiting, 'notice')} of ${game} wait`;
  const common = { game, topic: OUTAGE_TOPIC, at };
  if (event.kind === 'failing') {
    const why =
      event.why === 'unreachable'
        ? `the mail server does not answer (it is tried again every ${duration(options.probeMs)})`
        : 'the mail server refuses it for now (a temporary refusal)';
    return [
      {
        ...common,
        key: `mail-outage:${event.channel}:${event.since}:admin`,
        to: 'admin',
        subject: `${game}: mail is failing`,
        text: [
          `No mail has gone out since ${since} (${duration(event.at - event.since)}, ${plural(event.failures, 'try', 'tries')}): ${why}.`,
          `${waits} in the outbox; nothing is lost: they are sent as soon as the server takes mail again, and you are told then.`,
          'Players read every notice on the game’s page meanwhile. `referee mail send` sends what waits at once.',
        ].join('\n'),
      },
      {
        ...common,
        key: `mail-outage:${event.channel}:${event.since}:public`,
        to: 'public',
        subject: `${game}: mail is delayed`,
        text: `Mail from the referee has not been going out since ${since}. Nothing is lost: it is sent as soon as the mail server takes it again. The game’s page shows every notice meanwhile.`,
      },
    ];
  }
  return [
    {
      ...common,
      key: `mail-recovered:${event.channel}:${event.since}:admin`,
      to: 'admin',
      subject: `${game}: mail is going out again`,
      text: [
        `Mail failed from ${since} to ${at} (${duration(event.at - event.since)}, ${plural(event.failures, 'try', 'tries')}).`,
        `${waits} to be sent; they are being sent now.`,
      ].join('\n'),
    },
    {
      ...common,
      key: `mail-recovered:${event.channel}:${event.since}:public`,
      to: 'public',
      subject: `${game}: mail is going out again`,
      text: `Mail from the referee is going out again; what waited since ${since} is being sent now.`,
    },
  ];
}

/**
 * The Courier's onOutage for the mail channel: each game's notices written, one game at a time (a game named
 * in the settings but not created yet has none, and is passed).
 */
export function tellOutage(options: OutageNoticeOptions): (event: OutageEvent) => Promise<void> {
  return async (event) => {
    for (const game of options.games()) {
      try {
        await options.enqueue(await outageNotices(event, game, options));
      } catch (e) {
        if (!(e instanceof StoreError && e.code === 'unknown-game')) throw e;
      }
    }
  };
}
