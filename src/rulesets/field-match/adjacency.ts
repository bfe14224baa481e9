// Which squares are adjacent: the four sharing a side ('orthogonal'), and with 'diagonal' also the four
// sharing only a corner. The Field does not wrap: a square on an edge has fewer neighbours.
import type { Adjacency } from './match.js';
import type { Square } from './state.js';

const ORTHOGONAL: readonly Square[] = [
  [0, 1],
  [-1, 0],
  [1, 0],
  [0, -1],
];
const DIAGONAL: readonly Square[] = [
  [-1, 1],
  [0, 1],
  [1, 1],
  [-1, 0],
  [1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];

/** The squares adjacent to `at` that are on a width x height field. */
export function neighbours(width: number, height: number, adjacency: Adjacency, [x, y]: Square): Square[] {
  const out: Square[] = [];
  for (const [dx, dy] of adjacency === 'diagonal' ? DIAGONAL : ORTHOGONAL) {
    const nx = x + dx;
    const ny = y + dy;
    if (nx >= 1 && nx <= width && ny >= 1 && ny <= height) out.push([nx, ny]);
  }
  return out;
}

/**
 * For every square, how many adjacent squares have `alive` set (alive[i] is 0 or 1, indexed as state.ts
 * indexes squares). One pass for orthogonal adjacency; for diagonal, a row pass of sums of three and a
 * column pass over them (the 3 x 3 box minus the square itself).
 */
export function countNeighbours(
  width: number,
  height: number,
  alive: Uint8Array,
  adjacency: Adjacency,
): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n);
  if (adjacency === 'diagonal') {
    const row3 = new Uint8Array(n);
    for (let y = 0; y < height; y++) {
      const r = y * width;
      const last = r + width - 1;
      if (width === 1) {
        row3[r] = alive[r] as number;
        continue;
      }
      row3[r] = (alive[r] as number) + (alive[r + 1] as number);
      for (let i = r + 1; i < last; i++)
        row3[i] = (alive[i - 1] as number) + (alive[i] as number) + (alive[i + 1] as number);
      row3[last] = (alive[last - 1] as number) + (alive[last] as number);
    }
    for (let y = 0; y < height; y++) {
      const r = y * width;
      const end = r + width;
      const up = y + 1 < height;
      const down = y > 0;
      for (let i = r; i < end; i++) {
        let sum = (row3[i] as number) - (alive[i] as number);
        if (up) sum += row3[i + width] as number;
        if (down) sum += row3[i - width] as number;
        out[i] = sum;
      }
    }
    return out;
  }
  for (let y = 0; y < height; y++) {
    const r = y * width;
    const end = r + width;
    const up = y + 1 < height;
    const down = y > 0;
    for (let i = r; i < end; i++) {
      let sum = 0;
      if (i > r) sum += alive[i - 1] as number;
      if (i + 1 < end) sum += alive[i + 1] as number;
      if (up) sum += alive[i + width] as number;
      if (down) sum += alive[i - width] as number;
      out[i] = sum;
    }
  }
  return out;
}
