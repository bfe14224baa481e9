// 3.3 Discarding Cards: "During eir turn, a player may discard any or all of the cards in eir hand."
// The discard action, which a turn's player gives as a command and a Standing Order may be; its section's module
// is in discard.ts (kept apart so that the Standing Orders can run it without an import cycle).
import { z } from 'zod';
import { toPlayers } from '../../core/index.js';
import type { Card } from './types.js';
import type { Discarded } from './events.js';
import { cardsText, handOf, parseCards, without } from './cards.js';
import { tell } from './tell.js';
import type { Action } from './actions.js';

/** `discard O T` or `discard all`. */
export const discardArgs = z
  .object({ cards: z.string() })
  .strict()
  .transform((a, ctx): { cards: Card[] | 'all' } => {
    if (a.cards.trim().toLowerCase() === 'all') return { cards: 'all' };
    const cards = parseCards(a.cards);
    if (!cards || cards.length === 0) {
      ctx.addIssue({ code: 'custom', message: `"${a.cards}" is not a list of cards (O T Q S X) or "all"` });
      return z.NEVER;
    }
    return { cards };
  });

export const discardAction: Action<{ cards: Card[] | 'all' }> = {
  verb: 'discard',
  summary: 'discard cards from your hand: `discard O T` or `discard all`',
  words: ['cards'],
  args: discardArgs,
  check(s, player, { cards }) {
    const hand = handOf(s, player);
    if (cards === 'all') return hand.length > 0 ? null : 'your hand is empty';
    return without(hand, cards) ? null : `your hand (${cardsText(hand)}) does not hold ${cards.join(' ')}`;
  },
  run(ctx, player, { cards }) {
    const e: Discarded = {
      type: 'discarded',
      vis: toPlayers(player),
      player,
      cards: cards === 'all' ? [...handOf(ctx.rules, player)] : cards,
    };
    ctx.emit(e);
    tell(ctx, player, `Your hand: ${cardsText(handOf(ctx.rules, player))}.`);
  },
};
