// Phrases every game understands, whatever its ruleset (the kernel's commands that a player gives): asking to
// join the game (again), where joins need the Administrator's approval and e was refused (ruling K14), as
// Tunnelers' "I ask again to join the Underground Society" asks the society. A player posts with the token
// eir first request gave em; the kernel decides, as for every command.
import type { PhraseSet } from './types.js';

const grammar = String.raw`
game_join
  = ("ask"i / "request"i / "apply"i) W _ ("again"i W _)? "to"i W _ ("join"i W / "be admitted to"i W) _ ("the"i / "this"i) W _ "game"i W (_ "again"i W)?
    { return { type: 'join', args: {} }; }
`;

export const gamePhrases: PhraseSet = {
  family: 'game',
  grammar,
  actions: ['game_join'],
  // None: "join" is the Grid's word for entering it, and a greeting ("glad to join you") is no action.
  keywords: [],
  forms: [{ type: 'join', template: 'I ask again to join the game', sample: {} }],
  examples: [
    { text: 'I ask again to join the game.', parsed: { type: 'join', args: {} } },
    { text: 'I request to join this game, please.', parsed: { type: 'join', args: {} } },
    { text: 'I ask to be admitted to the game.', parsed: { type: 'join', args: {} } },
  ],
};
