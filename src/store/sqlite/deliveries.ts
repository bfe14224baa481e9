// The outbox in the SQLite file as its contracts say (Outbox: src/store/outbox.ts; Leases: src/store/leases.ts;
// split from sqlite.ts, issue 28 item 2): each write in an IMMEDIATE transaction and answered once durable
// (a delivery mark lost in a crash would send the notice again); the tables' statements are outbox.ts's.
import type { Leases } from '../leases.js';
import type { Outbox } from '../outbox.js';
import type { ClaimedNotice, Notice, StoredNotice } from '../store.js';
import type { SqliteCore } from './core.js';
import type { SqliteOutbox } from './outbox.js';

export class SqliteDeliveries implements Outbox, Leases {
  constructor(
    private readonly core: SqliteCore,
    private readonly outbox: SqliteOutbox,
  ) {}

  async enqueue(notices: readonly Notice[]): Promise<number> {
    if (notices.length === 0) return 0;
    const games = new Set(notices.map((n) => n.game));
    const fresh = await this.core.immediate(() => {
      for (const game of games) this.core.mustKnow(game);
      return this.outbox.write(notices);
    });
    if (fresh > 0) for (const game of games) this.core.tell({ kind: 'notice', game });
    return fresh;
  }

  notices(game: string, to: string | readonly string[], after = 0, limit = 100): Promise<StoredNotice[]> {
    return this.core.run(() => this.outbox.notices(game, typeof to === 'string' ? [to] : to, after, limit));
  }

  noticeByKey(game: string, key: string): Promise<StoredNotice | undefined> {
    return this.core.run(() => this.outbox.byKey(game, key));
  }

  async openChannel(channel: string): Promise<void> {
    await this.core.run(() => this.outbox.openChannel(channel));
    await this.core.durable();
  }

  claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant?: string,
  ): Promise<ClaimedNotice[]> {
    return this.core.run(() => {
      this.outbox.openChannel(channel);
      return this.outbox.claim(channel, now, leaseMs, limit, claimant ?? null);
    });
  }

  async delivered(channel: string, id: number): Promise<void> {
    // Durable before it is answered: a mark lost in a crash would send the notice again.
    await this.core.run(() => this.outbox.delivered(channel, id));
    await this.core.durable();
  }

  async deferred(channel: string, id: number, retryAt: number, error: string): Promise<void> {
    await this.core.run(() => this.outbox.deferred(channel, id, retryAt, error));
    await this.core.durable();
  }

  leaseHolders(channel: string, now: number): Promise<string[]> {
    return this.core.run(() => this.outbox.leaseHolders(channel, now));
  }

  async releaseLeases(channel: string, claimant: string, now: number): Promise<number> {
    const released = await this.core.run(() => this.outbox.releaseLeases(channel, claimant, now));
    await this.core.durable();
    return released;
  }

  undelivered(channel: string, game: string, exceptTopic?: string): Promise<number> {
    return this.core.run(() => this.outbox.undelivered(channel, game, exceptTopic));
  }

  async dueNow(channel: string, now: number): Promise<number> {
    const due = await this.core.run(() => this.outbox.dueNow(channel, now));
    await this.core.durable();
    return due;
  }
}
