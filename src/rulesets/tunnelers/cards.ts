// 2.2 The Cards: "The deck of cards has 60 cards, each of which has one of the following symbols on its face: a
// circle (O), a triangle (T), a square (Q), a star (S) and an X (X). The deck contains twelve of each card."
// 3.2 (drawing): "At the beginning of eir turn, a player draws cards from the deck to bring eir hand total to 5.
// If there are insufficient cards in the deck for this, the deck and the set of discarded cards are randomized
// and form a new deck."
// The deck is shuffled with the kernel's dice on the secret stream, in an entry only the Administrator sees;
// the secret seed is revealed when the game ends, so every shuffle can then be checked (ruling T-4).
import { toPlayers } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { Card, TunnelersState } from './types.js';
import { CARDS, own } from './types.js';
import type { CardsDrawn, CardsEvent, DeckShuffled } from './events.js';
import type { Ctx, TunnelersModule } from './ctx.js';

export const EACH = 12;
export const HAND = 5;

/** The deck before any shuffle: twelve O, twelve T, twelve Q, twelve S, twelve X. */
export const FRESH_DECK: readonly Card[] = CARDS.flatMap((c) => Array.from({ length: EACH }, () => c));

export const handOf = (s: TunnelersState, player: string): readonly Card[] => own(s.hands, player) ?? [];

/** Cards as written in commands ("O T", "OT", "o,t"), or null if a letter is not a card. */
export function parseCards(text: string): Card[] | null {
  const letters = text.toUpperCase().replace(/[\s,]+/g, '');
  const cards: Card[] = [];
  for (const l of letters) {
    const card = CARDS.find((c) => c === l);
    if (!card) return null;
    cards.push(card);
  }
  return cards;
}

/** `hand` without `cards` (one of each named), or null if the hand does not hold them all. */
export function without(hand: readonly Card[], cards: readonly Card[]): Card[] | null {
  const left = [...hand];
  for (const c of cards) {
    const i = left.indexOf(c);
    if (i < 0) return null;
    left.splice(i, 1);
  }
  return left;
}

export const cardsText = (cards: readonly Card[]): string => (cards.length ? cards.join(' ') : 'no cards');

/** Shuffles `cards` into a new deck on the secret stream. */
export function shuffleDeck(ctx: Ctx, cards: readonly Card[], purpose: string): void {
  const { items, roll } = ctx.shuffle(cards, purpose, { secret: true });
  const e: DeckShuffled = { type: 'deck-shuffled', vis: 'admin', deck: items, rolls: [roll] };
  ctx.emit(e);
}

/** A player draws `n` cards from the top of the deck, the discards shuffled in first if the deck is short. */
export function drawCards(ctx: Ctx, player: string, n: number): void {
  if (n <= 0) return;
  let s = ctx.rules;
  if (s.deck.length < n && s.discard.length > 0) {
    shuffleDeck(ctx, [...s.deck, ...s.discard], 'the deck and the discards, randomized into a new deck');
    s = ctx.rules;
  }
  const cards = s.deck.slice(0, n);
  if (cards.length === 0) return;
  const e: CardsDrawn = { type: 'cards-drawn', vis: toPlayers(player), player, cards };
  ctx.emit(e);
}

/** Brings a player's hand up to five. */
export const drawToFive = (ctx: Ctx, player: string): void =>
  drawCards(ctx, player, HAND - handOf(ctx.rules, player).length);

/** Moves cards from a hand to the discards (playing, discarding, fighting, dying). */
export function discardFrom(s: TunnelersState, player: string, cards: readonly Card[]): TunnelersState {
  const left = without(handOf(s, player), cards);
  if (!left) throw new Error(`${player} does not hold ${cards.join(' ')}`);
  return { ...s, hands: { ...s.hands, [player]: left }, discard: [...s.discard, ...cards] };
}

export const cardsModule: TunnelersModule = {
  id: 'cards',
  section: '2.2 The Cards',
  text: 'The deck of cards has 60 cards, each of which has one of the following symbols on its face: a circle (O), a triangle (T), a square (Q), a star (S) and an X (X). The deck contains twelve of each card. (3.2) At the beginning of eir turn, a player draws cards from the deck to bring eir hand total to 5. If there are insufficient cards in the deck for this, the deck and the set of discarded cards are randomized and form a new deck.',
  evolve: {
    'deck-shuffled': (s, e) => ({
      ...s,
      deck: e.deck,
      discard: [],
    }),
    'cards-drawn': (s, e) => ({
      ...s,
      deck: s.deck.slice(e.cards.length),
      hands: { ...s.hands, [e.player]: [...handOf(s, e.player), ...e.cards] },
    }),
  } satisfies Folds<TunnelersState, CardsEvent>,
  describe: {
    'deck-shuffled': (e) => `The deck is shuffled: ${e.deck.join('')} (top first).`,
    'cards-drawn': (e) => `${e.player} draws ${cardsText(e.cards)}.`,
  } satisfies Texts<CardsEvent>,
};
