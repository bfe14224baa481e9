// 3.3 Discarding Cards: "During eir turn, a player may discard any or all of the cards in eir hand."
// The module; the discard action itself is in action-discard.ts.
import type { GameState, RuleModule } from '../../core/index.js';
import type { Discarded, TunnelersState } from './types.js';
import { cardsText, discardFrom } from './cards.js';
import { touched } from './turn-state.js';
import { actionCommand } from './turns.js';
import { discardAction } from './action-discard.js';
import type { TunnelersErrorCode } from './errors.js';

export const discardModule: RuleModule<TunnelersState, TunnelersErrorCode> = {
  id: 'discard',
  section: '3.3 Discarding Cards',
  text: 'During eir turn, a player may discard any or all of the cards in eir hand.',
  commands: { discard: actionCommand(discardAction) },
  evolve: {
    discarded: (s: TunnelersState, e: Discarded, game: GameState): TunnelersState =>
      touched(discardFrom(s, e.player, e.cards), game),
  },
  describe: { discarded: (e: Discarded) => `${e.player} discards ${cardsText(e.cards)}.` },
};
