// Guessing a player's secret phrase (issue 23, item 4; ruling M11). A phrase is the one defence against a
// forged From, so mail that tries phrases is counted per player in the store (src/store/guards.ts, shared by
// every process) and slowed, then locked:
//
// - FREE_FAILURES wrong phrases are compared at once (a player mistyping);
// - from then on, after the f-th failure the next attempt is compared only from WAIT_MS × 2^(f − FREE_FAILURES)
//   on (10, 20, 40 … minutes); a message that comes sooner is refused uncompared, answered once per wait with
//   the instant from which to try again;
// - at LOCK_FAILURES the phrase is locked: no mail is acted on by it, right or wrong, until a new phrase is
//   registered (which clears the count) or the Administrator unlocks it (`referee mail unlock`); the player
//   and the Administrator are told at once, by notices;
// - a right phrase does not clear the count (only a new phrase or the Administrator does), so a guesser
//   gets at most LOCK_FAILURES guesses per phrase, whatever the player does meanwhile;
// - the real player hears of failures at the first one (eir receipt says what follows) and at the lock, not
//   once per guess;
// - a phrase seen on the list (a post showing a phrase line that is the player's phrase) is burned at once:
//   nothing is acted on by it any more, and the player is told to choose a new one.
//
// Comparison is scrypt and timingSafeEqual (phrase.ts); nothing here tells a sender more than before: every
// answer about a phrase goes to the registered address, never to whoever wrote.
import type { AnswerBudget, MailGuards, PhraseStanding } from '../../engine/ports/index.js';
import type { Notice } from '../../engine/ports/index.js';
import { windowBudget } from './answering.js';
import { phraseMatches } from './phrase.js';
import type { Way } from './route.js';

export const FREE_FAILURES = 3;
export const WAIT_MS = 10 * 60_000;
export const LOCK_FAILURES = 10;
/** At most this many phrase lines of a list post are compared (to see whether it burned the phrase). */
const SHOWN_COMPARED = 3;

export type PhraseRefusal =
  | 'no-phrase'
  | 'wrong-phrase'
  | 'phrase-holder-on-forum'
  | 'phrase-slowed'
  | 'phrase-locked'
  | 'phrase-burned';

/** A message refused for its phrase: why (for the receipt), how it is answered, notices to write with it. */
export interface PhraseVerdict {
  readonly reason: PhraseRefusal;
  readonly why: string;
  readonly never?: string;
  readonly budgets?: readonly AnswerBudget[];
  readonly notices: readonly Notice[];
}

export interface PhraseAttempt {
  readonly game: string;
  readonly player: string;
  readonly phraseHash: string;
  readonly way: Way;
  /** The phrase lines the message gave, in order. */
  readonly phrases: readonly string[];
  /** ms since the epoch; `at` the same instant as ISO (the notices' date). */
  readonly now: number;
  readonly at: string;
  /** The game's private address (where phrase mail goes), for the answers' words. */
  readonly privateAddress: string;
}

/** How long after the `failures`-th failure the next attempt waits (0: none). */
export function waitAfter(failures: number): number {
  return failures < FREE_FAILURES ? 0 : WAIT_MS * 2 ** (failures - FREE_FAILURES);
}

const locked = (s: PhraseStanding): boolean => s.failures >= LOCK_FAILURES;

const HOW_TO_RENEW = (game: string, player: string): string =>
  `register a new phrase (the Administrator: \`referee address ${game} ${player} ADDRESS --phrase-file FILE\`; you: POST /api/games/${game}/players/${player}/address with your token)`;

/** Undefined if the message may be acted on; otherwise why not. */
export async function checkPhrase(guards: MailGuards, a: PhraseAttempt): Promise<PhraseVerdict | undefined> {
  const standing = await guards.phraseStanding(a.game, a.player);
  if (a.way === 'forum') return onForum(guards, a, standing);
  if (standing.burnedAt !== null)
    return {
      reason: 'phrase-burned',
      why: `your secret phrase was seen on the list, so it no longer works: ${HOW_TO_RENEW(a.game, a.player)}.`,
      budgets: [once(`burned:${a.player}`, a.now, DAY)],
      notices: [],
    };
  if (locked(standing))
    return {
      reason: 'phrase-locked',
      why: `your secret phrase is locked after ${standing.failures} wrong phrases: ${HOW_TO_RENEW(a.game, a.player)}, or ask the Administrator to unlock it.`,
      budgets: [once(`locked:${a.player}`, a.now, DAY)],
      notices: [],
    };
  const phrase = a.phrases.at(-1);
  if (phrase === undefined)
    return {
      reason: 'no-phrase',
      why: 'your secret phrase is missing: put it on a line of its own ("phrase: …").',
      notices: [],
    };
  const from = (standing.lastFailureAt ?? 0) + waitAfter(standing.failures);
  if (a.now < from)
    return {
      reason: 'phrase-slowed',
      why: `after ${standing.failures} wrong phrases in your name, the referee compares the next one only from ${new Date(from).toISOString()} on: send your message again then (it was not read).`,
      // One answer per wait, whoever sends during it.
      budgets: [{ key: `slowed:${a.player}:${standing.failures}`, limit: 1, until: from }],
      notices: [],
    };
  if (await phraseMatches(phrase, a.phraseHash)) return undefined;
  const after = await guards.phraseFailed(a.game, a.player, a.now);
  if (locked(after) && after.failures === LOCK_FAILURES)
    return {
      reason: 'wrong-phrase',
      why: 'the secret phrase given is not yours, and your phrase is now locked.',
      never: 'the lock notice tells the player',
      notices: lockNotices(a, after),
    };
  if (after.failures === 1)
    return {
      reason: 'wrong-phrase',
      why: `the secret phrase given is not yours. If you did not write this message, someone wrote in your name. The referee counts wrong phrases in your name: after ${FREE_FAILURES} it compares each next one only after a wait that doubles each time (${WAIT_MS / 60_000} minutes, then ${(2 * WAIT_MS) / 60_000}, …), and at ${LOCK_FAILURES} it locks your phrase and tells you; the wrong phrases in between are not answered one by one.`,
      notices: [],
    };
  return {
    reason: 'wrong-phrase',
    why: 'the secret phrase given is not yours.',
    never: `wrong phrase ${after.failures}: counted, the player was told at the first and will be at the lock`,
    notices: [],
  };
}

const DAY = 24 * 3_600_000;

/** One answer under `key` in the fixed window of `span` holding `now`. */
const once = (key: string, now: number, span: number): AnswerBudget => windowBudget(key, 1, span, now);

/**
 * A post on the list by a player with a phrase is never acted on (ruling M1); if it shows a phrase line that
 * is eir phrase, the phrase is burned and e is told at once.
 */
async function onForum(
  guards: MailGuards,
  a: PhraseAttempt,
  standing: PhraseStanding,
): Promise<PhraseVerdict> {
  let burned = false;
  if (standing.burnedAt === null)
    for (const shown of a.phrases.slice(-SHOWN_COMPARED))
      if (await phraseMatches(shown, a.phraseHash)) {
        burned = true;
        break;
      }
  if (burned) await guards.burnPhrase(a.game, a.player, a.now);
  return {
    reason: 'phrase-holder-on-forum',
    why: `you registered a secret phrase, so the referee acts on your mail only when it carries the phrase, and a phrase on the list would be public. Send your announcements privately to ${a.privateAddress} with your phrase on a line of its own ("phrase: …"): the referee announces them on the Public Forum for you.${a.phrases.length > 0 ? ' Your post showed a phrase line on the list: choose a new phrase.' : ''}`,
    notices: burned
      ? [
          {
            game: a.game,
            key: `phrase-burned:${a.player}:${a.now}`,
            to: `player:${a.player}`,
            topic: 'phrase',
            subject: `${a.game}: your secret phrase was seen on the list`,
            text: `A post on the list in your name showed your secret phrase, so it is public now and no longer works: mail carrying it is refused from now on. To play by mail again, ${HOW_TO_RENEW(a.game, a.player)}.\n`,
            at: a.at,
          },
        ]
      : [],
  };
}

/** The notices of a lock: to the player (eir registered address) and to the Administrator. */
function lockNotices(a: PhraseAttempt, s: PhraseStanding): Notice[] {
  const what = `${s.failures} messages in ${a.player}'s name gave a wrong secret phrase (the last at ${a.at})`;
  const key = `phrase-locked:${a.player}:${s.lastFailureAt ?? a.now}`;
  return [
    {
      game: a.game,
      key: `${key}:player`,
      to: `player:${a.player}`,
      topic: 'phrase',
      subject: `${a.game}: your secret phrase is locked`,
      text: `${what.replace(`${a.player}'s`, 'your')}. Your phrase is locked: the referee acts on none of your mail by phrase, right or wrong, until you ${HOW_TO_RENEW(a.game, a.player)}, or the Administrator unlocks it. If these were not yours, someone is guessing: choose a phrase that is long and not guessable.\n`,
      at: a.at,
    },
    {
      game: a.game,
      key: `${key}:admin`,
      to: 'admin',
      topic: 'phrase',
      subject: `${a.game}: ${a.player}'s secret phrase is locked`,
      text: `${what}. The phrase is locked: no mail is acted on by it until a new phrase is registered (\`referee address ${a.game} ${a.player} ADDRESS --phrase-file FILE\`, or the player through the API), which clears the count, or you unlock it (\`referee mail unlock ${a.game} ${a.player}\`) if you know the failures were the player's own.\n`,
      at: a.at,
    },
  ];
}
