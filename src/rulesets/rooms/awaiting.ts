// Who the host waits for (issue 14): "the player whose turn it is, is the active player, and only e may act"
// (H6). A turn ends when someone ends it (H7), so it has a time only where the map sets a turn deadline (H11):
// then the active player is awaited until the end of the nday `turnDeadline` ndays after the nday the turn began,
// and Quests' "by the end of the turn" (Q12, Q16) falls at that same moment. Everything here is public (H9);
// whether e has acted is too, but the turn goes on until it ends, so e is awaited until then.
import { ndayAt } from '../../core/index.js';
import type { Awaiting, GameState } from '../../core/index.js';
import type { RoomsState } from './types.js';

export function roomsAwaiting(rules: RoomsState, game: GameState): Awaiting | undefined {
  const { turn, turnDeadline } = rules;
  if (game.ended || !turn || turnDeadline === undefined || turn.since === undefined) return undefined;
  return {
    what: `${turn.player}'s turn ${turn.n}`,
    players: [{ name: turn.player, done: false }],
    until: ndayAt(game.clock, turn.since + turnDeadline),
    how: 'take your actions (move, pick-up, drop, and in Quests create-quest) and end-turn',
    late: 'the time for your turn ran out, and it ended (a Quest you had commenced and not finished costs a demerit)',
  };
}
