// The turn as the fold keeps it (4. Turn Procedure: "Players take turns in order by the player list maintained
// by the Moderator"): who is living, whose turn comes next, and a fold's note that the turn's player has acted.
// Kept apart from turns.ts, which runs turns (and Standing Orders, and so the actions), so that the actions'
// folds can note it without an import cycle.
import { fromEdition } from '../../core/index.js';
import type { GameState } from '../../core/index.js';
import type { TunnelersState, Turn } from './types.js';
import { ndayCount } from './board.js';

/** The living players, in turn order. */
export const living = (s: TunnelersState): string[] => s.order.filter((p) => !s.dead.includes(p));

/** Whose turn comes after `player`'s: the next living player in the list, going round. */
export function nextPlayer(s: TunnelersState, player: string): string | null {
  const i = s.order.indexOf(player);
  for (let k = 1; k <= s.order.length; k++) {
    const p = s.order[(i + k) % s.order.length] as string;
    if (!s.dead.includes(p) && p !== player) return p;
  }
  return null;
}

/**
 * A fold's note that the turn's player has just acted. In an edition-1 game the Moderator's wait starts again
 * (T-12 as first read); from edition 2 nothing private restarts it (T-27): the deadline runs from the nday the
 * turn began, a public moment, so when a turn ends tells no one whether its player acted.
 */
export function touched(s: TunnelersState, game: GameState, movement?: number): TunnelersState {
  if (!s.turn) return s;
  const turn: Turn = {
    ...s.turn,
    acted: true,
    since: fromEdition(game, 2) ? s.turn.since : ndayCount(game),
    ...(movement !== undefined ? { movement } : {}),
  };
  return { ...s, turn };
}
