// Ruleset guess-the-number: the example of docs/adding-a-ruleset.md, a text of its own and of no nomic's. It is
// not registered (src/rulesets/index.ts): the suite plays it in a Registry of its own
// (test/architecture/adding-a-ruleset.test.ts), and players never see it. Its manifest: everything a game of
// it needs, declared here — its sections (commands, hooks, folds), the numbers its text states, its forum
// phrases, what each viewer sees and how it is drawn as text.
import { erase, reject } from '../../core/index.js';
import type { Ruleset } from '../../core/index.js';
import type { GuessState } from './events.js';
import type { GuessErrorCode } from './errors.js';
import { GUESS_ERROR_CODES } from './errors.js';
import { numberModule } from './number.js';
import { guessingModule } from './guessing.js';
import { revealModule } from './reveal.js';
import { GUESS_PARAMETERS } from './parameters.js';
import { guessPhrases } from './phrases.js';
import { guessView, renderGuess } from './view.js';

export const guessTheNumber: Ruleset<GuessState, GuessErrorCode> = {
  id: 'guess-the-number',
  title: 'Guess the Number (the example of docs/adding-a-ruleset.md)',
  source: 'docs/adding-a-ruleset.md',
  errorCodes: GUESS_ERROR_CODES,
  // One module per section of the text, lowest precedence first.
  modules: [numberModule, guessingModule, revealModule],
  initial(config) {
    if (config !== null) reject('bad-config', 'Guess the Number takes no configuration');
    return { number: null, rolledAgain: false, guesses: [], revealed: [] };
  },
  view: guessView,
  render: renderGuess,
  parameters: GUESS_PARAMETERS,
  phrases: [guessPhrases],
};

export const guessTheNumberRuleset = erase(guessTheNumber);
