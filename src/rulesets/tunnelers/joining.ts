// 5. Joining a Game: "Members of this society may pay four points to the society to become a player in a game of
// Tunnelers. If a game is running at that time, the player's mole is placed on the board at the Moderator's
// discretion, the player receives five cards from the deck, and the player's name is added to the player list
// just after the last player to have completed a turn. If a game is not running, the player's mole is placed
// randomly on the board, and the player's name is added to the end of the player list. The game cannot have
// more than 10 players at a time."
import { z } from 'zod';
import { refuse } from '../../core/index.js';
import type { Folds, Refusal, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import { own } from './types.js';
import type { JoiningEvent, OrderInserted, PlacementReserved } from './events.js';
import { normalSquare } from './board.js';
import { cardsText, drawCards, HAND, handOf } from './cards.js';
import { placeMole } from './placement.js';
import { tell, withoutKey } from './tell.js';
import { living } from './turn-state.js';
import { SOCIETY } from './leaving.js';
import { isMember, societyAsWritten } from './society.js';
import { tunnelersCommand, tunnelersPlayerCommand } from './ctx.js';
import type { Ctx, TunnelersModule } from './ctx.js';
import type { TunnelersErrorCode } from './errors.js';

export const JOINING_FEE = 4;
export const MAX_PLAYERS = 10;

/** Whether a player is playing now: in the player list with a living mole (or, before the start, listed). */
export const playing = (s: TunnelersState, player: string): boolean =>
  s.order.includes(player) && !s.dead.includes(player);

/**
 * A member pays four points to the society and becomes a player: before the start, at the end of the list (placed
 * at the start); in a running game, just after the last player to have completed a turn, placed at the
 * Moderator's discretion, with five cards. A member whose mole was killed comes back the same way (T-24).
 * A full game refuses em: the refusal the command (or, in edition 1, the join) returns.
 */
function becomePlayer(ctx: Ctx, player: string): Refusal<TunnelersErrorCode> | undefined {
  const s = ctx.rules;
  // T-14: "at a time" counts the players whose moles are alive (and, before the start, everyone listed).
  if (living(s).length >= MAX_PLAYERS)
    return refuse('game-full', `the game cannot have more than ${MAX_PLAYERS} players at a time`);
  ctx.transfer(player, SOCIETY, JOINING_FEE, `${player} pays to play Tunnelers (Tunnelers 5)`);
  if (!s.started) {
    const e: OrderInserted = {
      type: 'order-inserted',
      vis: 'public',
      player,
      after: s.order.at(-1) ?? null,
    };
    ctx.emit(e);
    return undefined;
  }
  // T-14: if no turn has been completed yet, the new player goes to the end of the list.
  const after = s.lastFinished ?? s.order.at(-1) ?? null;
  const e: OrderInserted = { type: 'order-inserted', vis: 'public', player, after };
  ctx.emit(e);
  placeMole(ctx, player, own(s.reserved, player));
  drawCards(ctx, player, HAND);
  tell(ctx, player, `You join the game under way. Your hand: ${cardsText(handOf(ctx.rules, player))}.`);
  return undefined;
}

export const joiningModule: TunnelersModule = {
  id: 'joining',
  section: '5. Joining a Game',
  text: "Members of this society may pay four points to the society to become a player in a game of Tunnelers. If a game is running at that time, the player's mole is placed on the board at the Moderator's discretion, the player receives five cards from the deck, and the player's name is added to the player list just after the last player to have completed a turn. If a game is not running, the player's mole is placed randomly on the board, and the player's name is added to the end of the player list. The game cannot have more than 10 players at a time.",
  onJoin(ctx, player) {
    // Edition 1 (K4): joining made a member and a player at once, and paid the four points whatever one had.
    // A full game refuses the join itself (T-14), as it did when joining was paying to play.
    if (!societyAsWritten(ctx)) return becomePlayer(ctx, player);
    return undefined;
  },
  commands: {
    'pay-to-play': tunnelersPlayerCommand<z.ZodType<Record<string, never>>>({
      visibility: 'public',
      summary: 'a member of the society pays four points to become a player (again, if your mole was killed)',
      args: z.object({}).strict(),
      run(ctx, by) {
        const name = by.name;
        if (!isMember(ctx, name))
          return refuse(
            'not-a-member',
            `${name} is not a member of the Underground Society: only members may pay to play (the Moderator approves a request to join)`,
          );
        if (playing(ctx.rules, name)) return refuse('already-playing', `${name} is already a player`);
        // T-25: a member pays from the points e has; the Administrator records eir points with `points`.
        const has = ctx.balance(name);
        if (has < JOINING_FEE)
          return refuse(
            'cannot-pay',
            `${name} has ${has} points and cannot pay the ${JOINING_FEE} points it costs to play`,
          );
        return becomePlayer(ctx, name);
      },
    }),
    'place-next': tunnelersCommand<z.ZodType<{ player: string; square: string }>>({
      actor: 'admin',
      visibility: 'admin',
      summary: "the Moderator's discretion: where a player who joins the running game will be placed",
      words: ['player', 'square'],
      players: ['player'],
      args: z.object({ player: z.string().min(1), square: z.string() }).strict(),
      run(ctx, _by, { player, square }) {
        const at = normalSquare(square);
        if (at === null) return refuse('bad-arguments', `"${square}" is not a square (a1 to h8)`);
        // T-24: a member whose mole was killed may play again, so only a player playing now is refused.
        if (playing(ctx.rules, player)) return refuse('already-playing', `${player} is already a player`);
        const e: PlacementReserved = { type: 'placement-reserved', vis: 'admin', player, at };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    'order-inserted': (s, e) => {
      // T-24: a member playing again leaves eir old place for the new one (or keeps it, if e was the last
      // to complete a turn) and is no longer among the dead.
      const again = s.order.includes(e.player);
      const order = s.order.filter((p) => p !== e.player);
      if (again && e.after === e.player) order.splice(s.order.indexOf(e.player), 0, e.player);
      else {
        const i = e.after === null ? -1 : order.indexOf(e.after);
        order.splice(i < 0 ? order.length : i + 1, 0, e.player);
      }
      return {
        ...s,
        order,
        dead: again ? s.dead.filter((p) => p !== e.player) : s.dead,
        reserved: withoutKey(s.reserved, e.player),
      };
    },
    'placement-reserved': (s, e) => ({
      ...s,
      reserved: { ...s.reserved, [e.player]: e.at },
    }),
  } satisfies Folds<TunnelersState, JoiningEvent>,
  describe: {
    'order-inserted': (e) =>
      `${e.player} joins the game of Tunnelers${e.after && e.after !== e.player ? `, after ${e.after} in the player list` : ''}.`,
    'placement-reserved': (e) => `The Moderator will place ${e.player}'s mole at ${e.at}.`,
  } satisfies Texts<JoiningEvent>,
};
