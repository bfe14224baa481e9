// 3.1 Movement: "Moles move using their movement stat. It costs 1 movement point for a mole to enter a tunneled
// square, and 2 movement points to enter an un-tunneled square (tunneling it in the process). A mole cannot move
// off the edge of the board or enter a square occupied by another mole. A mole can be moved however many squares
// eir available movement points permit. If a mole does not have sufficient movement points to enter a square, e
// does not enter the square."
// 4: "The Moderator privately responds with the results of movement. If the mole encountered anything
// unexpected, its movement stops at that point and the player is asked what e wants to do."
// The move action (T-6), which a turn's player gives as a command and a Standing Order may be; its section's
// module is in movement.ts (kept apart so that the Standing Orders can run it without an import cycle).
import { z } from 'zod';
import { toPlayers } from '../../core/index.js';
import type { Square } from './types.js';
import type { Moved, MovementAdded } from './events.js';
import { adjacent, isTunneled, moleAt, moleOf, molesNextTo, normalSquare } from './board.js';
import { ask, tell } from './tell.js';
import { wordList } from './actions.js';
import type { Action } from './actions.js';
import type { Ctx } from './ctx.js';

/** T-6: a path is the squares to enter in order, each adjacent to the one before. */
export const pathArgs = z
  .object({ path: wordList })
  .strict()
  .transform((a, ctx) => {
    const squares: Square[] = [];
    for (const w of a.path) {
      const sq = normalSquare(w);
      if (sq === null) {
        ctx.addIssue({ code: 'custom', message: `"${w}" is not a square of the board (a1 to h8)` });
        return z.NEVER;
      }
      squares.push(sq);
    }
    if (squares.length === 0) ctx.addIssue({ code: 'custom', message: 'name at least one square to enter' });
    return { path: squares };
  });

export const moveAction: Action<{ path: Square[] }> = {
  verb: 'move',
  summary: 'attempt to enter these squares in turn, e.g. `move c6 c7` (1 point a tunnel, 2 rock)',
  words: ['path'],
  args: pathArgs,
  check(s, player, { path }) {
    const mole = moleOf(s, player);
    if (!mole) return 'your mole is dead';
    if ((s.turn?.movement ?? 0) <= 0) return 'your mole has no movement points left this turn';
    let from = mole.at;
    for (const sq of path) {
      // "A mole cannot move off the edge of the board": every named square is on it; each is a step away.
      if (!adjacent(from, sq)) return `${sq} is not next to ${from} (moles move to a square sharing a side)`;
      from = sq;
    }
    return null;
  },
  run(ctx, player, { path }) {
    for (const sq of path) {
      const s = ctx.rules;
      const at = moleOf(s, player)?.at;
      if (at === undefined) return;
      if (moleAt(s, sq)) {
        ask(ctx, player, `A mole is in the way at ${sq}; your mole stops at ${at}. What will you do?`);
        return;
      }
      const tunneled = isTunneled(s, sq);
      const cost = tunneled ? 1 : 2;
      const left = s.turn?.movement ?? 0;
      if (left < cost) {
        ask(
          ctx,
          player,
          `${sq} is ${tunneled ? 'a tunnel' : 'solid rock'} and costs ${cost} movement point${cost > 1 ? 's' : ''}; your mole has ${left}, so it does not enter and stays at ${at}. What will you do?`,
        );
        return;
      }
      const e: Moved = {
        type: 'moved',
        vis: toPlayers(player),
        player,
        from: at,
        to: sq,
        cost,
        dug: !tunneled,
      };
      ctx.emit(e);
      // 3.4 "If a mole ... becomes adjacent to another mole during its turn": unexpected, so movement stops.
      const near = molesNextTo(ctx.rules, sq, player);
      if (near.length > 0) {
        ask(
          ctx,
          player,
          `Your mole enters ${sq} and senses a mole next to it at ${near.map((m) => m.at).join(' and ')}; it stops there. What will you do?`,
        );
        return;
      }
    }
    const end = moleOf(ctx.rules, player)?.at ?? '?';
    tell(ctx, player, `Your mole is at ${end} with ${ctx.rules.turn?.movement ?? 0} movement points left.`);
  },
};

/** Adds movement points to the turn in progress (3.1 "plus or minus the effects of cards played on the mole"). */
export function addMovement(ctx: Ctx, player: string, amount: number): void {
  if (ctx.rules.turn?.player !== player) return;
  const e: MovementAdded = { type: 'movement-added', vis: toPlayers(player), player, amount };
  ctx.emit(e);
}
