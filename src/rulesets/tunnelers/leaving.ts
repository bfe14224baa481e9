// 6. Leaving a Game: "If a player's mole is killed, eir cards are discarded, eir mole is removed from the board,
// two points are paid from the society to the player whose mole did the killing, and one point is paid from the
// society to the Moderator. If only one mole is left on the board after this, the society's points are paid to
// the remaining player. If the Moderator leaves the society, the game ends and the society's points are evenly
// distributed among the remaining members."
// 1. Objective: "The objective of the game is to be the last surviving mole."
import { z } from 'zod';
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import { own } from './types.js';
import type { LeavingEvent, MoleDied } from './events.js';
import { handOf } from './cards.js';
import { isDying } from './moles.js';
import { hear, withoutKey } from './tell.js';
import { members } from './society.js';
import { tunnelersCommand } from './ctx.js';
import type { Ctx, TunnelersModule } from './ctx.js';

/** The society's ledger account: joining fees in, bounties and the winnings out. */
export const SOCIETY = 'The Underground Society';
/** The Moderator's ledger account (the referee keeps it for the society's Moderator). */
export const MODERATOR = 'The Moderator';
export const KILL_BOUNTY = 2;
export const MODERATOR_FEE = 1;

/** Shares `total` among `members` evenly; T-18: what does not divide goes one point each from the first. */
export function evenShares(total: number, members: readonly string[]): [string, number][] {
  if (members.length === 0 || total <= 0) return [];
  const base = Math.floor(total / members.length);
  const extra = total - base * members.length;
  return members.map((m, i) => [m, base + (i < extra ? 1 : 0)]);
}

/**
 * Every mole at zero health or less dies. `killers` names whose mole did the killing (null: no other mole did,
 * T-15); then, if one mole is left, its player takes the society's points and the game is over.
 */
export function settleDeaths(ctx: Ctx, killers: Readonly<Record<string, string | null>>): void {
  const dying = ctx.rules.moles.filter(isDying).map((m) => m.player);
  if (dying.length === 0) return;
  for (const player of dying) {
    const killer = own(killers, player) ?? null;
    const e: MoleDied = { type: 'mole-died', vis: 'public', player, killer };
    ctx.emit(e);
    hear(ctx, `${player}'s mole is dead.`);
    if (killer !== null)
      ctx.transfer(SOCIETY, killer, KILL_BOUNTY, `${killer}'s mole killed ${player}'s mole (Tunnelers 6)`);
    ctx.transfer(SOCIETY, MODERATOR, MODERATOR_FEE, `${player}'s mole was killed (Tunnelers 6)`);
  }
  const pot = ctx.balance(SOCIETY);
  if (lastMole(ctx)) return;
  if (ctx.rules.moles.length === 0) {
    // T-17: the last moles died together; the society's points are shared among their players.
    for (const [p, n] of evenShares(pot, dying))
      ctx.transfer(SOCIETY, p, n, 'the last moles died together (Tunnelers 6, ruling T-17)');
    ctx.endGame([], 'no mole survives');
  }
}

/**
 * "If only one mole is left on the board after this, the society's points are paid to the remaining player"
 * (and 1: "The objective of the game is to be the last surviving mole"): whether that happened, the game over.
 */
export function lastMole(ctx: Ctx): boolean {
  const left = ctx.rules.moles;
  if (left.length !== 1) return false;
  const winner = (left[0] as { player: string }).player;
  ctx.transfer(
    SOCIETY,
    winner,
    ctx.balance(SOCIETY),
    `${winner}'s is the last mole on the board (Tunnelers 6)`,
  );
  ctx.endGame([winner], `${winner}'s mole is the last surviving mole`);
  return true;
}

export const leavingModule: TunnelersModule = {
  id: 'leaving',
  section: '6. Leaving a Game',
  text: "If a player's mole is killed, eir cards are discarded, eir mole is removed from the board, two points are paid from the society to the player whose mole did the killing, and one point is paid from the society to the Moderator. If only one mole is left on the board after this, the society's points are paid to the remaining player. If the Moderator leaves the society, the game ends and the society's points are evenly distributed among the remaining members.",
  commands: {
    'moderator-leaves': tunnelersCommand<z.ZodType<Record<string, never>>>({
      actor: 'admin',
      visibility: 'public',
      summary: "the Moderator leaves the society: the game ends and the society's points are shared evenly",
      args: z.object({}).strict(),
      confirm: {
        message:
          "Leave the society? The game ends for good and the society's points are shared among its members.",
      },
      run(ctx) {
        ctx.emit({ type: 'moderator-left', vis: 'public' });
        // T-18: "the remaining members" are the society's members this game knows (edition 1: everyone who
        // joined it), those in the player list first, in its order, then the others in order of duration.
        const all = members(ctx);
        const shares = [...ctx.rules.order, ...all.filter((p) => !ctx.rules.order.includes(p))];
        for (const [p, n] of evenShares(ctx.balance(SOCIETY), shares))
          ctx.transfer(SOCIETY, p, n, 'the Moderator left the society (Tunnelers 6)');
        ctx.endGame([], 'the Moderator left the society');
      },
    }),
  },
  evolve: {
    'mole-died': (s, e) => ({
      ...s,
      moles: s.moles.filter((m) => m.player !== e.player),
      hands: { ...s.hands, [e.player]: [] },
      discard: [...s.discard, ...handOf(s, e.player)],
      dead: [...s.dead, e.player],
      questions: withoutKey(s.questions, e.player),
      orders: withoutKey(s.orders, e.player),
    }),
    'moderator-left': (s) => s,
  } satisfies Folds<TunnelersState, LeavingEvent>,
  describe: {
    'mole-died': (e) => `${e.player}'s mole is dead.`,
    'moderator-left': () => 'The Moderator leaves the Underground Society: the game of Tunnelers ends.',
  } satisfies Texts<LeavingEvent>,
};
