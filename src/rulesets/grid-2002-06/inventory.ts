// B.3 Inventory: "Some Grid Objects may be designated by the rules as carryable. Only Passable MOs may be
// carryable. If a player occupies the same grid location as a carryable object, e may pick that object up, in
// which case the object is transferred to eir possession. When a player moves, all eir possessions travel
// with em. Any player holding a carryable object may drop it, in which case it leaves eir possession and is
// placed at the location of the dropping player. If a player leaves the grid, e first drops all carryable
// objects in eir possession."
// Possessions travel because they are held by the player, not on a square; leaving is in players.ts.
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { JuneState, ObjectMoved } from './types.js';
import { locationOf, sameUnit, unitText } from './grid.js';
import { describeObject, objectArg, objectNamed, traitsOf } from './objects.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneModule, JuneEvent } from './events.js';

const which = z.object({ object: z.string().min(1).max(100) }).strict();

export const inventoryModule: JuneModule = {
  id: 'inventory',
  section: 'B.3 Inventory',
  text: 'Only Passable MOs may be carryable. If a player occupies the same grid location as a carryable object, e may pick that object up ... When a player moves, all eir possessions travel with em. Any player holding a carryable object may drop it ... If a player leaves the grid, e first drops all carryable objects in eir possession.',
  commands: {
    pickup: playerCommand<JuneState, typeof which, JuneErrorCode, JuneEvent>({
      summary: 'pick up a carryable object on your square (by its id, e.g. big-stick)',
      words: ['object'],
      args: which,
      run(ctx, by, { object }) {
        const at = locationOf(ctx.rules, by.name);
        if (!at) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        // R-J31: a hidden object (a Bonus Box under a Toad) is answered as if nothing had that id.
        const o = objectNamed(ctx, object);
        if (!o || !('on' in o.place) || !sameUnit(o.place.on, at))
          return refuse('not-here', `there is no ${object} on ${unitText(at)}`);
        const t = traitsOf(ctx, o);
        // "Only Passable MOs may be carryable": a rule that says otherwise is overruled here.
        if (!t.carryable || !t.passable || !t.mobile)
          return refuse('not-carryable', `${describeObject(o)} cannot be carried`);
        const forbidden = ctx.forbids('may-pick-up', { player: by.name, object });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        const e: ObjectMoved = {
          type: 'object-moved',
          vis: 'public',
          id: o.id,
          to: { heldBy: by.name },
          why: `${by.name} picks it up`,
        };
        ctx.emit(e);
      },
    }),
    drop: playerCommand<JuneState, typeof which, JuneErrorCode, JuneEvent>({
      summary: 'drop an object you hold on your square',
      words: ['object'],
      args: which,
      run(ctx, by, { object: named }) {
        // A Toad is named as player:NAME, in any case (K13).
        const o = objectArg(ctx, named);
        const object = o?.id ?? named;
        if (!o || !('heldBy' in o.place) || o.place.heldBy !== by.name)
          return refuse('not-held', `${by.name} does not hold ${object}`);
        const at = locationOf(ctx.rules, by.name);
        if (!at) return refuse('not-on-grid', `${by.name} is not on the Grid`);
        const forbidden = ctx.forbids('may-drop', { player: by.name, object });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        const e: ObjectMoved = {
          type: 'object-moved',
          vis: 'public',
          id: o.id,
          to: { on: at },
          why: `${by.name} drops it`,
        };
        ctx.emit(e);
      },
    }),
  },
};
