// Evolve, step 1: "The following occur simultaneously:
//   a) For each Cell with null Color that is adjacent to exactly three Cells with non-null Color, its Color is
//      changed to the most common of those non-null Colors, with ties broken in favor of the Field's Advantage
//   b) For each Cell with non-null Color that is adjacent to less than two or more than three Cells with
//      non-null Color, its Color is changed to null"
//
// A pure transform over the Cells' Color codes (0 null, 1 Red, 2 Green, 3 Blue): one pass marks the coloured
// Cells, a neighbour-count pass counts them around every square, and a last pass decides every square from
// the field before the step (simultaneity, L9), counting the colours of the neighbours only where a birth
// happens. A new array comes out; the old one is never touched.
import { attributeOf, countNeighbours, columnOf, encode, fieldValue, layerOf } from '../field-match/index.js';
import type { Adjacency, Match, Transform } from '../field-match/index.js';

/** What step 1 did: the next codes, how many Cells were born and died, and how many of each code remain. */
export interface Generation {
  readonly next: Uint8Array;
  readonly births: number;
  readonly deaths: number;
  /** counts[code]: Cells of each Color after the step (counts[0]: null Cells). */
  readonly counts: readonly number[];
}

/**
 * Rule 1a's "most common ... ties broken in favor of the Field's Advantage" (L10): the colour counted most;
 * among colours tied for most, the Advantage if it is one of them; otherwise no colour (0, no birth).
 */
export function mostCommon(tally: ArrayLike<number>, advantage: number): number {
  let best = 0;
  let top = 0;
  let tied = 0;
  for (let c = 1; c < tally.length; c++) {
    const k = tally[c] as number;
    if (k > top) {
      top = k;
      best = c;
      tied = 1;
    } else if (k === top && k > 0) tied++;
  }
  if (tied <= 1) return best;
  return advantage > 0 && (tally[advantage] as number) === top ? advantage : 0;
}

const bump = (tally: Int32Array, c: number): void => {
  tally[c] = (tally[c] as number) + 1;
};

/**
 * Step 1 on a width x height field. `present[i]` is 1 where a Cell is; `colour[i]` its code (0 where there
 * is no Cell); `colours` how many non-null codes there are; `advantage` the Advantage's code (0 for null).
 */
export function nextGeneration(
  width: number,
  height: number,
  adjacency: Adjacency,
  present: Uint8Array,
  colour: Uint8Array,
  colours: number,
  advantage: number,
): Generation {
  const n = width * height;
  const alive = new Uint8Array(n);
  for (let i = 0; i < n; i++) alive[i] = colour[i] === 0 ? 0 : 1;
  const around = countNeighbours(width, height, alive, adjacency);
  const next = new Uint8Array(n);
  const counts = new Array<number>(colours + 1).fill(0);
  const tally = new Int32Array(colours + 1);
  const diagonal = adjacency === 'diagonal';
  let births = 0;
  let deaths = 0;
  for (let i = 0; i < n; i++) {
    const c = colour[i] as number;
    const k = around[i] as number;
    let out = 0;
    if (c !== 0) {
      // b) fewer than two or more than three coloured neighbours: the Cell's Color becomes null.
      if (k === 2 || k === 3) out = c;
      else deaths++;
    } else if (k === 3 && present[i] === 1) {
      // a) exactly three coloured neighbours: the most common of their Colors.
      tally.fill(0);
      const x = i % width;
      const left = x > 0;
      const right = x + 1 < width;
      const up = i + width < n;
      const down = i >= width;
      if (left) bump(tally, colour[i - 1] as number);
      if (right) bump(tally, colour[i + 1] as number);
      if (up) bump(tally, colour[i + width] as number);
      if (down) bump(tally, colour[i - width] as number);
      if (diagonal) {
        if (up && left) bump(tally, colour[i + width - 1] as number);
        if (up && right) bump(tally, colour[i + width + 1] as number);
        if (down && left) bump(tally, colour[i - width - 1] as number);
        if (down && right) bump(tally, colour[i - width + 1] as number);
      }
      tally[0] = 0;
      out = mostCommon(tally, advantage);
      if (out !== 0) births++;
    }
    next[i] = out;
    if (present[i] === 1) counts[out] = (counts[out] ?? 0) + 1;
  }
  return { next, births, deaths, counts };
}

/** Step 1 as the framework's transform over Life's Cells. */
export const generation: Transform = (state, match: Match) => {
  const layer = layerOf(state, 'Cell');
  const color = attributeOf(match, 'Color').range;
  if (color.kind !== 'enum') throw new Error('Life: Color has a list of values');
  const advantage = encode(color, fieldValue(state, 'Advantage'));
  const g = nextGeneration(
    state.width,
    state.height,
    match.field.adjacency,
    layer.present,
    columnOf(layer, 'Color') as Uint8Array,
    color.nonNull.length,
    advantage,
  );
  const counts = Object.fromEntries(color.nonNull.map((v, k) => [String(v), g.counts[k + 1] ?? 0]));
  const remaining = Object.entries(counts)
    .map(([v, k]) => `${v} ${k}`)
    .join(', ');
  return {
    state: {
      ...state,
      objects: { ...state.objects, Cell: { ...layer, attrs: { ...layer.attrs, Color: g.next } } },
    },
    summary: { births: g.births, deaths: g.deaths, counts, nulls: g.counts[0] ?? 0 },
    text: `The Cells evolve: ${g.births} ${g.births === 1 ? 'is' : 'are'} born and ${g.deaths} ${g.deaths === 1 ? 'dies' : 'die'}; now ${remaining} and ${g.counts[0] ?? 0} null`,
  };
};
