// Where a mole goes on the board: 7 "Moles are placed randomly on the board, with no two moles initially
// adjacent to each other." and 5 "the player's mole is placed on the board at the Moderator's discretion".
// T-16: one roll of 1d64 on the secret stream names a square (a1 = 1, a2 = 2, ..., h8 = 64), rolled again until
// the square is empty and not next to a mole (if no such square is left, until it is empty). The roll and the
// square are in an entry only the Administrator sees; the player is told where eir mole is.
import type { Roll } from '../../core/index.js';
import type { Square, TunnelersState } from './types.js';
import type { MolePlaced } from './events.js';
import { ALL_SQUARES, moleAt, molesNextTo } from './board.js';
import { tell } from './tell.js';
import type { Ctx } from './ctx.js';

const free = (s: TunnelersState, sq: Square): boolean => !moleAt(s, sq);
const apart = (s: TunnelersState, sq: Square): boolean => free(s, sq) && molesNextTo(s, sq, '').length === 0;

/** Places a player's mole: on `chosen` if the Moderator chose an empty square, else at random. */
export function placeMole(ctx: Ctx, player: string, chosen?: Square): void {
  const s = ctx.rules;
  const rolls: Roll[] = [];
  let at: Square | undefined = chosen !== undefined && free(s, chosen) ? chosen : undefined;
  if (at === undefined) {
    const legal = ALL_SQUARES.some((sq) => apart(s, sq)) ? apart : free;
    while (at === undefined) {
      const roll = ctx.roll(
        '1d64',
        `where ${player}'s mole is placed${rolls.length ? ` (roll ${rolls.length + 1})` : ''}`,
        {
          secret: true,
        },
      );
      rolls.push(roll);
      const sq = ALL_SQUARES[(roll.result as number) - 1] as Square;
      if (legal(s, sq)) at = sq;
    }
  }
  const e: MolePlaced = { type: 'mole-placed', vis: 'admin', player, at, rolls };
  ctx.emit(e);
  tell(ctx, player, `Your mole is placed at ${at}.`);
}
