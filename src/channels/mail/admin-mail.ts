// Issue 24 item 5: the Administrator's forum text by mail. Mail from a game's Administrator's own address (the
// settings' `admin`), to the game's private address or through its list, proven by its domain's signature
// (ruling PE1, proof.ts administratorDoubt), is read with the amendment phrases (src/forum postAsAdministrator):
// "The rules are amended: … by Proposal 4521", "Amendment 3 is repealed, by …". Each sentence is the
// Administrator's command (ids `mail:<sha256 of the Message-ID>#<sentence>`, so nothing is done twice); the
// receipt goes to the Administrator. The amendment itself is a public event, on the list and the chat.
import { ForumError, postAsAdministrator } from '../../forum/index.js';
import type { SentenceResult } from '../../forum/index.js';
import type { Email } from 'postal-mime';
import { administratorDoubt } from './proof.js';
import type { ReceiptOf } from './receipt.js';
import { resultsReceipt } from './receipt.js';
import type { InboundContext, Outcome, RefusalReason } from './taking.js';

/** The name an outcome gives the Administrator (never a player's: a player's name has no space). */
export const ADMINISTRATOR = 'the Administrator';

/** Whether `sender` is the Administrator's own address in the settings of `game`. */
export const isAdministrator = (ctx: InboundContext, game: string, sender: string): boolean => {
  const admin = ctx.settings.games[game]?.admin;
  return admin !== undefined && admin.toLowerCase() === sender.toLowerCase();
};

/** Takes the Administrator's message: proven, then each sentence as eir command, then the receipt to em. */
export async function takeAdministratorMail(
  ctx: InboundContext,
  raw: Uint8Array,
  email: Email,
  sender: string,
  of: ReceiptOf,
  messageHash: string,
  text: string,
  refuse: (reason: RefusalReason, of: ReceiptOf, why: string) => Promise<Outcome>,
): Promise<Outcome> {
  const doubt = await administratorDoubt(raw, email, sender, ctx.auth);
  if (doubt) return refuse(doubt.reason, of, doubt.why);
  let results: SentenceResult[];
  try {
    results = await postAsAdministrator(ctx.referee, of.game, text, { key: `mail:${messageHash}` });
  } catch (e) {
    if (e instanceof ForumError) return refuse('not-taken', of, e.message);
    throw e;
  }
  const rules = ctx.referee.rules.commands(await ctx.referee.state(of.game));
  const receipt = resultsReceipt(of, results, (type) => rules.get(type)?.words ?? []);
  await ctx.referee.outbox.enqueue([receipt]);
  return { kind: 'acted', game: of.game, player: ADMINISTRATOR, way: of.way, results, receipt };
}
