// The Courier: delivers the durable outbox (issue 14) on one channel. It claims the notices due on its
// channel (leased, oldest first), hands each to the channel, and marks it delivered, or deferred with a
// backoff that doubles from 30 s up to 1 h. Nothing is lost: a notice stays in the store until a mark says
// it was delivered, and a courier that dies mid-delivery leaves its lease behind. Each claim records the
// claiming process (claimant.ts), so that a courier starting, and each round after, gives back at once the
// leases of a process known to be gone (issue 23 item 6: gone from this machine's /proc, or, on PostgreSQL,
// its session lock free); a lease whose holder cannot be judged runs out as before, and another (or the same,
// restarted) courier takes it again then. Delivery is therefore at least once: a notice delivered whose mark was lost is
// delivered again, with the same message id (see messageId), by which the receiver drops the copy.
//
// It wakes when the store tells it notices were written ('notice', from any process: on PostgreSQL by NOTIFY,
// on SQLite by the store's lookout for other connections' commits, which it holds while it runs) and on a
// timer (retries come due, leases of dead couriers run out, a missed notification is caught up). Time is
// injected: tests drive a simulated clock, and the store's leases and retry times are on the same clock.
import type { ClaimedNotice, Notice, Outbox, StoredNotice } from '../engine/ports/index.js';
import type { Leases } from '../engine/ports/index.js';
import { leasesOfOutbox } from '../engine/ports/index.js';
import { liveness, ownClaimant } from './claimant.js';
import { Health } from './health.js';
import type { HealthOptions } from './health.js';
import { RetryLater, Undeliverable } from './outcome.js';

/** The time the courier keeps (the shape of src/clock/time.ts's TimeSource: a real and a simulated one). */
export interface TimeSource {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once after `ms`; the answer cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

/** Where notices go: the page's live stream reads the store itself; mail, chat, a webhook are channels. */
export interface Channel {
  /** The channel's name in the store ('mail', 'chat', 'webhook:ops', …): its delivery state is kept by it. */
  readonly name: string;
  /** Whether this channel carries the notice (a chat channel: the public ones only); the others are passed. */
  accepts(notice: StoredNotice): boolean;
  /**
   * Delivers, or throws: the notice is then tried again later (after RetryLater's wait if it throws one,
   * else after the Courier's backoff), or, if it throws Undeliverable, marked with the failure kept and
   * never tried again. Must carry messageId(notice).
   */
  deliver(notice: StoredNotice): Promise<void>;
  /**
   * Optional: resolves if the receiver answers at all (mail: the SMTP server greets and takes our EHLO and
   * login), without delivering anything. A channel that has it may throw Unreachable from deliver: the
   * Courier then probes instead of delivering until the receiver answers (health.ts, issue 23 item 9).
   */
  probe?(): Promise<void>;
}

/**
 * The stable id of a notice's message, the same on every try and from every process: the receiver
 * dedupes by it. Made of the game and the notice's key (unique in the game), never of the store's id.
 */
export function messageId(notice: Notice): string {
  return `${notice.game}/${notice.key}`;
}

export interface CourierOptions {
  /** How long a claimed notice is the courier's before another may take it; default 5 min. */
  readonly leaseMs?: number;
  /**
   * Notices claimed (and leased) at once; default 1: each lease then covers one delivery, and after a crash
   * the notices come in the order they were written (a batch leased by a dead courier would come back only
   * when its lease ends, after younger ones). Raise it for throughput.
   */
  readonly batch?: number;
  /** The first retry's wait; each next one doubles it; default 30 s. */
  readonly backoffMs?: number;
  /** The longest wait between retries; default 1 h. */
  readonly maxBackoffMs?: number;
  /** The timer's period when nothing else wakes the courier; default 30 s. */
  readonly pollMs?: number;
  /** Told of each failed delivery (for the operator's log); never of a notice's text. */
  readonly onError?: (notice: StoredNotice, error: unknown) => void;
  /**
   * The id its claims record as their leases' holder; default this process's (claimant.ts). Every courier of
   * a process shares it: a process never judges its own leases gone.
   */
  readonly claimant?: string;
  /** Told when leases of a process known to be gone were taken back (for the operator's log). */
  readonly onTakenBack?: (claimant: string, deliveries: number) => void;
  /** Told of each notice delivered (the operator's `referee mail send` prints it); never of its text. */
  readonly onDelivered?: (notice: StoredNotice) => void;
  /** When a failing channel is told of to the Administrator, and how often a silent receiver is probed. */
  readonly health?: HealthOptions;
}

const DEFAULTS = {
  leaseMs: 5 * 60_000,
  batch: 1,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
  pollMs: 30_000,
};

/** The wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 1 h. */
export function backoff(attempts: number, first = DEFAULTS.backoffMs, max = DEFAULTS.maxBackoffMs): number {
  return Math.min(max, first * 2 ** Math.min(30, Math.max(0, attempts - 1)));
}

export class Courier {
  private readonly options: typeof DEFAULTS & Pick<CourierOptions, 'onError' | 'onTakenBack' | 'onDelivered'>;
  /** Whether deliveries fail, and whether the receiver answers (health.ts). */
  readonly health: Health;
  private readonly claimant: string;
  private readonly leases: (Outbox & Leases) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private cancelTimer: (() => void) | undefined;
  private unwatch: (() => Promise<void>) | undefined;
  /** The store's lookout for notices other processes write (Store.lookForOthers), held while running. */
  private lookout: (() => void) | undefined;
  private stopped = true;
  /** The earliest retry time this courier set that has not come yet: the timer wakes it then. */
  private retryAt: number | undefined;
  /** Delivered here since start (for tests and the operator). */
  delivered = 0;

  constructor(
    private readonly store: Outbox,
    private readonly channel: Channel,
    private readonly time: TimeSource,
    options: CourierOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.claimant = options.claimant ?? ownClaimant();
    this.leases = leasesOfOutbox(store);
    const probe = channel.probe?.bind(channel);
    this.health = new Health(channel.name, probe, options.health);
  }

  /**
   * Registers the channel (so every notice written from now on is delivered on it), listens for new
   * notices, and delivers what is due. Resolves once registered and listening.
   */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.store.openChannel(this.channel.name);
    await this.leases?.enlist?.(this.claimant);
    this.unwatch = await this.store.watch?.((change) => {
      if (change.kind === 'notice' || change.kind === 'resync') this.wake();
    });
    // A shell's `referee tick` beside `serve --mail` on one SQLite file: its notices go out within the
    // store's poll, not at the next 30-second look.
    this.lookout = this.store.lookForOthers?.();
    this.wake();
  }

  /** Stops waking; resolves once the round under way (if any) has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.lookout?.();
    this.lookout = undefined;
    await this.unwatch?.();
    this.unwatch = undefined;
    await this.running;
  }

  /** Starts a round now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.running = this.round()
      .catch(() => undefined) // the store unreachable: the timer tries again
      .then((next) => {
        this.running = undefined;
        // The retry this round set is kept before anything else: a round run again at once (woken meanwhile)
        // finds nothing due and answers none, and the retry must not be forgotten (it was, until issue 15's
        // 429 test: the notice then waited for the 30 s poll).
        const now = this.time.now();
        if (this.retryAt !== undefined && this.retryAt <= now) this.retryAt = undefined;
        if (next !== undefined) this.retryAt = Math.min(this.retryAt ?? next, next);
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          return this.wake();
        }
        const wait = Math.max(
          0,
          Math.min(
            this.options.pollMs,
            (this.retryAt ?? Infinity) - now,
            (this.health.nextLook() ?? Infinity) - now,
          ),
        );
        this.cancelTimer = this.time.setTimer(wait, () => this.wake());
      });
  }

  /** Resolves once no round runs (tests: after waking or advancing the clock). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Claims and delivers until nothing is due. Answers the earliest retry it set (ms), if any, so the timer
   * wakes then.
   */
  /**
   * One pass, for `referee mail send` (issue 23 item 9): registers the channel, makes every deferred delivery
   * due now, and delivers until nothing is due or the receiver does not answer. No timer, no watching: a
   * failed delivery is deferred as in a running Courier, and left for the next.
   */
  async drain(): Promise<void> {
    if (!this.stopped) throw new Error('drain is for a Courier that is not running');
    await this.store.openChannel(this.channel.name);
    await this.leases?.enlist?.(this.claimant);
    await this.leases?.dueNow(this.channel.name, this.time.now());
    this.stopped = false;
    try {
      await this.round();
    } finally {
      this.stopped = true;
    }
  }

  private async round(): Promise<number | undefined> {
    let next: number | undefined;
    await this.takeBack();
    const look = await this.health.look(this.time.now());
    if (look.release) await this.leases?.dueNow(this.channel.name, this.time.now());
    if (look.down) return next;
    for (;;) {
      if (this.stopped) return next;
      const claimed = await this.store.claim(
        this.channel.name,
        this.time.now(),
        this.options.leaseMs,
        this.options.batch,
        this.claimant,
      );
      if (claimed.length === 0) return next;
      for (const [i, notice] of claimed.entries()) {
        const retry = await this.deliverOne(notice);
        if (retry !== undefined) next = Math.min(next ?? retry, retry);
        if (this.health.isDown) {
          // The receiver stopped answering: the rest of the batch is given back untried (due, and claimed
          // again once a probe finds the receiver up), not left leased.
          for (const rest of claimed.slice(i + 1))
            await this.store.deferred(
              this.channel.name,
              rest.id,
              this.time.now(),
              'not tried: the receiver does not answer',
            );
          return next;
        }
      }
    }
  }

  /**
   * Gives back the unexpired leases on this channel of every process known to be gone: judged on this machine
   * (claimant.ts), else by the store (PostgreSQL: the claimant's session lock is free). Never this process's
   * own, nor one that cannot be judged: those run out as before. One query when no other process holds any.
   */
  private async takeBack(): Promise<void> {
    const leases = this.leases;
    if (!leases) return;
    // Held again if its connection was lost (PostgreSQL): while it is not held, others judge this process gone.
    await leases.enlist?.(this.claimant);
    const now = this.time.now();
    const holders = (await leases.leaseHolders(this.channel.name, now)).filter((h) => h !== this.claimant);
    if (holders.length === 0) return;
    const unknown = holders.filter((h) => liveness(h) === 'unknown');
    const gone = [
      ...holders.filter((h) => liveness(h) === 'gone'),
      ...(unknown.length > 0 && leases.sessionsGone ? await leases.sessionsGone(unknown) : []),
    ];
    for (const claimant of gone) {
      const released = await leases.releaseLeases(this.channel.name, claimant, now);
      if (released > 0) this.options.onTakenBack?.(claimant, released);
    }
  }

  /** One notice: delivered and marked, or deferred; answers its retry time if deferred. */
  private async deliverOne(notice: ClaimedNotice): Promise<number | undefined> {
    let sent = false;
    if (this.channel.accepts(notice)) {
      try {
        await this.channel.deliver(notice);
        this.delivered++;
        sent = true;
      } catch (e) {
        this.options.onError?.(notice, e);
        if (!(e instanceof Undeliverable)) this.health.failed(this.time.now(), e);
        if (e instanceof Undeliverable) {
          // Refused for good: the failure is kept for the operator (a deferral's error), then the notice is
          // marked, so it is never tried again. Dying between the two only means one more, equal, refusal.
          await this.store.deferred(this.channel.name, notice.id, this.time.now(), errorLine(e));
        } else {
          const wait =
            e instanceof RetryLater
              ? // As the receiver asked, but at least 1 s (a "retry after 0" must not spin) and at most the
                // longest backoff.
                Math.min(this.options.maxBackoffMs, Math.max(1000, e.afterMs))
              : backoff(notice.attempts, this.options.backoffMs, this.options.maxBackoffMs);
          const retryAt = this.time.now() + wait;
          await this.store.deferred(this.channel.name, notice.id, retryAt, errorLine(e));
          return retryAt;
        }
      }
    }
    await this.store.delivered(this.channel.name, notice.id);
    if (sent) {
      this.options.onDelivered?.(notice);
      // Through again after failures: what waited for the receiver is due now, not after its backoff.
      if (await this.health.delivered(this.time.now()))
        await this.leases?.dueNow(this.channel.name, this.time.now());
    }
    return undefined;
  }
}

/** An error as one line for the operator (the notice's text never goes into it). */
function errorLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 500);
}
