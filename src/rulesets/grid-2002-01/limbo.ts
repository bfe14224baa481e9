// "Units of the Grid may be occupied by Players. Players are either on the Grid or off the Grid. A Player who
// is off the Grid is located in Limbo. ... Each Player may occupy only one unit at a time. Multiple Players
// may not occupy the same unit at the same time." ... "Initially, all Players are in Limbo."
//
// A player is on the Grid exactly when `positions` lists em; a joining player starts in Limbo because
// nothing puts em there. The occupancy question is asked of the rules, so a later rule can change it.
import type { Json } from '../../core/index.js';
import type { GridModule, Unit } from './types.js';
import { occupant, onGrid } from './grid.js';
import { gridParams } from './parameters.js';

/** The question 'may-occupy' {player, at}: may this player be on that unit? Answered here by default. */
export interface MayOccupy {
  readonly player: string;
  readonly at: Unit;
}

export const limboModule: GridModule = {
  id: 'limbo',
  section: 'Players on the Grid and in Limbo',
  text: 'Players are either on the Grid or off the Grid. A Player who is off the Grid is located in Limbo. ... Each Player may occupy only one unit at a time. Multiple Players may not occupy the same unit at the same time.',
  answers: {
    'may-occupy'(ctx, question: Json): Json {
      const q = question as unknown as MayOccupy;
      if (!onGrid(q.at, gridParams(ctx.state)['Grid size'])) return 'that unit is not on the Grid';
      const other = occupant(ctx.rules, q.at);
      return other && other !== q.player ? `${other} occupies that unit` : true;
    },
  },
};
