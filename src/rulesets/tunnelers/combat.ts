// 3.4 Combat: "If a mole is or becomes adjacent to another mole during its turn, the mole can attack the other
// mole if its player has at least one card. To attack the other mole, the player informs the Moderator what 1 or
// 2 cards e will use. The defending mole's player tells the Moderator what 1 card e will use. The cards are
// revealed and compared; if any of the attacker's cards match the defender's card, the attack is successful. If
// the defender has no cards to play, or chooses not to play a card, the attack is automatically successful.
// Cards used in attack and defense are discarded. A successful attack lowers the defender's health points by the
// attacker's attack stat minus the defender's defense stat. If the defender's defense stat is greater than or
// equal to the attacker's attack stat, the attack does no damage. If the defender's health points are reduced to
// zero or less, the mole is dead, and is removed from the board."
// Both choices are secret until both are in: the attacker's cards are in an entry only e sees, the defender's
// in one only e sees, and the comparison is shown to the two of them when the second is in.
import { z } from 'zod';
import { toPlayers, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { Card, Square, TunnelersState } from './types.js';
import { own } from './types.js';
import type { AttackCommitted, CombatEvent, CombatRevealed, DefenceCommitted } from './events.js';
import { adjacent, moleAt, moleOf, ndayCount, normalSquare } from './board.js';
import { cardsText, handOf, parseCards, without } from './cards.js';
import { current, loseHealth } from './moles.js';
import { answered, ask, hear, tell } from './tell.js';
import { actionCommand, afterAction } from './turns.js';
import { touched } from './turn-state.js';
import { settleDeaths } from './leaving.js';
import type { Action } from './actions.js';
import { tunnelersPlayerCommand } from './ctx.js';
import type { Ctx, TunnelersModule } from './ctx.js';

export const FIGHTING = 'Sounds of fighting can be heard.';

/** `attack d5 T O`: the square of the mole attacked, and one or two cards. */
export const attackArgs = z
  .object({ target: z.string(), cards: z.string() })
  .strict()
  .transform((a, ctx): { target: Square; cards: Card[] } => {
    const target = normalSquare(a.target);
    const cards = parseCards(a.cards);
    if (target === null)
      ctx.addIssue({ code: 'custom', message: `"${a.target}" is not a square (a1 to h8)` });
    else if (!cards || cards.length < 1 || cards.length > 2)
      ctx.addIssue({ code: 'custom', message: 'an attack uses 1 or 2 cards (O T Q S X)' });
    else return { target, cards };
    return z.NEVER;
  });

export const attackAction: Action<{ target: Square; cards: Card[] }> = {
  verb: 'attack',
  summary: 'attack the mole on an adjacent square with 1 or 2 cards: `attack d5 T O`',
  words: ['target', 'cards'],
  args: attackArgs,
  check(s, player, { target, cards }) {
    const mole = moleOf(s, player);
    if (!mole) return 'your mole is dead';
    if (!adjacent(mole.at, target)) return `${target} is not adjacent to your mole at ${mole.at}`;
    const hand = handOf(s, player);
    return without(hand, cards) ? null : `your hand (${cardsText(hand)}) does not hold ${cards.join(' ')}`;
  },
  run(ctx, player, { target, cards }) {
    const from = moleOf(ctx.rules, player)?.at as Square;
    const defender = moleAt(ctx.rules, target);
    if (!defender) {
      tell(ctx, player, `There is no mole at ${target} to attack; you keep your cards.`);
      return;
    }
    const e: AttackCommitted = {
      type: 'attack-committed',
      vis: toPlayers(player),
      player,
      from,
      at: target,
      cards,
    };
    ctx.emit(e);
    hear(ctx, FIGHTING);
    if (handOf(ctx.rules, defender.player).length === 0) {
      // "If the defender has no cards to play ... the attack is automatically successful."
      resolve(ctx, null);
      return;
    }
    tell(
      ctx,
      player,
      `You attack the mole at ${target} with ${cardsText(cards)}; the Moderator waits for its defence.`,
    );
    ask(
      ctx,
      defender.player,
      `A mole at ${from} attacks your mole at ${target}! Choose one card to defend with (defend CARD), or none (defend none).`,
    );
  },
};

/** The cards are revealed and compared; the defender may lose health and die; the attacker's turn goes on. */
export function resolve(ctx: Ctx, card: Card | null): void {
  const c = ctx.rules.combat;
  if (!c) return;
  const attacker = moleOf(ctx.rules, c.attacker);
  const defender = moleOf(ctx.rules, c.defender);
  const hit = card === null || c.cards.includes(card);
  const damage =
    hit && attacker && defender ? Math.max(0, current(attacker, 'attack') - current(defender, 'defence')) : 0;
  const e: CombatRevealed = {
    type: 'combat-revealed',
    vis: toPlayers(c.attacker, c.defender),
    from: c.from,
    at: c.at,
    attack: [...c.cards],
    defence: card,
    hit,
    damage,
  };
  ctx.emit(e);
  const result = hit ? `The attack succeeds: ${damage} damage.` : 'The attack fails.';
  tell(
    ctx,
    c.attacker,
    `Revealed: you played ${cardsText(c.cards)}, the defender ${card ?? 'no card'}. ${result}`,
  );
  tell(
    ctx,
    c.defender,
    `Revealed: the attacker played ${cardsText(c.cards)}, you ${card ?? 'no card'}. ${result}`,
  );
  loseHealth(ctx, c.defender, damage, 'wounded in combat');
  settleDeaths(ctx, { [c.defender]: c.attacker });
  afterAction(ctx);
}

export const combatModule: TunnelersModule = {
  id: 'combat',
  section: '3.4. Combat',
  text: "To attack the other mole, the player informs the Moderator what 1 or 2 cards e will use. The defending mole's player tells the Moderator what 1 card e will use. The cards are revealed and compared; if any of the attacker's cards match the defender's card, the attack is successful. If the defender has no cards to play, or chooses not to play a card, the attack is automatically successful. Cards used in attack and defense are discarded. A successful attack lowers the defender's health points by the attacker's attack stat minus the defender's defense stat. ... If the defender's health points are reduced to zero or less, the mole is dead, and is removed from the board.",
  commands: {
    attack: actionCommand(attackAction),
    defend: tunnelersPlayerCommand<z.ZodType<{ card: string }>>({
      visibility: 'private',
      summary: 'answer an attack with one card, or none: `defend Q`, `defend none`',
      words: ['card'],
      args: z.object({ card: z.string() }).strict(),
      run(ctx, by, { card }) {
        const c = ctx.rules.combat;
        if (!c || c.defender !== by.name)
          return refuse('not-attacked', 'no attack is waiting for your defence');
        let chosen: Card | null = null;
        if (card.trim().toLowerCase() !== 'none') {
          const cards = parseCards(card);
          if (!cards || cards.length !== 1)
            return refuse('bad-arguments', 'defend with one card (O T Q S X) or none');
          chosen = cards[0] as Card;
          if (!handOf(ctx.rules, by.name).includes(chosen))
            return refuse(
              'illegal',
              `your hand (${cardsText(handOf(ctx.rules, by.name))}) holds no ${chosen}`,
            );
        }
        answered(ctx, by.name);
        const e: DefenceCommitted = {
          type: 'defence-committed',
          vis: toPlayers(by.name),
          player: by.name,
          card: chosen,
          late: false,
        };
        ctx.emit(e);
        resolve(ctx, chosen);
      },
    }),
  },
  evolve: {
    'attack-committed': (s, e, game) => {
      const defender = moleAt(s, e.at);
      if (!defender) throw new Error(`no mole at ${e.at} to attack`);
      return {
        ...touched(s, game),
        hands: { ...s.hands, [e.player]: without(own(s.hands, e.player) ?? [], e.cards) ?? [] },
        combat: {
          attacker: e.player,
          defender: defender.player,
          from: e.from,
          at: e.at,
          cards: e.cards,
          since: ndayCount(game),
        },
      };
    },
    'defence-committed': (s) => s,
    // "Cards used in attack and defense are discarded."
    'combat-revealed': (s, e, game) => {
      const c = s.combat;
      if (!c) return s;
      const hands =
        e.defence === null
          ? s.hands
          : { ...s.hands, [c.defender]: without(own(s.hands, c.defender) ?? [], [e.defence]) ?? [] };
      return {
        ...touched(s, game),
        hands,
        discard: [...s.discard, ...c.cards, ...(e.defence === null ? [] : [e.defence])],
        combat: null,
      };
    },
  } satisfies Folds<TunnelersState, CombatEvent>,
  describe: {
    'attack-committed': (e) =>
      `${e.player}'s mole at ${e.from} attacks the mole at ${e.at} with ${cardsText(e.cards)} (secret until the defence is in).`,
    'defence-committed': (e) =>
      `${e.player} ${e.late ? 'did not choose in time, so defends' : 'defends'} with ${e.card ?? 'no card'} (secret until revealed).`,
    'combat-revealed': (e) =>
      `Combat revealed: the mole at ${e.from} played ${cardsText(e.attack)} against the mole at ${e.at}, which played ${e.defence ?? 'no card'}: ${e.hit ? `the attack succeeds, ${e.damage} damage` : 'the attack fails'}.`,
  } satisfies Texts<CombatEvent>,
};
