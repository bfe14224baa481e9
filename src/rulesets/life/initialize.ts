// Initialize, Effect: "For each location in the Field, a Cell is placed there, and its Color set to a random
// non-null value; each Player's Team is set to a random non-null value; Advantage is set to a random non-null
// value". Trigger: "While no Cells exist, the Referee performs ... enough random selections to carry out the
// Effect, and posts the results of these selections to a Public Forum".
//
// L3: the selections are made in the text's order: the squares from (1,1) along the bottom row and up row by
// row, then the players in the order they joined, then the Advantage. Each is one public choice among Red,
// Green, Blue (with manual dice, 1 is Red, 2 Green, 3 Blue), carried in the event it decided.
import type { Effect } from '../field-match/index.js';
import type { Roll } from '../../core/index.js';

const at = ([x, y]: readonly [number, number]) => `(${x},${y})`;

export const initialize: Effect = (fx) => {
  const rolls: Roll[] = [];
  const placed = fx.squares().map((square) => {
    const { value, roll } = fx.pick('Color', `Color of the Cell at ${at(square)}`, { nonNull: true });
    rolls.push(roll);
    return { at: square, values: { Color: value } };
  });
  fx.placeAll('Cell', placed, { rolls });
  for (const player of fx.players) {
    const { value, roll } = fx.pick('Team', `Team of ${player}`, { nonNull: true });
    fx.setPlayer(player, 'Team', value, { rolls: [roll] });
  }
  const { value, roll } = fx.pick('Advantage', "the Field's Advantage", { nonNull: true });
  fx.setField('Advantage', value, { rolls: [roll] });
};
