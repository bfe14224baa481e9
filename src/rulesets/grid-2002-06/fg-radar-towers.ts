// G.2 Radar Towers: "There exist objects called Radar Towers. Any player who occuppies a square that does not
// already contain a Radar Tower may pay 8 points to Build a Radar Tower on that square. Radar Towers are
// immovable, passable objects. Any player who occupies a square containing a Radar Tower is treated as if eir
// Radar is 3 greater than it actually is. The previous sentence does not apply to this section."
// ("immovable, passable" is objects.ts's KIND_TRAITS.) FG-11: a player who cannot pay 8 points cannot Build.
// FG-12: the bonus is an answer to 'radar-bonus', which G.1 asks; the Radar attribute itself never changes.
import { BANK, playerCommand, refuse } from '../../core/index.js';
import { newObjectId } from './objects.js';
import type { Json, Texts } from '../../core/index.js';
import { z } from 'zod';
import type { JuneState, ObjectPlaced } from './types.js';
import { locationOf, objectsAt, unitText } from './grid.js';
import type { TowerBuilt } from './fg-state.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneModule, JuneEvent } from './events.js';

/** "may pay 8 points to Build a Radar Tower" */
export const TOWER_PRICE = 8;
/** "treated as if eir Radar is 3 greater than it actually is" */
export const TOWER_BONUS = 3;

export const radarTowersModule: JuneModule = {
  id: 'radar-towers',
  section: 'G.2 Radar Towers',
  text: 'Any player who occuppies a square that does not already contain a Radar Tower may pay 8 points to Build a Radar Tower on that square. Radar Towers are immovable, passable objects. Any player who occupies a square containing a Radar Tower is treated as if eir Radar is 3 greater than it actually is. The previous sentence does not apply to this section.',
  commands: {
    'build-tower': playerCommand<JuneState, z.ZodType<Record<string, never>>, JuneErrorCode, JuneEvent>({
      summary:
        'pay 8 points to Build a Radar Tower on your square (your Radar counts 3 more while you stand on one)',
      args: z.object({}).strict(),
      run(ctx, by) {
        const at = locationOf(ctx.rules, by.name);
        if (!at) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        if (objectsAt(ctx.rules, at).some((o) => o.kind === 'radar-tower'))
          return refuse('tower-here', `${unitText(at)} already contains a Radar Tower`);
        const forbidden = ctx.forbids('may-build-tower', { player: by.name, at: [at[0], at[1]] });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        const have = ctx.balance(by.name);
        if (have < TOWER_PRICE)
          return refuse('cannot-pay', `${by.name} has ${have} points; a Radar Tower costs ${TOWER_PRICE}`);
        ctx.transfer(by.name, BANK, TOWER_PRICE, `${by.name} Builds a Radar Tower at ${unitText(at)}`);
        const built: TowerBuilt = { type: 'radar-tower-built', vis: 'public', player: by.name, at };
        ctx.emit(built);
        const placed: ObjectPlaced = {
          type: 'object-placed',
          vis: 'public',
          object: { id: newObjectId(ctx, 'radar-tower'), kind: 'radar-tower', place: { on: at } },
        };
        ctx.emit(placed);
      },
    }),
  },
  answers: {
    'radar-bonus'(ctx, q: Json): Json | undefined {
      const at = locationOf(ctx.rules, (q as { player: string }).player);
      const onTower = at !== undefined && objectsAt(ctx.rules, at).some((o) => o.kind === 'radar-tower');
      return onTower ? TOWER_BONUS : 0;
    },
  },
  describe: {
    'radar-tower-built': (e: TowerBuilt) =>
      `${e.player} pays ${TOWER_PRICE} points and Builds a Radar Tower at ${unitText(e.at)}.`,
  } satisfies Texts<TowerBuilt>,
};
