// 3.3 Discarding Cards: "During eir turn, a player may discard any or all of the cards in eir hand."
// The module; the discard action itself is in action-discard.ts.
import type { Folds, Texts } from '../../core/index.js';
import type { TunnelersState } from './types.js';
import type { DiscardEvent } from './events.js';
import { cardsText, discardFrom } from './cards.js';
import { touched } from './turn-state.js';
import { actionCommand } from './turns.js';
import { discardAction } from './action-discard.js';
import type { TunnelersModule } from './ctx.js';

export const discardModule: TunnelersModule = {
  id: 'discard',
  section: '3.3 Discarding Cards',
  text: 'During eir turn, a player may discard any or all of the cards in eir hand.',
  commands: { discard: actionCommand(discardAction) },
  evolve: {
    discarded: (s, e, game) => touched(discardFrom(s, e.player, e.cards), game),
  } satisfies Folds<TunnelersState, DiscardEvent>,
  describe: { discarded: (e) => `${e.player} discards ${cardsText(e.cards)}.` } satisfies Texts<DiscardEvent>,
};
