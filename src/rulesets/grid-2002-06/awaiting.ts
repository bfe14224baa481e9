// Who the June Grid waits for (issue 14). B.2: "Once per nweek, any Player on the Grid may announce that e
// intends to move to a new (x,y) coordinate location." A move is made when the referee recognises it (R-J2), so
// nothing waits for the nweek's end to be processed; but each Player on the Grid has one move in this nweek, and
// the nweek's end is when it lapses. Whether e has moved is public (the announcement is public and the move is
// made at once), where is never part of this list. F.1: a Toad "may not make a move of eir own free will", so
// a Toad is awaited by no one (who is a Toad is public). Players in Limbo may enter at any time.
import type { Awaiting, GameState } from '../../core/index.js';
import type { JuneState } from './types.js';
import { own } from './types.js';
import { locationOf } from './grid.js';
import { isToad } from './de-toads.js';

export function juneAwaiting(rules: JuneState, game: GameState): Awaiting | undefined {
  if (game.ended) return undefined;
  const nweek = game.clock.nweek;
  // The same public facts the view shows: a player's square (locationOf) and who is a Toad.
  const players = game.players
    .filter((name) => locationOf(rules, name) !== undefined && !isToad(rules, name))
    .map((name) => ({ name, done: own(rules.players, name)?.movedInNweek === nweek }));
  if (players.length === 0) return undefined;
  return {
    what: `moves for nweek ${nweek}`,
    players,
    until: { nweek, nday: game.clock.ndays },
    how: 'move to a surrounding square: move X Y (once per nweek)',
    late: `nweek ${nweek} ended and you had not moved: your move for that nweek is gone`,
  };
}
