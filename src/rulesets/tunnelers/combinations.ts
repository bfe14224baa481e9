// 3.2 Playing Cards: "During eir turn e can play certain combinations of cards, discarding them in the process,
// to generate certain effects:" the table, every row with each of its options. Teleports are in teleport.ts.
// The module; the play action and the table are in action-play.ts.
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { CombinationsEvent } from './events.js';
import { discardFrom } from './cards.js';
import { touched } from './turn-state.js';
import { actionCommand } from './turns.js';
import { playAction } from './action-play.js';
import type { TunnelersModule } from './ctx.js';

export const combinationsModule: TunnelersModule = {
  id: 'combinations',
  section: '3.2. Playing Cards',
  text: 'During eir turn e can play certain combinations of cards, discarding them in the process, to generate certain effects: OO ... OOOO ... TT ... TTTT ... QQ ... QQQQ ... SS ... SSSS ... XO - teleport to a location 2 squares away, XOT ... 3 ..., XOTQ ... 4 ..., XOTQS ... 5 squares away.',
  commands: { play: actionCommand(playAction) },
  evolve: {
    'cards-played': (s, e, game) => touched(discardFrom(s, e.player, e.cards), game),
  } satisfies Folds<TunnelersState, CombinationsEvent>,
  describe: {
    'cards-played': (e) => `${e.player} plays ${e.cards.join('')}: ${e.effect}.`,
  } satisfies Texts<CombinationsEvent>,
};
