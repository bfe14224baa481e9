// Mail in (issue 15): from the raw bytes of one message to what became of it. Dropped (no answer, a reason
// for the operator's log): the referee's own mail, bounces, auto-replies, bulk, mail for no game, and a
// message delivered again. Otherwise the sender gets one receipt (a private notice in the outbox, threaded
// on the message): what became of each sentence, or why nothing was acted on. The sentences go through the
// forum grammar as the registered player's commands (src/forum postMessage, as `referee post`), with the
// command ids `mail:<sha256 of the Message-ID>#<sentence>`, so nothing is done twice. Pure apart from the
// store and referee calls: time is given. Rulings of the mail edge: docs/rulings.md, "Mail".
//
// Problems of the message never throw (they are outcomes); a store that fails does, so that the caller
// keeps the message and tries again.
import type { Command } from '../../core/index.js';
import { ForumError, postMessage } from '../../forum/index.js';
import type { SentenceResult } from '../../forum/index.js';
import type { Notice } from '../../engine/ports/index.js';
import { StoreError } from '../../engine/ports/index.js';
import { ownWords } from './body.js';
import { takeConfirmation } from './confirm.js';
import type { Drop } from './filters.js';
import { dropReason } from './filters.js';
import { doubtOf } from './proof.js';
import { mailboxes, messageIdOf } from './headers.js';
import { takePhrases } from './phrase.js';
import type { Answering } from './answering.js';
import { answerOrKeep, repliesToReferee } from './answering.js';
import { checkPhrase } from './phrase-guard.js';
import type { InboundContext, Outcome, RefusalReason } from './taking.js';
import { readMessage } from './read.js';
import type { ReceiptOf } from './receipt.js';
import { fingerprintIn, fingerprintOf, refusalReceipt, resultsReceipt, sha256 } from './receipt.js';
import { gameAddress, route } from './route.js';
import { isAdministrator, takeAdministratorMail } from './admin-mail.js';

export type { InboundContext, Outcome, RefusalReason } from './taking.js';

const dropped = (d: Drop, game?: string): Outcome => ({
  kind: 'dropped',
  reason: d.reason,
  detail: d.detail,
  ...(game !== undefined ? { game } : {}),
});

/** Takes one message: see the file's head. */
export async function takeMail(raw: Uint8Array, ctx: InboundContext): Promise<Outcome> {
  try {
    return await take(raw, ctx);
  } catch (e) {
    // A game the settings name but the store does not have: nothing can be written for it.
    if (e instanceof StoreError && e.code === 'unknown-game')
      return dropped({ reason: 'unknown-game', detail: e.message });
    throw e;
  }
}

async function take(raw: Uint8Array, ctx: InboundContext): Promise<Outcome> {
  const read = await readMessage(raw);
  if ('unreadable' in read) return dropped({ reason: 'unreadable', detail: read.unreadable });
  const { email } = read;
  const routing = route(email, ctx.settings);
  const via = 'game' in routing ? routing : undefined;
  const drop = dropReason(email, ctx.settings.from, via?.way === 'forum');
  if (drop) return dropped(drop, via?.game);
  // Ruling M10: a code answering a claim of the sender's address, whichever of the referee's addresses it
  // came to (the confirmation notice's Reply-To, or the referee's own From).
  if (!read.problem) {
    const confirmation = await takeConfirmation(raw, email, ctx);
    if (confirmation) return confirmation;
  }
  if (!('game' in routing)) return dropped({ reason: routing.none, detail: routing.detail });
  const { game, way } = routing;
  const from = mailboxes(email.from ? [email.from] : []);
  const sender = from[0];
  if (sender === undefined || from.length > 1)
    return dropped({ reason: 'no-sender', detail: 'no single From address' }, game);
  // Ruling M4: mail From a game's own address is nobody's; its receipt would go to the whole list.
  const own = gameAddress(ctx.settings, sender);
  if (own !== undefined)
    return dropped(
      {
        reason: 'no-sender',
        detail: `From is ${own}, not a player: who wrote cannot be told (a list that rewrites From to its own address, as DMARC mitigation does, hides the author)`,
      },
      game,
    );
  // What the player wrote now, without quotes, signature and phrase lines.
  const taken = takePhrases(ownWords(read.problem ? '' : (email.text ?? '')));
  const messageId = messageIdOf(email);
  // Without a Message-ID, the message's own bytes name it: the same bytes delivered again are the same.
  const messageHash = sha256(messageId ?? raw);
  const fingerprint = read.problem ? sha256(raw).slice(0, 16) : fingerprintOf(taken.text);
  const holder = await ctx.referee.directory.playerByAddress(game, sender);
  const of: ReceiptOf = {
    game,
    to: holder ? `player:${holder.player}` : `address:${sender}`,
    key: `receipt:${messageHash}`,
    messageId: messageId ?? `(no Message-ID; bytes sha256:${messageHash.slice(0, 16)})`,
    way,
    fingerprint,
    at: ctx.now(),
    empty: !read.problem && taken.text.trim() === '',
    repliesToReferee: repliesToReferee(email, ctx.settings.from),
  };
  // Issue 23: a forum post proves it came through the list, a signing domain's mail its signature. Before
  // the Message-ID is looked up, and answered under a key of these bytes: a forgery that takes a real
  // post's Message-ID first must not make the real one a "re-delivery".
  const doubt = await doubtOf(raw, email, routing, ctx.settings, sender, ctx.auth);
  if (doubt)
    return refuse(
      ctx,
      doubt.reason,
      { ...of, key: `${of.key}:unproven:${sha256(raw).slice(0, 16)}` },
      doubt.why,
    );
  // A message answered before: the same text again is a re-delivery (nothing more to do); another text
  // under the same Message-ID is an edited re-post, answered as such and not acted on.
  const before = await ctx.referee.outbox.noticeByKey(game, of.key);
  if (before) {
    if (fingerprintIn(before) === fingerprint)
      return dropped({ reason: 'duplicate', detail: `${of.messageId} was answered before` }, game);
    return refuse(ctx, 'edited-repost', { ...of, key: `${of.key}:${fingerprint}` }, EDITED);
  }
  // Issue 24: the Administrator's own address amends the rules, once its signature proves it (PE1).
  if (isAdministrator(ctx, game, sender)) {
    const admin: ReceiptOf = { ...of, to: 'admin' };
    if (read.problem) return refuse(ctx, read.problem, admin, read.detail ?? read.problem);
    return takeAdministratorMail(ctx, raw, email, sender, admin, messageHash, taken.text, (r, o, why) =>
      refuse(ctx, r, o, why),
    );
  }
  if (!holder)
    return refuse(
      ctx,
      'unknown-sender',
      of,
      `${sender} is not the registered address of any player of ${game}. A player claims an address when joining (\`referee join ${game} NAME --email ADDRESS\`) or asks the Administrator to, and it is eirs once e answers the code the referee mails to it (ruling M10).`,
    );
  if (read.problem) return refuse(ctx, read.problem, of, read.detail ?? read.problem);
  if (holder.phraseHash !== null) {
    const verdict = await checkPhrase(ctx.referee.guards, {
      game,
      player: holder.player,
      phraseHash: holder.phraseHash,
      way,
      phrases: taken.phrases,
      now: Date.parse(of.at),
      at: of.at,
      privateAddress: ctx.settings.games[game]?.private ?? 'the referee',
    });
    if (verdict) return refuse(ctx, verdict.reason, of, verdict.why, verdict);
  }
  return act(ctx, of, holder.player, messageHash, taken.text);
}

const EDITED =
  'a message with this Message-ID and another text was answered before: an edited message is a new message (send it anew, with a new Message-ID; a mail client does so by itself).';

async function refuse(
  ctx: InboundContext,
  reason: RefusalReason,
  of: ReceiptOf,
  why: string,
  rule: Pick<Answering, 'never' | 'budgets'> & { readonly notices?: readonly Notice[] } = {},
): Promise<Outcome> {
  const { receipt, unanswered } = await answer(ctx, refusalReceipt(of, why), of, true, rule);
  await ctx.referee.outbox.enqueue([receipt, ...(rule.notices ?? [])]);
  return { kind: 'refused', reason, game: of.game, receipt, ...(unanswered ? { unanswered } : {}) };
}

/** Ruling M12: whether the receipt is sent, or kept unsent (answering.ts). */
const answer = (
  ctx: InboundContext,
  receipt: Notice,
  of: ReceiptOf,
  idle: boolean,
  rule: Pick<Answering, 'never' | 'budgets'> = {},
) =>
  answerOrKeep(ctx.referee.guards, receipt, {
    now: Date.parse(of.at),
    idle,
    empty: of.empty,
    repliesToReferee: of.repliesToReferee,
    fingerprint: of.fingerprint,
    ...(rule.never !== undefined ? { never: rule.never } : {}),
    ...(rule.budgets ? { budgets: rule.budgets } : {}),
  });

/** The sentences as the player's commands, then the receipt (and the announcement, by private mail). */
async function act(
  ctx: InboundContext,
  of: ReceiptOf,
  player: string,
  messageHash: string,
  text: string,
): Promise<Outcome> {
  const { referee } = ctx;
  const state = await referee.state(of.game);
  const rules = referee.rules.commands(state);
  const visibility = (c: Command) => rules.get(c.type)?.visibility;
  const forum = ctx.settings.games[of.game];
  // Each kind of command goes its own way (ruling M2): an order the rules have given privately to the
  // Moderator is not taken from a post to the list.
  const allow =
    of.way === 'forum'
      ? (c: Command) =>
          visibility(c) === 'private'
            ? {
                code: 'said-in-public',
                message: `this is said privately to the Moderator, not on the list: send it to ${forum?.private ?? 'the referee'} (nothing was done)`,
              }
            : undefined
      : undefined;
  let results: SentenceResult[];
  try {
    results = await postMessage(referee, of.game, player, text, {
      key: `mail:${messageHash}`,
      ...(allow ? { allow } : {}),
    });
  } catch (e) {
    if (e instanceof ForumError) return refuse(ctx, 'not-taken', of, e.message);
    throw e;
  }
  const words = (type: string) => rules.get(type)?.words ?? [];
  const announced =
    of.way === 'private'
      ? results.filter(
          (r) => r.status === 'accepted' && !r.duplicate && r.command && visibility(r.command) === 'public',
        )
      : [];
  const announcement = announced.length > 0 ? relay(of, player, messageHash, announced) : undefined;
  const notes = announcement
    ? [
        `The referee announces your ${announced.length === 1 ? 'announcement' : `${announced.length} announcements`} on the Public Forum for you.`,
      ]
    : [];
  const idle = !results.some((r) => r.status === 'accepted' || r.status === 'rejected');
  const { receipt, unanswered } = await answer(ctx, resultsReceipt(of, results, words, notes), of, idle);
  await referee.outbox.enqueue(announcement ? [receipt, announcement] : [receipt]);
  return {
    kind: 'acted',
    game: of.game,
    player,
    way: of.way,
    results,
    receipt,
    ...(unanswered ? { unanswered } : {}),
    ...(announcement ? { announcement } : {}),
  };
}

/**
 * Ruling M1: an announcement sent by private mail (the way of a player who registered a phrase) is made on
 * the Public Forum by the referee, in the player's own words, as a judge relays press: a public notice.
 */
function relay(
  of: ReceiptOf,
  player: string,
  messageHash: string,
  accepted: readonly SentenceResult[],
): Notice {
  return {
    game: of.game,
    key: `announcement:${messageHash}`,
    to: 'public',
    topic: 'announcement',
    subject: `${player} announces`,
    text: `${player} announces, by private mail to the referee:\n\n${accepted.map((r) => r.sentence).join('\n')}\n`,
    at: of.at,
  };
}
