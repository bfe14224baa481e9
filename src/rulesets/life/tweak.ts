// Tweak, Effect: "If that Cell's Color is null, then its Color is changed to that Player's Team; otherwise,
// its Color is changed to null". (The Trigger's limits are data in definition.ts.)
import type { Effect } from '../field-match/index.js';

export const tweak: Effect = (fx) => {
  const { target, invoker } = fx;
  if (target.kind !== 'object' || invoker === null) throw new Error('Tweak is a player’s action on a Cell');
  const color = fx.object('Cell', target.at, 'Color');
  fx.setObject('Cell', target.at, 'Color', color === null ? fx.player(invoker, 'Team') : null);
};
