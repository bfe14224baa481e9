// Who is answered, and how often (issue 23, item 5; ruling M12). Mail's From can be written by anyone, so
// every receipt the referee sends may land in a stranger's inbox (backscatter), and an auto-responder that
// marks nothing (no Auto-Submitted, no X-Autoreply) would answer each receipt for ever. So before a receipt is
// sent, its answer is checked against stored budgets (src/store/guards.ts: both stores, shared by every
// process), by fixed windows of the mail edge's clock:
//
// - never answered: a message with nothing to act on (no words of its own) from an address no player
//   registered, nor from anyone when it replies to the referee's own mail (In-Reply-To or References naming a
//   Message-ID the referee made: outbound.ts's mailMessageId);
// - an address no player registered: at most STRANGER_PER_DAY answer a UTC day, and all such addresses of a
//   game together at most STRANGERS_PER_HOUR an hour (forged Froms by the thousand get a handful);
// - a player: at most PLAYER_PER_HOUR answers an hour in all; of those that act on nothing (a refusal, or no
//   sentence accepted or rejected) at most IDLE_PER_HOUR an hour, and never the same text twice a day (an
//   auto-responder's "I am away" is answered once) unless a rule of the caller's says how often;
// - and whatever a caller adds (the phrase guard's "once per wait", phrase-guard.ts).
//
// A receipt not sent is kept all the same, addressed to nobody (UNANSWERED: no channel delivers it), so the
// message still counts as taken (a re-delivery is dropped, ruling M3) and the operator can read why.
import type { Email } from 'postal-mime';
import type { AnswerBudget, MailGuards } from '../../engine/ports/index.js';
import type { Notice } from '../../engine/ports/index.js';
import { headerValues } from './headers.js';
import { domainOf } from './settings.js';

export const STRANGER_PER_DAY = 1;
export const STRANGERS_PER_HOUR = 10;
export const PLAYER_PER_HOUR = 30;
export const IDLE_PER_HOUR = 3;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The recipient of a receipt kept but not sent: a channel's record, which no channel delivers. */
export const UNANSWERED = 'channel:mail-unanswered';

/** What a receipt answers, as the caps see it. */
export interface Answering {
  readonly game: string;
  /** 'player:NAME' or 'address:ADDRESS' (a sender no player registered). */
  readonly to: string;
  /** ms since the epoch, the mail edge's clock. */
  readonly now: number;
  /** Nothing acted on: a refusal, or no sentence accepted or rejected. */
  readonly idle: boolean;
  /** The message had no words of its own (quotes, signature and phrase lines taken out). */
  readonly empty: boolean;
  /** It replies to one of the referee's own messages. */
  readonly repliesToReferee: boolean;
  /** The text as read (receipt.ts's fingerprint). */
  readonly fingerprint: string;
  /** A rule of the caller's: no answer, and why (the phrase guard's: counted, told at the first and the lock). */
  readonly never?: string;
  /** Budgets the caller adds (the phrase guard's one answer per wait). */
  readonly budgets?: readonly AnswerBudget[];
}

export type Answer = { readonly answer: true } | { readonly answer: false; readonly why: string };

/** A budget of `limit` answers under `key` in the fixed window of `span` ms that holds `now`. */
export function windowBudget(key: string, limit: number, span: number, now: number): AnswerBudget {
  const index = Math.floor(now / span);
  return { key: `${key}@${index}`, limit, until: (index + 1) * span };
}

/** Whether the receipt may be sent, spending from the budgets if so. */
export async function mayAnswer(guards: MailGuards, a: Answering): Promise<Answer> {
  if (a.never !== undefined) return { answer: false, why: a.never };
  const stranger = a.to.startsWith('address:');
  if (a.empty && (stranger || a.repliesToReferee))
    return {
      answer: false,
      why: stranger ? 'nothing to act on, from no player' : 'a reply to the referee with nothing to act on',
    };
  const budgets: AnswerBudget[] = [...(a.budgets ?? [])];
  if (stranger) {
    budgets.push(windowBudget(`stranger:${a.to}`, STRANGER_PER_DAY, DAY, a.now));
    budgets.push(windowBudget('strangers', STRANGERS_PER_HOUR, HOUR, a.now));
  } else {
    budgets.push(windowBudget(`all:${a.to}`, PLAYER_PER_HOUR, HOUR, a.now));
    if (a.idle) budgets.push(windowBudget(`idle:${a.to}`, IDLE_PER_HOUR, HOUR, a.now));
    // The same text answered once a day, unless the caller's own rule says how often (the phrase guard's
    // "once per wait" answers a player resending eir move after each wait).
    if (a.idle && !a.budgets) budgets.push(windowBudget(`text:${a.to}:${a.fingerprint}`, 1, DAY, a.now));
  }
  if (await guards.spendAnswer(a.game, budgets, a.now)) return { answer: true };
  return {
    answer: false,
    why: stranger
      ? 'over the answers to senders who are no player'
      : `over the answers to ${a.to.slice('player:'.length)}`,
  };
}

/**
 * The receipt as it is to be stored: itself if answered, else addressed to nobody (UNANSWERED), its text
 * saying why; `unanswered` is that reason, for the outcome.
 */
export async function answerOrKeep(
  guards: MailGuards,
  receipt: Notice,
  a: Omit<Answering, 'game' | 'to'>,
): Promise<{ readonly receipt: Notice; readonly unanswered?: string }> {
  const answer = await mayAnswer(guards, { ...a, game: receipt.game, to: receipt.to });
  if (answer.answer) return { receipt };
  return {
    receipt: {
      ...receipt,
      to: UNANSWERED,
      text: `${receipt.text}\n(Not sent to ${receipt.to}: ${answer.why}.)\n`,
    },
    unanswered: answer.why,
  };
}

/** The Message-IDs a message replies to (In-Reply-To, References), angle brackets kept. */
function repliedIds(email: Email): string[] {
  return ['in-reply-to', 'references'].flatMap((h) =>
    headerValues(email, h).flatMap((v) => [...v.matchAll(/<[^<>\s]+>/g)].map((m) => m[0])),
  );
}

/** Whether the message replies to a message the referee sent From `from` (outbound.ts's mailMessageId). */
export function repliesToReferee(email: Email, from: string): boolean {
  const domain = domainOf(from).toLowerCase();
  return repliedIds(email).some((id) => {
    const m = /^<[^<>@\s]+\.[0-9a-f]{64}@([^<>@\s]+)>$/.exec(id);
    return m !== null && (m[1] as string).toLowerCase() === domain;
  });
}
