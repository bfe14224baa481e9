// Issue 15, "Chat": "Reports and public notices can also go to a chat channel by webhook (Discord's webhook
// API as the first target, split under its 2,000-character limit; a generic JSON webhook beside it)." The
// split itself, then the channel against a real HTTP server on loopback answering as Discord does (a 429
// with retry_after included), driven by the Courier on a simulated clock.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { ChatChannel, chatText, DISCORD_LIMIT, splitMessage } from '../../src/channels/chat.js';
import { Courier } from '../../src/channels/courier.js';
import type { ChatWebhook } from '../../src/channels/mail/settings.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Notice, StoredNotice } from '../../src/store/store.js';
import { entriesAfter } from '../store/store-contract.js';
import { SimulatedTime } from '../support/simulated-time.js';

const cleanups = cleanupsAfterEach();

describe("issue 15: a message split under Discord's 2,000-character limit", () => {
  it('lines that fill a part exactly stay in it; one more character starts the next part', () => {
    const a = 'a'.repeat(999);
    const b = 'b'.repeat(1000); // 999 + 1 (the line break) + 1000 = 2000: exactly the limit
    expect(splitMessage(`${a}\n${b}`)).toEqual([`${a}\n${b}`]);
    const b2 = 'b'.repeat(1001);
    expect(splitMessage(`${a}\n${b2}`)).toEqual([a, b2]);
    expect(splitMessage(`${a}\n${b}\nc`)).toEqual([`${a}\n${b}`, 'c']);
  });

  it('parts break between lines, in order, and every part is within the limit', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `- nday ${i % 7}: line ${i} of the report`);
    const parts = splitMessage(lines.join('\n'));
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(DISCORD_LIMIT);
    expect(parts.join('\n')).toBe(lines.join('\n'));
    for (const p of parts) expect(lines).toContain(p.split('\n')[0]);
  });

  it('a line longer than the limit is cut, between characters: no emoji or accented letter is split', () => {
    const emoji = '👩‍👩‍👧‍👦'; // one grapheme, eleven UTF-16 units
    const line = `${'x'.repeat(1995)}${emoji}${'é'.repeat(10)}`;
    const parts = splitMessage(`intro\n${line}\nend`);
    expect(parts[0]).toBe('intro');
    expect(parts[1]).toBe('x'.repeat(1995));
    expect(parts[2]).toBe(`${emoji}${'é'.repeat(10)}\nend`);
    expect(parts.join('')).toBe(`intro${line}\nend`);
    // Astral characters alone (surrogate pairs): never half of one in a part.
    const dice = '🎲'.repeat(1500);
    const cut = splitMessage(dice);
    expect(cut.map((p) => p.length)).toEqual([2000, 1000]);
    expect(cut.join('')).toBe(dice);
    for (const p of cut) expect(p).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('white space alone makes no part (Discord refuses an empty message)', () => {
    expect(splitMessage('')).toEqual([]);
    expect(splitMessage(`${'a'.repeat(2000)}\n\n \n`)).toEqual(['a'.repeat(2000)]);
  });
});

interface Received {
  readonly path: string;
  readonly query: string;
  readonly key: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A webhook receiver on loopback: records each POST; `answer` decides the reply. */
async function receiver(
  answer: (r: Received, res: ServerResponse) => boolean = () => false,
): Promise<{ url: string; got: Received[] }> {
  const got: Received[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r: Received = {
        path: url.pathname,
        query: url.search,
        key: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
      };
      if (answer(r, res)) return;
      got.push(r);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got };
}

async function storeWithGames(): Promise<SqliteStore> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-chat-'));
  const store = new SqliteStore(join(dir, 'g.db'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  for (const game of ['g1', 'g2'])
    await store.append({ game, entries: entriesAfter(undefined, 1), create: { ruleset: 'r', master: null } });
  return store;
}

const notice = (game: string, key: string, to: string, text: string): Notice => ({
  game,
  key,
  to,
  topic: 'report',
  subject: `${game}: ${key}`,
  text,
  at: '2026-11-24T12:00:00.000Z',
});

async function run(hooks: Record<string, readonly ChatWebhook[]>) {
  const store = await storeWithGames();
  const time = new SimulatedTime();
  const channel = new ChatChannel({
    webhooks: (game) => hooks[game] ?? [],
    store,
    now: () => time.now(),
  });
  const courier = new Courier(store, channel, time);
  cleanups.push(() => courier.stop());
  await courier.start();
  return { store, time, channel, courier, settle: () => courier.idle() };
}

describe('issue 15: chat webhooks as a channel', () => {
  it('Discord: only public notices, each in parts in order, no one pinged, a 429 honoured by its retry_after', async () => {
    let throttle = 1;
    const discord = await receiver((r, res) => {
      // The second part is refused once, as Discord does when the hook posts too fast.
      if (r.key?.endsWith('#2/3') && throttle-- > 0) {
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '3' })
          .end('{"message":"You are being rate limited.","retry_after":2.5,"global":false}');
        return true;
      }
      return false;
    });
    const rig = await run({ g1: [{ kind: 'discord', url: `${discord.url}/api/webhooks/1/tok` }] });
    const line = (i: number): string => `line ${i} ${'·'.repeat(80)} @everyone`;
    const text = Array.from({ length: 55 }, (_, i) => line(i)).join('\n');
    const report = notice('g1', 'report:1', 'public', text);
    await rig.store.enqueue([
      notice('g1', 'secret', 'player:alice', 'for alice alone'),
      notice('g1', 'admin', 'admin', 'for the Administrator'),
      report,
      notice('g2', 'report:1', 'public', 'g2 has no webhook'),
    ]);
    await rig.settle();
    const expected = splitMessage(chatText(report as StoredNotice));
    expect(expected).toHaveLength(3);
    expect(discord.got.map((r) => r.body.content)).toEqual([expected[0]]);
    // Not before Discord's 2.5 s (its body, finer than the header's 3 s).
    await rig.time.run(2499, rig.settle);
    expect(discord.got).toHaveLength(1);
    await rig.time.run(1, rig.settle);
    expect(discord.got.map((r) => r.body.content)).toEqual(expected);
    expect(discord.got.map((r) => r.key)).toEqual(['g1/report:1#1/3', 'g1/report:1#2/3', 'g1/report:1#3/3']);
    for (const r of discord.got) {
      expect(r.path).toBe('/api/webhooks/1/tok');
      expect(r.query).toBe('?wait=true');
      expect(r.body.allowed_mentions).toEqual({ parse: [] });
    }
    await rig.time.run(3 * 3600_000, rig.settle);
    expect(discord.got).toHaveLength(3);
    expect(JSON.stringify(discord.got)).not.toContain('alice alone');
    expect(JSON.stringify(discord.got)).not.toContain('for the Administrator');
  });

  it('a notice delivered again (its mark lost) is not posted again, by this process or another: its posts are recorded', async () => {
    const discord = await receiver();
    const json = await receiver();
    const rig = await run({
      g1: [
        { kind: 'discord', url: `${discord.url}/hook` },
        { kind: 'json', url: `${json.url}/hook` },
      ],
    });
    await rig.courier.stop();
    await rig.store.enqueue([notice('g1', 'news', 'public', 'The Ball of Wax is found.')]);
    const [claimed] = await rig.store.claim('chat', rig.time.now(), 60_000, 1);
    await rig.channel.deliver(claimed as StoredNotice);
    await rig.channel.deliver(claimed as StoredNotice);
    expect(discord.got.map((r) => r.body.content)).toEqual(['g1: news\n\nThe Ball of Wax is found.']);
    // The JSON webhook: the notice with its id, and the id as Idempotency-Key, for a receiver elsewhere.
    expect(json.got).toEqual([
      {
        path: '/hook',
        query: '',
        key: 'g1/news',
        body: {
          id: 'g1/news',
          game: 'g1',
          to: 'public',
          topic: 'report',
          subject: 'g1: news',
          text: 'The Ball of Wax is found.',
          at: '2026-11-24T12:00:00.000Z',
        },
      },
    ]);
    // Another process (a new channel, nothing in memory) finds the posts recorded in the store.
    const other = new ChatChannel({
      webhooks: () => [
        { kind: 'discord', url: `${discord.url}/hook` },
        { kind: 'json', url: `${json.url}/hook` },
      ],
      store: rig.store,
    });
    await other.deliver(claimed as StoredNotice);
    expect(discord.got).toHaveLength(1);
    expect(json.got).toHaveLength(1);
    // The records are the channel's own: no recipient's notices show them, and no other channel takes them.
    for (const to of ['public', 'admin', 'player:alice'])
      expect((await rig.store.notices('g1', to)).map((n) => n.key)).toEqual(to === 'public' ? ['news'] : []);
    const records = await rig.store.notices('g1', 'channel:chat');
    expect(records.map((n) => n.subject)).toEqual([
      'part 1 of 1 of news posted',
      'part 1 of 1 of news posted',
    ]);
    expect(records[0]?.text).toBe('posted as message 1');
    expect(JSON.stringify(records)).not.toContain('/hook');
  });

  it('a process that stops after part 1 of 3 (a part refused, then a restart): the next posts parts 2 and 3 only', async () => {
    let down = true;
    const discord = await receiver((r, res) => {
      if (down && r.key?.endsWith('#2/3')) {
        res.writeHead(502).end();
        return true;
      }
      return false;
    });
    const hooks = { g1: [{ kind: 'discord', url: `${discord.url}/api/webhooks/1/tok` }] as const };
    const rig = await run(hooks);
    await rig.courier.stop();
    const text = Array.from({ length: 55 }, (_, i) => `line ${i} ${'·'.repeat(80)}`).join('\n');
    const report = notice('g1', 'report:2', 'public', text);
    await rig.store.enqueue([report]);
    const [claimed] = await rig.store.claim('chat', rig.time.now(), 60_000, 1);
    await expect(rig.channel.deliver(claimed as StoredNotice)).rejects.toThrow(/502/);
    expect(discord.got.map((r) => r.key)).toEqual(['g1/report:2#1/3']);
    // A new channel over the same store: what a restarted process, or another one, has.
    down = false;
    const restarted = new ChatChannel({ webhooks: (game) => hooks[game as 'g1'] ?? [], store: rig.store });
    await restarted.deliver(claimed as StoredNotice);
    const parts = splitMessage(chatText(report as StoredNotice));
    expect(discord.got.map((r) => r.key)).toEqual(['g1/report:2#1/3', 'g1/report:2#2/3', 'g1/report:2#3/3']);
    expect(discord.got.map((r) => r.body.content)).toEqual(parts);
  });

  it('a webhook that is gone (404) is not tried for ever; a 5xx is tried again with the backoff', async () => {
    let down = 1;
    const flaky = await receiver((r, res) => {
      if (r.path === '/gone') {
        res.writeHead(404).end('{"message":"Unknown Webhook"}');
        return true;
      }
      if (down-- > 0) {
        res.writeHead(502).end();
        return true;
      }
      return false;
    });
    const rig = await run({
      g1: [{ kind: 'discord', url: `${flaky.url}/gone` }],
      g2: [{ kind: 'discord', url: `${flaky.url}/up` }],
    });
    await rig.store.enqueue([
      notice('g1', 'a', 'public', 'to a dead hook'),
      notice('g2', 'b', 'public', 'to a live one'),
    ]);
    await rig.settle();
    expect(flaky.got).toEqual([]);
    await rig.time.run(30_000, rig.settle);
    expect(flaky.got.map((r) => r.body.content)).toEqual(['g2: b\n\nto a live one']);
    expect(await rig.store.claim('chat', rig.time.now() + 10 ** 9, 1000, 10)).toEqual([]);
  });
});
