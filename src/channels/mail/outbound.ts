// The mail channel (issue 15): the Courier hands it each notice of the outbox, and it sends it by SMTP
// (nodemailer, one pooled transport for the process) to the notice's recipient: a player's registered
// address, a bare address (a receipt to an unknown sender), the Administrator's address, or the game's list.
// "All outbound mail goes through the outbox, threaded (In-Reply-To) and retried, never lost, never sent
// twice": the Courier retries and never loses; "never twice" is the receiver's dedup by the Message-ID, which
// is made from the notice alone, the same on every try and from every process.
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Notice, StoredNotice } from '../../engine/ports/index.js';
import type { Channel } from '../courier.js';
import { Undeliverable, Unreachable } from '../outcome.js';
import { OUTAGE_TOPIC } from './outage.js';
import type { MailSettings } from './settings.js';
import { domainOf, mailAddress } from './settings.js';
import { ownAddress } from './register.js';

/** A player's registered address (private: read from the store, never from the log). */
export type AddressOf = (game: string, player: string) => Promise<string | undefined>;

export interface MailChannelOptions {
  readonly settings: Pick<MailSettings, 'from' | 'smtp' | 'games'>;
  readonly addressOf: AddressOf;
  /** The channel's name in the store; default 'mail'. */
  readonly name?: string;
  /**
   * Writes notices to the outbox (Store.enqueue): the Administrator is told there of mail refused for good
   * to a player or the list. Without it, such refusals are only logged and kept in the outbox.
   */
  readonly enqueue?: (notices: readonly Notice[]) => Promise<unknown>;
  /** The operator's log (never a notice's text); default none. */
  readonly log?: (line: string) => void;
  /** The clock the Administrator's notices are dated by; default Date.now. */
  readonly now?: () => number;
  /** SMTP timeouts (ms); a send that takes longer fails and is retried. Default 30 s. */
  readonly timeoutMs?: number;
  /**
   * The transport the composed mail goes through; default one pooled SMTP transport over `settings.smtp`.
   * The outbound-leak campaign (bench/campaigns/outbound-leaks.ts) gives one that keeps each message's bytes,
   * so that it compares exactly what SMTP would carry.
   */
  readonly transport?: Transporter;
}

/** Who a notice goes to, as an address, or why it has none. */
type Recipient = { readonly address: string } | { readonly none: string };

/**
 * The Message-ID of a notice's mail: `<game.sha256(key)@domain>`, stable across tries and processes (the
 * receiver drops a copy by it). The key is hashed so that the Message-ID carries no words of it; a key must
 * still hold nothing its recipient may not know, since a guessable key can be found from its hash (the
 * producers' keys hold only public facts and the recipient's own position).
 */
export function mailMessageId(notice: Pick<Notice, 'game' | 'key'>, from: string): string {
  const hash = createHash('sha256').update(notice.key, 'utf8').digest('hex');
  return `<${encodeURIComponent(notice.game)}.${hash}@${domainOf(from)}>`;
}

/** The notice's thread (the Message-ID it answers), read defensively: the field is optional and new. */
export function threadOf(notice: Notice): string | undefined {
  const thread = (notice as Notice & { readonly thread?: unknown }).thread;
  if (typeof thread !== 'string') return undefined;
  const id = thread.trim();
  if (!/^<?[^\s<>]+@[^\s<>]+>?$/.test(id)) return undefined;
  return id.startsWith('<') ? id : `<${id}>`;
}

/** An SMTP reply code of a nodemailer error, if the server gave one. */
const responseCode = (e: unknown): number | undefined => {
  const code = (e as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
};

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class MailChannel implements Channel {
  readonly name: string;
  private readonly transport: Transporter;
  private readonly settings: MailChannelOptions['settings'];

  constructor(private readonly options: MailChannelOptions) {
    this.name = options.name ?? 'mail';
    this.settings = options.settings;
    const smtp = options.settings.smtp;
    const timeout = options.timeoutMs ?? 30_000;
    // Created once and pooled: a burst of notices (an nweek's end) reuses a few SMTP connections.
    this.transport =
      options.transport ??
      nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure ?? false,
        ...(smtp.user !== undefined ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
        pool: true,
        maxConnections: 2,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      });
  }

  /**
   * Every recipient kind mail can reach; one without an address is marked with the reason (deliver). Not the
   * notices of mail's own outage (issue 23 item 9): they are for the other channels, sent while mail fails.
   */
  accepts(notice: StoredNotice): boolean {
    if (notice.topic === OUTAGE_TOPIC) return false;
    return (
      notice.to === 'admin' ||
      notice.to === 'public' ||
      notice.to.startsWith('player:') ||
      notice.to.startsWith('address:')
    );
  }

  async deliver(notice: StoredNotice): Promise<void> {
    const recipient = await this.recipient(notice);
    if ('none' in recipient) {
      // Not retried for ever: no address now means none on the next try either, until someone registers one.
      this.options.log?.(
        `mail: ${notice.game} notice ${notice.id} to ${notice.to} not sent: ${recipient.none}`,
      );
      throw new Undeliverable(`not sent: ${recipient.none}`);
    }
    try {
      await this.transport.sendMail(this.message(notice, recipient.address));
    } catch (e) {
      const code = responseCode(e);
      // No answer at all (refused, timed out, cut) or 421 ("service not available"): the server, not this
      // notice; the Courier probes it until it answers (issue 23 item 9). nodemailer's own refusals of a
      // message (EENVELOPE, EMESSAGE) are this notice's.
      const kind = (e as { code?: unknown } | null)?.code;
      if (code === 421 || (code === undefined && kind !== 'EENVELOPE' && kind !== 'EMESSAGE'))
        throw new Unreachable(`the mail server does not answer: ${oneLine(errorText(e)).slice(0, 300)}`);
      // A refused login (530, 534, 535: EAUTH) is the operator's settings, not this notice: a wrong password
      // must not mark every notice undeliverable for good. The server is treated as down (probed, and the
      // Administrator told after the outage's minutes) until the settings are mended.
      if (kind === 'EAUTH' || code === 530 || code === 534 || code === 535)
        throw new Unreachable(
          `the mail server refuses the referee's login: ${oneLine(errorText(e)).slice(0, 300)}`,
        );
      if (code === undefined || code < 500 || code > 599) throw e; // another 4xx: this notice's own trouble, try again later
      const reason = oneLine(e instanceof Error ? e.message : String(e)).slice(0, 300);
      this.options.log?.(
        `mail: ${notice.game} notice ${notice.id} to ${notice.to} refused for good: ${reason}`,
      );
      await this.tellAdministrator(notice, recipient.address, reason);
      throw new Undeliverable(`refused for good: ${reason}`);
    }
  }

  /**
   * Whether the SMTP server answers: a connection of its own, the greeting, EHLO and the login if any
   * (nodemailer's verify), within the channel's timeouts; nothing is sent.
   */
  async probe(): Promise<void> {
    await this.transport.verify();
  }

  /** Closes the pooled SMTP connections. */
  close(): void {
    this.transport.close();
  }

  private async recipient(notice: Notice): Promise<Recipient> {
    const game = this.settings.games[notice.game];
    if (notice.to === 'admin')
      return game?.admin
        ? { address: game.admin }
        : { none: `no admin address for ${notice.game} in the settings` };
    if (notice.to === 'public')
      return game?.list
        ? { address: game.list }
        : { none: `no list address for ${notice.game} in the settings` };
    if (notice.to.startsWith('address:')) {
      const parsed = mailAddress.safeParse(notice.to.slice('address:'.length));
      return parsed.success ? this.personal(parsed.data) : { none: 'not a usable address' };
    }
    if (notice.to.startsWith('player:')) {
      const name = notice.to.slice('player:'.length);
      const address = await this.options.addressOf(notice.game, name);
      return address ? this.personal(address) : { none: `${name} has registered no address` };
    }
    return { none: `mail does not carry notices to ${notice.to}` };
  }

  /**
   * A personal notice (a receipt, a player's news, a confirmation code) never goes to the referee's or a
   * game's own address (ruling M10): a code mailed to the list would let any reader confirm it, a player's
   * news there would be public, and mail to the referee loops. Checked here, where the settings always are,
   * whatever registered the address.
   */
  private personal(address: string): Recipient {
    const own = ownAddress(this.settings, address);
    return own === undefined ? { address } : { none: `${own} is never a player's` };
  }

  private message(notice: Notice, to: string): SendMailOptions {
    const from = this.settings.from;
    const thread = threadOf(notice);
    const isPublic = notice.to === 'public';
    const privateAddress = this.settings.games[notice.game]?.private;
    return {
      from,
      to,
      subject: oneLine(notice.subject),
      text: notice.text,
      textEncoding: 'quoted-printable',
      messageId: mailMessageId(notice, from),
      date: new Date(notice.at),
      ...(thread ? { inReplyTo: thread, references: thread } : {}),
      // A reply to a private notice ("what do you want to do?") is a private message to the Administrator.
      ...(!isPublic && privateAddress ? { replyTo: privateAddress } : {}),
      headers: {
        // RFC 3834: mail made by a program; a receipt answers a message, the rest is generated. Responders
        // (vacation messages) must not answer either; the referee's own inbound drops both, and its own mail
        // by X-Loop.
        'Auto-Submitted': notice.topic === 'receipt' ? 'auto-replied' : 'auto-generated',
        'X-Loop': from,
        // Reports and public events go to many at once: bulk, so no one's autoresponder answers the list.
        // Private notices and receipts are personal mail and say nothing of the kind.
        ...(isPublic ? { Precedence: 'bulk' } : {}),
      },
    };
  }

  /**
   * Mail to a player or the list refused for good: the Administrator is told (once per notice: the key),
   * through the outbox like any notice. Not for mail to the Administrator (that would only be refused again)
   * nor to a bare address (a stranger's, for whom the refusal is no news).
   */
  private async tellAdministrator(notice: Notice, address: string, reason: string): Promise<void> {
    if (!this.options.enqueue || !(notice.to === 'public' || notice.to.startsWith('player:'))) return;
    const who = notice.to === 'public' ? 'the list' : notice.to.slice('player:'.length);
    await this.options.enqueue([
      {
        game: notice.game,
        key: `undeliverable:${this.name}:${notice.key}`,
        to: 'admin',
        topic: 'undeliverable',
        subject: `${notice.game}: mail to ${who} was refused`,
        text: [
          `The mail to ${who} <${address}>, "${oneLine(notice.subject)}", was refused for good:`,
          reason,
          'It will not be tried again. Check the address (a player registers a new one as e joined).',
        ].join('\n'),
        at: new Date((this.options.now ?? Date.now)()).toISOString(),
      },
    ]);
  }
}
