// Issue 15, "Answers": "Private notices (Radar reveals, …) go by private mail; the nweek report and public
// events go to the list", and "Reports and public notices can also go to a chat channel by webhook". The
// built program, `referee serve --mail mail.json`, over a June Grid game the settings name: commands come in
// over its HTTP API, and what it sends is read back from real IMAP mailboxes (Dovecot, fed by a loopback SMTP
// server: test/support/mail-servers.ts) and from a real HTTP server standing for the chat webhook. Nothing is
// timed: each step waits for what the program prints, a mailbox holds or the webhook is sent.
import nodemailer from 'nodemailer';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import { newKey, settingsDns } from '../support/dkim.js';
import { addressOf, DOMAIN, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { commandTo, serveMail } from '../support/serve-mail.js';
import type { Served } from '../support/serve-mail.js';

let servers: MailServers;
const LIST_KEY = newKey(DOMAIN, 'list');
beforeAll(async () => {
  // The list relays to the referee, its subscriber, and signs what it relays (issue 23, ruling M8).
  servers = await startMailServers({ lists: { list: ['referee'] }, listKeys: { list: LIST_KEY } });
});
afterAll(async () => {
  await servers.stop();
  removeTempDirs();
});

/** The chat webhook: a real HTTP server keeping each JSON body it is posted. */
interface Hook {
  readonly url: string;
  readonly bodies: { subject: string; text: string; to: string }[];
  /** Resolves once `count` bodies have come. */
  until(count: number): Promise<void>;
  close(): Promise<void>;
}

async function chatHook(): Promise<Hook> {
  const bodies: Hook['bodies'] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      bodies.push(JSON.parse(text) as Hook['bodies'][number]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const w of waiting) if (bodies.length >= w.count) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    until: (count) =>
      bodies.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `referee serve --mail` over the Cli's file (test/support/serve-mail.ts). */
const serve = serveMail;

const command = (s: Served, token: string | undefined, body: Record<string, unknown>) =>
  commandTo(s, 'g1', token, body);

describe('issue 15: referee serve --mail sends what the commands of a game by mail cause', () => {
  it("G.1: a Radar reveal reaches alice's mailbox alone; the nweek's report reaches the list and the chat webhook", async () => {
    const hook = await chatHook();
    const cli = new Cli();
    // A June Grid with manual dice: the Big Stick at (1,1), the Shield at (1,2), the Ball of Wax at (20,20).
    cli.ok('new', 'grid-2002-06', '--game', 'g1', '--dice', 'manual', '--rolls', '1,2,400');
    for (const p of ['alice', 'bob']) {
      cli.ok('join', 'g1', p);
      cli.ok('address', 'g1', p, addressOf(p), '--unconfirmed');
    }
    cli.ok('act', 'g1', 'bob', 'enter', '15', '15');
    cli.ok('admin', 'g1', 'place', 'kind=bonus-box', 'x=7', 'y=7', 'name=+5');
    const settings = cli.write(
      'mail.json',
      JSON.stringify({
        from: addressOf('referee'),
        smtp: servers.smtp,
        imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
        games: {
          g1: {
            forums: [addressOf('list')],
            private: addressOf('referee'),
            list: addressOf('list'),
            admin: addressOf('admin'),
            chat: [{ kind: 'json', url: hook.url }],
          },
        },
      }),
    );
    const s = await serve(cli, settings);
    expect(s.out()).toContain('sending by mail, chat');

    // G.1: alice enters within her Radar's reach of the Bonus Box: told privately, by mail, her alone.
    await command(s, cli.tokens.get('alice'), { type: 'enter', args: { x: 5, y: 5 } });
    const [told] = await servers.waitForMail('alice', 1);
    expect(told?.subject).toBe("g1: alice's Radar shows a Bonus Box at (7,7).");
    expect(told?.text).toContain("nweek 1, nday 1: alice's Radar shows a Bonus Box at (7,7).");
    expect(told?.source).not.toContain('+5');

    // The nweek ends (the Ball of Wax's next square by manual dice): its report to the list and the chat.
    await command(s, cli.tokens.get('admin'), { type: 'tick', args: { nweek: true }, rolls: [1] });
    const [report] = await servers.waitForMail('list', 1);
    expect(report?.subject).toBe('g1: the report for nweek 1');
    expect(report?.text).toContain('# g1 (grid-2002-06): report for nweek 1');
    expect(report?.text).toContain('alice is at (5,5) (alice enters the Grid).');
    expect(report?.text).toContain('Nweek 1 ends.');
    expect(report?.text).not.toContain('Radar');
    await hook.until(1);
    expect(hook.bodies.map((b) => [b.to, b.subject])).toEqual([['public', 'g1: the report for nweek 1']]);
    expect(hook.bodies[0]?.text).toBe(report?.text.trimEnd());

    // Notices go out one at a time in the order written: with the report delivered, the private notice was
    // long handled, and nobody else got it (nor anything else).
    expect(await servers.readMailbox('bob')).toEqual([]);
    expect(await servers.readMailbox('admin')).toEqual([]);
    expect((await servers.readMailbox('alice')).length).toBe(1);
    expect((await servers.readMailbox('list')).length).toBe(1);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    await hook.close();
  });

  it('a post by mail: serve reads it from its IMAP mailbox, acts on it, and sends carol her receipt, threaded', async () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-01', '--game', 'g1', '--dice', 'fair');
    cli.ok('join', 'g1', 'carol');
    cli.ok('address', 'g1', 'carol', addressOf('carol'), '--unconfirmed');
    const settings = cli.write(
      'mail.json',
      JSON.stringify({
        from: addressOf('referee'),
        smtp: servers.smtp,
        imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
        dns: settingsDns(LIST_KEY),
        games: {
          g1: {
            forums: [addressOf('list')],
            proofs: { [addressOf('list')]: { proof: 'dkim', domains: [DOMAIN] } },
            private: addressOf('referee'),
            list: addressOf('list'),
            admin: addressOf('admin'),
          },
        },
      }),
    );
    const s = await serve(cli, settings);
    // carol posts to the list; the referee, a subscriber, gets its signed copy in its own mailbox.
    const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
    try {
      await smtp.sendMail({
        from: addressOf('carol'),
        to: addressOf('list'),
        subject: 'my move',
        messageId: '<carol-1@example.test>',
        text: 'I enter the Grid at (3,4).\n\n-- \ncarol',
      });
    } finally {
      smtp.close();
    }
    const [receipt] = await servers.waitForMail('carol', 1);
    expect(receipt?.inReplyTo).toBe('<carol-1@example.test>');
    expect(receipt?.text).toMatch(/enter/i);
    const log = cli.ok('log', 'g1');
    expect(log).toMatch(/carol enters? the Grid at \(3,4\)|carol is at \(3,4\)/);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  });

  it('a bad settings file is refused before anything listens (exit 2, each problem named)', () => {
    const cli = new Cli();
    expect(cli.bad('serve', '--port', '0', '--mail', 'missing.json')).toMatch(
      /there is no mail settings file at missing\.json/,
    );
    cli.write('mail.json', JSON.stringify({ from: 'not an address' }));
    // Every problem, one a line, each by its path.
    const r = cli.run('serve', '--port', '0', '--mail', 'mail.json');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^from: an address is local@domain, nothing else$/m);
    expect(r.stderr).toMatch(/^smtp: /m);
  });
});
