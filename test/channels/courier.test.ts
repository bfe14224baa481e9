// The Courier (issue 14: "an undelivered notice is retried, never lost, never sent twice"), on a simulated
// clock: it delivers each notice on its channel once, oldest first, wakes when notices are written, retries a
// failed delivery with a backoff doubling from 30 s up to 1 h, and takes back the notices of a dead courier
// when their lease ends.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backoff, Courier, messageId } from '../../src/channels/courier.js';
import type { Channel } from '../../src/channels/courier.js';
import { WebhookChannel } from '../../src/channels/webhook.js';
import { RetryLater, Undeliverable } from '../../src/channels/outcome.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { StoredNotice } from '../../src/store/store.js';
import { entriesAfter } from '../store/store-contract.js';
import { notice } from '../store/outbox-contract.js';
import { SimulatedTime } from '../support/simulated-time.js';

const cleanups = cleanupsAfterEach();

async function storeWithGame(): Promise<SqliteStore> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-courier-'));
  const store = new SqliteStore(join(dir, 'g.db'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  await store.append({
    game: 'g1',
    entries: entriesAfter(undefined, 1),
    create: { ruleset: 'r', master: null },
  });
  return store;
}

/** A channel that keeps what it got, and fails while `failing` says so. */
class Inbox implements Channel {
  readonly got: string[] = [];
  failing = 0;
  constructor(
    readonly name = 'inbox',
    private readonly only?: string,
  ) {}
  accepts(n: StoredNotice): boolean {
    return this.only === undefined || n.to === this.only;
  }
  deliver(n: StoredNotice): Promise<void> {
    if (this.failing > 0) {
      this.failing--;
      return Promise.reject(new Error('the far end is down'));
    }
    this.got.push(messageId(n));
    return Promise.resolve();
  }
}

describe('Courier: issue 14, the outbox delivered on a channel', () => {
  it('delivers what is written after it started, oldest first, once, woken by the write itself', async () => {
    const store = await storeWithGame();
    await store.enqueue([notice('g1', 'old')]);
    const time = new SimulatedTime();
    const inbox = new Inbox();
    const courier = new Courier(store, inbox, time);
    await courier.start();
    await courier.idle();
    await store.enqueue([notice('g1', 'a'), notice('g1', 'b')]);
    await courier.idle();
    const entries = (await store.entries('g1')) ?? [];
    await store.append({ game: 'g1', entries: entriesAfter(entries[0], 1), notices: [notice('g1', 'c')] });
    await courier.idle();
    // No time passed: the store's 'notice' change woke it each time.
    expect(inbox.got).toEqual(['g1/a', 'g1/b', 'g1/c']);
    await time.run(10 * 60_000, () => courier.idle());
    expect(inbox.got).toEqual(['g1/a', 'g1/b', 'g1/c']);
    await courier.stop();
  });

  it('a failed delivery is retried after 30 s, 1 min, 2 min, … never before, and then delivered once', async () => {
    const store = await storeWithGame();
    const time = new SimulatedTime();
    const inbox = new Inbox();
    inbox.failing = 4;
    const courier = new Courier(store, inbox, time);
    const settle = () => courier.idle();
    await courier.start();
    await store.enqueue([notice('g1', 'a')]);
    await courier.idle();
    expect(inbox.failing).toBe(3);
    for (const wait of [30_000, 60_000, 120_000, 240_000]) {
      await time.run(wait - 1, settle);
      expect(inbox.got).toEqual([]);
      await time.run(1, settle);
    }
    expect(inbox.got).toEqual(['g1/a']);
    await time.run(24 * 3600_000, settle);
    expect(inbox.got).toEqual(['g1/a']);
    await courier.stop();
  });

  it('issue 15: a RetryLater is retried when the receiver said, even if woken meanwhile; Undeliverable never', async () => {
    const store = await storeWithGame();
    const time = new SimulatedTime();
    const tried: string[] = [];
    const channel: Channel = {
      name: 'picky',
      accepts: () => true,
      deliver(n) {
        tried.push(n.key);
        if (n.key === 'gone') return Promise.reject(new Undeliverable('550 no such mailbox'));
        if (n.key === 'slow' && tried.filter((k) => k === 'slow').length === 1)
          return Promise.reject(new RetryLater('429', 5_000));
        return Promise.resolve();
      },
    };
    const courier = new Courier(store, channel, time);
    const settle = () => courier.idle();
    await courier.start();
    await store.enqueue([notice('g1', 'slow'), notice('g1', 'gone')]);
    // Another write wakes the courier while the round above may still run: the retry time must survive it.
    await store.enqueue([notice('g1', 'after')]);
    await courier.idle();
    expect(tried).toEqual(['slow', 'gone', 'after']);
    await time.run(4_999, settle);
    expect(tried).toEqual(['slow', 'gone', 'after']);
    await time.run(1, settle);
    expect(tried).toEqual(['slow', 'gone', 'after', 'slow']);
    await time.run(24 * 3600_000, settle);
    expect(tried).toEqual(['slow', 'gone', 'after', 'slow']);
    expect(courier.delivered).toBe(2);
    await courier.stop();
  });

  it('the backoff doubles from 30 s and stops at 1 h', () => {
    expect([1, 2, 3, 4, 7, 8, 20, 1000].map((a) => backoff(a))).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('a notice the channel does not carry is passed (marked, never sent); others go on', async () => {
    const store = await storeWithGame();
    const time = new SimulatedTime();
    const inbox = new Inbox('chat', 'public');
    const courier = new Courier(store, inbox, time);
    await courier.start();
    await store.enqueue([notice('g1', 'secret', 'player:ann'), notice('g1', 'open', 'public')]);
    await courier.idle();
    expect(inbox.got).toEqual(['g1/open']);
    expect(await store.claim('chat', time.now() + 10 ** 9, 1000, 10)).toEqual([]);
    await courier.stop();
  });

  it('the notices of a courier that died mid-delivery are delivered by another once its lease ends', async () => {
    const store = await storeWithGame();
    const time = new SimulatedTime();
    await store.openChannel('inbox');
    await store.enqueue([notice('g1', 'a'), notice('g1', 'b')]);
    // The dead courier claimed both and never marked them.
    expect(await store.claim('inbox', time.now(), 5 * 60_000, 10)).toHaveLength(2);
    const inbox = new Inbox();
    const courier = new Courier(store, inbox, time);
    const settle = () => courier.idle();
    await courier.start();
    await courier.idle();
    expect(inbox.got).toEqual([]);
    await time.run(5 * 60_000 - 1, settle);
    expect(inbox.got).toEqual([]);
    await time.run(1, settle);
    expect(inbox.got).toEqual(['g1/a', 'g1/b']);
    await courier.stop();
  });

  it('through a real webhook: a 503 is retried, and the receiver sees the same message id each time', async () => {
    const seen: { id: string | undefined; status: number }[] = [];
    let down = 1;
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const status = down-- > 0 ? 503 : 204;
        seen.push({ id: req.headers['idempotency-key'] as string | undefined, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const store = await storeWithGame();
    const time = new SimulatedTime();
    const courier = new Courier(store, new WebhookChannel({ url }), time);
    await courier.start();
    await store.enqueue([notice('g1', 'nday-ended'), notice('g1', 'private', 'player:ann')]);
    await courier.idle();
    await time.run(30_000, () => courier.idle());
    // The private notice never went to the webhook (public ones only, unless configured).
    expect(seen).toEqual([
      { id: 'g1/nday-ended', status: 503 },
      { id: 'g1/nday-ended', status: 204 },
    ]);
    await courier.stop();
  });
});
