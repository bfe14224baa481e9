// G.3 Pinball Guns: "Any player who does not have a Pinball Gun may buy one for 2 points. If a player is on the
// Grid, and e has a Pinball Gun, e may Fire the Gun at any square consecutive to eir position. If there is a MO
// in that square, that MO moves twice in the direction opposite the one from which it was Fired at, unless
// another rule prevents this. When a player fires a Pinball Gun, e loses it."
// Rulings FG-14 to FG-17: a Gun is not a Grid Object; buying needs the 2 points; every MO in the square is
// shot, players first; a Move that cannot be made stops it; the Shield (F.3) turns the whole shot back.
import { z } from 'zod';
import { BANK, playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { JuneState, Unit } from './types.js';
import { consecutive, locationOf, objectById, objectsAt, onGrid, sameUnit, unitText } from './grid.js';
import { traitsOf } from './objects.js';
import { HIDDEN_KINDS } from './types.js';
import { commonDescribe, commonEvolve, direction, push } from './fg-common.js';
import { reflect, shieldOf } from './fg-shield.js';
import { withFG } from './fg-state.js';
import type { GunBought, GunFired, PushStopped } from './fg-state.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneModule, JuneEvent } from './events.js';

/** "may buy one for 2 points" */
export const GUN_PRICE = 2;
/** "that MO moves twice" */
export const SHOT_SQUARES = 2;

export const hasGun = (s: JuneState, player: string): boolean => s.fg.guns.includes(player);

const xy = z.object({ x: z.number().int(), y: z.number().int() }).strict();

export const pinballModule: JuneModule = {
  id: 'pinball-guns',
  section: 'G.3 Pinball Guns',
  text: 'Any player who does not have a Pinball Gun may buy one for 2 points. If a player is on the Grid, and e has a Pinball Gun, e may Fire the Gun at any square consecutive to eir position. If there is a MO in that square, that MO moves twice in the direction opposite the one from which it was Fired at, unless another rule prevents this. When a player fires a Pinball Gun, e loses it.',
  commands: {
    'buy-gun': playerCommand<JuneState, z.ZodType<Record<string, never>>, JuneErrorCode, JuneEvent>({
      summary: 'buy a Pinball Gun for 2 points (if you do not have one)',
      args: z.object({}).strict(),
      run(ctx, by) {
        if (hasGun(ctx.rules, by.name))
          return refuse('already-armed', `${by.name} already has a Pinball Gun`);
        const have = ctx.balance(by.name);
        if (have < GUN_PRICE)
          return refuse('cannot-pay', `${by.name} has ${have} points; a Pinball Gun costs ${GUN_PRICE}`);
        ctx.transfer(by.name, BANK, GUN_PRICE, `${by.name} buys a Pinball Gun`);
        const e: GunBought = { type: 'pinball-gun-bought', vis: 'public', player: by.name };
        ctx.emit(e);
      },
    }),
    fire: playerCommand<JuneState, typeof xy, JuneErrorCode, JuneEvent>({
      summary:
        'Fire your Pinball Gun at a square next to yours (x y): whatever can move there moves two squares straight on, away from you; the Gun is used up',
      words: ['x', 'y'],
      args: xy,
      run(ctx, by, { x, y }) {
        const from = locationOf(ctx.rules, by.name);
        if (!from) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        if (!hasGun(ctx.rules, by.name)) return refuse('no-gun', `${by.name} does not have a Pinball Gun`);
        const target: Unit = [x, y];
        if (!onGrid(target)) return refuse('off-grid', `${unitText(target)} is not a square of the Grid`);
        if (!consecutive(from, target))
          return refuse('not-consecutive', `${unitText(target)} is not consecutive to ${unitText(from)}`);
        const forbidden = ctx.forbids('may-fire', { player: by.name, at: [x, y] });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        // "When a player fires a Pinball Gun, e loses it."
        const fired: GunFired = { type: 'pinball-gun-fired', vis: 'public', player: by.name, at: target };
        ctx.emit(fired);
        // FG-15: every MO in the square is shot - players first, then the other objects, in the order they came.
        const movers = objectsAt(ctx.rules, target).filter((o) => traitsOf(ctx, o).mobile);
        const ordered = [
          ...movers.filter((o) => o.kind === 'player'),
          ...movers.filter((o) => o.kind !== 'player'),
        ];
        // F.3: a player with the Shield in the square turns the shot back (FG-17: nothing in the square moves).
        for (const o of ordered) {
          if (o.kind !== 'player') continue;
          const name = o.id.slice('player:'.length);
          const shield = shieldOf(ctx, name);
          if (shield !== null) return reflect(ctx, name, by.name, 'shot', shield);
        }
        const away = direction(from, target);
        for (const o of ordered) {
          const now = objectById(ctx.rules, o.id);
          if (!now || !('on' in now.place) || !sameUnit(now.place.on, target)) continue;
          // "unless another rule prevents this"
          const prevented = ctx.forbids('may-be-shot', { object: o.id, by: by.name });
          if (prevented !== null) {
            const e: PushStopped = {
              type: 'push-stopped',
              vis: HIDDEN_KINDS.has(o.kind) ? 'admin' : 'public',
              id: o.id,
              at: target,
              reason: prevented,
            };
            ctx.emit(e);
            continue;
          }
          push(ctx, o.id, away, SHOT_SQUARES, `shot by ${by.name}'s Pinball Gun`);
        }
      },
    }),
  },
  evolve: {
    ...commonEvolve,
    'pinball-gun-bought': (s: JuneState, e: GunBought) => withFG(s, { guns: [...s.fg.guns, e.player] }),
    'pinball-gun-fired': (s: JuneState, e: GunFired) =>
      withFG(s, { guns: s.fg.guns.filter((p) => p !== e.player) }),
  } satisfies Folds<JuneState, GunBought | GunFired>,
  describe: {
    ...commonDescribe,
    'pinball-gun-bought': (e: GunBought) => `${e.player} buys a Pinball Gun for ${GUN_PRICE} points.`,
    'pinball-gun-fired': (e: GunFired) =>
      `${e.player} Fires eir Pinball Gun at ${unitText(e.at)}, and loses it.`,
  } satisfies Texts<GunBought | GunFired>,
};
