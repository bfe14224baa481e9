// Issue 23 item 1 end to end: a player posts through a real list (the loopback SMTP server playing Mailman 3
// behind OpenDKIM: it DKIM-signs each copy it relays with a key generated here), the copy lands in the
// referee's real Dovecot mailbox, the referee's IMAP watcher verifies the list's signature (a DNS table of
// the test's own: no network) and acts on it; a forged copy sent straight to the referee's own address, with
// every list header written in, is answered "send it through the list" and changes nothing.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { MailWatcher } from '../../src/channels/mail/watcher.js';
import type { WatchReport } from '../../src/channels/mail/watcher.js';
import { newGame, openReferee } from '../forum/support.js';
import { DnsTable, newKey } from '../support/dkim.js';
import { addressOf, DOMAIN, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { FAR_CORNER_ROLLS } from './support.js';

const LIST = addressOf('list');
const REFEREE = addressOf('referee');
const LIST_KEY = newKey(DOMAIN, 'mm3');
const dns = new DnsTable().publish(LIST_KEY);

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers({
    lists: { list: ['referee', 'alice', 'bob'] },
    listKeys: { list: LIST_KEY },
  });
});
afterAll(async () => {
  await servers?.stop();
});

describe('issue 23 item 1: end to end, through a real signing list', () => {
  it('issue 23 item 1: a post through the real list is acted on; a forged copy straight to the referee is refused, the log unchanged', async () => {
    const referee = openReferee();
    await newGame(referee, 'g1', 'grid-2002-01', ['alice', 'bob'], FAR_CORNER_ROLLS);
    await referee.directory.setAddress('g1', 'alice', addressOf('alice'), null);
    await referee.directory.setAddress('g1', 'bob', addressOf('bob'), null);
    const settings = parseMailSettings({
      from: REFEREE,
      smtp: servers.smtp,
      imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
      games: {
        g1: { forums: [LIST], proofs: { [LIST]: { proof: 'dkim', domains: [DOMAIN] } }, private: REFEREE },
      },
    });
    const taken: Outcome[] = [];
    const waiting: (() => void)[] = [];
    const watcher = new MailWatcher({
      referee,
      imap: settings.imap,
      settings,
      auth: dns.auth,
      report: (r: WatchReport) => {
        if (r.kind === 'taken') taken.push(r.outcome);
        for (const f of waiting.splice(0)) f();
      },
    });
    const tookAll = async (n: number) => {
      while (taken.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
    };
    const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
    await watcher.start();
    try {
      // alice posts through the list, as her mail client does.
      await smtp.sendMail({
        from: `alice <${addressOf('alice')}>`,
        to: LIST,
        subject: 'entering',
        messageId: '<alice-1@example.test>',
        text: 'I enter the Grid at (5,5).',
      });
      await tookAll(1);
      expect(taken[0]).toMatchObject({ kind: 'acted', player: 'alice', way: 'forum' });
      // What the referee received is the list's signed copy.
      const [copy] = (await servers.readMailbox('referee')).filter(
        (m) => m.messageId === '<alice-1@example.test>',
      );
      expect(copy?.source).toMatch(/^DKIM-Signature: .*d=example\.test/m);
      // Dovecot's LMTP (as set up here) writes Return-Path and Received on top, no Delivered-To: a delivery
      // proof would find none above the first Received, so a forum proven by delivery needs a server that
      // writes one (README; ruling M8).
      expect(copy?.source.split('\r\n').slice(0, 2).join('\n')).toMatch(/^Return-Path: .*\nReceived: /);
      const entries = (await referee.entries('g1')).length;

      // bob forges a post of alice straight to the referee's own address, every list header written in.
      await smtp.sendMail({
        envelope: { from: addressOf('bob'), to: [REFEREE] },
        raw: [
          `From: alice <${addressOf('alice')}>`,
          `To: ${LIST}`,
          `Cc: ${LIST}`,
          'Subject: leaving',
          'Message-ID: <forged-1@example.test>',
          `List-Id: <list.${DOMAIN}>`,
          `List-Post: <mailto:${LIST}>`,
          `Delivered-To: ${LIST}`,
          `X-BeenThere: ${LIST}`,
          'Precedence: list',
          '',
          'I leave the Grid.',
          '',
        ].join('\r\n'),
      });
      await tookAll(2);
      expect(taken[1]).toMatchObject({ kind: 'refused', reason: 'not-through-list', game: 'g1' });
      const refused = taken[1];
      if (refused?.kind === 'refused')
        expect(refused.receipt.text).toContain(`Send it through the list ${LIST}`);
      expect((await referee.entries('g1')).length).toBe(entries);
    } finally {
      smtp.close();
      await watcher.stop();
    }
  });
});
