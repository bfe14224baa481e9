// Evolve, Effect (step 1 is the transform in generation.ts):
// "2) If exactly one non-null Color of Cell exists, then the match ends, with all Players whose Team is that
//     color winning
//  3) Otherwise, if the Field's Advantage is Red, it changes to Green; if it is Green, it changes to Blue; if
//     it is Blue, it changes to Red
//  4) Each Player whose Team is null has his Team changed to a random non-null value"
import type { Effect } from '../field-match/index.js';
import { generation } from './generation.js';
import { LIFE_PARAMETERS, nextAdvantage } from './parameters.js';

/** Step 3's rotation as the text gives it (the Advantage order in force: nextAdvantage). */
export const NEXT_ADVANTAGE: Readonly<Record<string, string>> = Object.fromEntries(
  (LIFE_PARAMETERS.text['Advantage order'] as readonly string[]).map((t) => [
    t,
    nextAdvantage(LIFE_PARAMETERS.text, t) as string,
  ]),
);

export const evolve: Effect = (fx) => {
  const { counts } = fx.transform(generation, { step: '1' }).summary;
  // 2) L11: no coloured Cell left is not "exactly one": the match goes on. L12: nobody on that Team, nobody wins.
  const left = Object.keys(counts).filter((c) => (counts[c] ?? 0) > 0);
  const only = left.length === 1 ? left[0] : undefined;
  if (only !== undefined) {
    const winners = fx.players.filter((p) => fx.player(p, 'Team') === only);
    // L13: the match has ended, so neither step 3 ("Otherwise") nor step 4 is carried out.
    fx.end(winners, `exactly one non-null Color of Cell exists (${only}) after Evolve, step 2`);
    return;
  }
  // 3)
  const advantage = fx.field('Advantage');
  const next = typeof advantage === 'string' ? nextAdvantage(fx.params, advantage) : undefined;
  if (next !== undefined) fx.setField('Advantage', next, { step: '3' });
  // 4) L15: in joining order, one public choice among Red, Green, Blue each.
  for (const player of fx.players) {
    if (fx.player(player, 'Team') !== null) continue;
    const { value, roll } = fx.pick('Team', `Team of ${player}`, { nonNull: true });
    fx.setPlayer(player, 'Team', value, { step: '4', rolls: [roll] });
  }
};
