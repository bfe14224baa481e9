import type { Stream } from './fair.js';

/** How a fair roll can be checked once its seed is revealed. */
export interface RollProof {
  readonly stream: Stream;
  readonly epoch: number;
  /** Index in the stream of the first draw; draw i used index first + i. */
  readonly first: number;
  /** Hash of the log before the command that made the roll. */
  readonly head: string;
  /** Beacon rolls (issue 26): the chain's name and the round the nweek's commitment named. */
  readonly chain?: string;
  readonly round?: number;
}

/**
 * A recorded roll, written into the event it decided. Replay reads it; nothing rolls twice.
 * Every random act reduces to draws, each uniform in 1..sides[i]: dice are one draw a die, a choice from n
 * things is one draw of n, a shuffle of n is a Fisher-Yates pass drawing n, n-1, ..., 2.
 */
export interface Roll {
  readonly purpose: string;
  readonly kind: 'dice' | 'choice' | 'shuffle';
  /** Canonical dice text ("2d20", "5+5d3"), or "choice of N" / "shuffle of N". */
  readonly expr: string;
  readonly sides: readonly number[];
  readonly draws: readonly number[];
  /** Dice: the total. Choice: the 0-based index chosen. Shuffle: the permutation (new order of old indices). */
  readonly result: number | readonly number[];
  readonly source: 'fair' | 'manual' | 'beacon';
  /** Only for fair and beacon rolls. */
  readonly proof?: RollProof;
  /** True for rolls from the secret stream (allowed only in events the public cannot see). */
  readonly secret: boolean;
}

/** Fisher-Yates with given draws (draw k is uniform in 1..n-k): returns the permutation of 0..n-1. */
export function permutation(n: number, draws: readonly number[]): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1, k = 0; i > 0; i--, k++) {
    const j = (draws[k] ?? 1) - 1;
    const tmp = order[i] as number;
    order[i] = order[j] as number;
    order[j] = tmp;
  }
  return order;
}

/** The sides a shuffle of n draws, in order. */
export const shuffleSides = (n: number): number[] =>
  Array.from({ length: Math.max(0, n - 1) }, (_, k) => n - k);
