// The receipt (issue 15): one private notice answering one message, as the judges send, listing what
// became of each sentence in the words `referee post` prints (src/forum/lines.ts), or why nothing of the
// message was acted on. Its first line names the message and a fingerprint of the text read, by which a
// message delivered again is told from one re-sent with the same Message-ID and another text.
import { createHash } from 'node:crypto';
import type { SentenceResult } from '../../forum/index.js';
import { sentenceLine } from '../../forum/index.js';
import type { Notice } from '../../engine/ports/index.js';
import type { Way } from './route.js';

export const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The fingerprint of a text as read (16 hex digits of its SHA-256, white space collapsed). */
export const fingerprintOf = (text: string): string => sha256(text.replace(/\s+/g, ' ').trim()).slice(0, 16);

const FINGERPRINT = /text sha256:([0-9a-f]{16})/;

/** The fingerprint a receipt's first line gives, if any. */
export const fingerprintIn = (receipt: { readonly text: string }): string | undefined =>
  FINGERPRINT.exec(receipt.text)?.[1];

export interface ReceiptOf {
  readonly game: string;
  /** 'player:NAME', or for a sender no player registered, 'address:ADDR' (only the mail channel delivers it). */
  readonly to: string;
  readonly key: string;
  readonly messageId: string;
  readonly way: Way;
  readonly fingerprint: string;
  readonly at: string;
  /** The message had no words of its own, and whether it replies to the referee's mail (answering.ts). */
  readonly empty: boolean;
  readonly repliesToReferee: boolean;
}

const wayName = (way: Way, game: string): string =>
  way === 'forum' ? `the Public Forum of ${game}` : `the Administrator of ${game} (private)`;

/**
 * A receipt's Subject (ruling M12): fixed, never the sender's own words, so that a forged From cannot have
 * the referee carry a stranger's text ("BUY CHEAP PILLS …") to anyone; the receipt is threaded on the
 * message it answers (In-Reply-To, References), which is how a mail client shows what it answers.
 */
export const receiptSubject = (game: string): string => `Receipt from the referee of ${game}`;

function receipt(of: ReceiptOf, body: string): Notice {
  const subject = receiptSubject(of.game);
  return {
    game: of.game,
    key: of.key,
    to: of.to,
    topic: 'receipt',
    subject,
    text: `Your message ${of.messageId} to ${wayName(of.way, of.game)} (text sha256:${of.fingerprint}):\n\n${body}\n`,
    at: of.at,
    thread: of.messageId,
  };
}

/** Nothing of the message was acted on, and why (in one or more sentences the sender can act on). */
export function refusalReceipt(of: ReceiptOf, why: string): Notice {
  return receipt(of, `Nothing in it was acted on: ${why}`);
}

const count = (n: number, what: string): string => `${n} ${what}`;

/** Each sentence and what became of it. */
export function resultsReceipt(
  of: ReceiptOf,
  results: readonly SentenceResult[],
  words: (type: string) => readonly string[],
  notes: readonly string[] = [],
): Notice {
  const n = (s: SentenceResult['status']) => results.filter((r) => r.status === s).length;
  const lines =
    results.length === 0 ? ['(no sentences: nothing to act on)'] : results.map((r) => sentenceLine(r, words));
  const summary = `${count(n('accepted'), 'accepted')}, ${count(n('rejected'), 'rejected')}, ${count(n('not-understood'), 'not understood')}, ${count(n('ignored'), 'ignored')}.`;
  return receipt(of, [...lines, '', summary, ...notes.map((x) => `\n${x}`)].join('\n'));
}
