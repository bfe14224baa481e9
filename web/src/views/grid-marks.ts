// How each thing on the Grid is marked: an object by its kind's letter and colour, a square by its
// substance's colour and a glyph (so that colour is never the only sign), a player by a letter, a Shiny Thing
// by a star. The drawing and its key use the same marks, from here.
import type { SquareRow } from './grid-rows';

/** Each kind of object's mark: a letter on its kind's colour (the text render's letters). */
const KIND: Record<string, { mark: string; colour: string; label: string }> = {
  'big-rock': { mark: 'R', colour: '#7a6f63', label: 'Big Rock' },
  siren: { mark: 'S', colour: '#c2417a', label: 'Siren' },
  yeti: { mark: 'Y', colour: '#5b8fb9', label: 'Yeti' },
  'big-stick': { mark: '|', colour: '#8a5a2b', label: 'Big Stick' },
  shield: { mark: 'O', colour: '#4f7f52', label: 'Shield' },
  'ball-of-wax': { mark: 'w', colour: '#c9a227', label: 'Ball of Wax' },
  'siren-bait': { mark: 'b', colour: '#d9822b', label: 'Siren Bait' },
  'radar-tower': { mark: 'T', colour: '#3d5a80', label: 'Radar Tower' },
  gremlin: { mark: 'g', colour: '#6a994e', label: 'Gremlin' },
  'bonus-box': { mark: '?', colour: '#9b5de5', label: 'Bonus Box' },
};
export const kindOf = (k: string) => KIND[k] ?? { mark: '*', colour: '#555', label: k };

/** Each substance's colour (Turf, the most squares, the palest). */
export const SUBSTANCE: Record<string, string> = {
  Turf: '#eef5e6',
  Mud: '#c8ad8a',
  Fire: '#f4a261',
  Water: '#a8dadc',
  Rock: '#cfcfcf',
  Sand: '#f1e3b0',
};
export const squareFill = (s: SquareRow): string =>
  s.frozen ? '#dff3ff' : s.wet ? '#b9e1f0' : (SUBSTANCE[s.substance ?? 'Turf'] ?? '#e9e4d8');

/**
 * A square's state as a glyph as well as a colour, so colour is never the only sign (the text render's
 * marks: = Frozen, ~ Wet, ^ Fire, m Mud; another substance by its first letter).
 */
export function squareGlyph(s: SquareRow): string {
  if (s.frozen) return '=';
  if (s.wet) return '~';
  const sub = s.substance ?? 'Turf';
  if (sub === 'Turf') return '';
  if (sub === 'Fire') return '^';
  return sub.slice(0, 1).toLowerCase();
}

/** The key to the squares: each state's colour and glyph. */
export const SQUARE_KEY: { label: string; row: SquareRow }[] = [
  { label: 'Frozen', row: { at: [0, 0], frozen: true } },
  { label: 'Wet', row: { at: [0, 0], wet: true } },
  { label: 'Fire', row: { at: [0, 0], substance: 'Fire' } },
  { label: 'Mud', row: { at: [0, 0], substance: 'Mud' } },
];

/** A player's mark, by the order the view lists them: A to Z, then a to z. */
export const letter = (i: number) => String.fromCharCode(i < 26 ? 65 + i : 97 + ((i - 26) % 26));

/** The points of a five-pointed star around (cx, cy): a Shiny Thing's mark. */
export function star(cx: number, cy: number, outer: number, inner: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');
}
