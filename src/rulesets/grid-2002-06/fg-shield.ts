// F.3 The Shield: "There exists a Passable, Carryable MO called the Shield. If at any time there is no Shield,
// the Shield is placed on a random legal square. If a player possesses the Shield, and e is Whacked by the Big
// Stick or Shot with a Pinball Gun, the Whacking/Shooting player is moved two spaces away from the player with
// the Shield, who is not moved, and the Shield is then [cut off]"
// FG-3: the cut-off end is read as "destroyed": the Shield leaves the game, and the section's first sentence at
// once places a Shield on a random legal square - the same net effect as the Big Stick's vanishing (F.2).
// The Big Stick (F.2) and the Pinball Guns (G.3) ask 'shield' {player}: the id of the Shield e possesses, if any.
import type { Folds, Json, Texts } from '../../core/index.js';
import type { JuneState, ObjectRemoved } from './types.js';
import { holdings, locationOf, playerId } from './grid.js';
import { commonDescribe, commonEvolve, direction, placeIfNone, push } from './fg-common.js';
import type { CommonEvent, ShieldReflects } from './fg-state.js';
import type { JuneCtx, JuneModule } from './events.js';

/** The id of the Shield a player possesses, if the rules in force say e has one (asked of F.3). */
export function shieldOf(ctx: JuneCtx, player: string): string | null {
  const answer = ctx.ask('shield', { player });
  return typeof answer === 'string' ? answer : null;
}

/**
 * F.3: a Whack or a shot at the holder of the Shield: "the Whacking/Shooting player is moved two spaces away
 * from the player with the Shield, who is not moved, and the Shield is then [destroyed]" (FG-3).
 */
export function reflect(
  ctx: JuneCtx,
  holder: string,
  attacker: string,
  how: 'whack' | 'shot',
  shield: string,
): void {
  const e: ShieldReflects = { type: 'shield-reflects', vis: 'public', holder, attacker, how, shield };
  ctx.emit(e);
  const from = locationOf(ctx.rules, holder);
  const at = locationOf(ctx.rules, attacker);
  if (from && at)
    push(ctx, playerId(attacker), direction(from, at), 2, `moved two spaces away from ${holder}'s Shield`);
  const gone: ObjectRemoved = {
    type: 'object-removed',
    vis: 'public',
    id: shield,
    why: `the Shield is spent turning back ${attacker}'s ${how === 'whack' ? 'Whack' : 'shot'}`,
  };
  ctx.emit(gone);
}

export const shieldModule: JuneModule = {
  id: 'shield',
  section: 'F.3 The Shield',
  text: 'There exists a Passable, Carryable MO called the Shield. If at any time there is no Shield, the Shield is placed on a random legal square. If a player possesses the Shield, and e is Whacked by the Big Stick or Shot with a Pinball Gun, the Whacking/Shooting player is moved two spaces away from the player with the Shield, who is not moved, and the Shield is then [destroyed (FG-3)]',
  triggers: [
    {
      // "If at any time": after every change, the game's creation and an amendment into June included.
      run: (ctx) => placeIfNone(ctx, 'shield', 'Shield'),
    },
  ],
  answers: {
    shield(ctx, q: Json): Json | undefined {
      const { player } = q as { player: string };
      return holdings(ctx.rules, player).find((o) => o.kind === 'shield')?.id;
    },
  },
  evolve: { ...commonEvolve } satisfies Folds<JuneState, CommonEvent>,
  describe: {
    ...commonDescribe,
    'shield-reflects': (e: ShieldReflects) =>
      `${e.holder}'s Shield turns back ${e.attacker}'s ${e.how === 'whack' ? 'Whack' : 'shot'}: ${e.attacker} is moved two spaces away, ${e.holder} is not moved, and the Shield is spent.`,
  } satisfies Texts<ShieldReflects | CommonEvent>,
};
