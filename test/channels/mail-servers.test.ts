// Issue 15, "Real parts in tests, no mocks of the protocols": the test mail servers themselves. A message sent
// by SMTP (nodemailer) to the loopback SMTP server is handed to a private Dovecot over LMTP and read back over
// IMAP (imapflow): the path every mail test relies on.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, startMailServers } from '../support/mail-servers.js';
import type { Delivery, MailServers } from '../support/mail-servers.js';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers?.stop();
});

describe('issue 15: real mail servers for the tests', () => {
  it('mail sent by SMTP lands in the real IMAP mailbox of each recipient, and of no one else', async () => {
    const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
    try {
      await smtp.sendMail({
        from: addressOf('referee'),
        to: [addressOf('alice'), addressOf('bob')],
        subject: 'Grüße, nweek 1 ✓',
        text: 'Hello from the harness: ünïcödé and an emoji 🎲.',
        messageId: '<harness.1@example.test>',
      });
    } finally {
      smtp.close();
    }
    for (const user of ['alice', 'bob']) {
      const [message, ...more] = await servers.readMailbox(user);
      expect(more).toEqual([]);
      expect(message?.messageId).toBe('<harness.1@example.test>');
      expect(message?.subject).toBe('Grüße, nweek 1 ✓');
      expect(message?.text.trim()).toBe('Hello from the harness: ünïcödé and an emoji 🎲.');
      expect(message?.from).toBe(addressOf('referee'));
    }
    expect(await servers.readMailbox('carol')).toEqual([]);
    expect(servers.accepted).toBe(1);
  });

  it('an unknown recipient, and one the test refuses, are answered with real SMTP replies', async () => {
    const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
    try {
      await expect(
        smtp.sendMail({ from: addressOf('referee'), to: 'nobody@example.test', subject: 's', text: 't' }),
      ).rejects.toMatchObject({ responseCode: 550 });
      servers.refuse(addressOf('carol'), { code: 452, message: '4.2.2 mailbox full' });
      await expect(
        smtp.sendMail({ from: addressOf('referee'), to: addressOf('carol'), subject: 's', text: 't' }),
      ).rejects.toMatchObject({ responseCode: 452 });
      servers.refuse(addressOf('carol'), undefined);
      await smtp.sendMail({ from: addressOf('referee'), to: addressOf('carol'), subject: 's', text: 't' });
    } finally {
      smtp.close();
    }
    expect((await servers.readMailbox('carol')).map((m) => m.subject)).toEqual(['s']);
  });

  it('each delivery is told to the listeners (envelope and bytes) once Dovecot has it', async () => {
    const told: Delivery[] = [];
    // What the mailbox holds read from the moment the delivery is told: the message is already there.
    let inMailboxWhenTold: Promise<number> | undefined;
    const stop = servers.onDelivered((d) => {
      told.push(d);
      inMailboxWhenTold ??= servers.readMailbox('dave').then((m) => m.length);
    });
    const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
    try {
      await smtp.sendMail({
        from: addressOf('erin'),
        to: addressOf('list'),
        envelope: { from: addressOf('erin'), to: [addressOf('dave')] },
        subject: 'told',
        text: 'tell me',
        messageId: '<harness.told@example.test>',
        inReplyTo: '<harness.1@example.test>',
      });
      // Told by the time the client is answered (the listener runs before the SMTP reply is written).
      expect(told.map((d) => [d.from, d.to])).toEqual([[addressOf('erin'), [addressOf('dave')]]]);
      const raw = told[0]?.raw.toString('utf8') ?? '';
      expect(raw).toMatch(/^Message-ID: <harness\.told@example\.test>$/im);
      expect(raw).toMatch(/^In-Reply-To: <harness\.1@example\.test>$/im);
      expect(await inMailboxWhenTold).toBe(1);
      stop();
      await smtp.sendMail({ from: addressOf('erin'), to: addressOf('dave'), subject: 'not told', text: 't' });
    } finally {
      smtp.close();
    }
    expect(told.length).toBe(1);
    expect((await servers.readMailbox('dave')).map((m) => m.subject)).toEqual(['told', 'not told']);
  });
});

describe('issue 15: the test SMTP server as a mailing list', () => {
  let listed: MailServers;
  beforeAll(async () => {
    listed = await startMailServers({ lists: { list: ['referee', 'alice', 'bob'] } });
  });
  afterAll(async () => {
    await listed?.stop();
  });

  it("a post to the list reaches every member and the list's archive, with the list's headers, From and Message-ID kept", async () => {
    const smtp = nodemailer.createTransport({ host: listed.smtp.host, port: listed.smtp.port });
    try {
      await smtp.sendMail({
        from: addressOf('alice'),
        to: addressOf('list'),
        subject: 'I enter',
        text: 'I enter the Grid at (3,4).',
        messageId: '<post.1@example.test>',
      });
      // A post that says its own Precedence keeps it (Mailman adds one only where there is none).
      await smtp.sendMail({
        from: addressOf('referee'),
        to: addressOf('list'),
        subject: 'the report',
        text: 'Nweek 1 ends.',
        messageId: '<report.1@example.test>',
        headers: { Precedence: 'bulk' },
      });
    } finally {
      smtp.close();
    }
    for (const user of ['list', 'referee', 'alice', 'bob']) {
      const [post, report, ...more] = await listed.readMailbox(user);
      expect(more).toEqual([]);
      expect(post?.messageId).toBe('<post.1@example.test>');
      expect(post?.from).toBe(addressOf('alice'));
      expect(post?.to).toEqual([addressOf('list')]);
      expect(post?.text.trim()).toBe('I enter the Grid at (3,4).');
      expect(post?.headers['list-id']).toBe('<list.example.test>');
      expect(post?.headers['list-post']).toBe('<mailto:list@example.test>');
      expect(post?.headers['x-beenthere']).toBe('list@example.test');
      expect(post?.headers.precedence).toBe('list');
      expect(report?.messageId).toBe('<report.1@example.test>');
      expect(report?.headers.precedence).toBe('bulk');
      expect(report?.headers['list-id']).toBe('<list.example.test>');
    }
    // Not subscribed: nothing.
    expect(await listed.readMailbox('carol')).toEqual([]);
  });

  it('a post that has been through the list before is dropped, as Mailman drops a loop', async () => {
    const smtp = nodemailer.createTransport({ host: listed.smtp.host, port: listed.smtp.port });
    const before = (await listed.readMailbox('bob')).length;
    try {
      await smtp.sendMail({
        from: addressOf('alice'),
        to: [addressOf('list'), addressOf('carol')],
        subject: 'looped',
        text: 'again',
        headers: { 'X-BeenThere': 'list@example.test' },
      });
    } finally {
      smtp.close();
    }
    // carol, written to directly, gets it; the list's members do not.
    expect((await listed.readMailbox('carol')).map((m) => m.subject)).toEqual(['looped']);
    expect((await listed.readMailbox('bob')).length).toBe(before);
  });
});
