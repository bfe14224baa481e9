// Issue 23, item 5, end to end over the real servers: the referee's answers go by real SMTP into real IMAP
// mailboxes (Dovecot), and two naive auto-responders (no Auto-Submitted, no X-Autoreply: they answer every
// mail they get, threaded, to its Reply-To) read their mailboxes over IMAP and answer through the same SMTP
// server; the referee reads its own mailbox over IMAP and takes each message. One responder is a stranger
// whose address was forged on a message to the referee, the other sits at a registered player's address.
// Six rounds offered: the stranger gets one answer, the player's responder two (its player's receipt and
// the answer to its first auto-reply), and neither exchange goes on. Time on the referee's side is simulated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Courier } from '../../src/channels/courier.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { MailChannel } from '../../src/channels/mail/outbound.js';
import { parseMailSettings } from '../../src/channels/mail/settings.js';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { addressOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers, ReadMessage } from '../support/mail-servers.js';
import { SimulatedTime } from '../support/simulated-time.js';
import { newGame } from '../forum/support.js';
import { FAR_CORNER_ROLLS } from './support.js';
import { offlineMailAuth } from '../../src/channels/mail/auth.js';

const REFEREE = addressOf('referee');
const STRANGER = addressOf('dave');
const PLAYER = addressOf('alice');

let servers: MailServers;
let dir: string;
beforeAll(async () => {
  servers = await startMailServers();
  dir = mkdtempSync(join(tmpdir(), 'referee-backscatter-'));
}, 60_000);
afterAll(async () => {
  await servers?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('issue 23 item 5, over real SMTP and IMAP', () => {
  it('issue 23 item 5: an auto-responder without Auto-Submitted gets one answer, no loop (real SMTP server and Dovecot)', async () => {
    const settings = parseMailSettings({
      from: REFEREE,
      smtp: servers.smtp,
      imap: { ...servers.imap, user: 'referee', pass: 'referee-pw' },
      games: { g1: { forums: [], private: REFEREE, admin: addressOf('admin') } },
    });
    const store = new SqliteStore(join(dir, 'g.db'));
    const referee = new Referee(store, defaultRegistry(), systemEntropy);
    const time = new SimulatedTime(Date.UTC(2026, 10, 24, 5));
    const channel = new MailChannel({
      settings,
      addressOf: (g, p) => store.addressOf(g, p),
      now: () => time.now(),
    });
    const courier = new Courier(store, channel, time);
    const smtp = nodemailer.createTransport({
      host: servers.smtp.host,
      port: servers.smtp.port,
      secure: false,
    });
    try {
      await newGame(referee, 'g1', 'grid-2002-01', ['alice', 'bob'], FAR_CORNER_ROLLS);
      await store.setAddress('g1', 'alice', PLAYER, null);
      await courier.start();
      const taken = new Set<number>();
      const outcomes: Outcome[] = [];
      /** The referee reads its mailbox (IMAP) and takes each new message; the Courier sends the answers. */
      const refereeRound = async (): Promise<void> => {
        for (const m of await servers.readMailbox('referee')) {
          if (taken.has(m.uid)) continue;
          taken.add(m.uid);
          const at = new Date(time.now()).toISOString();
          outcomes.push(
            await takeMail(Buffer.from(m.source, 'latin1'), {
              referee,
              settings,
              now: () => at,
              auth: offlineMailAuth,
            }),
          );
        }
        courier.wake();
        await courier.idle();
        time.advance(60_000);
      };
      /** A naive responder: each new mail in its mailbox is answered, threaded, "I am away", no header marks. */
      const answered = new Map<string, Set<number>>();
      const responderRound = async (user: string): Promise<ReadMessage[]> => {
        const seen = answered.get(user) ?? new Set<number>();
        answered.set(user, seen);
        const fresh = (await servers.readMailbox(user)).filter((m) => !seen.has(m.uid));
        for (const m of fresh) {
          seen.add(m.uid);
          await smtp.sendMail({
            from: addressOf(user),
            to: m.headers['reply-to'] ?? m.from ?? REFEREE,
            subject: `Re: ${m.subject}`,
            text: 'I am away until Monday and will read your mail then.',
            ...(m.messageId ? { inReplyTo: m.messageId, references: m.messageId } : {}),
          });
        }
        return fresh;
      };
      // The start: a forged message From the stranger's address, and alice's own move.
      for (const [from, text] of [
        [STRANGER, 'BUY CHEAP PILLS. I enter the Grid at (9,9).'],
        [PLAYER, 'I enter the Grid at (3,4).'],
      ] as const)
        await smtp.sendMail({ from, to: REFEREE, subject: 'BUY CHEAP PILLS', text });
      await servers.waitForMail('referee', 2);
      await refereeRound();
      const got = { dave: 0, alice: 0 };
      for (let round = 1; round <= 6; round++) {
        const before = servers.accepted;
        got.dave += (await responderRound('dave')).length;
        got.alice += (await responderRound('alice')).length;
        const sent = servers.accepted - before;
        if (sent === 0) break;
        await servers.waitForMail('referee', taken.size + sent);
        await refereeRound();
      }
      // Whatever is still in the mailboxes after the last referee round.
      got.dave += (await servers.readMailbox('dave')).filter((m) => !answered.get('dave')?.has(m.uid)).length;
      got.alice += (await servers.readMailbox('alice')).filter(
        (m) => !answered.get('alice')?.has(m.uid),
      ).length;
      expect(got).toEqual({ dave: 1, alice: 2 });
      // Every answer carries Auto-Submitted: auto-replied, the referee's own Subject, and is threaded.
      for (const user of ['dave', 'alice']) {
        for (const m of await servers.readMailbox(user)) {
          expect(m.headers['auto-submitted']).toBe('auto-replied');
          expect(m.subject).toBe('Receipt from the referee of g1');
          expect(m.inReplyTo).toMatch(/^<.+>$/);
          expect(m.source).not.toContain('PILLS');
        }
      }
      // Nothing was acted on for the stranger; alice's move was, and her auto-replies were read, not acted on.
      expect(
        outcomes.filter((o) => o.kind === 'acted' && o.results.some((r) => r.status === 'accepted')),
      ).toHaveLength(1);
      expect((await store.entries('g1'))?.some((e) => JSON.stringify(e.event).includes('(9,9)'))).toBe(false);
    } finally {
      await courier.stop();
      channel.close();
      smtp.close();
      await store.close();
    }
  }, 120_000);
});
