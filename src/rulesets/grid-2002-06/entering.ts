// What happens whenever a Grid Object enters a square, whatever sent it there (a player's Move, a slide, a
// landing, a Whack, the Yeti): A.3.1 "When a player enters a square of Fire, e loses 2d5 points." and "When a
// MO enters a Frozen square from any consecutive square, it is immediately moved an additional unit in the
// same direction, if possible."
import { BANK } from '../../core/index.js';
import type { Burned, GridObject, ObjectMoved, Unit } from './types.js';
import { consecutive, objectById, unitText } from './grid.js';
import { cannotEnter, describeObject, traitsOf } from './objects.js';
import { squareAt } from './squares.js';
import type { JuneCtx } from './events.js';

/** Puts an object on a square it may enter, then applies what the square does to those who enter it. */
export function enterSquare(ctx: JuneCtx, id: string, to: Unit, why: string, from?: Unit): void {
  const e: ObjectMoved = { type: 'object-moved', vis: 'public', id, to: { on: to }, why };
  ctx.emit(e);
  const object = objectById(ctx.rules, id) as GridObject;
  const square = squareAt(ctx.rules, to);
  if (object.kind === 'player' && square.substance === 'Fire') {
    const name = id.slice('player:'.length);
    const burn = ctx.roll('2d5', `${name} enters Fire at ${unitText(to)}`);
    const burned: Burned = { type: 'burned', vis: 'public', player: name, at: to, rolls: [burn] };
    ctx.emit(burned);
    ctx.transfer(name, BANK, burn.result as number, `${name} entered Fire at ${unitText(to)}`);
  }
  // R-J5: the slide goes on across further Frozen squares ("if possible"), one unit at a time.
  if (square.frozen && from && consecutive(from, to) && traitsOf(ctx, object).mobile) {
    const next: Unit = [to[0] + (to[0] - from[0]), to[1] + (to[1] - from[1])];
    if (cannotEnter(ctx, object, next) === null)
      enterSquare(ctx, id, next, `slides on the ice from ${unitText(to)}`, to);
  }
}

/**
 * A.2 "A Move is a step between two consecutive squares." Makes one Move if it can; otherwise the Move fails
 * and the object stays (the text's "it fails to" is cut off: R-J1). Returns the reason it failed, or null.
 */
export function makeMove(ctx: JuneCtx, id: string, to: Unit, why: string): string | null {
  const object = objectById(ctx.rules, id);
  if (!object || !('on' in object.place)) return 'it is not on the Grid';
  const from = object.place.on;
  if (!consecutive(from, to)) return `${unitText(to)} is not consecutive to ${unitText(from)}`;
  if (!traitsOf(ctx, object).mobile) return `${describeObject(object)} is Stationary`;
  const blocked = cannotEnter(ctx, object, to);
  if (blocked !== null) return blocked;
  enterSquare(ctx, id, to, why, from);
  return null;
}
