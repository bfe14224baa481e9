// A busy Grid game for the benchmarks: many players walking in a band of the Grid, announcing every nweek.
import { ADMIN, player } from '../src/core/index.js';
import type { Command, GameState } from '../src/core/index.js';
import type { GridState } from '../src/rulesets/grid-2002-01/index.js';
import { positionOf } from '../src/rulesets/grid-2002-01/index.js';

export const PLAYERS = Array.from({ length: 20 }, (_, i) => `p${i + 1}`);

export const createCommand = (game: string): Command => ({
  type: 'create',
  by: ADMIN,
  args: { game, ruleset: 'grid-2002-01', dice: 'fair' },
});

/** Joins and entries: player i enters at (i, 1 + 2*(i%2)) so that nobody blocks anyone. */
export const setupCommands = (): Command[] => [
  ...PLAYERS.map((p): Command => ({ type: 'join', by: player(p), args: {} })),
  ...PLAYERS.map((p, i): Command => ({
    type: 'enter',
    by: player(p),
    args: { x: i + 1, y: 5 + 2 * (i % 2) },
  })),
];

/** Each player's announcement for this nweek: up one unit, or down one in odd nweeks, staying in the band. */
export function moveCommands(state: GameState): Command[] {
  const rules = state.rules as GridState;
  const dy = state.clock.nweek % 2 === 0 ? 1 : -1;
  return PLAYERS.map((p): Command => {
    const at = positionOf(rules, p) ?? [1, 1];
    return { type: 'move', by: player(p), args: { x: at[0], y: at[1] + dy } };
  });
}

export const tickNweek: Command = { type: 'tick', by: ADMIN, args: { nweek: true } };
