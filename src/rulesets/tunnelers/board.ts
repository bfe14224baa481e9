// 2.1 The Board: "The board is an 8x8 square grid of locations, labelled a-h horizontally and 1-8 vertically.
// Locations can be either tunneled or un-tunneled. If a tunneled square is not occupied for four turns, the
// square becomes un-tunneled. ... Locations on the board are considered adjacent if they share a horizontal or
// vertical side."
import type { GameState } from '../../core/index.js';
import type { Mole, Square, TunnelersState } from './types.js';
import type { TunnelersModule } from './ctx.js';

export const FILES = 'abcdefgh';
export const SIZE = 8;
/** T-2: a tunnel left unoccupied for this many whole turns collapses. */
export const COLLAPSE_TURNS = 4;

/** "c5" -> [3, 5] (file 1-8, rank 1-8), or null if it names no square of the board. */
export function coords(square: string): [number, number] | null {
  const m = /^([a-h])([1-8])$/.exec(square.trim().toLowerCase());
  if (!m) return null;
  return [FILES.indexOf(m[1] as string) + 1, Number(m[2])];
}

/** [3, 5] -> "c5", or null off the board. */
export function squareAt(file: number, rank: number): Square | null {
  if (file < 1 || file > SIZE || rank < 1 || rank > SIZE) return null;
  return `${FILES[file - 1]}${rank}`;
}

/** A square's name as commands may write it ("C5" is c5), or null. */
export const normalSquare = (square: string): Square | null => {
  const c = coords(square);
  return c ? squareAt(c[0], c[1]) : null;
};

/** Every square, a1, a2, ..., a8, b1, ..., h8: the order of the placement roll 1d64 (ruling T-16). */
export const ALL_SQUARES: readonly Square[] = Array.from({ length: SIZE * SIZE }, (_, i) => {
  return squareAt(Math.floor(i / SIZE) + 1, (i % SIZE) + 1) as Square;
});

/** "Locations on the board are considered adjacent if they share a horizontal or vertical side." */
export function adjacent(a: Square, b: Square): boolean {
  const p = coords(a);
  const q = coords(b);
  if (!p || !q) return false;
  return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) === 1;
}

/** T-3: the distance of a teleport: the fewest steps between adjacent squares (|files| + |ranks|). */
export function distance(a: Square, b: Square): number {
  const p = coords(a);
  const q = coords(b);
  if (!p || !q) return Infinity;
  return Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]);
}

/** The squares adjacent to one. */
export function neighbours(square: Square): Square[] {
  const c = coords(square);
  if (!c) return [];
  const [f, r] = c;
  return [squareAt(f, r + 1), squareAt(f + 1, r), squareAt(f, r - 1), squareAt(f - 1, r)].filter(
    (s): s is Square => s !== null,
  );
}

export const isTunneled = (s: TunnelersState, square: Square): boolean => Object.hasOwn(s.tunnels, square);

export const moleAt = (s: TunnelersState, square: Square): Mole | undefined =>
  s.moles.find((m) => m.at === square);

export const moleOf = (s: TunnelersState, player: string): Mole | undefined =>
  s.moles.find((m) => m.player === player);

/** The moles next to a square, other than `except`'s. */
export const molesNextTo = (s: TunnelersState, square: Square, except: string): Mole[] =>
  s.moles.filter((m) => m.player !== except && adjacent(m.at, square));

/** A square becomes (or stays) tunneled, freshly shored up. */
export const tunnel = (tunnels: TunnelersState['tunnels'], square: Square): TunnelersState['tunnels'] => ({
  ...tunnels,
  [square]: 0,
});

/**
 * At the end of every turn: a tunneled square occupied at some moment of the turn starts counting again; any
 * other counts one more unoccupied turn, and at four it becomes un-tunneled (T-2).
 */
export function ageTunnels(
  tunnels: TunnelersState['tunnels'],
  occupied: readonly Square[],
): TunnelersState['tunnels'] {
  const next: Record<Square, number> = {};
  for (const [square, idle] of Object.entries(tunnels)) {
    const now = occupied.includes(square) ? 0 : idle + 1;
    if (now < COLLAPSE_TURNS) next[square] = now;
  }
  return next;
}

/** The game's time in ndays since it began: the clock a deadline is measured by (T-12). */
export const ndayCount = (game: GameState): number =>
  (game.clock.nweek - 1) * game.clock.ndays + game.clock.nday;

export const boardModule: TunnelersModule = {
  id: 'board',
  section: '2.1. The Board',
  text: 'The board is an 8x8 square grid of locations, labelled a-h horizontally and 1-8 vertically. Locations can be either tunneled or un-tunneled. If a tunneled square is not occupied for four turns, the square becomes un-tunneled. ... Locations on the board are considered adjacent if they share a horizontal or vertical side.',
};
