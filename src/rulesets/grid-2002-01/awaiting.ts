// Who the Grid waits for (issue 14): "Once per week, any Player on the Grid may announce that e intends to move
// to a new (x,y) coordinate location. ... Moves on the Grid happen at the end of the nweek". Every Player on the
// Grid may announce once this nweek, until the nweek's end processes the moves. Whether e has announced is
// public (the announcement is made "on a public Forum"); where to is left out all the same, as the issue asks:
// who is missing is about who, never where. Players in Limbo may enter at any time and are awaited by no one.
import type { Awaiting, GameState } from '../../core/index.js';
import type { GridState } from './types.js';

export function gridAwaiting(rules: GridState, game: GameState): Awaiting | undefined {
  if (game.ended) return undefined;
  const players = rules.positions.map(({ player }) => ({
    name: player,
    // R8: a move withdrawn by leaving still counts as the nweek's one; but a player who left is not on the Grid.
    done: rules.announced.some((a) => a.player === player),
  }));
  if (players.length === 0) return undefined;
  // In the game's order (joining order), as every other list of players is shown.
  const order = new Map(game.players.map((name, i) => [name, i]));
  players.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return {
    what: `move announcements for nweek ${game.clock.nweek}`,
    players,
    until: { nweek: game.clock.nweek, nday: game.clock.ndays },
    how: 'announce a move to a surrounding unit: move X Y (moves are made at the end of the nweek)',
    late: `nweek ${game.clock.nweek} ended and you had not announced a move: you stay where you are`,
  };
}
