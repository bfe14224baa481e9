// Host rule "Tallies": each player has three tallies - brownie points, Puissance and demerits - kept as ledger
// accounts named PLAYER/TALLY ("alice/brownie points"). A "/" is never in a player's name, so a tally account
// cannot be a player's; each tally is paid from (and refunded to) its own fund, "The Bank/TALLY", so every
// tally sums to zero across the ledger on its own. Ruling H10.
import { z } from 'zod';
import { command, PLAYER_NAME, refuse } from '../../core/index.js';
import type { GameState, RuleModule } from '../../core/index.js';
import { balanceOf } from '../../core/index.js';
import type { RoomsCtx, RoomsEvent, RoomsState } from './types.js';
import type { RoomsErrorCode } from './errors.js';

export const TALLIES = ['brownie points', 'Puissance', 'demerits'] as const;
export type Tally = (typeof TALLIES)[number];

/** A player's account for one tally. */
export const tallyAccount = (player: string, tally: Tally): string => `${player}/${tally}`;
/** The fund a tally is paid from. */
export const tallyFund = (tally: Tally): string => `The Bank/${tally}`;

/** A player's three tallies from the ledger. */
export function talliesOf(game: GameState, player: string): Record<Tally, number> {
  const of = (t: Tally) => balanceOf(game.balances, tallyAccount(player, t));
  return { 'brownie points': of('brownie points'), Puissance: of('Puissance'), demerits: of('demerits') };
}

/** "12 brownie points", "1 point of Puissance", "1 demerit". */
export function amountText(amount: number, tally: Tally): string {
  if (tally === 'Puissance') return `${amount} point${Math.abs(amount) === 1 ? '' : 's'} of Puissance`;
  if (tally === 'demerits') return `${amount} demerit${Math.abs(amount) === 1 ? '' : 's'}`;
  return `${amount} brownie point${Math.abs(amount) === 1 ? '' : 's'}`;
}

/** Adds `amount` to a player's tally, from the tally's fund, with the reason in the log. */
export function award<S extends RoomsState>(
  ctx: RoomsCtx<S>,
  player: string,
  tally: Tally,
  amount: number,
  reason: string,
): void {
  ctx.transfer(tallyFund(tally), tallyAccount(player, tally), amount, reason);
}

const TALLY_WORDS: Readonly<Record<string, Tally>> = {
  'brownie points': 'brownie points',
  'brownie point': 'brownie points',
  brownie: 'brownie points',
  brownies: 'brownie points',
  puissance: 'Puissance',
  demerits: 'demerits',
  demerit: 'demerits',
};

const tallyArgs = z
  .object({
    player: z.string().regex(PLAYER_NAME, 'not a player name'),
    tally: z
      .string()
      .transform((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
      .refine((s) => Object.hasOwn(TALLY_WORDS, s), 'the tally is brownie points, Puissance or demerits')
      .transform((s) => TALLY_WORDS[s] as Tally),
    amount: z.number().int().min(-1000000).max(1000000),
    reason: z.string().min(1).max(500),
  })
  .strict();

export function talliesModule<S extends RoomsState>(): RuleModule<S, RoomsErrorCode, RoomsEvent> {
  return {
    id: 'tallies',
    section: 'Tallies (host)',
    text: 'Each player has three tallies: brownie points, Puissance and demerits. Rules add to them; the Administrator may correct them.',
    commands: {
      tally: command<S, typeof tallyArgs, RoomsErrorCode, RoomsEvent>({
        actor: 'admin',
        summary: "correct a player's tally: tally PLAYER brownie|puissance|demerits AMOUNT REASON",
        words: ['player', 'tally', 'amount', 'reason'],
        players: ['player'],
        args: tallyArgs,
        run(ctx, _by, { player, tally, amount, reason }) {
          if (!ctx.state.players.includes(player))
            return refuse('unknown-player', `${player} has not joined this game`);
          award(ctx, player, tally, amount, reason);
        },
      }),
    },
  };
}
