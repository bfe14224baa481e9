// Issue 23 item 9: "a long SMTP outage goes unnoticed: temporary failures are retried silently with a delay
// that doubles up to an hour, so after an hour's outage the notices may wait another hour, and the
// Administrator is told only of permanent refusals". The mail channel, driven by the Courier on a simulated
// clock, sends real SMTP through a relay (test/support/smtp-relay.ts) to the loopback server that hands each
// message to a private Dovecot; the relay is taken down (connections refused) and brought back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { Courier } from '../../src/channels/courier.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { duration, OUTAGE_TOPIC, tellOutage } from '../../src/channels/mail/outage.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { Notice } from '../../src/store/store.js';
import { entriesAfter } from '../store/store-contract.js';
import { addressOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { SimulatedTime } from '../support/simulated-time.js';
import { SmtpRelay } from '../support/smtp-relay.js';

const MIN = 60_000;
let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers?.stop();
});

const cleanups = cleanupsAfterEach();

const note = (key: string, to: string): Notice => ({
  game: 'g1',
  key,
  to,
  topic: 'reminder',
  subject: `g1: ${key}`,
  text: `About ${key}.`,
  at: '2026-11-24T12:00:00.000Z',
});

async function rig() {
  const dir = mkdtempSync(join(tmpdir(), 'referee-outage-'));
  const store = new SqliteStore(join(dir, 'g.db'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  cleanups.push(() => store.close());
  await store.append({
    game: 'g1',
    entries: entriesAfter(undefined, 1),
    create: { ruleset: 'r', master: null },
  });
  await store.setAddress('g1', 'alice', addressOf('alice'), null);
  await store.setAddress('g1', 'bob', addressOf('bob'), null);
  const relay = new SmtpRelay(servers.smtp);
  await relay.up();
  cleanups.push(() => relay.down());
  const mail = new MailChannel({
    settings: {
      from: addressOf('referee'),
      smtp: { host: '127.0.0.1', port: relay.port },
      games: { g1: { forums: [], chat: [], admin: addressOf('admin'), list: addressOf('list') } },
    },
    addressOf: (game, player) => store.addressOf(game, player),
    enqueue: (notices) => store.enqueue(notices),
  });
  cleanups.push(() => mail.close());
  const time = new SimulatedTime(Date.UTC(2026, 10, 24, 12));
  const courier = new Courier(store, mail, time, {
    health: {
      onOutage: tellOutage({
        games: () => ['g1', 'not-created-yet'],
        enqueue: (notices) => store.enqueue(notices),
        undelivered: (channel, game, except) => store.undelivered(channel, game, except),
        probeMs: 30_000,
      }),
    },
  });
  cleanups.push(() => courier.stop());
  const outageNotices = async () =>
    (await store.notices('g1', ['admin', 'public'])).filter((n) => n.topic === OUTAGE_TOPIC);
  return { store, relay, time, courier, outageNotices };
}

describe('issue 23 item 9: a long SMTP outage', () => {
  it('issue 23 item 9: the Administrator is told (by the page and chat, not mail) after 10 minutes of failing, once; every notice goes out within one probe period of the server answering again, not an hour later; the end is told', async () => {
    const { store, relay, time, courier, outageNotices } = await rig();
    const before = servers.accepted;
    await relay.down();
    await courier.start();
    await store.enqueue([note('n1', 'player:alice'), note('n2', 'player:bob')]);
    await courier.idle();
    expect(courier.health.isDown).toBe(true);
    // Nine minutes: probed (every 30 s), not yet told.
    await time.run(9 * MIN, () => courier.idle());
    expect(await outageNotices()).toEqual([]);
    // Past ten minutes: told, to the Administrator and the public, with what waits.
    await time.run(2 * MIN, () => courier.idle());
    const told = await outageNotices();
    expect(told.map((n) => [n.to, n.subject])).toEqual([
      ['admin', 'g1: mail is failing'],
      ['public', 'g1: mail is delayed'],
    ]);
    expect(told[0]?.text).toMatch(
      /^No mail has gone out since 2026-11-24T12:00:00\.000Z \(10 min, 21 tries\): the mail server does not answer \(it is tried again every 30 s\)\.\n2 notices of g1 wait/,
    );
    // Hidden stays hidden: no address in them.
    for (const n of told) expect(n.text).not.toMatch(/@/);
    // A notice written during the outage waits with the others; the outage is told once, however long.
    await store.enqueue([note('n3', 'player:alice')]);
    await time.run(60 * MIN, () => courier.idle());
    expect(await outageNotices()).toHaveLength(2);
    expect(servers.accepted).toBe(before);
    // Seventy minutes down: each notice's own backoff would now wait up to an hour. The server comes back.
    await relay.up();
    const back = time.now();
    await time.run(30_000, () => courier.idle());
    expect(servers.accepted - before).toBe(3);
    const alice = await servers.waitForMail('alice', 2);
    expect(alice.slice(-2).map((m) => m.subject)).toEqual(['g1: n1', 'g1: n3']);
    expect((await servers.waitForMail('bob', 1)).at(-1)?.subject).toBe('g1: n2');
    expect(time.now() - back).toBeLessThanOrEqual(30_000);
    // The end is told (the page and chat), with how long.
    const all = await outageNotices();
    expect(all.map((n) => [n.to, n.subject])).toEqual([
      ['admin', 'g1: mail is failing'],
      ['public', 'g1: mail is delayed'],
      ['admin', 'g1: mail is going out again'],
      ['public', 'g1: mail is going out again'],
    ]);
    expect(all[2]?.text).toMatch(
      /^Mail failed from 2026-11-24T12:00:00\.000Z to 2026-11-24T13:11:30\.000Z \(1 h 12 min, 143 tries\)\.\n2 notices of g1 wait to be sent/,
    );
    // None of them went by mail: the Administrator's and the list's mailboxes have none.
    await time.run(10 * MIN, () => courier.idle());
    for (const who of ['admin', 'list'])
      expect((await servers.readMailbox(who)).filter((m) => /mail is/.test(m.subject))).toEqual([]);
    expect(courier.health.isDown).toBe(false);
  });

  it('issue 23 item 9: while the server does not answer, no notice is tried: it is probed once per period, whatever waits', async () => {
    const { store, relay, time, courier } = await rig();
    await relay.down();
    await courier.start();
    await store.enqueue(Array.from({ length: 20 }, (_, i) => note(`m${i}`, 'player:alice')));
    await courier.idle();
    await time.run(5 * MIN, () => courier.idle());
    // Ten probes in five minutes, and no delivery tried but the first: m0 was tried once (this claim is its
    // second attempt), the others never (their first).
    const attempts = (await store.claim('mail', time.now(), 1000, 100, 'counting')).map((n) => n.attempts);
    expect(attempts).toEqual([2, ...Array.from({ length: 19 }, () => 1)]);
  });

  it('issue 23 item 9: a recipient’s own temporary refusal (4xx) beside mail that goes through is no outage: its own backoff, no notice', async () => {
    const { store, time, courier, outageNotices } = await rig();
    servers.refuse(addressOf('bob'), { code: 452, message: '4.2.2 mailbox full' });
    cleanups.push(() => servers.refuse(addressOf('bob'), undefined));
    await courier.start();
    for (let i = 0; i < 6; i++) {
      await store.enqueue([note(`b${i}`, 'player:bob'), note(`a${i}`, 'player:alice')]);
      await time.run(5 * MIN, () => courier.idle());
    }
    expect(courier.health.isDown).toBe(false);
    expect(await outageNotices()).toEqual([]);
  });

  it('issue 23 item 9: SMTP 421 ("service not available") is the server down, not the notice: probed, and sent once it answers', async () => {
    const { store, time, courier, outageNotices } = await rig();
    servers.refuse(addressOf('alice'), { code: 421, message: '4.3.2 service shutting down' });
    cleanups.push(() => servers.refuse(addressOf('alice'), undefined));
    await courier.start();
    await store.enqueue([note('s1', 'player:alice')]);
    await courier.idle();
    expect(courier.health.isDown).toBe(true);
    const before = (await servers.readMailbox('alice')).length;
    servers.refuse(addressOf('alice'), undefined);
    await time.run(30_000, () => courier.idle());
    expect(courier.health.isDown).toBe(false);
    expect((await servers.waitForMail('alice', before + 1)).at(-1)?.subject).toBe('g1: s1');
    expect(await outageNotices()).toEqual([]);
  });

  it('issue 23 item 9: the settings say when (outage.afterMinutes, outage.probeSeconds), checked like the rest', () => {
    const base = {
      from: 'referee@example.test',
      smtp: { host: 'h', port: 25 },
      imap: { host: 'h', port: 143, user: 'u', pass: 'p' },
    };
    expect(parseMailSettings({ ...base, outage: { afterMinutes: 30, probeSeconds: 60 } }).outage).toEqual({
      afterMinutes: 30,
      probeSeconds: 60,
    });
    expect(parseMailSettings(base).outage).toBeUndefined();
    expect(() => parseMailSettings({ ...base, outage: { probeSeconds: 1 } })).toThrow(/outage\.probeSeconds/);
    expect(() => parseMailSettings({ ...base, outage: { afterMinutes: 0 } })).toThrow(/outage\.afterMinutes/);
    expect(() => parseMailSettings({ ...base, outage: { every: 3 } })).toThrow(/outage/);
    expect([duration(40_000), duration(12 * MIN), duration(65 * MIN), duration(120 * MIN)]).toEqual([
      '40 s',
      '12 min',
      '1 h 5 min',
      '2 h',
    ]);
  });
});

describe('issue 23 item 9: a refused login is the settings, not the notices', () => {
  it('issue 23 item 9: SMTP 535 (a wrong password) marks no notice undeliverable: the server counts as down, and every notice goes out once the login is accepted', async () => {
    const { SMTPServer } = await import('smtp-server');
    let password = 'old-password';
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, done) {
        if (auth.username === 'referee' && auth.password === password) done(null, { user: 'referee' });
        else done(Object.assign(new Error('5.7.8 authentication failed'), { responseCode: 535 }));
      },
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.server.address() as { port: number }).port;
    const dir = mkdtempSync(join(tmpdir(), 'referee-auth-'));
    const store = new SqliteStore(join(dir, 'g.db'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(() => store.close());
    await store.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });
    await store.setAddress('g1', 'alice', addressOf('alice'), null);
    const mail = new MailChannel({
      settings: {
        from: addressOf('referee'),
        smtp: { host: '127.0.0.1', port, user: 'referee', pass: 'new-password' },
        games: { g1: { forums: [], chat: [], admin: addressOf('admin') } },
      },
      addressOf: (game, player) => store.addressOf(game, player),
      enqueue: (notices) => store.enqueue(notices),
    });
    cleanups.push(() => mail.close());
    const time = new SimulatedTime(Date.UTC(2026, 10, 24, 12));
    const courier = new Courier(store, mail, time);
    cleanups.push(() => courier.stop());
    await courier.start();
    await store.enqueue([note('s1', 'player:alice'), note('s2', 'player:alice')]);
    await courier.idle();
    expect(courier.health.isDown).toBe(true);
    expect(received).toEqual([]);
    expect(await store.undelivered('mail', 'g1')).toBe(2);
    // The operator mends the password (here: the server takes the one the settings give).
    password = 'new-password';
    await time.run(30_000, () => courier.idle());
    expect(courier.health.isDown).toBe(false);
    expect(received).toHaveLength(2);
    expect(await store.undelivered('mail', 'g1')).toBe(0);
  });
});
