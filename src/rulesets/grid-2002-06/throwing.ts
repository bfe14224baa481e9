// B.4 Throwing: "Some Grid Objects may be designated by the rules as throwable. Only carryable objects may be
// throwable. If a player has a throwable object in eir possession, e may throw it at any Grid location. That
// object is said to be Airborne, and is not considered to be in any Grid location or in Limbo, for two ndays.
// At the end of the two ndays, the following occurs:
// If the square thrown at (the Target) contains an Impassable object, the thrown object is placed in a random
// legal location consecutive to the Target. If no such locations exist, the object moves to the nearest legal
// location to the Target.
// If the square thrown at contains a player, and that player has, as an Action in a public forum, declared
// that e will catch the object in question, then that player catches the object and it enters eir possession.
// If the square thrown at contains a player, but that player has not declared that e will catch the object,
// then e is hit by the object, losing 1d4 points to the player who threw the object, if one exists, or to the
// Gremlin Fund, if not.
// If the square does not contain a player or an impassable object, the object moves to the square."
import { z } from 'zod';
import { playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type {
  CatchDeclared,
  Flight,
  GridObject,
  Hit,
  JuneState,
  LandingChosen,
  ObjectMoved,
  ThrowingEvent,
  Unit,
} from './types.js';
import { GRID_SIZE, objectById, objectsAt, onGrid, rolled, unitText } from './grid.js';
import { cannotEnter, describeObject, objectArg, objectNamed, traitsOf } from './objects.js';
import { enterSquare } from './entering.js';
import type { JuneErrorCode } from './errors.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

export const GREMLIN_FUND = 'Gremlin Fund';
/** R-J3: "for two ndays" - the object lands at the second end of an nday after it was thrown. */
export const AIRBORNE_NDAYS = 2;

/** Makes an object Airborne towards a target (used by throwing, and by sections that throw things). */
export function launch(ctx: JuneCtx, id: string, target: Unit, by: string | null, why: string): void {
  const flight: Flight = { target, by, ndaysLeft: AIRBORNE_NDAYS };
  const e: ObjectMoved = { type: 'object-moved', vis: 'public', id, to: { airborne: flight }, why };
  ctx.emit(e);
}

/** Squares in rings around a target, nearest first (ring d = the squares d steps away). */
function ring(target: Unit, d: number): Unit[] {
  const out: Unit[] = [];
  for (let x = target[0] - d; x <= target[0] + d; x++) {
    for (let y = target[1] - d; y <= target[1] + d; y++) {
      if (Math.max(Math.abs(x - target[0]), Math.abs(y - target[1])) === d && onGrid([x, y]))
        out.push([x, y]);
    }
  }
  return out;
}

/** Lands an Airborne object at the end of its flight. */
export function land(ctx: JuneCtx, object: GridObject, flight: Flight): void {
  const target = flight.target;
  const there = objectsAt(ctx.rules, target).filter((o) => o.id !== object.id);
  const impassable = there.some((o) => !traitsOf(ctx, o).passable);
  if (impassable) {
    // R-J4: among the legal consecutive squares at random; if none, among the nearest legal squares at random.
    for (let d = 1; d < GRID_SIZE; d++) {
      const legal = ring(target, d).filter((u) => cannotEnter(ctx, object, u) === null);
      if (legal.length === 0) continue;
      const { item, roll } = ctx.choose(
        legal,
        `where ${describeObject(object)} lands beside ${unitText(target)}`,
      );
      const chosen: LandingChosen = {
        type: 'landing-chosen',
        vis: 'public',
        id: object.id,
        at: item,
        rolls: [roll],
      };
      ctx.emit(chosen);
      enterSquare(ctx, object.id, item, `lands beside ${unitText(target)}, which holds an Impassable object`);
      return;
    }
    return; // no legal square anywhere: it stays Airborne (cannot happen on a Grid with any empty square)
  }
  const catcher = there.find((o) => o.kind === 'player');
  if (catcher) {
    const name = catcher.id.slice('player:'.length);
    const declared = ctx.rules.catching.some((c) => c.player === name && c.object === object.id);
    const mayCatch = ctx.forbids('may-catch', { player: name, object: object.id }) === null;
    if (declared && mayCatch) {
      const e: ObjectMoved = {
        type: 'object-moved',
        vis: 'public',
        id: object.id,
        to: { heldBy: name },
        why: `${name} catches it`,
      };
      ctx.emit(e);
      return;
    }
    const hit = ctx.roll('1d4', `${name} is hit by ${describeObject(object)}`);
    const struck: Hit = { type: 'hit', vis: 'public', player: name, object: object.id, rolls: [hit] };
    ctx.emit(struck);
    const to = flight.by ?? GREMLIN_FUND;
    ctx.transfer(name, to, hit.result as number, `${name} was hit by ${describeObject(object)}`);
    // Something may have destroyed it on impact (F.4: a Ball of Earwax explodes).
    if (!objectById(ctx.rules, object.id)) return;
  }
  enterSquare(ctx, object.id, target, `lands at ${unitText(target)}`);
}

const throwArgs = z
  .object({ object: z.string().min(1).max(100), x: z.number().int(), y: z.number().int() })
  .strict();

export const throwingModule: JuneModule = {
  id: 'throwing',
  section: 'B.4 Throwing',
  text: 'Only carryable objects may be throwable. If a player has a throwable object in eir possession, e may throw it at any Grid location. That object is said to be Airborne ... for two ndays. At the end of the two ndays ...',
  commands: {
    throw: playerCommand<JuneState, typeof throwArgs, JuneErrorCode, JuneEvent>({
      summary: 'throw an object you hold at any square (it lands two ndays later)',
      words: ['object', 'x', 'y'],
      args: throwArgs,
      run(ctx, by, { object: named, x, y }) {
        // A Toad is named as player:NAME, in any case (K13).
        const o = objectArg(ctx, named);
        const object = o?.id ?? named;
        if (!o || !('heldBy' in o.place) || o.place.heldBy !== by.name)
          return refuse('not-held', `${by.name} does not hold ${object}`);
        const t = traitsOf(ctx, o);
        if (!t.throwable || !t.carryable)
          return refuse('not-throwable', `${describeObject(o)} cannot be thrown`);
        const target: Unit = [x, y];
        if (!onGrid(target)) return refuse('off-grid', `${unitText(target)} is not a Grid location`);
        const forbidden = ctx.forbids('may-throw', { player: by.name, object, at: [x, y] });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        launch(ctx, o.id, target, by.name, `${by.name} throws it at ${unitText(target)}`);
      },
    }),
    catch: playerCommand<JuneState, z.ZodType<{ object: string }>, JuneErrorCode, JuneEvent>({
      summary: 'declare that you will catch an object thrown at your square',
      words: ['object'],
      args: z.object({ object: z.string().min(1).max(100) }).strict(),
      run(ctx, by, { object: named }) {
        // R-J31: a hidden object (a Bonus Box) is refused exactly as an id that names nothing.
        const o = objectNamed(ctx, named);
        if (!o) return refuse('unknown-object', `there is no ${named}`);
        const object = o.id;
        if (ctx.rules.catching.some((c) => c.player === by.name && c.object === object))
          return refuse('already-declared', `${by.name} has already declared e will catch ${object}`);
        const declared: CatchDeclared = { type: 'catch-declared', vis: 'public', player: by.name, object };
        ctx.emit(declared);
      },
    }),
  },
  hooks: {
    ndayEnd(ctx) {
      for (const o of ctx.rules.objects) {
        if (!('airborne' in o.place)) continue;
        const flight = o.place.airborne;
        if (flight.ndaysLeft > 1) {
          const e: ObjectMoved = {
            type: 'object-moved',
            vis: 'public',
            id: o.id,
            to: { airborne: { ...flight, ndaysLeft: flight.ndaysLeft - 1 } },
            why: 'still Airborne',
          };
          ctx.emit(e);
        } else land(ctx, o, flight);
      }
    },
  },
  evolve: {
    'catch-declared': (s: JuneState, e: CatchDeclared) => ({
      ...s,
      catching: [...s.catching, { player: e.player, object: e.object }],
    }),
  } satisfies Folds<JuneState, ThrowingEvent>,
  describe: {
    'catch-declared': (e: CatchDeclared) => `${e.player} declares that e will catch ${e.object}.`,
    hit: (e: Hit) => `${e.player} is hit by ${e.object} and loses ${rolled(e)} points.`,
    'landing-chosen': (e: LandingChosen) => `${e.id} will land at ${unitText(e.at)}.`,
  } satisfies Texts<ThrowingEvent>,
};
