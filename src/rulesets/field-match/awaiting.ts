// Who a Field Match waits for (issue 14): a player's Invokable Action limited to so many times "during the
// current nweek" can be performed until the nweek ends, and only once the actions its Trigger names ("the
// Referee has performed the Evolve action during the current nweek") have been performed this nweek. Before
// that no player can act, so no one is awaited (the Referee's own actions are the Administrator's, not a
// player's). Everything a Field Match records is public (ruling L16 for Life).
import type { Awaiting, GameState } from '../../core/index.js';
import type { Match } from './match.js';
import type { FieldState } from './state.js';
import { timesInvoked } from './state.js';
import { perNweekOf } from './effects.js';

/** The words after the verb, as actions.ts reads them. */
const WORDS = { object: ' X Y', players: ' PLAYER', field: '' } as const;

/**
 * The players who may still perform the match's per-nweek player action, and who have. `eligible` leaves out
 * players the action's Trigger can never admit now (Life's L6: a player with no Team).
 */
export function fieldMatchAwaiting(
  match: Match,
  s: FieldState,
  game: GameState,
  eligible: (player: string) => boolean = () => true,
): Awaiting | undefined {
  if (game.ended) return undefined;
  const nweek = game.clock.nweek;
  const action = match.actions.find(
    (a) =>
      a.trigger.by === 'Player' &&
      a.trigger.perNweek !== null &&
      a.trigger.after.every((first) => timesInvoked(s, first, nweek) > 0),
  );
  const limit = action ? perNweekOf(match, action, game) : null;
  if (!action || limit === null) return undefined;
  const players = game.players
    .filter(eligible)
    .map((name) => ({ name, done: timesInvoked(s, action.name, nweek, name) >= limit }));
  if (players.length === 0) return undefined;
  return {
    what: `${action.name} for nweek ${nweek}`,
    players,
    until: { nweek, nday: game.clock.ndays },
    how: `${action.summary}: ${action.verb}${WORDS[action.attachedTo.kind]}`,
    late: `nweek ${nweek} ended and you had not performed ${action.name}`,
  };
}
