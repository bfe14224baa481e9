// What F.2 (the Big Stick), F.3 (the Shield) and G.3 (Pinball Guns) share: a random legal square, and pushing
// an object two squares in a direction ("knocked two squares away", "moved two spaces away", "moves twice in
// the direction opposite the one from which it was Fired at") - as Moves (A.2), one square at a time.
import type { Folds, Roll, Texts } from '../../core/index.js';
import type { GridObject, JuneState, Kind, ObjectMoved, Unit } from './types.js';
import { GRID_SIZE, objectById, unitText } from './grid.js';
import { cannotEnter, describeObject, objectName, traitsOf } from './objects.js';
import { makeMove } from './entering.js';
import { squareAt } from './squares.js';
import { HIDDEN_KINDS } from './types.js';
import type { CommonEvent, PlacedAtRandom, PushStopped } from './fg-state.js';
import type { JuneCtx } from './events.js';

const nameOf = (id: string): string => (id.startsWith('player:') ? id.slice('player:'.length) : id);

/** The unit step (each coordinate -1, 0 or 1) that leads from `from` towards `to`. */
export const direction = (from: Unit, to: Unit): Unit => [
  Math.sign(to[0] - from[0]),
  Math.sign(to[1] - from[1]),
];

/** Every square `object` may enter (A.2), in the order x then y: "legal" squares. */
export function legalSquares(ctx: JuneCtx, object: GridObject): Unit[] {
  const out: Unit[] = [];
  for (let x = 1; x <= GRID_SIZE; x++)
    for (let y = 1; y <= GRID_SIZE; y++) if (cannotEnter(ctx, object, [x, y]) === null) out.push([x, y]);
  return out;
}

/** A random legal square for an object, from the public dice (FG-1: these squares are public). */
export function randomLegalSquare(
  ctx: JuneCtx,
  object: GridObject,
  purpose: string,
): { at: Unit; roll: Roll } | null {
  const legal = legalSquares(ctx, object);
  if (legal.length === 0) return null;
  const { item, roll } = ctx.choose(legal, purpose);
  return { at: item, roll };
}

/**
 * F.2/F.3: "If at any time there is no Big Stick [Shield], the Big Stick [Shield] is placed on a random legal
 * square." Places one, with the kind as its id, if no object of that kind exists anywhere (on a square, held or
 * Airborne).
 */
export function placeIfNone(ctx: JuneCtx, kind: Kind, label: string): void {
  if (ctx.rules.objects.some((o) => o.kind === kind)) return;
  const object: GridObject = { id: kind, kind, place: { limbo: true } };
  const chosen = randomLegalSquare(ctx, object, `where the ${label} is placed`);
  if (!chosen) return;
  const e: PlacedAtRandom = {
    type: 'placed-at-random',
    vis: 'public',
    object: { ...object, place: { on: chosen.at } },
    why: `there was no ${label}`,
    rolls: [chosen.roll],
  };
  ctx.emit(e);
}

/**
 * A Move of a hidden object (a Bonus Box), in entries only the Administrator sees, with A.3.1's slide on a
 * Frozen square; entering.ts's moves are public. Returns why it failed, or null.
 */
function hiddenMove(ctx: JuneCtx, object: GridObject, to: Unit, why: string): string | null {
  if (!('on' in object.place)) return 'it is not on the Grid';
  if (!traitsOf(ctx, object).mobile) return `${describeObject(object)} is Stationary`;
  let from = object.place.on;
  let next = to;
  let reason = why;
  for (let k = 0; k <= GRID_SIZE; k++) {
    const blocked = cannotEnter(ctx, object, next);
    if (blocked !== null) return k === 0 ? blocked : null;
    const e: ObjectMoved = {
      type: 'object-moved',
      vis: 'admin',
      id: object.id,
      to: { on: next },
      why: reason,
    };
    ctx.emit(e);
    if (!squareAt(ctx.rules, next).frozen) return null;
    const after: Unit = [next[0] + (next[0] - from[0]), next[1] + (next[1] - from[1])];
    reason = `slides on the ice from ${unitText(next)}`;
    from = next;
    next = after;
  }
  return null;
}

/**
 * Pushes an object `squares` Moves in direction `step`, one Move at a time; the first Move that cannot be made
 * fails, and the object stays where the last one left it (FG-2). Each Move is a Move like any other: Fire burns
 * and Frozen squares slide (entering.ts). Returns how many Moves were made.
 */
export function push(ctx: JuneCtx, id: string, step: Unit, squares: number, why: string): number {
  for (let k = 0; k < squares; k++) {
    const object = objectById(ctx.rules, id);
    if (!object || !('on' in object.place)) return k;
    const at = object.place.on;
    const to: Unit = [at[0] + step[0], at[1] + step[1]];
    const hidden = HIDDEN_KINDS.has(object.kind);
    const failed = hidden ? hiddenMove(ctx, object, to, why) : makeMove(ctx, id, to, why);
    if (failed !== null) {
      const e: PushStopped = {
        type: 'push-stopped',
        vis: hidden ? 'admin' : 'public',
        id,
        at: [at[0], at[1]],
        reason: failed,
      };
      ctx.emit(e);
      return k;
    }
  }
  return squares;
}

/** The fold of the events placeIfNone and push emit, for every module that emits them. */
export const commonEvolve = {
  'placed-at-random': (s: JuneState, e: PlacedAtRandom): JuneState => ({
    ...s,
    objects: [...s.objects, { id: e.object.id, kind: e.object.kind, place: e.object.place }],
  }),
} satisfies Folds<JuneState, CommonEvent>;

/** How those events read in the log. */
export const commonDescribe = {
  'placed-at-random': (e: PlacedAtRandom): string =>
    `${objectName(e.object.id).replace(/^the /, 'The ')} is placed at ${'on' in e.object.place ? unitText(e.object.place.on) : 'no square'} (${e.why}).`,
  'push-stopped': (e: PushStopped): string => `${nameOf(e.id)} stops at ${unitText(e.at)}: ${e.reason}.`,
} satisfies Texts<CommonEvent>;
