import type { PlayerFacts } from './types.js';

/** A player's facts when e joins: not Female, not a Cheerleader, not a Football player, not yet moved. */
export const NEW_PLAYER: PlayerFacts = {
  female: false,
  cheerleader: false,
  football: false,
  movedInNweek: null,
};
