// The Grid's movement phrases, shared by the January and June texts: "A Player may enter the Grid by
// announcing on a public Forum that e will enter the Grid at a particular (x,y) coordinate location", "any
// Player on the Grid may announce that e intends to move to a new (x,y) coordinate location", and leaving.
import { words } from '../../core/index.js';
import type { PhraseSet } from '../../core/index.js';

const grammar = String.raw`
grid_enter
  = ${words('enter', 'entering', 'enters', 'join', 'joining')} _ (grid_the_grid _)? (("at"i / "on"i / "in"i) W _)? c:Place
    { return { type: 'enter', args: { x: c[0], y: c[1] } }; }
  / ${words('place', 'put', 'placing', 'putting')} _ ("myself"i / "me"i) W _ (("on"i / "in"i / "onto"i) W _ grid_the_grid _)? "at"i W _ c:Place
    { return { type: 'enter', args: { x: c[0], y: c[1] } }; }

grid_move
  = ${words('move', 'moving', 'moves', 'step', 'stepping', 'steps', 'go', 'going', 'goes', 'walk', 'walking')} _ (("on"i / "over"i) W _)? (("to"i / "into"i / "onto"i) W _)? c:Place
    { return { type: 'move', args: { x: c[0], y: c[1] } }; }
  / ${words('make', 'making', 'announce', 'announcing')} _ (("a"i / "my"i) W _)? "move"i W _ ("to"i W _) c:Place
    { return { type: 'move', args: { x: c[0], y: c[1] } }; }
  / ("my"i W _)? "move"i W _ ("is"i W _)? ("to"i W _)? c:Place
    { return { type: 'move', args: { x: c[0], y: c[1] } }; }

grid_leave
  = ${words('leave', 'leaving', 'leaves', 'exit', 'exiting', 'exits', 'quit', 'quitting')} _ grid_the_grid (_ ("for"i / "to"i / "and go to"i) W _ "limbo"i W)?
    { return { type: 'leave', args: {} }; }
  / ${words('go', 'going', 'return', 'returning', 'retreat', 'retreating')} _ ("back"i W _)? ("to"i / "into"i) W _ "limbo"i W
    { return { type: 'leave', args: {} }; }
  / "step"i "ping"i? W _ ("off"i / "out of"i) W _ grid_the_grid
    { return { type: 'leave', args: {} }; }

grid_the_grid
  = ("the"i W _)? "grid"i W
`;

export const gridPhrases: PhraseSet = {
  family: 'grid',
  grammar,
  actions: ['grid_enter', 'grid_move', 'grid_leave'],
  keywords: [
    'enter',
    'entering',
    'move',
    'moving',
    'step',
    'go',
    'leave',
    'leaving',
    'exit',
    'limbo',
    'walk',
  ],
  forms: [
    { type: 'enter', template: 'I enter the Grid at ({x}, {y})', sample: { x: 3, y: 4 } },
    { type: 'move', template: 'I move to ({x}, {y})', sample: { x: 4, y: 5 } },
    { type: 'leave', template: 'I leave the Grid', sample: {} },
  ],
  examples: [
    { text: 'I enter the Grid at (3,4).', parsed: { type: 'enter', args: { x: 3, y: 4 } } },
    { text: 'I will enter the Grid at location (3, 4)', parsed: { type: 'enter', args: { x: 3, y: 4 } } },
    {
      text: 'I announce that I will enter the Grid at 3,4.',
      parsed: { type: 'enter', args: { x: 3, y: 4 } },
    },
    { text: 'Enter at (3,4) please', parsed: { type: 'enter', args: { x: 3, y: 4 } } },
    { text: 'I move to (4,5)', parsed: { type: 'move', args: { x: 4, y: 5 } } },
    { text: 'I intend to move to (4, 5) this nweek.', parsed: { type: 'move', args: { x: 4, y: 5 } } },
    { text: "I'll move to square (4,5)!", parsed: { type: 'move', args: { x: 4, y: 5 } } },
    { text: 'I am moving to 4 5.', parsed: { type: 'move', args: { x: 4, y: 5 } } },
    { text: 'My move is to (4,5).', parsed: { type: 'move', args: { x: 4, y: 5 } } },
    { text: 'I leave the Grid.', parsed: { type: 'leave', args: {} } },
    { text: 'I will leave the Grid for Limbo', parsed: { type: 'leave', args: {} } },
    { text: 'I go back to Limbo.', parsed: { type: 'leave', args: {} } },
  ],
};
