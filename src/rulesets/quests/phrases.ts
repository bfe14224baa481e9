// Quests (Nomic02 rules 139-142, seeds/003): "the active player may create one as an action. To create a
// Quest, the player, in strict order: may give it a name of his or her choice; gives it a colour …; chooses
// by Random Selection a 'home' room …, a 'locate' room …, and a 'goal' room …; and rolls a 20-sided die."
import { words } from '../../core/index.js';
import type { PhraseSet } from '../../core/index.js';

/** "I choose the home room", "I roll for the Quest's goal room", "Random Selection of the locate room". */
const roomRule = (room: 'home' | 'locate' | 'goal'): string => String.raw`
quests_${room}
  = (${words('choose', 'choosing', 'select', 'selecting', 'pick', 'picking', 'determine', 'determining', 'roll for', 'rolling for', 'randomly select', 'randomly choose')} _)? (("the"i / "its"i / "my"i / "our"i) W _ ("quest"i Apos "s"i W _)? / ("the"i / "my"i) W _ "new"i W _ "quest"i Apos "s"i W _)? "${room}"i W (_ "room"i W)? (_ "by random selection"i W)?
    { return { type: 'quest-${room}', args: {} }; }
  / ("random selection"i W _ "of"i W _) ("the"i W _)? "${room}"i W (_ "room"i W)?
    { return { type: 'quest-${room}', args: {} }; }
`;

const grammar = String.raw`
quests_create
  = ${words('commence', 'commencing', 'begin', 'beginning', 'start', 'starting')} _ "creating"i W _ q:quests_new
    { return { type: 'create-quest', args: q }; }
  / ${words('create', 'creating', 'make', 'making', 'start', 'starting', 'begin', 'beginning')} _ q:quests_new
    { return { type: 'create-quest', args: q }; }

quests_new
  = (("a new"i / "a"i / "one"i / "new"i) W _)? "quest"i W _ ("named"i / "called"i / "entitled"i / "with the name"i) W _ t:Text
    { return { name: cli(t) }; }
  / (("a new"i / "a"i / "one"i / "new"i) W _)? "quest"i W
    { return {}; }

quests_the_quest
  = ("the"i / "my"i / "this"i / "our"i / "its"i) W _ ("new"i W _)? "quest"i W

quests_name
  = ${words('name', 'naming', 'call', 'calling', 'entitle', 'entitling', 'title', 'titling')} _ quests_the_quest _ (("as"i / "to be"i) W _)? t:Text
    { return { type: 'quest-name', args: { name: cli(t) } }; }
  / ${words('give', 'giving')} _ quests_the_quest _ ("the"i / "a"i) W _ "name"i W _ t:Text
    { return { type: 'quest-name', args: { name: cli(t) } }; }
  / (quests_the_quest Apos "s"i W _ / "its"i W _) "name"i W _ ("is"i / "shall be"i / "will be"i) W _ t:Text
    { return { type: 'quest-name', args: { name: cli(t) } }; }

quests_colour_word
  = ("colour"i / "color"i) W

quests_colour
  = ${words('give', 'giving')} _ quests_the_quest _ (("the"i / "a"i) W _)? quests_colour_word _ t:Text
    { return { type: 'quest-colour', args: { colour: cli(t) } }; }
  / ${words('colour', 'colouring', 'color', 'coloring', 'paint', 'painting')} _ quests_the_quest _ t:Text
    { return { type: 'quest-colour', args: { colour: cli(t) } }; }
  / (quests_the_quest Apos "s"i W _ / "its"i W _) quests_colour_word _ ("is"i / "shall be"i / "will be"i) W _ t:Text
    { return { type: 'quest-colour', args: { colour: cli(t) } }; }
  / ${words('choose', 'choosing', 'pick', 'picking', 'select', 'selecting')} _ (("the"i / "its"i / "a"i) W _)? quests_colour_word _ t:Text
    { return { type: 'quest-colour', args: { colour: cli(t) } }; }

quests_roll
  = ${words('roll', 'rolling', 'rolls', 'throw', 'throwing')} _ (("the"i / "a"i / "one"i) W _)? ("d20"i / "20-sided die"i / "twenty-sided die"i / "die"i / "dice"i) W (_ "for"i W _ (quests_the_quest Apos "s"i W _ / "its"i W _ / "the"i W _)? "value"i W)?
    { return { type: 'quest-roll', args: {} }; }
  / ${words('roll', 'rolling')} _ "for"i W _ (quests_the_quest Apos "s"i W _ / "its"i W _ / "the"i W _)? "value"i W
    { return { type: 'quest-roll', args: {} }; }
${roomRule('home')}
${roomRule('locate')}
${roomRule('goal')}
`;

export const questsPhrases: PhraseSet = {
  family: 'quests',
  grammar,
  // The rooms before the roll and the colour: "I roll for the home room" is the home room, not the d20.
  actions: [
    'quests_create',
    'quests_home',
    'quests_locate',
    'quests_goal',
    'quests_roll',
    'quests_colour',
    'quests_name',
  ],
  keywords: ['quest', 'create', 'name', 'colour', 'color', 'home', 'locate', 'goal', 'roll', 'd20', 'die'],
  forms: [
    { type: 'create-quest', template: 'I create a Quest', sample: {} },
    {
      type: 'create-quest',
      template: 'I create a Quest named {name}',
      sample: { name: 'The Lost Umbrella' },
    },
    { type: 'quest-name', template: 'I name the Quest {name}', sample: { name: 'The Lost Umbrella' } },
    { type: 'quest-colour', template: 'I give the Quest the colour {colour}', sample: { colour: 'Red' } },
    { type: 'quest-home', template: 'I choose the home room', sample: {} },
    { type: 'quest-locate', template: 'I choose the locate room', sample: {} },
    { type: 'quest-goal', template: 'I choose the goal room', sample: {} },
    { type: 'quest-roll', template: 'I roll the d20', sample: {} },
  ],
  examples: [
    { text: 'I create a Quest.', parsed: { type: 'create-quest', args: {} } },
    {
      text: 'I commence creating a Quest named "The Lost Umbrella".',
      parsed: { type: 'create-quest', args: { name: 'The Lost Umbrella' } },
    },
    {
      text: 'I name the Quest Umbrella Hunt.',
      parsed: { type: 'quest-name', args: { name: 'Umbrella Hunt' } },
    },
    { text: "The Quest's name is Excalibur.", parsed: { type: 'quest-name', args: { name: 'Excalibur' } } },
    { text: 'I give the Quest the colour Red.', parsed: { type: 'quest-colour', args: { colour: 'Red' } } },
    { text: 'Its color is Blue.', parsed: { type: 'quest-colour', args: { colour: 'Blue' } } },
    { text: 'I choose the home room by Random Selection.', parsed: { type: 'quest-home', args: {} } },
    { text: "I roll for the Quest's locate room.", parsed: { type: 'quest-locate', args: {} } },
    { text: 'I choose the goal room.', parsed: { type: 'quest-goal', args: {} } },
    { text: 'I roll the d20.', parsed: { type: 'quest-roll', args: {} } },
    { text: "I roll for the Quest's value.", parsed: { type: 'quest-roll', args: {} } },
  ],
};
