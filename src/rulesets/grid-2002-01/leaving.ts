// "Once a player is on the Grid, e may only leave the Grid [[e.g. change his status to "off the Grid"]] or
// move to other units on the Grid in a manner prescribed by the rules."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { GridEvent, GridModule, GridState, Left } from './types.js';
import { positionOf, unitText } from './grid.js';
import type { GridErrorCode } from './errors.js';

export const leavingModule: GridModule = {
  id: 'leaving',
  section: 'Leaving the Grid',
  text: 'Once a player is on the Grid, e may only leave the Grid [[e.g. change his status to "off the Grid"]] or move to other units on the Grid in a manner prescribed by the rules.',
  // R13 (issue 16): a player the Administrator removes from the game leaves the Grid first, as by eir own
  // `leave` (R8: a move e announced is withdrawn); eir points stay eirs in the ledger.
  onRemove(ctx, player) {
    const from = positionOf(ctx.rules, player);
    if (!from) return;
    const e: Left = { type: 'left', vis: 'public', player, from };
    ctx.emit(e);
  },
  commands: {
    leave: playerCommand<GridState, z.ZodType<Record<string, never>>, GridErrorCode, GridEvent>({
      summary: 'leave the Grid for Limbo',
      args: () => z.object({}).strict(),
      run(ctx, by) {
        const from = positionOf(ctx.rules, by.name);
        if (!from) return refuse('not-on-grid', `${by.name} is in Limbo, not on the Grid`);
        const e: Left = { type: 'left', vis: 'public', player: by.name, from };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    // R8: leaving withdraws a move announced this nweek; the announcement still counts as eir one for the nweek.
    left(s: GridState, e: Left): GridState {
      const positions = s.positions.filter((p) => p.player !== e.player);
      return {
        ...s,
        positions,
        announced: s.announced.map((a) => (a.player === e.player ? { ...a, withdrawn: true } : a)),
      };
    },
  } satisfies Folds<GridState, Left>,
  describe: {
    left: (e: Left) => `${e.player} leaves the Grid from ${unitText(e.from)} for Limbo.`,
  } satisfies Texts<Left>,
};
