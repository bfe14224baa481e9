// Guessing: "Once per nweek, a Player may announce a guess of the Number, a whole number from 1 to 10."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { GuessAnnounced, GuessEvent, GuessModule, GuessState } from './events.js';
import type { GuessErrorCode } from './errors.js';
import { guessParams } from './parameters.js';

export const guessingModule: GuessModule = {
  id: 'guessing',
  section: 'Guessing',
  text: 'Once per nweek, a Player may announce a guess of the Number, a whole number from 1 to 10.',
  commands: {
    guess: playerCommand<GuessState, z.ZodType<{ number: number }>, GuessErrorCode, GuessEvent>({
      summary: 'announce your guess of the Number (once an nweek)',
      words: ['number'],
      args: () => z.object({ number: z.number().int() }).strict(),
      run(ctx, by, { number }) {
        // "from 1 to 10": the Largest number in force, which is public; so is every guess.
        const largest = guessParams(ctx.state)['Largest number'];
        if (number < 1 || number > largest)
          return refuse('out-of-range', `a guess is a whole number from 1 to ${largest}, not ${number}`);
        if (ctx.rules.guesses.some((g) => g.player === by.name))
          return refuse('already-guessed', `${by.name} has already guessed in nweek ${ctx.clock.nweek}`);
        const e: GuessAnnounced = { type: 'guess-announced', vis: 'public', player: by.name, guess: number };
        ctx.emit(e);
      },
    }),
  },
  evolve: {
    'guess-announced': (s: GuessState, e: GuessAnnounced): GuessState => ({
      ...s,
      guesses: [...s.guesses, { player: e.player, guess: e.guess }],
    }),
  } satisfies Folds<GuessState, GuessAnnounced>,
  describe: {
    'guess-announced': (e: GuessAnnounced) => `${e.player} guesses ${e.guess}.`,
  } satisfies Texts<GuessAnnounced>,
};
