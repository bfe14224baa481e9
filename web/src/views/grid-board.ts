// The Grid to scale: 20 x 20 squares, x to the right and y up, (1,1) lower left, with room for the row and
// column numbers around them. Where each square is drawn, in the drawing's own units (its viewBox).
import type { XY } from './grid-rows';

/** Squares a side, and the side of one square. */
export const SIZE = 20;
export const CELL = 26;
/** Room for the row numbers on the left and the column numbers below, inside the drawing's viewBox. */
export const LEFT = 24;
export const TOP = 4;
const RIGHT = 4;
const BOTTOM = 20;
export const WIDTH = LEFT + SIZE * CELL + RIGHT;
export const HEIGHT = TOP + SIZE * CELL + BOTTOM;

/** The top-left corner of square (x, y). */
export const corner = ([x, y]: XY): XY => [LEFT + (x - 1) * CELL, TOP + (SIZE - y) * CELL];
/** The centre of square (x, y), where a player or a Thing is drawn. */
export const centre = (at: XY): XY => {
  const [cx, cy] = corner(at);
  return [cx + CELL / 2, cy + CELL / 2];
};
/** Whether (x, y) is one of the Grid's squares. */
export const onGrid = ([x, y]: XY) => x >= 1 && x <= SIZE && y >= 1 && y <= SIZE;
