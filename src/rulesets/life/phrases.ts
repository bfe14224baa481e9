// Life (seeds/004): "A Player posts a message to a Public Forum stating that he is tweaking the specified
// Cell". Initialize and Evolve are the Referee's, not the players'.
import { words } from '../../core/index.js';
import type { PhraseSet } from '../../core/index.js';

const grammar = String.raw`
life_tweak
  = ${words('tweak', 'tweaking', 'tweaks')} _ (Article _)? ("cell"i W _ (("at"i / "on"i / "in"i) W _)?)? c:Place
    { return { type: 'tweak', args: { x: c[0], y: c[1] } }; }
`;

export const lifePhrases: PhraseSet = {
  family: 'life',
  grammar,
  actions: ['life_tweak'],
  keywords: ['tweak', 'tweaking', 'cell'],
  forms: [{ type: 'tweak', template: 'I tweak the Cell at ({x}, {y})', sample: { x: 2, y: 3 } }],
  examples: [
    { text: 'I tweak the cell at (2,3).', parsed: { type: 'tweak', args: { x: 2, y: 3 } } },
    { text: 'I am tweaking the Cell at 2,3.', parsed: { type: 'tweak', args: { x: 2, y: 3 } } },
    { text: 'I hereby tweak cell (2, 3)', parsed: { type: 'tweak', args: { x: 2, y: 3 } } },
    { text: 'Tweak (2,3), please.', parsed: { type: 'tweak', args: { x: 2, y: 3 } } },
  ],
};
