// Issue 24 item 5: the Administrator's forum text. A post of the Administrator's (POST …/posts with the admin
// token, mail from the game's Administrator) is read sentence by sentence like a player's (post.ts), with the
// amendment phrases alone (phrases/amendments.ts): "The rules are amended: Big Rocks cost 12+5d3 from nweek 5,
// by Proposal 4521" becomes amend-rules, "Amendment 3 is repealed, by Proposal 4530" repeal-amendment, each
// submitted as the Administrator's command through the referee, which decides it as from any edge. A player's
// post never reads these phrases, and no token but the Administrator's reaches here.
import { ADMIN } from '../core/index.js';
import type { Command, Json } from '../core/index.js';
import { buildParser } from './grammar.js';
import type { ForumParser } from './grammar.js';
import { nearKeyword } from './nearest.js';
import { amendmentPhrases } from './phrases/amendments.js';
import { readChanges } from './amendment-words.js';
import { pause, sentencesOf, submitted, tooLong, unread } from './post.js';
import type { PostOptions, PostTarget, SentenceResult } from './post.js';

let parser: ForumParser | undefined;

/** The Administrator's phrases' parser, generated the first time it is asked for. */
export const adminForum = (): ForumParser => (parser ??= buildParser([amendmentPhrases]));

/**
 * Acts on the Administrator's post in `game`, sentence by sentence, in order: each sentence the amendment
 * phrases understand is submitted as the Administrator's command (with `${key}#${i}` as its id when a key is
 * given, so the same post twice acts once); the answer says what became of every sentence, as postMessage's.
 * Throws ForumError for a post over the limits, and the store's 'unknown-game'; nothing is submitted then.
 */
export async function postAsAdministrator(
  referee: PostTarget,
  game: string,
  text: string,
  options: Pick<PostOptions, 'key'> = {},
): Promise<SentenceResult[]> {
  const state = await referee.state(game);
  const forum = adminForum();
  const parameters = referee.rules.registry.get(state.ruleset)?.parameters;
  const sentences = await sentencesOf(text);
  const results: SentenceResult[] = [];
  const suggesting = { given: 0 };
  for (const [i, sentence] of sentences.entries()) {
    if (i > 0) await pause();
    const unreadable = tooLong(sentence);
    if (unreadable) {
      results.push(unreadable);
      continue;
    }
    const parsed = forum.parse(sentence);
    if (!parsed) {
      const acting =
        !forum.chatter(sentence) &&
        (sentence.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).some((w) => nearKeyword(w, forum.keywords));
      results.push(unread(sentence, forum, acting, suggesting));
      continue;
    }
    const args: { [name: string]: Json } = { ...(parsed.args as { [name: string]: Json }) };
    if (parsed.type === 'amend-rules') {
      const written = parsed.args.set;
      const read = readChanges(typeof written === 'string' ? written : '', parameters);
      if ('problem' in read) {
        results.push({ sentence, status: 'rejected', error: read.problem });
        continue;
      }
      args.set = read.set;
    }
    const command: Command = {
      type: parsed.type,
      by: ADMIN,
      args,
      ...(options.key !== undefined ? { id: `${options.key}#${i}` } : {}),
    };
    const result = await referee.submit(game, command);
    results.push(submitted(sentence, command, result));
    // The post's key was used for another text: stop, so nothing of this text is acted on past here.
    if (!result.ok && result.error.code === 'idempotency-key-reused') break;
  }
  return results;
}
