// 7. Starting a Game: "At the beginning of a game, the player list is randomized and each player receives five
// cards. Moles are placed randomly on the board, with no two moles initially adjacent to each other."
// T-13: the Administrator starts the game (`admin GAME start`) once at least two players have joined. The player
// list is shuffled with public dice (the list is public); the deck on the secret stream (2.2).
import { z } from 'zod';
import { refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { OrderSet, StartingEvent } from './events.js';
import { tunnel } from './board.js';
import { cardsText, drawCards, FRESH_DECK, HAND, handOf, shuffleDeck } from './cards.js';
import { newMole } from './moles.js';
import { placeMole } from './placement.js';
import { tell } from './tell.js';
import { beginTurn } from './turns.js';
import { tunnelersCommand } from './ctx.js';
import type { TunnelersModule } from './ctx.js';

export const MIN_PLAYERS = 2;

export const startingModule: TunnelersModule = {
  id: 'starting',
  section: '7. Starting a Game',
  text: 'At the beginning of a game, the player list is randomized and each player receives five cards. Moles are placed randomly on the board, with no two moles initially adjacent to each other.',
  commands: {
    start: tunnelersCommand<z.ZodType<Record<string, never>>>({
      actor: 'admin',
      visibility: 'public',
      summary: 'start the game: shuffle the player list and the deck, deal five cards each, place the moles',
      args: z.object({}).strict(),
      run(ctx) {
        const s = ctx.rules;
        if (s.started) return refuse('already-started', 'the game has already started');
        if (s.order.length < MIN_PLAYERS)
          return refuse(
            'too-few-players',
            `a game needs at least ${MIN_PLAYERS} players (${s.order.length} have joined)`,
          );
        const { items, roll } = ctx.shuffle(s.order, 'the player list');
        const e: OrderSet = { type: 'order-set', vis: 'public', order: items, rolls: [roll] };
        ctx.emit(e);
        shuffleDeck(ctx, FRESH_DECK, 'the deck');
        ctx.emit({ type: 'game-started', vis: 'public' });
        for (const p of ctx.rules.order) drawCards(ctx, p, HAND);
        for (const p of ctx.rules.order) placeMole(ctx, p);
        for (const p of ctx.rules.order)
          tell(ctx, p, `The game begins. Your hand: ${cardsText(handOf(ctx.rules, p))}.`);
        beginTurn(ctx, ctx.rules.order[0] as string);
      },
    }),
  },
  evolve: {
    'order-set': (s, e) => ({ ...s, order: e.order }),
    'game-started': (s) => ({ ...s, started: true }),
    // T-1: the square a mole is placed on is tunneled (every other square starts as rock).
    'mole-placed': (s, e) => ({
      ...s,
      moles: [...s.moles, newMole(e.player, e.at)],
      tunnels: tunnel(s.tunnels, e.at),
    }),
  } satisfies Folds<TunnelersState, StartingEvent>,
  describe: {
    'order-set': (e) => `The player list is randomized: ${e.order.join(', ')}.`,
    'game-started': () => 'The game of Tunnelers begins: five cards each, and the moles are placed.',
    'mole-placed': (e) => `${e.player}'s mole is placed at ${e.at}.`,
  } satisfies Texts<StartingEvent>,
};
