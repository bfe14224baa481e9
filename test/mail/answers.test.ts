// Issue 23, item 5: "Backscatter and loops." Who is answered, and how often (src/channels/mail/answering.ts,
// ruling M12): a receipt never carries the sender's Subject; an address no player registered is answered at
// most once a day, and all of them together at most 10 times an hour; a message with nothing to act on from no
// player, or replying to the referee with nothing to act on, is not answered; a naive auto-responder gets one
// answer. Time is simulated: each message is taken at an instant the test sets.
import { describe, expect, it } from 'vitest';
import type { Referee } from '../../src/engine/referee.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { mailMessageId } from '../../src/channels/mail/outbound.js';
import { STRANGERS_PER_HOUR, UNANSWERED } from '../../src/channels/mail/answering.js';
import type { Notice } from '../../src/store/store.js';
import { ALICE, DNS, FORUM, gridByMail, listed, mail, PRIVATE, REFEREE, SETTINGS } from './support.js';
import { insidesOf } from '../../src/engine/insides.js';

const START = Date.UTC(2026, 10, 24, 5);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Takes each message at the instant `at` (ms). A message to the forum arrives as the list relays it, signed
 * (ruling M8): these tests are about who is answered, not about the proof.
 */
const takeAt = async (r: Referee, raw: Buffer, at: number): Promise<Outcome> =>
  takeMail(await throughList(raw), {
    referee: r,
    settings: SETTINGS,
    now: () => new Date(at).toISOString(),
    auth: DNS.auth,
  });

const throughList = async (raw: Buffer): Promise<Buffer> =>
  /^To: grid@lists\.example\r?$/im.test(raw.toString('latin1').split('\r\n\r\n')[0] ?? '') &&
  !/^DKIM-Signature:/im.test(raw.toString('latin1'))
    ? await listed(raw)
    : raw;

const receiptOf = (o: Outcome): Notice | undefined => (o.kind === 'dropped' ? undefined : o.receipt);
/** The receipt, if it is to be sent (not kept unanswered). */
const sent = (o: Outcome): Notice | undefined => {
  const n = receiptOf(o);
  return n && n.to !== UNANSWERED ? n : undefined;
};

/** What a naive auto-responder sends back: a reply, threaded, its own fixed words, no Auto-Submitted. */
const autoReply = (from: string, to: Notice, text = 'I am away until Monday and will read your mail then.') =>
  mail({
    from,
    to: PRIVATE,
    subject: `Re: ${to.subject}`,
    headers: {
      'In-Reply-To': mailMessageId(to, REFEREE),
      References: mailMessageId(to, REFEREE),
    },
    body: text,
  });

describe('issue 23 item 5: backscatter and loops', () => {
  it("issue 23 item 5: a forged From gets a receipt whose Subject is the referee's, never the sender's words", async () => {
    const r = await gridByMail();
    const spam = 'BUY CHEAP PILLS at pills.example';
    const stranger = await takeAt(
      r,
      mail({ from: 'victim@else.example', subject: spam, body: 'I enter.' }),
      START,
    );
    expect(sent(stranger)?.subject).toBe('Receipt from the referee of g1');
    const player = await takeAt(
      r,
      mail({ from: ALICE, subject: spam, body: 'I enter the Grid at (3,4).' }),
      START,
    );
    expect(player).toMatchObject({ kind: 'acted' });
    expect(sent(player)?.subject).toBe('Receipt from the referee of g1');
    const all = (await insidesOf(r).store.dumpGame?.('g1'))?.notices ?? [];
    expect(all.filter((n) => `${n.subject}\n${n.text}`.includes('PILLS'))).toEqual([]);
  });

  it('issue 23 item 5: an address no player registered is answered once a day; forged Froms by the hundred get 10 an hour', async () => {
    const r = await gridByMail();
    const from = 'victim@else.example';
    const first = await takeAt(r, mail({ from, body: 'I enter.' }), START);
    expect(first).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    expect(sent(first)?.to).toBe(`address:${from}`);
    const again = await takeAt(r, mail({ from, body: 'I enter, again.' }), START + HOUR);
    expect(again).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    expect(sent(again)).toBeUndefined();
    if (again.kind === 'refused') expect(again.unanswered).toContain('no player');
    // The next day, once more.
    expect(sent(await takeAt(r, mail({ from, body: 'I enter.' }), START + 24 * HOUR))?.to).toBe(
      `address:${from}`,
    );
    // 300 forged Froms in an hour: 10 answered (one of them above's day is spent), the rest kept unsent.
    let answered = 0;
    for (let i = 0; i < 300; i++) {
      const o = await takeAt(
        r,
        mail({ from: `v${i}@else.example`, body: 'I enter.' }),
        START + 48 * HOUR + i * 10_000,
      );
      if (sent(o)) answered++;
    }
    expect(answered).toBe(STRANGERS_PER_HOUR);
  });

  it('issue 23 item 5: a message with nothing to act on from no player is not answered', async () => {
    const r = await gridByMail();
    const o = await takeAt(r, mail({ from: 'someone@else.example', body: '> quoted only\n-- \nsig' }), START);
    expect(o).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    expect(sent(o)).toBeUndefined();
    // Still taken: the same message again is a re-delivery, dropped (ruling M3).
    const raw = mail({ from: 'someone@else.example', id: '<empty-1@else.example>', body: '' });
    await takeAt(r, raw, START);
    expect(await takeAt(r, raw, START + 1)).toMatchObject({ kind: 'dropped', reason: 'duplicate' });
  });

  it("issue 23 item 5: a reply to the referee's own receipt with nothing to act on is not answered, even from a player", async () => {
    const r = await gridByMail();
    const o = await takeAt(r, mail({ from: ALICE, body: 'I enter the Grid at (3,4).' }), START);
    const receipt = sent(o);
    expect(receipt).toBeDefined();
    if (!receipt) return;
    const thanks = await takeAt(
      r,
      autoReply(ALICE, receipt, '> your receipt, quoted\n-- \nalice'),
      START + MINUTE,
    );
    expect(thanks).toMatchObject({ kind: 'acted', results: [] });
    expect(sent(thanks)).toBeUndefined();
    // A reply with a command in it is answered as any message.
    const more = await takeAt(r, autoReply(ALICE, receipt, 'I move to (4,4).'), START + 2 * MINUTE);
    expect(sent(more)?.to).toBe('player:alice');
  });

  it("issue 23 item 5: a player's messages that act on nothing are answered at most 3 an hour, the same text once a day", async () => {
    const r = await gridByMail();
    const answered: boolean[] = [];
    // An empty new message (not a reply): answered, since alice may think she wrote something; again, not.
    for (const at of [0, MINUTE])
      answered.push(
        sent(await takeAt(r, mail({ from: ALICE, body: '> only a quote' }), START + at)) !== undefined,
      );
    // Four different texts the grammar does not understand, within the hour: 3 answered (the empty one counted).
    for (let i = 0; i < 4; i++)
      answered.push(
        sent(await takeAt(r, mail({ from: ALICE, body: `Hmm, number ${i}?` }), START + (2 + i) * MINUTE)) !==
          undefined,
      );
    expect(answered).toEqual([true, false, true, true, false, false]);
    // The next hour, more; and a message that acts on something is answered whatever came before.
    expect(sent(await takeAt(r, mail({ from: ALICE, body: 'Hmm, number 9?' }), START + HOUR))).toBeDefined();
    expect(
      sent(await takeAt(r, mail({ from: ALICE, body: 'I enter the Grid at (3,4).' }), START + HOUR + MINUTE)),
    ).toBeDefined();
  });

  for (const who of ['a stranger', 'a player'] as const)
    it(`issue 23 item 5: an auto-responder without Auto-Submitted gets one answer, no loop (${who})`, async () => {
      const r = await gridByMail();
      const responder = who === 'a player' ? ALICE : 'holiday@else.example';
      // The first message: a player's move, or a stranger's forged one; its receipt starts the exchange.
      const first = sent(
        await takeAt(
          r,
          mail({ from: responder, to: FORUM, body: 'Hello, I enter the Grid at (3,4).' }),
          START,
        ),
      );
      expect(first).toBeDefined();
      let last = first;
      const answered: number[] = [];
      // The responder answers every mail it gets, at once: 6 rounds offered.
      for (let round = 1; round <= 6 && last; round++) {
        const o = await takeAt(r, autoReply(responder, last), START + round * MINUTE);
        expect(o.kind).not.toBe('dropped');
        last = sent(o);
        if (last) answered.push(round);
      }
      // A player's auto-reply is answered once (its words were read: "not understood"), never again (the same
      // text is answered once a day); a stranger's, not at all (its day's answer was the first receipt).
      expect(answered).toEqual(who === 'a player' ? [1] : []);
      const loops = Math.max(0, answered.length - 1);
      expect(loops).toBe(0);
    });
});
