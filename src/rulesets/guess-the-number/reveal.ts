// The Reveal: "At the end of each nweek the Administrator reveals the Number, and each Player who guessed it
// that nweek is awarded 10 points."
import { BANK } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { GuessModule, GuessState, NumberRevealed } from './events.js';
import { guessParams } from './parameters.js';

export const revealModule: GuessModule = {
  id: 'reveal',
  section: 'The Reveal',
  text: 'At the end of each nweek the Administrator reveals the Number, and each Player who guessed it that nweek is awarded 10 points.',
  hooks: {
    nweekEnd(ctx) {
      const number = ctx.rules.number;
      // Rolled when the nweek started: never missing in a game (a bug if it is, so thrown, not refused).
      if (number === null) throw new Error('the Number was never rolled');
      const winners = ctx.rules.guesses.filter((g) => g.guess === number).map((g) => g.player);
      const e: NumberRevealed = {
        type: 'number-revealed',
        vis: 'public',
        nweek: ctx.clock.nweek,
        number,
        winners,
      };
      ctx.emit(e);
      const prize = guessParams(ctx.state).Prize;
      for (const player of winners)
        ctx.transfer(BANK, player, prize, `${player} guessed the Number ${number}`);
    },
  },
  evolve: {
    // A new nweek: its guesses and its rolling again start afresh (the Number is rolled by number.ts).
    'number-revealed': (s: GuessState, e: NumberRevealed): GuessState => ({
      number: null,
      rolledAgain: false,
      guesses: [],
      revealed: [...s.revealed, { nweek: e.nweek, number: e.number }],
    }),
  } satisfies Folds<GuessState, NumberRevealed>,
  describe: {
    'number-revealed': (e: NumberRevealed) =>
      `The Number of nweek ${e.nweek} was ${e.number}: ${e.winners.length === 0 ? 'no one guessed it' : `${e.winners.join(', ')} guessed it`}.`,
  } satisfies Texts<NumberRevealed>,
};
