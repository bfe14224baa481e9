// Scripted players for the simulations: each looks at the whole board (as only the Moderator may), walks toward
// the nearest mole, attacks when next to one, plays what its hand allows, and now and then lets time pass, joins
// late, gives Standing Orders or tries something illegal. What matters is that every command is a real one.
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import type { TunnelersState } from '../../src/rulesets/tunnelers/index.js';
import type { Card, Square } from '../../src/rulesets/tunnelers/types.js';
import { coords, distance, moleOf, neighbours, squareAt } from '../../src/rulesets/tunnelers/board.js';

export type Random = () => number;

const pick = <T>(random: Random, xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;

/** A step from `from` toward `to`, along files first or ranks first at random. */
function stepToward(random: Random, from: Square, to: Square): Square {
  const [f, r] = coords(from) as [number, number];
  const [tf, tr] = coords(to) as [number, number];
  const byFile = f !== tf && (r === tr || random() < 0.5);
  return (byFile ? squareAt(f + Math.sign(tf - f), r) : squareAt(f, r + Math.sign(tr - r))) as Square;
}

const count = (hand: readonly Card[], c: Card): number => hand.filter((x) => x === c).length;

/** What the player whose turn it is does next. */
export function turnCommand(s: TunnelersState, random: Random): Command | null {
  const turn = s.turn;
  if (!turn) return null;
  const me = turn.player;
  const mole = moleOf(s, me);
  if (!mole) return null;
  const hand = s.hands[me] ?? [];
  const by = player(me);
  const c = (type: string, args: Record<string, Json> = {}): Command => ({ type, by, args });
  const others = s.moles.filter((m) => m.player !== me);
  const near = others.filter((m) => distance(m.at, mole.at) === 1);
  const roll = random();
  if (roll < 0.02) return c('move', { path: 'z9' }); // refused: not a square
  if (roll < 0.04) return c('discard', { cards: 'all' });
  if (roll < 0.06)
    return c('orders', {
      action: 'give',
      orders: `move ${pick(random, neighbours(mole.at))}; discard ${hand[0] ?? 'O'}`,
    });
  if (roll < 0.07) return c('orders', { action: 'clear' });
  // Strengthen first: the four-card rows.
  for (const x of ['T', 'O', 'Q', 'S'] as const)
    if (count(hand, x) >= 4 && random() < 0.8) return c('play', { cards: x.repeat(4) });
  if (near.length > 0 && hand.length > 0) {
    const target = pick(random, near);
    if (count(hand, 'T') >= 2 && random() < 0.3) return c('play', { cards: 'TT', choice: 'raise' });
    if (count(hand, 'Q') >= 2 && random() < 0.2)
      return c('play', { cards: 'QQ', choice: 'lower', target: target.at });
    const cards = hand.length >= 2 && random() < 0.5 ? `${hand[0]}${hand[1]}` : `${hand[0]}`;
    return c('attack', { target: target.at, cards });
  }
  if (count(hand, 'O') >= 2 && mole.health < mole.max.health && random() < 0.5)
    return c('play', { cards: 'OO', choice: 'restore' });
  if (count(hand, 'S') >= 2 && random() < 0.3) return c('play', { cards: 'SS', choice: 'raise' });
  const target = others.sort((a, b) => distance(a.at, mole.at) - distance(b.at, mole.at))[0];
  if (target && hand.includes('X') && hand.includes('O') && random() < 0.3) {
    // A teleport two squares toward the target (sometimes onto it).
    const one = stepToward(random, mole.at, target.at);
    const two = one === target.at ? one : stepToward(random, one, target.at);
    if (distance(mole.at, two) === 2) return c('play', { cards: 'XO', target: two });
  }
  if (target && turn.movement > 0 && random() < 0.9) {
    const one = stepToward(random, mole.at, target.at);
    const two = one === target.at ? null : stepToward(random, one, target.at);
    return c('move', { path: two && random() < 0.5 ? `${one} ${two}` : one });
  }
  if (hand.length > 3 && random() < 0.3) return c('discard', { cards: hand[hand.length - 1] as string });
  return c('end-turn');
}

/** The defender's answer: a random card, or none. */
export function defenceCommand(s: TunnelersState, random: Random): Command | null {
  const combat = s.combat;
  if (!combat) return null;
  const hand = s.hands[combat.defender] ?? [];
  const card = hand.length === 0 || random() < 0.2 ? 'none' : pick(random, hand);
  return { type: 'defend', by: player(combat.defender), args: { card } };
}

/** The next command of a scripted game: the defence if one is awaited, else the turn's, else a tick. */
export function nextCommand(s: TunnelersState, random: Random): Command {
  if (random() < 0.03) return { type: 'tick', by: ADMIN, args: {} };
  return defenceCommand(s, random) ?? turnCommand(s, random) ?? { type: 'tick', by: ADMIN, args: {} };
}
