// "A Player may enter the Grid by announcing on a public Forum that e will enter the Grid at a particular
// (x,y) coordinate location. A Player may enter the Grid at any location not already occupied by another
// Player. Once a player has entered the Grid, e shall be considered on the Grid."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { Entered, GridEvent, GridModule, GridState, Unit } from './types.js';
import { onGrid, placing, positionOf, unitText } from './grid.js';
import type { GridErrorCode } from './errors.js';
import { gridParams } from './parameters.js';

/** A coordinate's schema, made when first needed (issue 17: see command()). */
export const coordinate = () => z.number().int();

export const enteringModule: GridModule = {
  id: 'entering',
  section: 'Entering the Grid',
  text: 'A Player may enter the Grid by announcing on a public Forum that e will enter the Grid at a particular (x,y) coordinate location. A Player may enter the Grid at any location not already occupied by another Player.',
  commands: {
    enter: playerCommand<GridState, z.ZodType<{ x: number; y: number }>, GridErrorCode, GridEvent>({
      summary: 'enter the Grid from Limbo at (x,y)',
      words: ['x', 'y'],
      args: () => z.object({ x: coordinate(), y: coordinate() }).strict(),
      run(ctx, by, { x, y }) {
        const at: Unit = [x, y];
        if (positionOf(ctx.rules, by.name))
          return refuse('already-on-grid', `${by.name} is already on the Grid; e can only move or leave`);
        if (!onGrid(at, gridParams(ctx.state)['Grid size']))
          return refuse(
            'off-grid',
            `${by.name} cannot enter at ${unitText(at)}: that unit is not on the Grid`,
          );
        const why = ctx.forbids('may-occupy', { player: by.name, at: [x, y] });
        if (why !== null) return refuse('occupied', `${by.name} cannot enter at ${unitText(at)}: ${why}`);
        const e: Entered = { type: 'entered', vis: 'public', player: by.name, at };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    entered: (s: GridState, e: Entered): GridState => ({
      ...s,
      positions: placing(s.positions, e.player, e.at),
    }),
  } satisfies Folds<GridState, Entered>,
  describe: {
    entered: (e: Entered) => `${e.player} enters the Grid at ${unitText(e.at)}.`,
  } satisfies Texts<Entered>,
};
