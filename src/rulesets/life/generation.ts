// Evolve, step 1: "The following occur simultaneously:
//   a) For each Cell with null Color that is adjacent to exactly three Cells with non-null Color, its Color is
//      changed to the most common of those non-null Colors, with ties broken in favor of the Field's Advantage
//   b) For each Cell with non-null Color that is adjacent to less than two or more than three Cells with
//      non-null Color, its Color is changed to null"
//
// A pure transform over the Cells' Color codes (0 null, 1 Red, 2 Green, 3 Blue). One pass, row by row: the
// coloured neighbours of every square are counted from running sums of three rows (the 3 x 3 box less the
// square itself; with orthogonal adjacency, the four sides), every square is decided
// from the field before the step (simultaneity, L9), and the colours of the neighbours are counted only where
// a birth happens. A new array comes out; the old one is never touched.
import { attributeOf, columnOf, encode, fieldValue, layerOf } from '../field-match/index.js';
import type { Adjacency, Match, Transform } from '../field-match/index.js';
import { LIFE_PARAMETERS, lifeCounts, TEXT_COUNTS } from './parameters.js';
import type { LifeCounts } from './parameters.js';

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

/** 1 for a coloured code, 0 for null, without a branch (codes are 0..255). */
const lit = (code: number): number => (code + 255) >> 8;

/** How many coloured squares share a side with each square of row `y` (orthogonal adjacency), into `out`. */
function rowCounts(colour: Uint8Array, width: number, height: number, y: number, out: Uint8Array): void {
  const r = y * width;
  for (let x = 0; x < width; x++) {
    const i = r + x;
    let k = 0;
    if (x > 0) k += lit(colour[i - 1] as number);
    if (x + 1 < width) k += lit(colour[i + 1] as number);
    if (y + 1 < height) k += lit(colour[i + width] as number);
    if (y > 0) k += lit(colour[i - width] as number);
    out[x] = k;
  }
}

/** Each square's coloured count over itself and its left and right neighbours, for row y (zeros off the Field). */
function rowSums(colour: Uint8Array, width: number, height: number, y: number, out: Uint8Array): void {
  if (y < 0 || y >= height) {
    out.fill(0);
    return;
  }
  const r = y * width;
  let left = 0;
  let here = lit(colour[r] as number);
  for (let x = 0; x < width; x++) {
    const right = x + 1 < width ? lit(colour[r + x + 1] as number) : 0;
    out[x] = left + here + right;
    left = here;
    here = right;
  }
}

/**
 * Step 1 on a width x height field. `present[i]` is 1 where a Cell is; `colour[i]` its code (0 where there
 * is no Cell); `colours` how many non-null codes there are; `advantage` the Advantage's code (0 for null).
 * One pass, row by row, keeping only three rows of neighbour sums: the field is read once and written once.
 */
export function nextGeneration(
  width: number,
  height: number,
  adjacency: Adjacency,
  present: Uint8Array,
  colour: Uint8Array,
  colours: number,
  advantage: number,
  /** Issue 24: the birth and survival counts in force, as masks (parameters.ts); the text's B3/S23 if not given. */
  rule: LifeCounts = TEXT_COUNTS,
): Generation {
  const { birth, survive } = rule;
  const n = width * height;
  const next = new Uint8Array(n);
  const counts = new Int32Array(colours + 1);
  const tally = new Int32Array(colours + 1);
  const diagonal = adjacency === 'diagonal';
  const sums: [Uint8Array, Uint8Array, Uint8Array] = [
    new Uint8Array(width),
    new Uint8Array(width),
    new Uint8Array(width),
  ];
  if (diagonal) {
    rowSums(colour, width, height, -1, sums[0]);
    rowSums(colour, width, height, 0, sums[1]);
    rowSums(colour, width, height, 1, sums[2]);
  }
  const around = new Uint8Array(width);
  let before = 0;
  let kept = 0;
  let births = 0;
  for (let y = 0; y < height; y++) {
    if (!diagonal) rowCounts(colour, width, height, y, around);
    const [below, here, above] = sums;
    const r = y * width;
    for (let x = 0; x < width; x++) {
      const i = r + x;
      const c = colour[i] as number;
      const alive = lit(c);
      const k = diagonal
        ? (below[x] as number) + (here[x] as number) + (above[x] as number) - alive
        : (around[x] as number);
      before += alive;
      // b) a coloured Cell keeps its Color with two or three coloured neighbours (Survival counts), else becomes
      // null.
      let out = ((survive >> k) & 1) === 1 ? c : 0;
      kept += lit(out);
      if (alive === 0 && ((birth >> k) & 1) === 1 && present[i] === 1) {
        // a) a null Cell with exactly three (Birth count) coloured neighbours: the most common of their Colors.
        tally.fill(0);
        const left = x > 0;
        const right = x + 1 < width;
        const up = y + 1 < height;
        const down = y > 0;
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
        births += lit(out);
      }
      next[i] = out;
      counts[out] = (counts[out] as number) + (present[i] as number);
    }
    if (diagonal) {
      const spent = sums[0];
      sums[0] = sums[1];
      sums[1] = sums[2];
      sums[2] = spent;
      rowSums(colour, width, height, y + 2, spent);
    }
  }
  return { next, births, deaths: before - kept, counts: Array.from(counts) };
}

/** What step 1 did, as its event carries it: births, deaths, the Cells of each Color after, the null Cells. */
export type GenerationSummary = {
  readonly births: number;
  readonly deaths: number;
  /** By Color's name ("Red"): how many Cells of it remain. */
  readonly counts: { readonly [color: string]: number };
  readonly nulls: number;
};

/** Step 1 as the framework's transform over Life's Cells. */
export const generation: Transform<GenerationSummary> = (
  state,
  match: Match,
  params = LIFE_PARAMETERS.text,
) => {
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
    lifeCounts(params),
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
