// Who Life waits for (issue 14): "Invokable Action: Tweak ... Trigger: A Player posts a message to a Public
// Forum stating that he is tweaking the specified Cell, and he has not already done so during the current
// nweek, and the Referee has performed the Evolve action during the current nweek". So once the Referee has
// performed this nweek's Evolve, each player may Tweak once before the nweek ends; a player whose Team is
// null cannot (L6) until the next Evolve gives em one, and is not awaited. All of it is public (L16).
import type { Awaiting, GameState } from '../../core/index.js';
import type { FieldState, Match } from '../field-match/index.js';
import { playerValue } from '../field-match/index.js';
import { fieldMatchAwaiting } from '../field-match/awaiting.js';

export const lifeAwaiting =
  (match: Match) =>
  (rules: FieldState, game: GameState): Awaiting | undefined =>
    fieldMatchAwaiting(match, rules, game, (p) => playerValue(match, rules, p, 'Team') !== null);
