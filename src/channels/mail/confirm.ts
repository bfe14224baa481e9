// Confirmations by mail (issue 23 item 3, ruling M10): a message from an address that some player claimed
// (claim.ts), carrying "confirm CODE" in its Subject (a plain reply to the confirmation notice) or on a line
// of its text (quoted or not). The claim whose code it is becomes the player's address, and the player is
// told; a message whose codes are none of the address's claims counts one wrong code against each live claim
// (void at MAX_WRONG_CODES) and is answered to that address (who got the notice, so the answer tells em
// nothing new). A message with no code, or from an address nobody claims, is no confirmation: the mail edge
// takes it as it takes any other (mail from a claimed address is nobody's until it is confirmed).
import type { Email } from 'postal-mime';
import type { AddressClaim } from '../../engine/ports/index.js';
import type { Notice } from '../../engine/ports/index.js';
import { ownWords } from './body.js';
import { codeMatches, codesIn, MAX_WRONG_CODES, settle, wrongCode } from './claim.js';
import { answerOrKeep, repliesToReferee } from './answering.js';
import { mailboxes, messageIdOf } from './headers.js';
import type { InboundContext, Outcome } from './taking.js';
import { takePhrases } from './phrase.js';
import type { ReceiptOf } from './receipt.js';
import { fingerprintIn, fingerprintOf, refusalReceipt, sha256 } from './receipt.js';
import { ownAddress } from './register.js';

/** The message's confirmation, or undefined if it is none (see the file's head). */
export async function takeConfirmation(
  raw: Uint8Array,
  email: Email,
  ctx: InboundContext,
): Promise<Outcome | undefined> {
  // Only what the owner wrote: a Subject that is the notice's own, behind reply prefixes alone ("Re: confirm
  // CODE", a plain Reply), and the text's own lines (quotes taken out). An out-of-office answer that marks
  // nothing ("Automatic reply: confirm …", the notice quoted back) must not confirm someone's claim (M10).
  const codes = codesIn(replySubject(email.subject), ownWords(email.text ?? ''));
  if (codes.length === 0) return undefined;
  const from = mailboxes(email.from ? [email.from] : []);
  const sender = from[0];
  // No single author, or an address that is never a player's: the mail edge drops it as it would anyway.
  if (sender === undefined || from.length > 1 || ownAddress(ctx.settings, sender) !== undefined)
    return undefined;
  const claims = await ctx.referee.claims.claimsOn(sender);
  if (claims.length === 0) return undefined;
  const now = Date.parse(ctx.now());
  const messageId = messageIdOf(email);
  const messageHash = sha256(messageId ?? raw);
  const fingerprint = fingerprintOf(takePhrases(ownWords(email.text ?? '')).text);
  const first = claims[0] as AddressClaim;
  const of = (claim: AddressClaim, to: string): ReceiptOf => ({
    game: claim.game,
    to,
    key: `receipt:${messageHash}`,
    messageId: messageId ?? `(no Message-ID; bytes sha256:${messageHash.slice(0, 16)})`,
    way: 'private',
    fingerprint,
    at: ctx.now(),
    empty: false,
    repliesToReferee: repliesToReferee(email, ctx.settings.from),
  });
  // The same message delivered again was answered (and counted) once.
  const before = await ctx.referee.outbox.noticeByKey(first.game, `receipt:${messageHash}`);
  if (before && fingerprintIn(before) === fingerprint)
    return {
      kind: 'dropped',
      reason: 'duplicate',
      detail: `${of(first, '').messageId} was answered before`,
      game: first.game,
    };
  for (const claim of claims)
    for (const code of codes) {
      if (!codeMatches(code, claim)) continue;
      const done = settle(
        await ctx.referee.claims.confirmClaim(claim.game, claim.player, claim.codeHash, now),
      );
      if (done.kind === 'confirmed') {
        const receipt = confirmed(of(claim, `player:${claim.player}`), claim.player);
        await ctx.referee.outbox.enqueue([receipt]);
        return { kind: 'confirmed', game: claim.game, player: claim.player, receipt };
      }
      return refuse(ctx, done.reason, of(claim, `address:${sender}`), done.message);
    }
  // No code of this address's claims: each live claim counts a wrong code; expired ones are dropped.
  let counted: { claim: AddressClaim; wrong: number } | undefined;
  for (const claim of claims) {
    if (claim.expiresAt <= now) {
      await ctx.referee.claims.dropClaim(claim.game, claim.player, claim.codeHash);
      continue;
    }
    const wrong = await ctx.referee.claims.missClaim(
      claim.game,
      claim.player,
      claim.codeHash,
      MAX_WRONG_CODES,
    );
    counted ??= { claim, wrong };
  }
  if (!counted) return undefined;
  return refuse(ctx, 'wrong-code', of(counted.claim, `address:${sender}`), wrongCode(counted.wrong));
}

async function refuse(
  ctx: InboundContext,
  reason: 'wrong-code' | 'code-expired' | 'address-taken' | 'no-claim',
  of: ReceiptOf,
  why: string,
): Promise<Outcome> {
  // Answered within the budgets of any answer to an address no player holds (ruling M12): a forger who
  // writes From a claimed address with wrong codes makes its owner's mailbox hear of it at that rate only.
  const { receipt, unanswered } = await answerOrKeep(ctx.referee.guards, refusalReceipt(of, why), {
    now: Date.parse(of.at),
    idle: true,
    empty: of.empty,
    repliesToReferee: of.repliesToReferee,
    fingerprint: of.fingerprint,
  });
  await ctx.referee.outbox.enqueue([receipt]);
  return {
    kind: 'refused',
    reason: reason === 'no-claim' ? 'wrong-code' : reason,
    game: of.game,
    receipt,
    ...(unanswered ? { unanswered } : {}),
  };
}

/** The player's receipt: eir address is confirmed (the address itself is not repeated: notices are shown). */
function confirmed(of: ReceiptOf, player: string): Notice {
  return {
    game: of.game,
    key: of.key,
    to: of.to,
    topic: 'receipt',
    subject: `Confirmed: your mail address in ${of.game}`,
    text: `Your message ${of.messageId} (text sha256:${of.fingerprint}):\n\nThe address you wrote from is now ${player}'s mail address in ${of.game}: mail from it is read as ${player}'s posts and announcements, and ${player}'s notices go to it. Nothing else in this message was read: send your posts anew.\n`,
    at: of.at,
    thread: of.messageId,
  };
}

/** A Subject that is the confirmation notice's own behind reply prefixes alone (Re:, AW:, SV:, …), else none. */
function replySubject(subject: string | undefined): string | undefined {
  if (subject === undefined) return undefined;
  return /^\s*(?:(?:re|aw|sv|vs|antw|odp|ynt|r)\s*(?:\[\d+\])?\s*:\s*)*confirm\b/i.test(subject)
    ? subject
    : undefined;
}
