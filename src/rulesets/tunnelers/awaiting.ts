// Who Tunnelers waits for (issue 14). 4: "Players take turns in order by the player list maintained by the
// Moderator. ... If a player does not submit a needed action (moving, choosing a card to defend with, etc.)
// within a reasonable amount of time (determined by the Moderator, generally a checkpoint period), play will
// proceed as if the player had chosen to perform no action."
// Only what is public: whose turn it is (T-19) and when its deadline passes, which from edition 2 is reckoned
// from the nday the turn began, a public moment (T-27): `deadline` whole ndays after it, so the wait ends at the
// end of nday `since + deadline` (deadline.ts: the turn is forfeited at the first nday end with
// now - since >= deadline). Whether the player has acted is private (e tells the Moderator privately), so e
// is awaited until the turn ends, whatever e did. A defence being awaited is never shown (T-26, T-27): that an
// attack found a mole is the attacker's and the defender's secret, and the turn's deadline decides the defence
// too. In an edition-1 game the deadline restarts at each private action (T-12 as first read), so no public
// moment fixes it: such a game shows no wait (whose turn it is stays in its view).
import { fromEdition, ndayAt } from '../../core/index.js';
import type { Awaiting, GameState } from '../../core/index.js';
import type { TunnelersState } from './types.js';

export function tunnelersAwaiting(s: TunnelersState, game: GameState): Awaiting | undefined {
  const turn = s.turn;
  if (game.ended || !s.started || !turn || !fromEdition(game, 2)) return undefined;
  return {
    what: `${turn.player}'s turn`,
    players: [{ name: turn.player, done: false }],
    until: ndayAt(game.clock, turn.since + s.deadline),
    how: 'take your turn: move, play or discard cards, attack, and end-turn when you are done',
    late: 'your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more',
  };
}
