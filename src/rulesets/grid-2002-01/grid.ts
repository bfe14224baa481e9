// A.  "The Grid is a square composed of units. The Grid is 20 units wide by 20 units tall. The units are
// numbered from 1 to 20 horizontally (the x axis) and 1 to 20 vertically (the y axis). Each unit on the Grid
// can be expressed as an (x,y) coordinate location. The unit (1,1) shall be below the unit (1,2) and to the
// left of unit (2,1)."
import type { GridModule, GridState, Placed, Unit } from './types.js';

// The Grid's size is a parameter (parameters.ts, 'Grid size'): each check is given the size in force.

// (Units are read by index rather than destructured in these helpers: destructuring goes through the array
// iterator, which allocated on every call of the hot path — every move's checks and the Things' after it.)

export const onGrid = (unit: Unit, size: number): boolean => {
  const x = unit[0];
  const y = unit[1];
  return Number.isInteger(x) && Number.isInteger(y) && x >= 1 && x <= size && y >= 1 && y <= size;
};

export const sameUnit = (a: Unit, b: Unit): boolean => a[0] === b[0] && a[1] === b[1];

/**
 * "the units surround[ing] eir current location": the units whose x and y each differ by at most the move
 * distance in force ("increased or decreased by 1 each nweek": the eight around it, by the text's value).
 */
export const surrounds = (from: Unit, to: Unit, distance: number): boolean =>
  !sameUnit(from, to) && Math.abs(from[0] - to[0]) <= distance && Math.abs(from[1] - to[1]) <= distance;

export const unitText = (unit: Unit): string => `(${unit[0]},${unit[1]})`;

export const unitKey = (unit: Unit): number => unit[0] * 64 + unit[1];

/**
 * The player occupying a unit, the last listed if several are (as a map of the units built in one pass would
 * keep), or undefined. A plain loop: a Grid has a few dozen players, and this is asked after every move.
 */
export function lastOccupant(positions: readonly Placed[], unit: Unit): string | undefined {
  let player: string | undefined;
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i] as Placed;
    if (p.at[0] === unit[0] && p.at[1] === unit[1]) player = p.player;
  }
  return player;
}

/** The player occupying a unit, if any. */
export function occupant(state: GridState, unit: Unit): string | undefined {
  for (const p of state.positions) if (sameUnit(p.at, unit)) return p.player;
  return undefined;
}

/** A player's unit, or undefined in Limbo. */
export function positionOf(state: GridState, player: string): Unit | undefined {
  for (const p of state.positions) if (p.player === player) return p.at;
  return undefined;
}

/** The positions with one player put at a unit (added if e was in Limbo). */
export function placing(positions: readonly Placed[], player: string, at: Unit): readonly Placed[] {
  const next = positions.slice();
  for (let i = 0; i < next.length; i++)
    if ((next[i] as Placed).player === player) {
      next[i] = { player, at };
      return next;
    }
  next.push({ player, at });
  return next;
}

export const gridModule: GridModule = {
  id: 'grid',
  section: 'The Grid',
  text: 'There shall exist an environment known as the Grid. ... The Grid is 20 units wide by 20 units tall. ... The unit (1,1) shall be below the unit (1,2) and to the left of unit (2,1).',
};
