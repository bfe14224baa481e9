// Issue 15, "Answers": "All outbound mail goes through the calendar issue's outbox (nodemailer over SMTP),
// threaded (In-Reply-To) and retried, never lost, never sent twice." The mail channel, driven by the Courier
// on a simulated clock, sends real SMTP to a loopback server that hands each message to a private Dovecot, and
// every assertion reads the real IMAP mailboxes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { Courier } from '../../src/channels/courier.js';
import { commandNotices } from '../../src/channels/producers.js';
import { MailChannel, mailMessageId } from '../../src/channels/mail/outbound.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Notice, StoredNotice } from '../../src/store/store.js';
import { entriesAfter } from '../store/store-contract.js';
import { addressOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers, ReadMessage } from '../support/mail-servers.js';
import { SimulatedTime } from '../support/simulated-time.js';
import { june, nweek, place } from '../support/harness/june.js';

const GAMES = ['g', 'g1', 'g2', 'g3', 'g4', 'g5'];
const REFEREE = addressOf('referee');

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers?.stop();
});

const cleanups = cleanupsAfterEach();

/** Players' registered addresses, as m2's store will keep them (here a map: the channel only asks). */
const registered = new Map([
  ['alice', addressOf('alice')],
  ['bob', addressOf('bob')],
  ['dave', addressOf('dave')],
  ['erin', addressOf('erin')],
]);

interface Rig {
  store: SqliteStore;
  time: SimulatedTime;
  channel: MailChannel;
  courier: Courier;
  log: string[];
  settle: () => Promise<void>;
}

async function rig(): Promise<Rig> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-mail-out-'));
  const store = new SqliteStore(join(dir, 'g.db'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  for (const game of GAMES)
    await store.append({ game, entries: entriesAfter(undefined, 1), create: { ruleset: 'r', master: null } });
  const time = new SimulatedTime();
  const log: string[] = [];
  const games = Object.fromEntries(
    GAMES.map((g) => [
      g,
      { forums: [], private: REFEREE, list: addressOf('list'), admin: addressOf('admin'), chat: [] },
    ]),
  );
  const channel = new MailChannel({
    settings: { from: REFEREE, smtp: { host: servers.smtp.host, port: servers.smtp.port }, games },
    addressOf: (game, name) => Promise.resolve(GAMES.includes(game) ? registered.get(name) : undefined),
    enqueue: (notices) => store.enqueue(notices),
    log: (line) => log.push(line),
    now: () => time.now(),
  });
  cleanups.push(() => channel.close());
  const courier = new Courier(store, channel, time);
  cleanups.push(() => courier.stop());
  await courier.start();
  return { store, time, channel, courier, log, settle: () => courier.idle() };
}

const notice = (game: string, key: string, to: string, extra: Partial<Notice> = {}): Notice => ({
  game,
  key,
  to,
  topic: 'private',
  subject: `${game}: about ${key}`,
  text: `The text of ${key}.`,
  at: '2026-11-24T12:00:00.000Z',
  ...extra,
});

/** A user's messages of one game (the mailboxes are shared by the tests of this file). */
const mailOf = async (user: string, game: string): Promise<ReadMessage[]> =>
  (await servers.readMailbox(user)).filter((m) => m.subject.startsWith(`${game}:`));

describe('issue 15: outbound mail through the outbox', () => {
  it("each recipient kind reaches its address: a player's, a bare one, the Administrator's, the list", async () => {
    const r = await rig();
    const receipt = {
      ...notice('g1', 'receipt:1', 'player:alice', {
        topic: 'receipt',
        subject: 'g1: your post, sentence by sentence — ✓ accepted',
        text: 'Sentence 1: accepted.\nÜnïcödé survives: 🎲 ✓',
      }),
      thread: '<post.1@lists.example.test>',
    };
    // The stores keep a notice's `thread` once m2's column lands; until then the receipt is handed to the
    // channel as the store will give it (the rest go through the outbox and the Courier).
    await r.channel.deliver({ ...receipt, id: 0 });
    await r.store.enqueue([
      notice('g1', 'stranger', 'address:carol@example.test', { topic: 'receipt' }),
      notice('g1', 'remind', 'admin', { topic: 'reminder' }),
      notice('g1', 'report:1', 'public', { topic: 'report' }),
    ]);
    await r.settle();

    const [toAlice, ...moreAlice] = await mailOf('alice', 'g1');
    expect(moreAlice).toEqual([]);
    expect(toAlice?.messageId).toBe(mailMessageId(receipt, REFEREE));
    expect(toAlice?.messageId).toMatch(/^<g1\.[0-9a-f]{64}@example\.test>$/);
    expect(toAlice?.subject).toBe('g1: your post, sentence by sentence — ✓ accepted');
    expect(toAlice?.text.trim()).toBe('Sentence 1: accepted.\nÜnïcödé survives: 🎲 ✓');
    expect(toAlice?.inReplyTo).toBe('<post.1@lists.example.test>');
    expect(toAlice?.references).toBe('<post.1@lists.example.test>');
    expect(toAlice?.from).toBe(REFEREE);
    expect(toAlice?.headers['auto-submitted']).toBe('auto-replied');
    expect(toAlice?.headers['x-loop']).toBe(REFEREE);
    expect(toAlice?.headers['precedence']).toBeUndefined();
    expect(toAlice?.headers['reply-to']).toContain(REFEREE);
    expect(toAlice?.headers['date']).toMatch(/24 Nov 2026 12:00:00 \+0000/);

    const [toCarol] = await mailOf('carol', 'g1');
    expect(toCarol?.headers['auto-submitted']).toBe('auto-replied');
    const [toAdmin] = await mailOf('admin', 'g1');
    expect(toAdmin?.headers['auto-submitted']).toBe('auto-generated');
    expect(toAdmin?.headers['precedence']).toBeUndefined();
    const [toList, ...moreList] = await mailOf('list', 'g1');
    expect(moreList).toEqual([]);
    expect(toList?.subject).toBe('g1: about report:1');
    expect(toList?.headers['precedence']).toBe('bulk');
    expect(toList?.headers['auto-submitted']).toBe('auto-generated');
    expect(toList?.headers['x-loop']).toBe(REFEREE);
    expect(toList?.headers['reply-to']).toBeUndefined();
    expect(toList?.inReplyTo).toBeUndefined();
    // Nobody else got anything of g1.
    expect(await mailOf('bob', 'g1')).toEqual([]);
  });

  it('a notice sent again (its mark lost) carries the same Message-ID, by which the receiver drops it', async () => {
    const r = await rig();
    await r.courier.stop();
    await r.store.enqueue([notice('g2', 'twice', 'player:bob')]);
    const [claimed] = await r.store.claim('mail', r.time.now(), 60_000, 1);
    await r.channel.deliver(claimed as StoredNotice);
    await r.channel.deliver(claimed as StoredNotice);
    const got = await mailOf('bob', 'g2');
    expect(got).toHaveLength(2);
    expect(got[0]?.messageId).toBe(got[1]?.messageId);
    expect(got[0]?.messageId).toBe(mailMessageId(notice('g2', 'twice', 'player:bob'), REFEREE));
  });

  it('a recipient with no address is marked with the reason and never tried again', async () => {
    const r = await rig();
    await r.store.enqueue([notice('g3', 'nobody', 'player:zed'), notice('g3', 'ok', 'player:alice')]);
    await r.settle();
    await r.time.run(3 * 3600_000, r.settle);
    expect(r.log).toEqual([
      expect.stringMatching(/^mail: g3 notice \d+ to player:zed not sent: zed has registered no address$/),
    ]);
    expect(await r.store.claim('mail', r.time.now() + 10 ** 9, 1000, 10)).toEqual([]);
    expect((await mailOf('alice', 'g3')).map((m) => m.subject)).toEqual(['g3: about ok']);
    expect(r.courier.delivered).toBe(1);
  });

  it('a 4xx answer defers the notice: it is sent when the server takes it again, once', async () => {
    const r = await rig();
    servers.refuse(addressOf('dave'), { code: 451, message: '4.3.0 try again later' });
    await r.store.enqueue([notice('g4', 'later', 'player:dave')]);
    await r.settle();
    expect(await mailOf('dave', 'g4')).toEqual([]);
    servers.refuse(addressOf('dave'), undefined);
    await r.time.run(30_000 - 1, r.settle);
    expect(await mailOf('dave', 'g4')).toEqual([]);
    await r.time.run(1, r.settle);
    expect((await mailOf('dave', 'g4')).map((m) => m.subject)).toEqual(['g4: about later']);
    await r.time.run(3 * 3600_000, r.settle);
    expect(await mailOf('dave', 'g4')).toHaveLength(1);
  });

  it('a 5xx answer is final: never tried again, and the Administrator is told once', async () => {
    const r = await rig();
    servers.refuse(addressOf('erin'), { code: 550, message: '5.1.1 mailbox unavailable' });
    try {
      await r.store.enqueue([notice('g5', 'gone', 'player:erin')]);
      await r.settle();
      await r.time.run(3 * 3600_000, r.settle);
    } finally {
      servers.refuse(addressOf('erin'), undefined);
    }
    expect(await mailOf('erin', 'g5')).toEqual([]);
    const told = await mailOf('admin', 'g5');
    expect(told.map((m) => m.subject)).toEqual(['g5: mail to erin was refused']);
    expect(told[0]?.text).toContain('5.1.1 mailbox unavailable');
    expect(r.log.some((l) => l.includes('refused for good'))).toBe(true);
    expect(await r.store.claim('mail', r.time.now() + 10 ** 9, 1000, 10)).toEqual([]);
  });

  it("G.1 by mail: a Radar reveal reaches alice's mailbox alone, and the nweek's report the list, without the Box", async () => {
    const r = await rig();
    // A June game on the table (game id 'g'); each command's notices go to the outbox as the engine's
    // SubmitOptions.notices will write them.
    const t = june({ players: { alice: null, bob: [15, 15] } });
    const step = async (f: () => unknown): Promise<void> => {
      const before = t.state;
      const n = t.entries.length;
      f();
      const outcome = {
        game: 'g',
        entries: t.entries.slice(n),
        before,
        after: t.game,
        at: '2026-11-24T12:00:00.000Z',
        earlier: t.entries.slice(0, n),
      };
      await r.store.enqueue(commandNotices(t.kernel, outcome));
      await r.settle();
    };
    await step(() => place(t, 'bonus-box', 7, 7, '+5'));
    await step(() => place(t, 'bonus-box', 19, 2, '+1'));
    await step(() => t.act('alice', 'enter', { x: 5, y: 5 }));
    await step(() => nweek(t));
    const [reveal, ...more] = await mailOf('alice', 'g');
    expect(more).toEqual([]);
    expect(reveal?.text).toContain("alice's Radar shows a Bonus Box at (7,7).");
    expect(await mailOf('bob', 'g')).toEqual([]);
    const [report, ...moreReports] = await mailOf('list', 'g');
    expect(moreReports).toEqual([]);
    expect(report?.subject).toBe('g: the report for nweek 1');
    expect(report?.headers['precedence']).toBe('bulk');
    for (const m of [reveal, report]) {
      expect(m?.source).not.toContain('+5');
      expect(m?.source).not.toContain('(19,2)');
    }
    expect(report?.text).not.toContain('(7,7)');
  });
});
