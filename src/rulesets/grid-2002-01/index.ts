// Ruleset grid-2002-01: "The Grid" as proposed by Greg Ritter to Spoon on 20 Jan 2002
// (../shared/seeds/001_c10abc9f4ae4b583.txt). One module per part of the text, in the text's order;
// later modules take precedence.
import { erase, reject } from '../../core/index.js';
import type { Ruleset } from '../../core/index.js';
import type { GridState } from './types.js';
import { gridModule } from './grid.js';
import { limboModule } from './limbo.js';
import { thingsModule } from './things.js';
import { enteringModule } from './entering.js';
import { leavingModule } from './leaving.js';
import { movementModule } from './movement.js';
import { gridStandings, gridView, renderGrid } from './view.js';
import { gridAwaiting } from './awaiting.js';
import type { GridErrorCode } from './errors.js';
import { GRID_ERROR_CODES } from './errors.js';
import { GRID_PARAMETERS, gridParameterProblem } from './parameters.js';
import { gridPhrases } from './phrases.js';

export const GRID_2002_01 = 'grid-2002-01';

export const grid200201: Ruleset<GridState, GridErrorCode> = {
  id: GRID_2002_01,
  title: 'The Grid (Spoon, proposed 20 Jan 2002)',
  source: 'seeds/001_c10abc9f4ae4b583.txt',
  phrases: [gridPhrases],
  errorCodes: GRID_ERROR_CODES,
  // K4: its games are amended into the June text, whose edition 2 changed R-J13 and R-J18: a game carries
  // the edition it was created under through the amendment.
  edition: 2,
  modules: [gridModule, limboModule, thingsModule, enteringModule, leavingModule, movementModule],
  initial(config) {
    if (config !== null) reject('bad-config', 'The Grid (January 2002) takes no configuration');
    return { positions: [], things: [], announced: [] };
  },
  view: gridView,
  render: renderGrid,
  standings: gridStandings,
  awaiting: gridAwaiting,
  parameters: GRID_PARAMETERS,
  parameterProblem: gridParameterProblem,
};

export const grid200201Ruleset = erase(grid200201);
export type { GridState } from './types.js';
export { positionOf } from './grid.js';
