// The mailbox the referee reads (issue 15): each IMAP mailbox of the settings watched over its own
// connection (imapflow; IDLE while nothing is to be done, so a new message is seen as it arrives), each new
// message taken through the mail edge (`takeMail`, inbound.ts) and then flagged `$RefereeTaken` on the
// server. The flag is the durable "done": on every (re)connect the watcher takes every unflagged message in
// UID order, so a restart takes nothing twice that was flagged and misses nothing that was not. A message is
// flagged only after takeMail returned, so a store that fails (takeMail throws) leaves it unflagged for a
// later try (after a backoff). A crash between takeMail and the flag takes the message again: takeMail
// itself drops a message answered before (its receipt key) and its commands' ids are fixed by the
// Message-ID, so the second take does nothing. Connection errors reconnect with a backoff (1 s doubling to
// 5 min), and `stop()` ends it all.
import { ImapFlow } from 'imapflow';
import type { TimeSource } from '../../clock/time.js';
import { systemTime } from '../../clock/time.js';
import type { MailDoor } from '../../engine/ports/index.js';
import type { MailAuthOptions } from './auth.js';
import type { Outcome } from './inbound.js';
import { takeMail } from './inbound.js';
import type { InboundSettings, MailSettings } from './settings.js';

/** The IMAP keyword of a message the referee has taken. */
export const TAKEN = '$RefereeTaken';

export const WATCH_BACKOFF = { firstMs: 1000, maxMs: 5 * 60_000 } as const;

/** What the watcher tells its operator (no address in any of it). */
export type WatchReport =
  | { readonly kind: 'taken'; readonly mailbox: string; readonly uid: number; readonly outcome: Outcome }
  | { readonly kind: 'store-failed'; readonly mailbox: string; readonly uid: number; readonly error: string }
  | {
      readonly kind: 'connection';
      readonly mailbox: string;
      readonly error: string;
      readonly retryMs: number;
    };

export interface WatcherOptions {
  readonly referee: MailDoor;
  /** The IMAP account and its mailboxes (MailSettings.imap). */
  readonly imap: MailSettings['imap'];
  /** What takeMail reads: the referee's address and the games' addresses. */
  readonly settings: InboundSettings;
  /** How signatures are verified (auth.ts; issue 23): always said by the caller (see InboundContext.auth). */
  readonly auth: MailAuthOptions;
  /** The instant a message is taken (ISO); the system's clock by default. */
  readonly now?: () => string;
  /** Backoff timers; the system's by default. */
  readonly time?: TimeSource;
  readonly report?: (report: WatchReport) => void;
}

/** Watches every mailbox of the settings; see the file's head. */
export class MailWatcher {
  private readonly boxes: BoxWatcher[];

  constructor(options: WatcherOptions) {
    this.boxes = options.imap.mailboxes.map((m) => new BoxWatcher(options, m));
  }

  /** Connects to every mailbox; resolves once each has taken the messages it held unflagged. */
  async start(): Promise<void> {
    await Promise.all(this.boxes.map((b) => b.start()));
  }

  /** Stops watching: the message being taken is finished (and flagged), then the connections close. */
  async stop(): Promise<void> {
    await Promise.all(this.boxes.map((b) => b.stop()));
  }
}

/** One mailbox over one connection. */
class BoxWatcher {
  private client: ImapFlow | undefined;
  private stopped = false;
  private failures = 0;
  private cancelRetry: (() => void) | undefined;
  /** The drain running now (at most one), and whether another was asked for while it ran. */
  private draining: Promise<void> | undefined;
  private again = false;
  private firstDrain: { resolve: () => void; promise: Promise<void> };

  constructor(
    private readonly options: WatcherOptions,
    private readonly mailbox: string,
  ) {
    let resolve = (): void => undefined;
    const promise = new Promise<void>((r) => (resolve = r));
    this.firstDrain = { resolve, promise };
  }

  private get time(): TimeSource {
    return this.options.time ?? systemTime;
  }

  async start(): Promise<void> {
    void this.connect();
    await this.firstDrain.promise;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRetry?.();
    this.firstDrain.resolve();
    await this.draining;
    const client = this.client;
    this.client = undefined;
    if (client?.usable) await client.logout().catch(() => client.close());
    else client?.close();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const { imap } = this.options;
    const client = new ImapFlow({
      host: imap.host,
      port: imap.port,
      secure: imap.secure ?? false,
      auth: { user: imap.user, pass: imap.pass },
      logger: false,
      // IDLE as soon as a drain is done (imapflow's default waits 15 s): a message arriving in that
      // window would wait for it, against the target of a receipt within 2 s. A drain's commands
      // follow one another without a pause, so IDLE never breaks into one.
      autoIdleDelay: 100,
    });
    this.client = client;
    // Errors also close the connection: the 'close' handler is where the watcher reconnects.
    client.on('error', () => undefined);
    client.on('close', () => {
      if (this.client === client) this.retry('the connection closed');
    });
    client.on('exists', () => this.drain());
    try {
      await client.connect();
      await client.mailboxOpen(this.mailbox);
    } catch (e) {
      if (this.client === client) {
        this.client = undefined;
        client.close();
        this.retry(e instanceof Error ? e.message : String(e));
      }
      return;
    }
    this.drain();
  }

  /** Reconnects after the backoff (once per failure: the old client is let go first). */
  private retry(error: string): void {
    const old = this.client;
    this.client = undefined;
    old?.close();
    if (this.stopped || this.cancelRetry) return;
    const retryMs = Math.min(WATCH_BACKOFF.firstMs * 2 ** this.failures, WATCH_BACKOFF.maxMs);
    this.failures++;
    this.options.report?.({ kind: 'connection', mailbox: this.mailbox, error, retryMs });
    this.cancelRetry = this.time.setTimer(retryMs, () => {
      this.cancelRetry = undefined;
      void this.connect();
    });
  }

  /** Takes the unflagged messages, one drain at a time (a new message during one runs another after). */
  private drain(): void {
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        await this.takeUnflagged();
      } while (this.again && !this.stopped);
      this.draining = undefined;
      this.firstDrain.resolve();
    })();
  }

  private async takeUnflagged(): Promise<void> {
    const client = this.client;
    if (!client || this.stopped) return;
    let uids: number[];
    try {
      uids = ((await client.search({ unKeyword: TAKEN }, { uid: true })) || []).sort((a, b) => a - b);
    } catch (e) {
      if (this.client === client) this.retry(e instanceof Error ? e.message : String(e));
      return;
    }
    for (const uid of uids) {
      if (this.stopped || this.client !== client) return;
      let raw: Buffer | undefined;
      try {
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!message) continue; // expunged meanwhile
        raw = message.source;
      } catch (e) {
        if (this.client === client) this.retry(e instanceof Error ? e.message : String(e));
        return;
      }
      if (!raw) continue;
      let outcome: Outcome;
      try {
        outcome = await takeMail(raw, {
          referee: this.options.referee,
          settings: this.options.settings,
          now: this.options.now ?? (() => new Date().toISOString()),
          auth: this.options.auth,
        });
      } catch (e) {
        // The store failed: the message stays unflagged and is taken again after the backoff, in order
        // (nothing after it is taken first).
        this.options.report?.({
          kind: 'store-failed',
          mailbox: this.mailbox,
          uid,
          error: e instanceof Error ? e.message : String(e),
        });
        this.retry('the store failed');
        return;
      }
      try {
        await client.messageFlagsAdd(String(uid), [TAKEN], { uid: true });
      } catch (e) {
        // Taken but not flagged: the next connection takes it again, and takeMail drops it as answered.
        if (this.client === client) this.retry(e instanceof Error ? e.message : String(e));
        return;
      }
      this.options.report?.({ kind: 'taken', mailbox: this.mailbox, uid, outcome });
    }
    // A whole drain went through: the next failure starts the backoff afresh.
    this.failures = 0;
  }
}
