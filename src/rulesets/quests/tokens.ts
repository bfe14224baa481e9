// Rule 140: "Some tokens may be designated "quest tokens". A quest token is associated with a particular Quest.
// Multiple quest tokens with the same name can exist; if two or more Quest tokens with the same name are ever in
// the same location, they are all removed from the game, and a new quest token with the same name is created in
// that location."
//
// Q2: a token's location is the room it lies in, or the player who carries it; two tokens carried by different
// players in one room are not in the same location. Q4: "ever" is checked after every change (a trigger), so a
// second token of a name never outlasts the change that brought it.
import type { Folds, RuleModule, Texts } from '../../core/index.js';
import type { QuestsCtx, QuestsEvent, QuestsState, QuestToken, QuestTokensMerged } from './types.js';
import type { Token, TokenPlace } from '../rooms/types.js';
import { adding, after, placeText, removing, tokenText } from '../rooms/tokens.js';
import { withBook } from './roster.js';
import type { QuestsErrorCode } from './errors.js';

/** Whether a token's name contains a word ("primary", "secondary"): names are words joined by single spaces. */
export const hasWord = (name: string, word: string): boolean => name.split(' ').includes(word);

/** The Quest a token is associated with, if it is a quest token. */
export const questOf = (s: QuestsState, token: number): number | undefined =>
  s.quests.tokens.find((t) => t.token === token)?.quest;

/** The quest tokens of the game, with their Quests, in token order. */
export function questTokens(s: QuestsState): { token: Token; quest: number }[] {
  const out: { token: Token; quest: number }[] = [];
  for (const t of s.tokens) {
    const quest = questOf(s, t.id);
    if (quest !== undefined) out.push({ token: t, quest });
  }
  return out;
}

const placeKey = (at: TokenPlace): string => ('room' in at ? `room:${at.room}` : `carrier:${at.carrier}`);

/** The state with a new quest token of `quest` made (used by rules 140 and 141). */
export function creatingQuestToken(s: QuestsState, token: Token, quest: number): QuestsState {
  const link: QuestToken = { token: token.id, quest };
  return withBook(
    { ...s, tokens: adding(s.tokens, token), nextToken: after(s.nextToken, token.id) },
    { ...s.quests, tokens: [...s.quests.tokens, link] },
  );
}

/** The state with these tokens gone from the game, quest tokens or not. */
export function removingTokens(s: QuestsState, ids: readonly number[]): QuestsState {
  return withBook(
    { ...s, tokens: removing(s.tokens, ids) },
    { ...s.quests, tokens: s.quests.tokens.filter((t) => !ids.includes(t.token)) },
  );
}

/** Merges every group of two or more same-named quest tokens in one location, one event per group. */
function mergeDuplicates(ctx: QuestsCtx): void {
  const groups = new Map<string, { token: Token; quest: number }[]>();
  for (const qt of questTokens(ctx.rules)) {
    const key = `${placeKey(qt.token.at)}|${qt.token.name}`;
    groups.set(key, [...(groups.get(key) ?? []), qt]);
  }
  for (const group of groups.values()) {
    const first = group[0];
    if (!first || group.length < 2) continue;
    const e: QuestTokensMerged = {
      type: 'quest-tokens-merged',
      vis: 'public',
      // All tokens of one name belong to one Quest: the name carries the Quest's colour, unique on the Roster.
      quest: first.quest,
      name: first.token.name,
      at: first.token.at,
      removed: group.map((g) => g.token.id),
      token: ctx.rules.nextToken,
    };
    ctx.emit(e);
  }
}

export const questTokensModule: RuleModule<QuestsState, QuestsErrorCode, QuestsEvent> = {
  id: 'quest-tokens',
  section: 'Rule 140: quest tokens',
  text: 'Some tokens may be designated "quest tokens". A quest token is associated with a particular Quest. Multiple quest tokens with the same name can exist; if two or more Quest tokens with the same name are ever in the same location, they are all removed from the game, and a new quest token with the same name is created in that location.',
  triggers: [{ run: mergeDuplicates }],
  evolve: {
    'quest-tokens-merged': (s, e) =>
      creatingQuestToken(removingTokens(s, e.removed), { id: e.token, name: e.name, at: e.at }, e.quest),
  } satisfies Folds<QuestsState, QuestTokensMerged>,
  describe: {
    'quest-tokens-merged': (e) =>
      `The ${e.removed.length} quest tokens named ${e.name} ${placeText(e.at)} (${e.removed.map((id) => `#${id}`).join(', ')}) are removed from the game, and a new one, ${tokenText({ id: e.token, name: e.name })}, is created in the same location.`,
  } satisfies Texts<QuestTokensMerged>,
};
