// 4: "The Moderator privately responds with the results of movement. If the mole encountered anything
// unexpected, its movement stops at that point and the player is asked what e wants to do." and "At the end of
// a player's turn, the Moderator tells all players of generally-known events".
// How the Moderator speaks: privately to one player (told), a question to one player (asked, answered by eir
// next command), or a generally-known event heard now and announced when the turn ends.
import { toPlayers } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import { own } from './types.js';
import type { Asked, Heard, ModeratorEvent, QuestionAnswered, Told } from './events.js';
import type { Ctx, TunnelersModule } from './ctx.js';

/** How many private messages a player's view keeps (the log keeps them all). */
export const TOLD_KEPT = 40;

export function tell(ctx: Ctx, player: string, text: string): void {
  const e: Told = { type: 'told', vis: toPlayers(player), player, text };
  ctx.emit(e);
}

export function ask(ctx: Ctx, player: string, question: string): void {
  const e: Asked = { type: 'asked', vis: toPlayers(player), player, question };
  ctx.emit(e);
}

/** A player's command answers the question e was asked, if any. */
export function answered(ctx: Ctx, player: string): void {
  if (own(ctx.rules.questions, player) === undefined) return;
  const e: QuestionAnswered = { type: 'question-answered', vis: toPlayers(player), player };
  ctx.emit(e);
}

export const hasQuestion = (s: TunnelersState, player: string): boolean =>
  own(s.questions, player) !== undefined;

/** A generally-known event, told to all at the end of the turn (never with a square in it). */
export function hear(ctx: Ctx, line: string): void {
  const e: Heard = { type: 'heard', vis: 'admin', line };
  ctx.emit(e);
}

const withoutKey = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => {
  const next = { ...record };
  delete next[key];
  return next;
};

export const tellModule: TunnelersModule = {
  id: 'moderator',
  section: '4. Turn Procedure (the Moderator speaking)',
  text: "The Moderator privately responds with the results of movement. If the mole encountered anything unexpected, its movement stops at that point and the player is asked what e wants to do. ... At the end of a player's turn, the Moderator tells all players of generally-known events -- a player's mole is dead, sounds of fighting can be heard, etc.",
  evolve: {
    told: (s, e) => ({
      ...s,
      told: { ...s.told, [e.player]: [...(own(s.told, e.player) ?? []), e.text].slice(-TOLD_KEPT) },
    }),
    asked: (s, e) => ({
      ...s,
      questions: { ...s.questions, [e.player]: e.question },
    }),
    'question-answered': (s, e) => ({
      ...s,
      questions: withoutKey(s.questions, e.player),
    }),
    heard: (s, e) => ({ ...s, heard: [...s.heard, e.line] }),
  } satisfies Folds<TunnelersState, ModeratorEvent>,
  describe: {
    told: (e) => `The Moderator tells ${e.player}: ${e.text}`,
    asked: (e) => `The Moderator asks ${e.player}: ${e.question}`,
    'question-answered': (e) => `${e.player} answers the Moderator's question.`,
    heard: (e) => `To be announced at the end of the turn: ${e.line}`,
  } satisfies Texts<ModeratorEvent>,
  // The player's own answer, told back to em: eir receipt says so already.
  echoes: ['question-answered'],
};

export { withoutKey };
