// 5. Joining a Game: "Members of this society may pay four points to the society to become a player in a game of
// Tunnelers. If a game is running at that time, the player's mole is placed on the board at the Moderator's
// discretion, the player receives five cards from the deck, and the player's name is added to the player list
// just after the last player to have completed a turn. If a game is not running, the player's mole is placed
// randomly on the board, and the player's name is added to the end of the player list. The game cannot have
// more than 10 players at a time."
import { z } from 'zod';
import { command } from '../../core/index.js';
import type { RuleModule } from '../../core/index.js';
import type { OrderInserted, PlacementReserved, TunnelersState } from './types.js';
import { own } from './types.js';
import { normalSquare } from './board.js';
import { cardsText, drawCards, HAND, handOf } from './cards.js';
import { placeMole } from './placement.js';
import { tell, withoutKey } from './tell.js';
import { living } from './turns.js';
import { SOCIETY } from './leaving.js';

export const JOINING_FEE = 4;
export const MAX_PLAYERS = 10;

export const joiningModule: RuleModule<TunnelersState> = {
  id: 'joining',
  section: '5. Joining a Game',
  text: "Members of this society may pay four points to the society to become a player in a game of Tunnelers. If a game is running at that time, the player's mole is placed on the board at the Moderator's discretion, the player receives five cards from the deck, and the player's name is added to the player list just after the last player to have completed a turn. If a game is not running, the player's mole is placed randomly on the board, and the player's name is added to the end of the player list. The game cannot have more than 10 players at a time.",
  onJoin(ctx, player) {
    const s = ctx.rules;
    // T-14: "at a time" counts the players whose moles are alive (and, before the start, everyone listed).
    if (living(s).length >= MAX_PLAYERS)
      ctx.reject('game-full', `the game cannot have more than ${MAX_PLAYERS} players at a time`);
    ctx.transfer(player, SOCIETY, JOINING_FEE, `${player} pays to play Tunnelers (Tunnelers 5)`);
    if (!s.started) {
      const e: OrderInserted = {
        type: 'order-inserted',
        vis: 'public',
        player,
        after: s.order.at(-1) ?? null,
      };
      ctx.emit(e);
      return;
    }
    // T-14: if no turn has been completed yet, the new player goes to the end of the list.
    const after = s.lastFinished ?? s.order.at(-1) ?? null;
    const e: OrderInserted = { type: 'order-inserted', vis: 'public', player, after };
    ctx.emit(e);
    placeMole(ctx, player, own(s.reserved, player));
    drawCards(ctx, player, HAND);
    tell(ctx, player, `You join the game under way. Your hand: ${cardsText(handOf(ctx.rules, player))}.`);
  },
  commands: {
    'place-next': command<TunnelersState, z.ZodType<{ player: string; square: string }>>({
      actor: 'admin',
      visibility: 'admin',
      summary: "the Moderator's discretion: where a player who joins the running game will be placed",
      words: ['player', 'square'],
      args: z.object({ player: z.string().min(1), square: z.string() }).strict(),
      run(ctx, _by, { player, square }) {
        const at = normalSquare(square);
        if (at === null) return ctx.reject('bad-arguments', `"${square}" is not a square (a1 to h8)`);
        if (ctx.state.players.includes(player)) ctx.reject('already-joined', `${player} has already joined`);
        const e: PlacementReserved = { type: 'placement-reserved', vis: 'admin', player, at };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    'order-inserted': (s: TunnelersState, e: OrderInserted): TunnelersState => {
      const i = e.after === null ? -1 : s.order.indexOf(e.after);
      const order = [...s.order];
      order.splice(i < 0 ? order.length : i + 1, 0, e.player);
      return { ...s, order, reserved: withoutKey(s.reserved, e.player) };
    },
    'placement-reserved': (s: TunnelersState, e: PlacementReserved): TunnelersState => ({
      ...s,
      reserved: { ...s.reserved, [e.player]: e.at },
    }),
  },
  describe: {
    'order-inserted': (e: OrderInserted) =>
      `${e.player} joins the game of Tunnelers${e.after ? `, after ${e.after} in the player list` : ''}.`,
    'placement-reserved': (e: PlacementReserved) => `The Moderator will place ${e.player}'s mole at ${e.at}.`,
  },
};
