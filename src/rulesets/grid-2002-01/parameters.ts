// Issue 24: every number The Grid's text states, declared once as a parameter the nomic may amend (amend-rules),
// with the section and sentence it comes from. Rule code reads the values in force through gridParams.
import { defineParameters, inForce } from '../../core/index.js';
import type { DiceSpec, GameState, ParameterValue } from '../../core/index.js';
import type { GridState } from './types.js';

/**
 * The largest Grid: a unit's key (grid.ts unitKey, x * 64 + y) must stay below 64 * 64, the size of the table
 * of the Things' units (things.ts).
 */
export const LARGEST_GRID = 63;

/** P2: each die of the location dice gives one coordinate, so they are two dice of one size and nothing else. */
function twoDice(spec: DiceSpec): string | null {
  const [only, more] = spec.terms;
  return only?.kind === 'dice' && only.count === 2 && only.sign === 1 && more === undefined
    ? null
    : `each die gives one coordinate (x, then y), so the location dice are two dice of one size, such as 2d20, not ${spec.text}`;
}

export const GRID_PARAMETERS = defineParameters([
  {
    name: 'Grid size',
    section: 'The Grid',
    sentence: 'The Grid is 20 units wide by 20 units tall.',
    // P1: "a square": one size for both.
    type: { kind: 'integer', min: 2, max: LARGEST_GRID },
    text: 20,
  },
  {
    name: 'Shiny Things',
    section: 'Shiny Things and Scary Dark Things',
    sentence: 'The Grid shall initially contain five Shiny Things and five Scary Dark Things.',
    type: { kind: 'integer', min: 0, max: 50 },
    text: 5,
  },
  {
    name: 'Scary Dark Things',
    section: 'Shiny Things and Scary Dark Things',
    sentence: 'The Grid shall initially contain five Shiny Things and five Scary Dark Things.',
    type: { kind: 'integer', min: 0, max: 50 },
    text: 5,
  },
  {
    name: 'Location dice',
    section: 'Shiny Things and Scary Dark Things',
    sentence:
      'the Administrator shall generate a random location by using the value of each die of 2d20 to generate the x and y coordinates of each Shiny Thing and each Scary Dark Thing.',
    type: { kind: 'dice', check: twoDice },
    text: '2d20',
  },
  {
    name: 'Shiny Thing points',
    section: 'Shiny Things and Scary Dark Things',
    sentence: 'If at any time a Player occupies the same unit as a Shiny Thing, e will be awarded 25 points',
    type: { kind: 'integer', min: 0, max: 1_000_000 },
    text: 25,
  },
  {
    name: 'Scary Dark Thing points',
    section: 'Shiny Things and Scary Dark Things',
    sentence: 'If at any time a Player occupies the same unit as a Scary Dark Thing, e will lose 25 points',
    type: { kind: 'integer', min: 0, max: 1_000_000 },
    text: 25,
  },
  {
    name: 'Move distance',
    section: 'Movement',
    sentence:
      "[[E.g. the x and y coordinates of a player's location may only be increased or decreased by 1 each nweek.]]",
    type: { kind: 'integer', min: 1, max: LARGEST_GRID - 1 },
    text: 1,
  },
]);

/** The Grid's values in force, typed (the names are GRID_PARAMETERS'). */
export interface GridParams {
  readonly 'Grid size': number;
  readonly 'Shiny Things': number;
  readonly 'Scary Dark Things': number;
  readonly 'Location dice': string;
  readonly 'Shiny Thing points': number;
  readonly 'Scary Dark Thing points': number;
  readonly 'Move distance': number;
}

/** The values in force in a game of The Grid: one property read (the text's record until an amendment). */
export const gridParams = (game: GameState): GridParams =>
  inForce(game, GRID_PARAMETERS) as unknown as GridParams;

/** The sides of the location dice (checked to be two dice of one size when amended). */
export const locationSides = (dice: string): number => Number(dice.slice(dice.indexOf('d') + 1));

/**
 * What stands in the way of values in force (Ruleset.parameterProblem): a player off a shrunk Grid, or location
 * dice that would place a Thing off it. The message is PUBLIC (an amendment lapsing at its boundary says it to
 * everyone), so it speaks only of what everyone can see: ruling P8, hidden Things are never in the way (a Grid
 * shrunk under one re-places it in secret: things.ts).
 */
export function gridParameterProblem(
  rules: GridState,
  _game: GameState,
  values: Readonly<Record<string, ParameterValue>>,
): string | null {
  const v = values as unknown as GridParams;
  const size = v['Grid size'];
  const off = (at: readonly [number, number]) => at[0] > size || at[1] > size;
  const wide = `a Grid ${size} units wide`;
  const players = rules.positions.filter((p) => off(p.at));
  if (players.length > 0)
    return `${players.map((p) => `${p.player} stands at (${p.at[0]},${p.at[1]})`).join(', ')}, off ${wide}`;
  const sides = locationSides(v['Location dice']);
  if (sides > size)
    return `the location dice ${v['Location dice']} would place Things off ${wide}: amend them with it`;
  return null;
}
