// Issue 23, item 4: "Secret phrases can be guessed without limit." Wrong phrases are counted per player in the
// store, slowed, then locked, with a notice to the player and the Administrator; a phrase seen on the list
// stops working at once (src/channels/mail/phrase-guard.ts, ruling M11). Time is the mail edge's clock,
// simulated: each message is taken at an instant the test sets.
import { describe, expect, it } from 'vitest';
import type { Referee } from '../../src/engine/referee.js';
import { takeMail } from '../../src/channels/mail/inbound.js';
import type { Outcome } from '../../src/channels/mail/inbound.js';
import { hashPhrase } from '../../src/channels/mail/phrase.js';
import { FREE_FAILURES, LOCK_FAILURES } from '../../src/channels/mail/phrase-guard.js';
import { UNANSWERED } from '../../src/channels/mail/answering.js';
import {
  BOB,
  BOBS_PHRASE,
  DNS,
  footprint,
  FORUM,
  gridByMail,
  listed,
  mail,
  PRIVATE,
  SETTINGS,
} from './support.js';
import { insidesOf } from '../../src/engine/insides.js';

const START = Date.UTC(2026, 10, 24, 5);
const MINUTE = 60_000;

/** Takes each message at the instant `at` (ms). */
const takeAt = (r: Referee, raw: Uint8Array, at: number): Promise<Outcome> =>
  takeMail(raw, { referee: r, settings: SETTINGS, now: () => new Date(at).toISOString(), auth: DNS.auth });

const guess = (phrase: string, text = 'I enter the Grid at (5,5).') =>
  mail({ from: `Bob <${BOB}>`, to: PRIVATE, body: `phrase: ${phrase}\n\n${text}\n` });

/** The notices of g1 sent (not kept unanswered) to a recipient. */
async function sentTo(r: Referee, to: string): Promise<{ topic: string; subject: string; text: string }[]> {
  const all = (await insidesOf(r).store.dumpGame?.('g1'))?.notices ?? [];
  return all.filter((n) => n.to === to);
}

describe('issue 23 item 4: secret phrases cannot be guessed without limit', () => {
  it('issue 23 item 4: 29 wrong phrases then the right one, 12 a second: 3 compared, the rest refused unread, nothing acted on, and the real player gets 2 messages, not 29', async () => {
    const r = await gridByMail();
    const before = await footprint(r);
    const outcomes: Outcome[] = [];
    for (let i = 0; i < 30; i++) {
      const phrase = i < 29 ? `wrong guess number ${i}` : BOBS_PHRASE;
      outcomes.push(await takeAt(r, guess(phrase), START + Math.round((i * 1000) / 12)));
    }
    const reasons = outcomes.map((o) => (o.kind === 'refused' ? o.reason : o.kind));
    expect(reasons.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill('wrong-phrase'));
    // From the third failure on, the next guess waits 10 minutes: the rest, the right one too, are not read.
    expect(reasons.slice(FREE_FAILURES)).toEqual(Array(30 - FREE_FAILURES).fill('phrase-slowed'));
    expect((await footprint(r)).entries).toBe(before.entries);
    expect((await insidesOf(r).store.phraseStanding('g1', 'bob')).failures).toBe(FREE_FAILURES);
    // bob hears of it twice: the first wrong phrase (saying what follows), and once that he must wait.
    const toBob = await sentTo(r, 'player:bob');
    expect(toBob).toHaveLength(2);
    expect(toBob[0]?.text).toContain('someone wrote in your name');
    expect(toBob[1]?.text).toMatch(/compares the next one only from 2026-11-24T05:10:00\.\d+Z on/);
    // The rest were kept, unsent, each saying why.
    expect((await sentTo(r, UNANSWERED)).length).toBe(28);
    // The right phrase, sent again when the wait is over, acts.
    const later = await takeAt(r, guess(BOBS_PHRASE), START + 10 * MINUTE + 1000);
    expect(later).toMatchObject({ kind: 'acted', player: 'bob' });
  });

  it('issue 23 item 4: a guesser at mail speed gets 5 guesses in the first hour and 10 in all; the lock tells bob and the Administrator, and the right phrase then does nothing', async () => {
    const r = await gridByMail();
    const compared: number[] = [];
    let lockedAt: number | undefined;
    // One guess a minute for two days.
    for (let m = 0; m < 48 * 60; m++) {
      const at = START + m * MINUTE;
      const o = await takeAt(r, guess(`guess ${m}`), at);
      if (o.kind === 'refused' && o.reason === 'wrong-phrase') compared.push(m);
      if (o.kind === 'refused' && o.reason === 'phrase-locked' && lockedAt === undefined) lockedAt = m;
      expect(o.kind).not.toBe('acted');
    }
    expect(compared).toHaveLength(LOCK_FAILURES);
    // 3 at once, then after 10, 20, 40, … minutes: 0, 1, 2, 12, 32, 72, 152, 312, 632, 1272.
    expect(compared).toEqual([0, 1, 2, 12, 32, 72, 152, 312, 632, 1272]);
    expect(compared.filter((m) => m < 60)).toHaveLength(5);
    expect(lockedAt).toBe(1273);
    const admin = await sentTo(r, 'admin');
    expect(admin.map((n) => n.subject)).toEqual(["g1: bob's secret phrase is locked"]);
    expect(admin[0]?.text).toContain('referee mail unlock g1 bob');
    const toBob = await sentTo(r, 'player:bob');
    expect(toBob.filter((n) => n.topic === 'phrase').map((n) => n.subject)).toEqual([
      'g1: your secret phrase is locked',
    ]);
    // Bounded: the first failure, one "wait" per wait (7), the lock, and the locked phrase once a day (2).
    expect(toBob).toHaveLength(1 + 7 + 1 + 2);
    // Locked: the right phrase does nothing.
    const right = await takeAt(r, guess(BOBS_PHRASE), START + 49 * 60 * MINUTE);
    expect(right).toMatchObject({ kind: 'refused', reason: 'phrase-locked' });
    // A new phrase clears the count; the Administrator's unlock does too.
    await insidesOf(r).store.setAddress('g1', 'bob', BOB, await hashPhrase('a brand new phrase for bob'));
    const renewed = await takeAt(r, guess('a brand new phrase for bob'), START + 50 * 60 * MINUTE);
    expect(renewed).toMatchObject({ kind: 'acted', player: 'bob' });
  });

  it('issue 23 item 4: a phrase seen on the list stops working at once, and bob is told to choose another', async () => {
    const r = await gridByMail();
    // A post on the list showing a phrase line that is not bob's burns nothing (anyone can forge that).
    await takeAt(
      r,
      await listed(mail({ from: BOB, to: FORUM, body: 'phrase: not his at all\nI enter.' })),
      START,
    );
    expect((await insidesOf(r).store.phraseStanding('g1', 'bob')).burnedAt).toBeNull();
    const shown = await takeAt(
      r,
      await listed(mail({ from: BOB, to: FORUM, body: `phrase: ${BOBS_PHRASE}\nI enter.` })),
      START + 1,
    );
    expect(shown).toMatchObject({ kind: 'refused', reason: 'phrase-holder-on-forum' });
    expect((await insidesOf(r).store.phraseStanding('g1', 'bob')).burnedAt).toBe(START + 1);
    const told = (await sentTo(r, 'player:bob')).filter((n) => n.topic === 'phrase');
    expect(told.map((n) => n.subject)).toEqual(['g1: your secret phrase was seen on the list']);
    const after = await takeAt(r, guess(BOBS_PHRASE), START + 2);
    expect(after).toMatchObject({ kind: 'refused', reason: 'phrase-burned' });
    if (after.kind === 'refused') expect(after.receipt.text).toContain('was seen on the list');
    await insidesOf(r).store.setAddress('g1', 'bob', BOB, await hashPhrase('another phrase entirely'));
    expect(await takeAt(r, guess('another phrase entirely'), START + 3)).toMatchObject({ kind: 'acted' });
  });

  it('issue 23 item 4: every answer about a phrase goes to the registered address, never to whoever wrote', async () => {
    const r = await gridByMail();
    const o = await takeAt(
      r,
      mail({
        from: BOB,
        to: PRIVATE,
        body: 'phrase: a guess\nI enter.',
        headers: { 'Reply-To': 'mallory@evil.example' },
      }),
      START,
    );
    expect(o).toMatchObject({ kind: 'refused', reason: 'wrong-phrase' });
    if (o.kind === 'refused') expect(o.receipt.to).toBe('player:bob');
    const all = (await insidesOf(r).store.dumpGame?.('g1'))?.notices ?? [];
    expect(all.some((n) => n.to.includes('mallory'))).toBe(false);
  });
});
