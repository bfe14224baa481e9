// The host of Quests (rulings-quests.md H1-H10): moving along a passage, picking up and dropping tokens, and
// ending a turn. Rooms and tokens are free text, passed as the command line would pass them (the rules match
// names in any case).
import { words } from '../../core/index.js';
import type { PhraseSet } from '../../core/index.js';

const grammar = String.raw`
rooms_end_turn
  = ${words('end', 'ending', 'finish', 'finishing', 'close', 'closing')} _ (("my"i / "the"i / "this"i) W _)? "turn"i W
    { return { type: 'end-turn', args: {} }; }
  / ("that"i W _ ("ends"i / "is the end of"i) W _ / "end of"i W _) (("my"i / "the"i) W _)? "turn"i W
    { return { type: 'end-turn', args: {} }; }
  / ${words('pass', 'passing')} (_ (("my"i / "the"i) W _)? "turn"i W)?
    { return { type: 'end-turn', args: {} }; }

rooms_move
  = ${words('move', 'moving', 'moves', 'go', 'going', 'goes', 'walk', 'walking', 'travel', 'travelling', 'traveling', 'head', 'heading', 'proceed', 'proceeding')} _ (("along"i / "through"i / "by"i) W _ ("a"i / "the"i) W _ "passage"i W _)? ("to"i / "into"i / "towards"i) W _ t:Text
    { return { type: 'move', args: { to: cli(t) } }; }
  / ${words('take', 'taking', 'follow', 'following')} _ ("a"i / "the"i) W _ "passage"i W _ ("to"i / "into"i / "towards"i) W _ t:Text
    { return { type: 'move', args: { to: cli(t) } }; }

rooms_pick_up
  = ${words('pick', 'picking', 'picks')} _ "up"i W _ t:rooms_token { return { type: 'pick-up', args: { token: t } }; }
  / ${words('take', 'taking', 'grab', 'grabbing')} _ t:rooms_token { return { type: 'pick-up', args: { token: t } }; }

rooms_drop
  = ${words('drop', 'dropping', 'drops', 'put down', 'putting down', 'leave', 'leaving')} _ t:rooms_token { return { type: 'drop', args: { token: t } }; }

rooms_token
  = ("token"i W _)? ("number"i W _ / "#" _) n:$[0-9]+ W { return '#' + n; }
  / "token"i W _ n:$[0-9]+ W { return '#' + n; }
  / (Article _)? t:Text { return cli(t.replace(/\s+token$/i, '')); }
`;

export const roomsPhrases: PhraseSet = {
  family: 'rooms',
  grammar,
  // Moving first: "I take the passage to Euston" is a move, not the pick-up of a token called "passage".
  actions: ['rooms_end_turn', 'rooms_move', 'rooms_pick_up', 'rooms_drop'],
  keywords: [
    'move',
    'go',
    'walk',
    'travel',
    'passage',
    'pick',
    'take',
    'drop',
    'token',
    'turn',
    'end',
    'pass',
  ],
  forms: [
    { type: 'move', template: 'I move to {to}', sample: { to: 'Euston' } },
    { type: 'pick-up', template: 'I pick up the {token}', sample: { token: 'umbrella' } },
    { type: 'drop', template: 'I drop the {token}', sample: { token: 'umbrella' } },
    { type: 'end-turn', template: 'I end my turn', sample: {} },
  ],
  examples: [
    { text: 'I move to Euston.', parsed: { type: 'move', args: { to: 'Euston' } } },
    {
      text: "I go along the passage to King's Cross St. Pancras.",
      parsed: { type: 'move', args: { to: "King's Cross St. Pancras" } },
    },
    { text: "I'm going to Camden Town", parsed: { type: 'move', args: { to: 'Camden Town' } } },
    { text: 'I take the passage to Warren Street.', parsed: { type: 'move', args: { to: 'Warren Street' } } },
    { text: 'I pick up the umbrella.', parsed: { type: 'pick-up', args: { token: 'umbrella' } } },
    { text: 'I pick up token #3', parsed: { type: 'pick-up', args: { token: '#3' } } },
    { text: 'I take the Red primary token.', parsed: { type: 'pick-up', args: { token: 'Red primary' } } },
    { text: 'I drop the umbrella.', parsed: { type: 'drop', args: { token: 'umbrella' } } },
    { text: 'I end my turn.', parsed: { type: 'end-turn', args: {} } },
    { text: 'That ends my turn.', parsed: { type: 'end-turn', args: {} } },
  ],
};
