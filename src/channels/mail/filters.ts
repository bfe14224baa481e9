// Mail the referee never acts on nor answers (issue 15): its own (a loop), bounces, auto-replies, and bulk
// mail that did not come through a binding forum list. Answering any of these could start a mail loop or
// spam a stranger; each is dropped with its reason, for the operator's log.
import type { Email } from 'postal-mime';
import { headerValue, headerValues, mailboxes } from './headers.js';

export type DropReason =
  | 'own-mail'
  | 'bounce'
  | 'auto-reply'
  | 'bulk'
  | 'unreadable'
  | 'no-sender'
  | 'not-for-a-game'
  | 'ambiguous-game'
  | 'unknown-game'
  | 'duplicate';

export interface Drop {
  readonly reason: DropReason;
  readonly detail: string;
}

const drop = (reason: DropReason, detail: string): Drop => ({ reason, detail });

/**
 * Why the message is not to be read, or undefined. `referee` is the referee's own address (lowercased);
 * `viaForum` whether it came to or through one of a game's binding forum addresses (a list marks every post
 * it distributes `Precedence: list` or `bulk`, and those posts are the game's announcements).
 */
export function dropReason(email: Email, referee: string, viaForum: boolean): Drop | undefined {
  const from = mailboxes(email.from ? [email.from] : []);
  if (from.includes(referee)) return drop('own-mail', `From is the referee's own address`);
  if (headerValues(email, 'x-loop').some((v) => v.toLowerCase().includes(referee)))
    return drop('own-mail', 'X-Loop names the referee');
  const returnPath = headerValues(email, 'return-path');
  if (returnPath.some((v) => v.replace(/\s/g, '') === '<>' || v === ''))
    return drop('bounce', 'empty Return-Path');
  if (from.some((a) => /^(mailer-daemon|postmaster)@/.test(a)))
    return drop('bounce', 'From is a mail server (MAILER-DAEMON or postmaster)');
  const type = (headerValue(email, 'content-type') ?? '').toLowerCase();
  if (/^multipart\/report\b/.test(type)) return drop('bounce', 'a delivery report (multipart/report)');
  const auto = (headerValue(email, 'auto-submitted') ?? 'no').toLowerCase().split(';')[0]?.trim();
  if (auto !== undefined && auto !== '' && auto !== 'no')
    return drop('auto-reply', `Auto-Submitted: ${auto}`);
  for (const h of ['x-autoreply', 'x-autorespond', 'x-autoresponder'])
    if (headerValue(email, h) !== undefined) return drop('auto-reply', `${h} is set`);
  const precedence = (headerValue(email, 'precedence') ?? '').toLowerCase();
  if (precedence === 'auto_reply') return drop('auto-reply', 'Precedence: auto_reply');
  if (['bulk', 'junk', 'list'].includes(precedence) && !viaForum)
    return drop('bulk', `Precedence: ${precedence}, not through a binding forum`);
  return undefined;
}
