// Rule 141: "Whenever a player's location is equal to a room that is a "home" room of any Quest, a quest token
// associated with that Quest is created with the name "<colour> primary", where <colour> is the colour associated
// with that Quest, and a location equal to that of the player, unless the player is already carrying such a
// token. Whenever a player carrying a quest token with a name containing the word "primary" has his or her
// location equal to the "locate" room of the associated Quest, the name of that token shall be altered to
// substitute "primary" with "secondary". Whenever a player carrying a quest token with a name containing
// "secondary" has his or her location equal to the "goal" room of the associated Quest, the value of that Quest
// will be added to the appropriate one of the players' tallies, all tokens associated with that Quest will be
// removed from the game, and that Quest will be removed from the Roster. If multiple players meet this criterion
// simultaneously, the full value will be awarded to each of the players."
//
// Each sentence is a trigger, checked after every change (Q4). The home rule acts once per arrival (Q3); the
// locate and goal rules act whenever their condition holds, and acting makes it false. Rulings Q2-Q8.
import type { Folds, RuleModule, Texts } from '../../core/index.js';
import type {
  HomeReached,
  ProgressEvent,
  QuestCompleted,
  QuestTokenRenamed,
  QuestsCtx,
  QuestsEvent,
  QuestsState,
} from './types.js';
import { carried, tokenText } from '../rooms/tokens.js';
import { award, amountText } from '../rooms/tallies.js';
import { questById, questText, withBook } from './roster.js';
import { creatingQuestToken, hasWord, questOf, removingTokens } from './tokens.js';
import type { QuestsErrorCode } from './errors.js';

/** The primary token's name for a colour. */
export const primaryName = (colour: string): string => `${colour} primary`;

/** "substitute 'primary' with 'secondary'": the word primary in the name becomes secondary. */
export const secondaryName = (name: string): string =>
  name
    .split(' ')
    .map((w) => (w === 'primary' ? 'secondary' : w))
    .join(' ');

/** The quest tokens of one Quest a player carries whose name contains `word`. */
const carrying = (s: QuestsState, player: string, quest: number, word: string) =>
  carried(s, player).filter((t) => questOf(s, t.id) === quest && hasWord(t.name, word));

/** "Whenever a player's location is equal to a room that is a 'home' room of any Quest ..." (Q3). */
function homeRule(ctx: QuestsCtx): void {
  for (const q of ctx.rules.quests.roster) {
    for (const p of ctx.rules.places) {
      if (p.room !== q.home) continue;
      const served = ctx.rules.quests.served.some(
        (x) => x.player === p.player && x.quest === q.id && x.arrival === p.arrival,
      );
      if (served) continue;
      const already = carrying(ctx.rules, p.player, q.id, 'primary').length > 0;
      const e: HomeReached = {
        type: 'home-reached',
        vis: 'public',
        player: p.player,
        quest: q.id,
        colour: q.colour,
        room: p.room,
        arrival: p.arrival,
        token: already ? null : ctx.rules.nextToken,
        name: primaryName(q.colour),
      };
      ctx.emit(e);
    }
  }
}

/** "Whenever a player carrying a quest token with a name containing the word 'primary' has ... 'locate' room". */
function locateRule(ctx: QuestsCtx): void {
  for (const p of ctx.rules.places) {
    for (const t of carried(ctx.rules, p.player)) {
      const id = questOf(ctx.rules, t.id);
      const q = id === undefined ? undefined : questById(ctx.rules, id);
      if (!q || !hasWord(t.name, 'primary') || p.room !== q.locate) continue;
      const e: QuestTokenRenamed = {
        type: 'quest-token-renamed',
        vis: 'public',
        player: p.player,
        quest: q.id,
        token: t.id,
        from: t.name,
        to: secondaryName(t.name),
        room: p.room,
      };
      ctx.emit(e);
    }
  }
}

/** "Whenever a player carrying a quest token with a name containing 'secondary' has ... the 'goal' room" (Q6). */
function goalRule(ctx: QuestsCtx): void {
  for (const q of ctx.rules.quests.roster) {
    const players = ctx.rules.places
      .filter((p) => p.room === q.goal && carrying(ctx.rules, p.player, q.id, 'secondary').length > 0)
      .map((p) => p.player);
    if (players.length === 0) continue;
    const e: QuestCompleted = {
      type: 'quest-completed',
      vis: 'public',
      quest: q.id,
      colour: q.colour,
      name: q.name,
      room: q.goal,
      players,
      value: q.value,
      removed: ctx.rules.quests.tokens.filter((t) => t.quest === q.id).map((t) => t.token),
    };
    ctx.emit(e);
    for (const player of players)
      award(ctx, player, q.value.tally, q.value.amount, `${player} completed ${questText(q)} in ${q.goal}`);
  }
}

export const progressModule: RuleModule<QuestsState, QuestsErrorCode, QuestsEvent> = {
  id: 'quest-progress',
  section: 'Rule 141: home, locate and goal',
  text: 'Whenever a player\'s location is equal to a room that is a "home" room of any Quest, a quest token associated with that Quest is created with the name "<colour> primary" ... unless the player is already carrying such a token. Whenever a player carrying a quest token with a name containing the word "primary" has his or her location equal to the "locate" room of the associated Quest, the name of that token shall be altered to substitute "primary" with "secondary". Whenever a player carrying a quest token with a name containing "secondary" has his or her location equal to the "goal" room of the associated Quest, the value of that Quest will be added to the appropriate one of the players\' tallies, all tokens associated with that Quest will be removed from the game, and that Quest will be removed from the Roster. If multiple players meet this criterion simultaneously, the full value will be awarded to each of the players.',
  triggers: [{ run: homeRule }, { run: locateRule }, { run: goalRule }],
  evolve: {
    'home-reached'(s, e) {
      // Only the current arrival of each player needs remembering (Q3).
      const served = s.quests.served.filter((x) =>
        s.places.some((p) => p.player === x.player && p.arrival === x.arrival),
      );
      served.push({ player: e.player, quest: e.quest, arrival: e.arrival });
      const next = withBook(s, { ...s.quests, served });
      return e.token === null
        ? next
        : creatingQuestToken(next, { id: e.token, name: e.name, at: { room: e.room } }, e.quest);
    },
    'quest-token-renamed': (s, e) => ({
      ...s,
      tokens: s.tokens.map((t) => (t.id === e.token ? { ...t, name: e.to } : t)),
    }),
    'quest-completed'(s, e) {
      const gone = removingTokens(s, e.removed);
      return withBook(gone, {
        ...gone.quests,
        roster: gone.quests.roster.filter((q) => q.id !== e.quest),
        served: gone.quests.served.filter((x) => x.quest !== e.quest),
      });
    },
  } satisfies Folds<QuestsState, ProgressEvent>,
  describe: {
    'home-reached': (e) =>
      e.token === null
        ? `${e.player} is in ${e.room}, the home room of the ${e.colour} Quest, already carrying a ${e.name} token: no new one is created.`
        : `${e.player} is in ${e.room}, the home room of the ${e.colour} Quest: a quest token ${tokenText({ id: e.token, name: e.name })} is created there.`,
    'quest-token-renamed': (e) =>
      `${e.player} carries ${tokenText({ id: e.token, name: e.from })} in ${e.room}, the locate room of the Quest: it is renamed ${e.to}.`,
    'quest-completed': (e) => {
      const who = e.players.join(' and ');
      const each = e.players.length > 1 ? ' each' : '';
      return `${who} ${e.players.length > 1 ? 'are' : 'is'} in ${e.room}, the goal room of ${questText(e)}, carrying its secondary token: the Quest is complete, and ${who}${each} gain${e.players.length > 1 ? '' : 's'} ${amountText(e.value.amount, e.value.tally)}. Its ${e.removed.length} token${e.removed.length === 1 ? '' : 's'} (${e.removed.map((id) => `#${id}`).join(', ') || 'none'}) ${e.removed.length === 1 ? 'leaves' : 'leave'} the game, and the Quest leaves the Roster.`;
    },
  } satisfies Texts<ProgressEvent>,
};
