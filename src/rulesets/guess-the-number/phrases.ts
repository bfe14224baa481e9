// What a player may write on the forum: "I guess 7", "My guess is 7.", "I am guessing that the Number is 7".
import { words } from '../../core/index.js';
import type { PhraseSet } from '../../core/index.js';

// peggy rules, each named guess_… (the family's name); Int, W and _ are the forum's shared rules.
const grammar = String.raw`
guess_guess
  = ${words('guess', 'guessing', 'guesses')} _ ("that"i W _)? (Article _)? ("number"i W _ "is"i W _)? n:Int
    { return { type: 'guess', args: { number: n } }; }
  / "my"i W _ "guess"i W _ "is"i W _ n:Int
    { return { type: 'guess', args: { number: n } }; }
`;

export const guessPhrases: PhraseSet = {
  family: 'guess',
  grammar,
  actions: ['guess_guess'],
  keywords: ['guess', 'guessing', 'number'],
  forms: [{ type: 'guess', template: 'I guess {number}', sample: { number: 7 } }],
  examples: [
    { text: 'I guess 7.', parsed: { type: 'guess', args: { number: 7 } } },
    { text: 'My guess is 3.', parsed: { type: 'guess', args: { number: 3 } } },
    { text: 'I am guessing that the Number is 10.', parsed: { type: 'guess', args: { number: 10 } } },
  ],
};
