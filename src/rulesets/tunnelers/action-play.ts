// 3.2 Playing Cards: "During eir turn e can play certain combinations of cards, discarding them in the process,
// to generate certain effects:" the table, every row with each of its options. Teleports are in teleport.ts.
// The play action, which a turn's player gives as a command and a Standing Order may be; its section's module is
// in combinations.ts (kept apart so that the Standing Orders can run it without an import cycle).
import { z } from 'zod';
import { toPlayers } from '../../core/index.js';
import type { Card, Square, Stat, TunnelersState } from './types.js';
import type { CardsPlayed, MaxRaised } from './events.js';
import { adjacent, moleAt, moleOf, normalSquare } from './board.js';
import { handOf, parseCards, without } from './cards.js';
import { changeTemporarily, current } from './moles.js';
import { addMovement } from './action-move.js';
import { tell } from './tell.js';
import type { Action } from './actions.js';
import { TELEPORTS, teleport } from './teleport.js';
import type { Ctx } from './ctx.js';

/** How a combination is used: its option, and the square it is aimed at (a neighbour, or a teleport's end). */
export type Option = 'raise' | 'restore' | 'lower' | 'max' | 'teleport';

/** A row of the table: its cards (in the table's order), the options it offers, and what it changes. */
export interface Combination {
  readonly name: string;
  readonly options: readonly Option[];
  readonly stat: Stat;
  readonly text: string;
}

/** Four of a card: "raise own mole's maximum <stat> by 1" (OOOO, TTTT, QQQQ, SSSS). */
const maximum = (card: Card, stat: Stat, word: string): Combination => ({
  name: card.repeat(4),
  options: ['max'],
  stat,
  text: `raise own mole's maximum ${word} by 1`,
});

/**
 * TT, QQ, SS and four of each: "temporarily raise own mole's <stat> by 1; or temporarily lower adjacent mole's
 * <stat> by 1", and its maximum raised. `word` is the stat as the table writes it ("defense").
 */
const raiseOrLower = (card: Card, stat: Stat, word: string): Combination[] => [
  {
    name: card.repeat(2),
    options: ['raise', 'lower'],
    stat,
    text: `temporarily raise own mole's ${word} by 1; or temporarily lower adjacent mole's ${word} by 1`,
  },
  maximum(card, stat, word),
];

/** The table of 3.2, in its order. */
export const COMBINATIONS: readonly Combination[] = [
  {
    name: 'OO',
    options: ['raise', 'restore'],
    stat: 'health',
    text: "temporarily raise own mole's health points by 1; or restore own mole's health points by 1, not to exceed maximum health",
  },
  maximum('O', 'health', 'health'),
  ...raiseOrLower('T', 'attack', 'attack'),
  ...raiseOrLower('Q', 'defence', 'defense'),
  ...raiseOrLower('S', 'movement', 'movement'),
  ...TELEPORTS.map((t) => ({
    name: t.name,
    options: ['teleport'] as const,
    stat: 'health' as const,
    text: `teleport to a location ${t.distance} squares away`,
  })),
];

const sorted = (cards: readonly Card[]): string => [...cards].sort().join('');

/** T-7: the combination these cards make, in any order ("OX" is XO), or undefined. */
export const combinationOf = (cards: readonly Card[]): Combination | undefined =>
  COMBINATIONS.find((c) => sorted(parseCards(c.name) ?? []) === sorted(cards));

export interface PlayArgs {
  cards: Card[];
  option: Option | null;
  target: Square | null;
}

const OPTION_WORDS: Readonly<Record<string, Option>> = {
  raise: 'raise',
  up: 'raise',
  restore: 'restore',
  heal: 'restore',
  lower: 'lower',
  down: 'lower',
};

/** `play CARDS [raise|restore|lower SQUARE|SQUARE]`: the cards, the option, the square it is aimed at. */
export const playArgs = z
  .object({ cards: z.string(), choice: z.string().optional(), target: z.string().optional() })
  .strict()
  .transform((a, ctx): PlayArgs => {
    const cards = parseCards(a.cards);
    if (!cards || cards.length === 0) {
      ctx.addIssue({ code: 'custom', message: `"${a.cards}" is not a set of cards (letters O T Q S X)` });
      return z.NEVER;
    }
    let option: Option | null = null;
    let target: Square | null = null;
    for (const w of [a.choice, a.target].flatMap((x) => (x ?? '').split(/\s+/)).filter((x) => x)) {
      const word = w.toLowerCase();
      const sq = normalSquare(word);
      if (sq !== null) target = sq;
      else if (OPTION_WORDS[word] && Object.hasOwn(OPTION_WORDS, word)) option = OPTION_WORDS[word];
      else if (word !== 'to' && word !== 'self' && word !== 'own') {
        ctx.addIssue({
          code: 'custom',
          message: `"${w}" is neither an option (raise, restore, lower) nor a square`,
        });
        return z.NEVER;
      }
    }
    return { cards, option, target };
  });

/** The option a play means: the only one, or the one named (a square alone means lower, or a teleport). */
function optionOf(c: Combination, a: PlayArgs): { option: Option } | { why: string } {
  if (c.options.length === 1) return { option: c.options[0] as Option };
  const option = a.option ?? (a.target !== null && c.options.includes('lower') ? 'lower' : null);
  if (option === null || !c.options.includes(option))
    return {
      why: `${c.name} is played either way: ${c.options.join(' or ')}${c.options.includes('lower') ? ' SQUARE' : ''} (${c.text})`,
    };
  return { option };
}

export const playAction: Action<PlayArgs> = {
  verb: 'play',
  summary:
    'play a combination: `play OO raise|restore`, `play TT raise` / `play TT lower d5`, `play TTTT`, `play XOT e5`',
  words: ['cards', 'choice', 'target'],
  args: playArgs,
  check(s, player, a) {
    const mole = moleOf(s, player);
    if (!mole) return 'your mole is dead';
    const c = combinationOf(a.cards);
    if (!c)
      return `${a.cards.join('')} is not a combination of the table (OO, OOOO, TT, TTTT, QQ, QQQQ, SS, SSSS, XO, XOT, XOTQ, XOTQS)`;
    if (!without(handOf(s, player), a.cards))
      return `your hand (${handOf(s, player).join(' ') || 'empty'}) does not hold ${c.name}`;
    const chosen = optionOf(c, a);
    if ('why' in chosen) return chosen.why;
    const option = chosen.option;
    if (option === 'lower') {
      if (a.target === null) return `name the adjacent square whose mole's ${c.stat} to lower`;
      if (!adjacent(mole.at, a.target)) return `${a.target} is not adjacent to your mole at ${mole.at}`;
    }
    if (option === 'teleport') {
      const t = TELEPORTS.find((x) => x.name === c.name);
      if (a.target === null) return `name the square to teleport to, ${t?.distance} squares away`;
      return t ? t.check(mole.at, a.target) : null;
    }
    return null;
  },
  run(ctx, player, a) {
    const c = combinationOf(a.cards) as Combination;
    const chosen = optionOf(c, a);
    if ('why' in chosen) return;
    const option = chosen.option;
    const e: CardsPlayed = {
      type: 'cards-played',
      vis: toPlayers(player),
      player,
      cards: a.cards,
      effect: `${c.name}${option === 'max' ? '' : ` ${option}`}${a.target !== null && (option === 'lower' || option === 'teleport') ? ` ${a.target}` : ''}`,
    };
    ctx.emit(e);
    apply(ctx, player, c, option, a.target);
    if (option !== 'lower' && option !== 'teleport')
      tell(ctx, player, `Your mole now has ${statLine(ctx.rules, player)}.`);
  },
};

function apply(ctx: Ctx, player: string, c: Combination, option: Option, target: Square | null): void {
  switch (option) {
    case 'raise':
      // "temporarily raise own mole's health points / attack / defense / movement by 1"
      changeTemporarily(ctx, player, player, c.stat, 1);
      if (c.stat === 'movement') addMovement(ctx, player, 1);
      return;
    case 'restore':
      // "restore own mole's health points by 1, not to exceed maximum health"
      ctx.emit({ type: 'health-restored', vis: toPlayers(player), player, amount: 1, cause: 'OO' });
      return;
    case 'max': {
      // "raise own mole's maximum health / attack / defense / movement by 1"
      const e: MaxRaised = { type: 'max-raised', vis: toPlayers(player), player, stat: c.stat };
      ctx.emit(e);
      if (c.stat === 'movement') addMovement(ctx, player, 1);
      return;
    }
    case 'lower': {
      // "temporarily lower adjacent mole's attack / defense / movement by 1"
      const other = target === null ? undefined : moleAt(ctx.rules, target);
      if (!other) {
        tell(ctx, player, `There is no mole at ${target ?? '?'}: the ${c.name} is spent to no effect.`);
        return;
      }
      changeTemporarily(ctx, player, other.player, c.stat, -1);
      tell(ctx, other.player, `Something lowers your mole's ${c.stat} by 1 until the end of your next turn.`);
      tell(
        ctx,
        player,
        `The mole at ${target} has its ${c.stat} lowered by 1 until the end of its player's next turn.`,
      );
      return;
    }
    case 'teleport':
      teleport(ctx, player, target as Square);
      return;
  }
}

/** What a player's mole has now, told after a play that changed it. */
export const statLine = (s: TunnelersState, player: string): string => {
  const m = moleOf(s, player);
  return m
    ? `health ${current(m, 'health')}, attack ${current(m, 'attack')}, defence ${current(m, 'defence')}, movement ${current(m, 'movement')}`
    : 'dead';
};
