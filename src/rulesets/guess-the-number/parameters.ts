// Every number the text states, declared once as a parameter the nomic may amend (amend-rules), with the
// section and sentence it comes from. Rule code reads the values in force through guessParams, never a literal.
import { defineParameters, inForce } from '../../core/index.js';
import type { GameState } from '../../core/index.js';

export const GUESS_PARAMETERS = defineParameters([
  {
    name: 'Largest number',
    section: 'The Number',
    sentence:
      'At the start of each nweek the Administrator secretly rolls the Number, 1d10, and tells no one.',
    type: { kind: 'integer', min: 2, max: 100 },
    text: 10,
  },
  {
    name: 'Prize',
    section: 'The Reveal',
    sentence: 'each Player who guessed it that nweek is awarded 10 points.',
    type: { kind: 'integer', min: 0, max: 1_000_000 },
    text: 10,
  },
]);

/** The values in force, typed (the names are GUESS_PARAMETERS'). */
export interface GuessParams {
  readonly 'Largest number': number;
  readonly Prize: number;
}

/** The values in force in a game: the text's until an amendment. */
export const guessParams = (game: GameState): GuessParams =>
  inForce(game, GUESS_PARAMETERS) as unknown as GuessParams;
