// Issue 23 item 3 end to end (ruling M10), on the real servers of test/support/mail-servers.ts: a claim's
// confirmation notice goes out through the outbox and the mail channel by real SMTP into dave's real IMAP
// mailbox; dave answers it with a plain reply by SMTP; the reply, read back from the referee's mailbox over
// IMAP, confirms the claim, and from then on mail from that address acts as dave's. Alice's claim of the same
// address, made first, mailed dave a notice he never answers: it confirms nothing and blocks nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Courier } from '../../src/channels/courier.js';
import { claimAddress } from '../../src/channels/mail/claim.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { Referee } from '../../src/engine/referee.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { newGame } from '../forum/support.js';
import { addressOf, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers, ReadMessage } from '../support/mail-servers.js';
import { SimulatedTime } from '../support/simulated-time.js';
import { FAR_CORNER_ROLLS } from './support.js';
import { offlineMailAuth } from '../../src/channels/mail/auth.js';

let servers: MailServers;
let dir: string;
beforeAll(async () => {
  servers = await startMailServers();
  dir = mkdtempSync(join(tmpdir(), 'referee-claims-e2e-'));
});
afterAll(async () => {
  await servers?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Sends a message by SMTP, as a player's mail client does. */
async function send(message: SendMailOptions): Promise<void> {
  const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
  try {
    await smtp.sendMail(message);
  } finally {
    smtp.close();
  }
}

describe('issue 23 item 3: a confirmation by reply, through the real SMTP server and Dovecot', () => {
  it('issue 23 item 3: the code arrives in the real mailbox, the reply from that address confirms, then mail from it acts', async () => {
    const REFEREE = addressOf('referee');
    const DAVE = addressOf('dave');
    const settings = parseMailSettings({
      from: REFEREE,
      smtp: servers.smtp,
      imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
      games: { g1: { forums: [addressOf('list')], private: REFEREE, list: addressOf('list') } },
    });
    const store = new SqliteStore(join(dir, 'g.db'));
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    const time = new SimulatedTime(Date.UTC(2026, 10, 24, 5));
    const channel = new MailChannel({ settings, addressOf: (g, p) => store.addressOf(g, p) });
    const courier = new Courier(store, channel, time);
    const ctx = { referee, settings, now: () => new Date(time.now()).toISOString(), auth: offlineMailAuth };
    try {
      await newGame(referee, 'g1', 'grid-2002-01', ['alice', 'dave'], FAR_CORNER_ROLLS);
      await courier.start();
      // Alice claims dave's address first; then dave claims his own. Both notices reach dave's mailbox.
      await claimAddress(
        store,
        'g1',
        'alice',
        { address: DAVE, phraseHash: null },
        { now: time.now(), settings },
      );
      await claimAddress(
        store,
        'g1',
        'dave',
        { address: DAVE, phraseHash: null },
        { now: time.now(), settings },
      );
      courier.wake();
      await courier.idle();
      const inbox = await servers.waitForMail('dave', 2);
      const [hers, his] = inbox as [ReadMessage, ReadMessage];
      expect(hers.text).toContain('The player alice of the game g1');
      expect(his.text).toContain('The player dave of the game g1');
      expect(his.subject).toMatch(/^confirm [a-z2-7]{26}$/);
      // Nothing is anyone's yet: mail from the address is nobody's.
      expect(await store.playerByAddress('g1', DAVE)).toBeUndefined();
      // Dave's mail client answers his notice: Re: its Subject, to its Reply-To, threaded, the text quoted.
      await send({
        from: `Dave <${DAVE}>`,
        to: his.headers['reply-to'] ?? his.from ?? REFEREE,
        subject: `Re: ${his.subject}`,
        inReplyTo: his.messageId,
        references: his.messageId,
        text: `Yes.\n\n${his.text
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n')}`,
      });
      const [reply] = await servers.waitForMail('referee', 1);
      const confirmed = await takeMail(Buffer.from(reply?.source ?? ''), ctx);
      expect(confirmed).toMatchObject({ kind: 'confirmed', game: 'g1', player: 'dave' });
      expect((await store.playerByAddress('g1', DAVE))?.player).toBe('dave');
      expect(await store.claimOf('g1', 'alice')).toBeUndefined();
      // Dave is told, at the address now his, threaded on his reply.
      courier.wake();
      await courier.idle();
      const told = (await servers.waitForMail('dave', 3))[2];
      expect(told?.subject).toBe('Confirmed: your mail address in g1');
      expect(told?.inReplyTo).toBe(reply?.messageId);
      // From now on his mail acts as his.
      await send({ from: DAVE, to: REFEREE, subject: 'my move', text: 'I enter the Grid at (5,5).' });
      const [, move] = await servers.waitForMail('referee', 2);
      const acted = await takeMail(Buffer.from(move?.source ?? ''), ctx);
      expect(acted).toMatchObject({ kind: 'acted', player: 'dave' });
      if (acted.kind === 'acted') expect(acted.results.map((r) => r.status)).toEqual(['accepted']);
    } finally {
      await courier.stop();
      channel.close();
      await store.close();
    }
  });
});
