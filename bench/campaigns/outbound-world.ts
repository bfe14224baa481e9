// The outbound side of one world of the outbound-leak campaign (outbound-leaks.ts): what `referee serve --mail`
// runs around a game (src/cli/serve-mail.ts), on the world's own store and in simulated time, with only the
// far ends replaced by recorders that keep every byte.
//
// - Every command's notices are made as serve --mail makes them: the Referee's default notices are
//   `producerNotices` (private news, nweek reports), for the game the settings name.
// - The game has a schedule, kept by the real Clockwork (src/clock) on a SimulatedTime: it fires each boundary's
//   tick (with the deadline notices of the wait it ends) and writes the reminders before each deadline. The
//   campaign's worlds roll manual dice, so before a boundary comes due the world queues the dice its tick
//   will consume (World.givenBy), as an Administrator keeping manual dice would.
// - One real Courier per channel delivers the outbox: the real MailChannel, composing each message with
//   nodemailer exactly as for SMTP, through a transport that keeps the envelope and the message's bytes
//   instead of dialling a server; and the real ChatChannel, posting to a Discord webhook and a generic JSON
//   webhook served on loopback by a recorder that keeps each request's line, headers and body.
// - Mail comes in through `takeMail` (src/channels/mail/inbound.ts), the function the IMAP watcher feeds, so
//   posts by mail are acted on and answered with receipts.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import type { Transport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import PostalMime from 'postal-mime';
import { ChatChannel } from '../../src/channels/chat.js';
import { producerNotices } from '../../src/channels/command-notices.js';
import { Courier } from '../../src/channels/courier.js';
import type { Channel } from '../../src/channels/courier.js';
import { mailAuthOf } from '../../src/channels/mail/auth.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { hashPhrase } from '../../src/channels/mail/phrase.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import type { MailSettings } from '../../src/channels/mail/settings.js';
import { Clockwork } from '../../src/clock/clockwork.js';
import type { ClockReport } from '../../src/clock/clockwork.js';
import { tickAt } from '../../src/clock/commands.js';
import { nextToFire } from '../../src/clock/plan.js';
import { SimulatedTime } from '../../src/clock/time.js';
import { GAME } from './non-interference-world.js';
import type { World } from './non-interference-world.js';
import { insidesOf } from '../../src/engine/insides.js';

export const REFEREE = 'referee@referee.test';
/** The game's list: its binding Public Forum, and where its public notices and reports go. */
export const LIST = 'nomic@lists.test';
/**
 * The referee's subscription to the list (issue 23): the list alone writes to it, and the referee's own mail
 * server writes the topmost Delivered-To on what it delivers there, the forum's delivery proof (ruling M8).
 */
export const LIST_INBOX = 'nomic-list@referee.test';
export const PRIVATE = 'moderator@referee.test';
export const ADMIN_ADDRESS = 'admin@referee.test';
/** Someone no player registered: mail from em is answered, never acted on. */
export const STRANGER = 'zed@outside.test';
export const addressOf = (name: string): string => `${name}@players.test`;
/** The phrase of the player who registered one (ruling M1: e acts by private mail only). */
const OFFLINE = mailAuthOf({ dns: { txt: {}, system: false } });

export const PHRASE = 'seven quiet herons wade at noon';

/** One message as it left the referee. */
export interface Sent {
  readonly channel: 'mail' | 'chat';
  /** The notice it carries: its topic (receipt, private, report, reminder, …), for the figures. */
  readonly topic: string;
  /** Who it reached: 'public', 'admin', a player's name, or the bare address of someone else. */
  readonly to: string;
  /** Exactly what went on the wire: the SMTP envelope and the message's bytes; the webhook request. */
  readonly wire: string;
  /** The raw message (mail) or the request body (chat), for reading it as its reader does. */
  readonly body: Buffer;
}

/** What a reader reads of a message: mail decoded by a MIME parser (subject and text), a webhook's body. */
export async function readable(s: Sent): Promise<string> {
  if (s.channel === 'chat') {
    const body = JSON.parse(s.body.toString('utf8')) as Record<string, unknown>;
    return [body.content, body.subject, body.text].filter((x) => typeof x === 'string').join('\n');
  }
  const email = await PostalMime.parse(s.body);
  return [email.subject ?? '', email.text ?? ''].join('\n');
}

/** A schedule of the game, as the Administrator's public `schedule` command takes it. */
export type ScheduleArgs = Readonly<Record<string, string | number | readonly number[]>>;

export class Outbound {
  /** Every message sent, in the order it was sent. */
  readonly sent: Sent[] = [];
  /** Boundaries the clock did not fire when they came due (refused, or the game dropped): should be none. */
  readonly stuck: string[] = [];
  private readonly couriers: Courier[];
  private readonly book = new Map<string, string>();

  private constructor(
    readonly world: World,
    readonly time: SimulatedTime,
    readonly settings: MailSettings,
    private readonly clock: Clockwork,
    private readonly hooks: Server,
    private readonly mail: MailChannel,
    chat: ChatChannel,
    /** What the clock reported (fired, refused, …), for the campaign's figures. */
    readonly reports: readonly ClockReport[],
  ) {
    const store = insidesOf(world.referee).store;
    // The Couriers' own timers (retries, polling) are left long: each step wakes them and waits for them.
    const options = { pollMs: 86_400_000, leaseMs: 3_600_000 };
    this.couriers = [
      new Courier(store, this.watched(mail), time, options),
      new Courier(store, this.watched(chat), time, options),
    ];
    this.book.set(LIST, 'public');
    this.book.set(ADMIN_ADDRESS, 'admin');
  }

  /** Sets up serve --mail's parts around a world just opened (before its game is created). */
  static async open(world: World, start: string): Promise<Outbound> {
    const time = new SimulatedTime(start);
    // The recorders report to the Outbound made below (nothing is sent before it is).
    const made: { outbound?: Outbound } = {};
    const hooks = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const headers = ['content-type', 'idempotency-key'].map(
          (h) => `${h}: ${String(req.headers[h] ?? '')}`,
        );
        made.outbound?.sent.push({
          channel: 'chat',
          topic: made.outbound.delivering.get('chat') ?? '?',
          to: 'public',
          wire: `${req.method ?? '?'} ${req.url ?? '?'}\n${headers.join('\n')}\n\n${body.toString('utf8')}`,
          body,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(req.url?.startsWith('/discord') ? '{"id":"1"}' : '{}');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
    const settings = parseMailSettings({
      from: REFEREE,
      // Never dialled: the transport below keeps the messages instead.
      smtp: { host: '127.0.0.1', port: 25 },
      imap: { host: '127.0.0.1', port: 143, user: 'referee', pass: 'unused' },
      games: {
        [GAME]: {
          forums: [LIST],
          proofs: { [LIST]: { proof: 'delivery', address: LIST_INBOX } },
          private: PRIVATE,
          list: LIST,
          admin: ADMIN_ADDRESS,
          chat: [
            { kind: 'discord', url: `${base}/discord` },
            { kind: 'json', url: `${base}/json` },
          ],
        },
      },
    });
    // A transport that composes the message as SMTP would carry it and keeps it, answering as a server that
    // accepted it for every recipient.
    const wire: Transport<SMTPTransport.SentMessageInfo> = {
      name: 'wire',
      version: '1',
      send(mail, callback) {
        const envelope = mail.message.getEnvelope();
        mail.message.build((failed, raw) => {
          const info: SMTPTransport.SentMessageInfo = {
            envelope,
            messageId: mail.message.messageId(),
            accepted: failed ? [] : envelope.to,
            rejected: [],
            pending: [],
            response: failed ? '' : '250 kept',
            envelopeTime: 0,
            messageTime: 0,
            messageSize: failed ? 0 : raw.length,
          };
          if (failed) return callback(failed, info);
          made.outbound?.sent.push({
            channel: 'mail',
            topic: made.outbound.delivering.get('mail') ?? '?',
            to: envelope.to.map((a) => made.outbound?.recipient(a) ?? a).join(', '),
            wire: `MAIL FROM:<${envelope.from || ''}>\n${envelope.to.map((a) => `RCPT TO:<${a}>`).join('\n')}\n\n${raw.toString('utf8')}`,
            body: raw,
          });
          callback(null, info);
        });
      },
    };
    const referee = world.referee;
    const mail = new MailChannel({
      settings,
      addressOf: (game, player) => referee.directory.addressOf(game, player),
      enqueue: (notices) => referee.outbox.enqueue(notices),
      transport: nodemailer.createTransport(wire),
    });
    const chat = new ChatChannel({
      webhooks: (game) => settings.games[game]?.chat ?? [],
      store: insidesOf(referee).store,
    });
    const reports: ClockReport[] = [];
    const clock = new Clockwork({ referee, time, heartbeatMs: 3_600_000, report: (r) => reports.push(r) });
    const outbound = new Outbound(world, time, settings, clock, hooks, mail, chat, reports);
    made.outbound = outbound;
    // As serve --mail: every command of the game the settings name makes its notices.
    referee.setNotices(
      producerNotices({
        kernel: insidesOf(referee).kernel,
        store: insidesOf(referee).store,
        game: (game) => Object.hasOwn(settings.games, game),
        now: () => new Date(time.now()).toISOString(),
      }),
    );
    for (const c of outbound.couriers) await c.start();
    await clock.start();
    return outbound;
  }

  /** The topic of the notice each channel is delivering (a Courier delivers one at a time). */
  private readonly delivering = new Map<string, string>();

  /** The channel, telling the recorders which notice they are recording. */
  private watched(channel: Channel): Channel {
    return {
      name: channel.name,
      accepts: (n) => channel.accepts(n),
      deliver: async (n) => {
        this.delivering.set(channel.name, n.topic);
        try {
          await channel.deliver(n);
        } finally {
          this.delivering.delete(channel.name);
        }
      },
    };
  }

  /** Who an address is: 'public' (the list), 'admin', a player's name; anyone else by eir address. */
  recipient(address: string): string {
    return this.book.get(address.toLowerCase()) ?? address.toLowerCase();
  }

  /**
   * Registers the players' addresses; `withPhrase` also a secret phrase (e then acts by private mail). Straight
   * into the store, as the Administrator's registration without confirmation does (ruling M10, `referee address
   * --unconfirmed`): this campaign is about what goes out, not about claims (forgery-addresses.ts).
   */
  async register(players: readonly string[], withPhrase?: string): Promise<void> {
    const store = insidesOf(this.world.referee).store;
    for (const p of players) {
      const phrase = p === withPhrase ? await hashPhrase(PHRASE) : null;
      await store.setAddress(GAME, p, addressOf(p), phrase);
      this.book.set(addressOf(p), p);
    }
  }

  /** The mail channel's and the chat channel's Couriers deliver everything due, and the clock is at rest. */
  async settle(): Promise<void> {
    await this.clock.idle();
    for (const c of this.couriers) {
      c.wake();
      await c.idle();
    }
  }

  /** One message taken in as the IMAP watcher takes it, its sentences' dice queued as for a forum post. */
  async take(raw: Buffer, step: number): Promise<Outcome> {
    const outcome = await this.world.asPost(step, () =>
      takeMail(raw, {
        referee: this.world.referee,
        settings: this.settings,
        now: () => new Date(this.time.now()).toISOString(),
        // No network: the players' domains publish nothing (an offline resolver), so they do not sign (M9).
        auth: OFFLINE,
      }),
    );
    await this.settle();
    return outcome;
  }

  /** The next boundary the clock will fire, if any. */
  async nextBoundary(): Promise<{ at: number; nweek: boolean } | undefined> {
    return nextToFire(await this.world.referee.state(GAME));
  }

  /**
   * Lets `ms` of simulated time pass: the clock writes the reminders that fall due and fires each boundary
   * (at most `limit`), the dice of each tick queued just before it comes due. Answers the boundaries fired.
   */
  async pass(ms: number, limit = 8): Promise<number> {
    const end = this.time.now() + ms;
    let fired = 0;
    for (;;) {
      const boundary = nextToFire(await this.world.referee.state(GAME));
      if (!boundary || boundary.at > end || fired >= limit) break;
      // Up to just before it: the reminders before the deadline are written at their own instants.
      if (boundary.at - 1 > this.time.now()) await this.run(boundary.at - 1 - this.time.now());
      await this.world.givenBy(tickAt(boundary), () => this.run(Math.max(0, boundary.at - this.time.now())));
      fired += 1;
      const after = nextToFire(await this.world.referee.state(GAME));
      if (after?.iso === boundary.iso) {
        this.stuck.push(boundary.iso);
        break;
      }
    }
    if (end > this.time.now()) await this.run(end - this.time.now());
    await this.settle();
    return fired;
  }

  private run(ms: number): Promise<void> {
    return this.time.run(ms, () => this.settle());
  }

  async close(): Promise<void> {
    await this.clock.stop();
    for (const c of this.couriers) await c.stop();
    this.world.referee.setNotices(undefined);
    this.mail.close();
    await new Promise<void>((resolve) => this.hooks.close(() => resolve()));
  }
}

/** A message as a mail server hands it to the referee (CRLF lines). */
export function inboundMail(parts: {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly id: string;
  readonly date: number;
  readonly body: string;
}): Buffer {
  const head = [
    // What the list delivers reaches the referee at its subscription address (the delivery proof).
    // (The referee's server writes Delivered-To above its own Received, as Postfix's local delivery does.)
    ...(parts.to === LIST
      ? [`Delivered-To: ${LIST_INBOX}`, 'Received: from lists.test by mx.referee.test with ESMTP']
      : []),
    `From: ${parts.from}`,
    `To: ${parts.to}`,
    `Subject: ${parts.subject}`,
    `Date: ${new Date(parts.date).toUTCString()}`,
    `Message-ID: ${parts.id}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${parts.body.replace(/\r?\n/g, '\r\n')}\r\n`);
}
