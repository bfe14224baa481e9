// A forum post in, one result per sentence out: each sentence the ruleset's grammar understands becomes a
// command for the posting player, submitted through the referee like any other (so the rules decide, and a
// refusal carries the rules' own code and words); a sentence that looks like an attempt to act but is not
// understood is answered with the nearest form that would be.
import {
  canonicalJson,
  knownSpelling,
  nameKey,
  PLAYER_NAME,
  player as playerActor,
  playerNamed,
} from '../core/index.js';
import type { Command, GameState, Json, JsonObject } from '../core/index.js';
import type { ForumDoor } from '../engine/ports/index.js';
import { buildParser, paragraphsOf, splitParagraph, splitPost } from './grammar.js';
import type { ForumParser } from './grammar.js';
import { fillForm, nearKeyword, nearestForm } from './nearest.js';
import {
  MAX_PARAGRAPH_CHARS,
  MAX_POST_CHARS,
  MAX_POST_SENTENCES,
  MAX_SENTENCE_CHARS,
  MAX_SUGGEST_CHARS,
  MAX_SUGGESTIONS,
} from './limits.js';
import { phrasesOf } from './phrases/index.js';
import type { PhrasedRuleset } from './phrases/index.js';
import type { ArgValue, Parsed, PhraseSet, Ref } from './phrases/types.js';

/** What became of one sentence of a post. */
export interface SentenceResult {
  /** The sentence as written (white space collapsed). */
  readonly sentence: string;
  /**
   * 'accepted': the command was applied (or, with a key, had been applied by an earlier post of the same
   * text: `duplicate` is then true). 'rejected': the rules refused it; `error` has their code and message.
   * 'not-understood': it names an action of this game (a keyword, a slip of one letter, or coordinates) but
   * no phrase matches, or it leaves unclear which thing it means; `nearest` is a form that would be
   * understood (given for the first MAX_SUGGESTIONS such sentences of a post, each of at most
   * MAX_SUGGEST_CHARS characters). A sentence longer than MAX_SENTENCE_CHARS is 'not-understood' with the
   * error `too-long`, unread. 'ignored': no action in it (greetings, thanks, comment, quoted text is never a
   * sentence).
   */
  readonly status: 'accepted' | 'rejected' | 'not-understood' | 'ignored';
  /** The command submitted (accepted or rejected): exactly what `referee act` would give with the same words. */
  readonly command?: Command;
  readonly error?: { readonly code: string; readonly message: string };
  readonly nearest?: string;
  readonly duplicate?: boolean;
}

/**
 * What a post is acted on through (the forum's door, src/engine/ports/use-cases.ts): the Referee, or a
 * preview's Sandbox (src/engine/preview.ts), which decides the same way and writes nothing
 * (`referee post --dry-run`).
 */
export type PostTarget = ForumDoor;

export interface PostOptions {
  /**
   * Idempotency key of the post (the server's message id, a CLI --key). Sentence i (counted from 0 over
   * every sentence of the post, ignored ones included) is submitted with command id `${key}#${i}`, so
   * posting the same text again applies nothing twice.
   */
  readonly key?: string;
  /**
   * Which commands this way of posting may give (issue 15: a mail to the Public Forum gives announcements,
   * not private orders to the Moderator): asked about each command before it is submitted; an answer refuses
   * that sentence ('rejected' with that error, nothing submitted) and the post goes on.
   */
  readonly allow?: (command: Command) => { readonly code: string; readonly message: string } | undefined;
}

/**
 * A post that cannot be taken at all: `code` is 'no-forum-text', 'bad-player', or, for a post over the limits
 * of limits.ts, 'too-long' (the post, or one paragraph of it) or 'too-many-sentences'.
 */
export class ForumError extends Error {
  constructor(
    readonly code: 'no-forum-text' | 'bad-player' | 'too-long' | 'too-many-sentences',
    message: string,
  ) {
    super(message);
  }
}

const parsers = new WeakMap<PhrasedRuleset, ForumParser>();

/**
 * The parser for a ruleset's games, from the phrases the ruleset declares (`Ruleset.phrases`) and the
 * kernel's, generated the first time it is asked for.
 */
export function forumFor(ruleset: PhrasedRuleset): ForumParser {
  const cached = parsers.get(ruleset);
  if (cached) return cached;
  const sets = phrasesOf(ruleset);
  if (sets.length === 0)
    throw new ForumError(
      'no-forum-text',
      `this game (${ruleset.id}) takes no forum text: its players act with \`referee act\` or the API`,
    );
  const parser = buildParser(sets);
  parsers.set(ruleset, parser);
  return parser;
}

/**
 * Generates these rulesets' parsers (those that take forum text) and the sentence splitter now. Generating one
 * takes 0.3-1.2 s, which the first post to a game of that ruleset would otherwise spend on the server's one
 * thread (issue 13, item 4); `referee serve` calls this with every ruleset before it listens.
 */
export function prepareForum(rulesets: Iterable<PhrasedRuleset>): void {
  for (const ruleset of rulesets) if (phrasesOf(ruleset).length > 0) forumFor(ruleset);
  splitPost('Ready.');
}

/** Whether a sentence that no phrase matches still tries to act: coordinates, or a word of the game's. */
function looksLikeAction(sentence: string, forum: ForumParser, coordinates: boolean): boolean {
  if (coordinates && /-?\d+\s*,\s*-?\d+/.test(sentence)) return true;
  return (sentence.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).some((w) => nearKeyword(w, forum.keywords));
}

const isRef = (v: ArgValue): v is Ref => typeof v === 'object' && v !== null && '$ref' in v;
const isIt = (v: ArgValue): boolean => typeof v === 'object' && v !== null && '$it' in v;
const isPlayerRef = (v: ArgValue): v is { $player: string } =>
  typeof v === 'object' && v !== null && '$player' in v;

type Settling =
  | { readonly args: { [name: string]: Json }; readonly object?: string }
  | { readonly unclear: { code: string; message: string }; readonly arg?: string; readonly ids?: string[] };

/**
 * A name as one of the players spells it, whatever its case, else as given: a forum has always read names so,
 * also in games that compare them exactly (kernel edition 1, ruling K13), where the first such player is meant.
 */
const caseless = (players: readonly string[], name: string): string =>
  players.find((p) => nameKey(p) === nameKey(name)) ?? name;

/** Turns a parsed sentence's references into the ids the command takes, from the player's own view. */
async function settleArgs(
  parsed: Parsed,
  sets: readonly PhraseSet[],
  view: () => Promise<JsonObject>,
  name: string,
  game: GameState,
  it: string | undefined,
): Promise<Settling> {
  const args: { [name: string]: Json } = {};
  let object: string | undefined;
  for (const [arg, value] of Object.entries(parsed.args)) {
    if (isRef(value)) {
      const settler = sets.find((s) => s.settle);
      const settled = settler?.settle
        ? settler.settle(value.$ref, await view(), name)
        : { id: value.$ref.kind };
      if ('ambiguous' in settled)
        return {
          unclear: {
            code: 'ambiguous',
            message: `which ${value.$ref.kind.replace(/-/g, ' ')}? ${settled.ambiguous.join(' or ')}: name one by its id`,
          },
          arg,
          ids: [...settled.ambiguous],
        };
      args[arg] = settled.id;
      object ??= settled.id;
    } else if (isIt(value)) {
      if (it === undefined)
        return {
          unclear: { code: 'unclear-reference', message: '"it" names nothing said in a sentence before' },
          arg,
        };
      args[arg] = it;
      object ??= it;
    } else if (isPlayerRef(value)) {
      // Players are named in any case on a forum (K13): the kernel's lookup, which spells em as they joined.
      args[arg] = playerNamed(game, value.$player) ?? caseless(game.players, value.$player);
    } else {
      args[arg] = value as Json;
      if (arg === 'object' && typeof value === 'string') object ??= value;
    }
  }
  return object === undefined ? { args } : { args, object };
}

/**
 * Takes the text of a forum post by `player` in `game` and acts on it, sentence by sentence, in order: each
 * sentence the game's phrases understand is submitted through `referee.submit` as that player's command
 * (settled against the state the sentences before it left), and the answer says what became of every
 * sentence (see SentenceResult). Sentences are independent: a rejected one does not stop the next.
 *
 * Throws ForumError 'bad-player' for a name no player could have, ForumError 'no-forum-text' if the game's
 * ruleset has no phrases, and the store's StoreError 'unknown-game' if there is no such game; nothing is
 * submitted in those cases. Stable signature: the HTTP server calls it.
 */
export async function postMessage(
  referee: PostTarget,
  game: string,
  player: string,
  text: string,
  options: PostOptions = {},
): Promise<SentenceResult[]> {
  if (!PLAYER_NAME.test(player))
    throw new ForumError(
      'bad-player',
      `"${player}" is not a usable player name (a letter, then letters, digits, . _ -; at most 32)`,
    );
  // The game is asked for once a post (issue 28 item 4): each sentence is then settled against the state the
  // sentences before it left, as their submits answered it, and the poster's view of it is made once a state.
  // (Another player's command between two sentences is not seen by the settling; the submit decides on the
  // latest state whatever it is.)
  let state = await referee.state(game);
  // K13: the poster as e joined ("ALICE" posts as alice), so the view e settles against is eirs.
  const name = knownSpelling(state, player);
  const forum = forumFor(referee.rules.registry.get(state.ruleset) ?? { id: state.ruleset });
  // Coordinates mark an action only in games played on squares.
  const coordinates = forum.forms.some((f) => typeof f.sample.x === 'number');
  const by = playerActor(name);
  let viewed: { readonly of: GameState; readonly view: JsonObject } | undefined;
  const view = (): Promise<JsonObject> => {
    if (viewed?.of !== state) viewed = { of: state, view: referee.rules.view(state, by) };
    return Promise.resolve(viewed.view);
  };
  const sentences = await sentencesOf(text);
  const results: SentenceResult[] = [];
  let it: string | undefined;
  const suggesting = { given: 0 };
  for (const [i, sentence] of sentences.entries()) {
    // Each sentence is one bounded step; other requests are served between them (issue 13, item 4).
    if (i > 0) await pause();
    const unreadable = tooLong(sentence);
    if (unreadable) {
      results.push(unreadable);
      continue;
    }
    const parsed = forum.parse(sentence);
    const before =
      options.key !== undefined ? await referee.recordedCommand(game, `${options.key}#${i}`) : undefined;
    if (before !== undefined) {
      // A retried post: this sentence was acted on before. It is answered from the command recorded then,
      // not settled again (the state has moved on: "the rock" may name another one now), if it says the same
      // thing; else the key was used for another text, and nothing from here on is acted on.
      const result =
        parsed !== null && sameSentence(parsed, before) ? await referee.submit(game, before) : undefined;
      if (result?.ok) {
        state = result.value.state;
        results.push({ sentence, status: 'accepted', command: before, duplicate: true });
        it = objectOf(parsed as Parsed, before) ?? it;
        continue;
      }
      results.push({
        sentence,
        status: 'rejected',
        error: result?.ok === false ? { code: result.error.code, message: result.error.message } : REUSED,
      });
      break;
    }
    if (!parsed) {
      const acting =
        !(forum.chatter(sentence) && !/\d/.test(sentence)) && looksLikeAction(sentence, forum, coordinates);
      results.push(unread(sentence, forum, acting, suggesting));
      continue;
    }
    const settling = await settleArgs(parsed, forum.sets, view, name, state, it);
    if ('unclear' in settling) {
      const form = forum.forms.find((f) => f.type === parsed.type);
      const given = settling.arg && settling.ids?.[0] ? { [settling.arg]: settling.ids[0] } : {};
      results.push({
        sentence,
        status: 'not-understood',
        error: settling.unclear,
        ...(form ? { nearest: fillForm(form, sentence, given) } : {}),
      });
      continue;
    }
    if (settling.object !== undefined) it = settling.object;
    const command: Command = {
      type: parsed.type,
      by,
      args: settling.args,
      ...(options.key !== undefined ? { id: `${options.key}#${i}` } : {}),
    };
    const refusal = options.allow?.(command);
    if (refusal) {
      results.push({ sentence, status: 'rejected', command, error: refusal });
      continue;
    }
    const result = await referee.submit(game, command);
    if (result.ok) state = result.value.state;
    results.push(submitted(sentence, command, result));
    // The post's key was used for another text: stop, so nothing of this text is acted on past here.
    if (!result.ok && result.error.code === 'idempotency-key-reused') break;
  }
  return results;
}

const REUSED = {
  code: 'idempotency-key-reused',
  message:
    "this post's key was already used for a different text: nothing from this sentence on was done; use a new key",
} as const;

/**
 * Whether a sentence says what the command recorded for its place in a post said: the same command, the
 * same literal words and numbers. What was settled against the state of the time (things named by kind,
 * "it", players' names) is taken as recorded.
 */
function sameSentence(parsed: Parsed, recorded: Command): boolean {
  if (parsed.type !== recorded.type) return false;
  const given = Object.entries(parsed.args);
  if (Object.keys(recorded.args).some((k) => !Object.hasOwn(parsed.args, k))) return false;
  return given.every(([arg, value]) => {
    if (!Object.hasOwn(recorded.args, arg)) return false;
    if (isRef(value) || isIt(value) || isPlayerRef(value)) return true;
    return canonicalJson(value as Json) === canonicalJson(recorded.args[arg] as Json);
  });
}

/** The thing a later "it" names after a sentence answered from its recorded command (as settleArgs). */
function objectOf(parsed: Parsed, recorded: Command): string | undefined {
  for (const [arg, value] of Object.entries(parsed.args)) {
    const v = recorded.args[arg];
    if ((isRef(value) || isIt(value)) && typeof v === 'string') return v;
    if (arg === 'object' && typeof value === 'string') return value;
  }
  return undefined;
}

/** Lets the event loop serve what waits (I/O, timers, other requests) before going on. */
/** What became of a sentence's command once submitted: accepted (perhaps as a duplicate) or the refusal. */
export function submitted(
  sentence: string,
  command: Command,
  result: Awaited<ReturnType<PostTarget['submit']>>,
): SentenceResult {
  return result.ok
    ? { sentence, status: 'accepted', command, ...(result.value.duplicate ? { duplicate: true } : {}) }
    : {
        sentence,
        status: 'rejected',
        command,
        error: { code: result.error.code, message: result.error.message },
      };
}

/** A sentence too long to read, answered unread (a player's post and the Administrator's alike). */
export function tooLong(sentence: string): SentenceResult | undefined {
  if (sentence.length <= MAX_SENTENCE_CHARS) return undefined;
  return {
    sentence,
    status: 'not-understood',
    error: {
      code: 'too-long',
      message: `a sentence of more than ${MAX_SENTENCE_CHARS} characters is not read: say one thing a sentence`,
    },
  };
}

/**
 * A sentence the forum did not understand: one that looks like an action (`acting`) is answered with the
 * nearest form, for the first MAX_SUGGESTIONS of a post (each a bounded search), the rest ignored as chatter.
 */
export function unread(
  sentence: string,
  forum: Pick<ForumParser, 'forms' | 'parse'>,
  acting: boolean,
  suggesting: { given: number },
): SentenceResult {
  const suggest = acting && sentence.length <= MAX_SUGGEST_CHARS && suggesting.given < MAX_SUGGESTIONS;
  if (suggest) suggesting.given++;
  const nearest = suggest ? nearestForm(sentence, forum.forms, (t) => forum.parse(t) !== null) : undefined;
  return acting
    ? { sentence, status: 'not-understood', ...(nearest ? { nearest } : {}) }
    : { sentence, status: 'ignored' };
}

export const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The sentences of a post, read a paragraph at a time with a pause between paragraphs; a post over the
 * limits (limits.ts) is refused whole, before any of it is acted on.
 */
export async function sentencesOf(text: string): Promise<string[]> {
  if (text.length > MAX_POST_CHARS)
    throw new ForumError(
      'too-long',
      `a post is at most ${MAX_POST_CHARS} characters; this one has ${text.length}`,
    );
  const sentences: string[] = [];
  for (const [i, paragraph] of paragraphsOf(text).entries()) {
    if (paragraph.length > MAX_PARAGRAPH_CHARS)
      throw new ForumError(
        'too-long',
        `a paragraph is at most ${MAX_PARAGRAPH_CHARS} characters (paragraph ${i + 1} has ${paragraph.length}): put blank lines between paragraphs`,
      );
    if (i > 0) await pause();
    sentences.push(...splitParagraph(paragraph));
    if (sentences.length > MAX_POST_SENTENCES)
      throw new ForumError(
        'too-many-sentences',
        `a post is at most ${MAX_POST_SENTENCES} sentences; nothing of this one was acted on`,
      );
  }
  return sentences;
}

/** A command as the words of `referee act` ("move 4 5", `create-quest "The Lost Umbrella"`). */
export function commandWords(command: Command, words: readonly string[]): string {
  const parts = [command.type];
  for (const w of words) {
    const v = command.args[w];
    if (v === undefined) continue;
    // A record (amend-rules' set) as `referee amend-rules` takes it: a `name=value` word each.
    const shown =
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.entries(v).map(([k, x]) => `${k}=${typeof x === 'string' ? x : JSON.stringify(x)}`)
        : [typeof v === 'string' ? v : JSON.stringify(v)];
    for (const s of shown) parts.push(/\s/.test(s) ? JSON.stringify(s) : s);
  }
  return parts.join(' ');
}
