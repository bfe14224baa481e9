// D Elbonian Airways: "There exist passable SOs called Elbonian Airways. Every square of the Grid which has x
// and y coordinates that are both integral multiples of 6 is said to contain an Elbonian Airways. If a player
// is in a square which contains an Elbonian Airways, e may pay 2+2n points to be Thrown Elbonia-Style at any
// other square which contains an Elbonian Airways, where n is the 5th Gremlin [cut off]"
// D.1 Elbonian Throws: "The Object is moved to a square with coordinates (x+a-3,y+b-3), where x and y are the x
// and y coordinates of the square being Thrown at, and a and b are both 1d5. If an object, after being
// Thrown, ends up on a square which is occupied by an Impassable Object, it loses 5 points if it is a player
// and is Thrown at that square. If an Object, after being Thrown, ends up on a square which is off the Grid, e
// Falls Off the Edge, or Falls. When a player Falls, e loses 10 points and is Thrown at a random Square whose
// coordinates are both less than 15 but greater than 5, unless e has not landed in a legal square since the
// last time e Fell, in which case e loses 8 points and goes into Limbo. When another object Falls, it is placed
// on a randomly selected legal grid square."
import { z } from 'zod';
import { BANK, playerCommand, refuse } from '../../core/index.js';
import type { Folds, Texts } from '../../core/index.js';
import type { GridObject, JuneState, Unit } from './types.js';
import {
  GRID_SIZE,
  locationOf,
  objectById,
  objectsAt,
  onGrid,
  playerId,
  sameUnit,
  unitStr,
  unitText,
} from './grid.js';
import { cannotEnter, describeObject, traitsOf } from './objects.js';
import { enterSquare } from './entering.js';
import { toLimbo } from './players.js';
import { withDE } from './de-state.js';
import type { JuneErrorCode } from './errors.js';
import type { ElbonianEvent } from './de-events.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

/** D: both coordinates integral multiples of 6. */
export const hasAirways = ([x, y]: Unit): boolean => x % 6 === 0 && y % 6 === 0 && onGrid([x, y]);
export const AIRWAYS: readonly Unit[] = [6, 12, 18].flatMap((x) => [6, 12, 18].map((y): Unit => [x, y]));

const nameOf = (id: string): string | undefined =>
  id.startsWith('player:') ? id.slice('player:'.length) : undefined;

/** Where an object that Falls and is not a player goes: a random square it may enter. */
function legalSquares(ctx: JuneCtx, object: GridObject): Unit[] {
  const out: Unit[] = [];
  for (let x = 1; x <= GRID_SIZE; x++)
    for (let y = 1; y <= GRID_SIZE; y++) if (cannotEnter(ctx, object, [x, y]) === null) out.push([x, y]);
  return out;
}

/** Being Thrown Elbonia-Style at a square (D.1), with every re-throw and Fall it leads to. */
export function throwElbonia(ctx: JuneCtx, id: string, at: Unit, why: string): void {
  let target = at;
  for (let throws = 1; throws <= 1000; throws++) {
    const object = objectById(ctx.rules, id);
    if (!object) return;
    const name = nameOf(id);
    const ab = ctx.roll(
      '2d5',
      `${describeObject(object)} Thrown Elbonia-Style at ${unitText(target)}: a and b`,
    );
    const dest: Unit = [target[0] + (ab.draws[0] ?? 3) - 3, target[1] + (ab.draws[1] ?? 3) - 3];
    ctx.emit({
      type: 'thrown-elbonia',
      vis: 'public',
      id,
      at: [target[0], target[1]],
      to: [dest[0], dest[1]],
      rolls: [ab],
    });
    if (!onGrid(dest)) return fall(ctx, id);
    const blocked = cannotEnter(ctx, object, dest);
    if (blocked === null) {
      enterSquare(ctx, id, dest, why);
      if (name && ctx.rules.de.fallen.includes(name))
        ctx.emit({ type: 'landed-legally', vis: 'public', player: name });
      return;
    }
    // It "ends up on" a square it may not be on: Thrown again at that square; a player pays 5 if the square
    // holds an Impassable object (R-J9: another player's square re-throws without the 5).
    const impassable = objectsAt(ctx.rules, dest).some((o) => o.id !== id && !traitsOf(ctx, o).passable);
    if (name && impassable)
      ctx.transfer(name, BANK, 5, `${name} was Thrown onto an Impassable object at ${unitText(dest)}`);
    target = dest;
  }
}

/** D.1 Falling Off the Edge. */
function fall(ctx: JuneCtx, id: string): void {
  const object = objectById(ctx.rules, id);
  if (!object) return;
  const name = nameOf(id);
  if (!name) {
    const { item, roll } = ctx.choose(
      legalSquares(ctx, object),
      `where ${describeObject(object)} lands after Falling`,
    );
    ctx.emit({ type: 'fell', vis: 'public', id, rolls: [roll] });
    enterSquare(ctx, id, item, 'Fell Off the Edge and was put back on the Grid');
    return;
  }
  if (ctx.rules.de.fallen.includes(name)) {
    ctx.emit({ type: 'fell', vis: 'public', id, again: true });
    ctx.transfer(name, BANK, 8, `${name} Fell Off the Edge again before landing legally`);
    toLimbo(ctx, name, `${name} Fell Off the Edge again and goes to Limbo`);
    ctx.emit({ type: 'landed-legally', vis: 'public', player: name });
    return;
  }
  const xy = ctx.roll('2d9', `where ${name} is Thrown after Falling (both coordinates 6 to 14)`);
  ctx.emit({ type: 'fell', vis: 'public', id, rolls: [xy] });
  ctx.transfer(name, BANK, 10, `${name} Fell Off the Edge`);
  throwElbonia(
    ctx,
    id,
    [(xy.draws[0] ?? 1) + 5, (xy.draws[1] ?? 1) + 5],
    `${name} is Thrown back onto the Grid after Falling`,
  );
}

const fly = z.object({ x: z.number().int(), y: z.number().int() }).strict();

export const elbonianModule: JuneModule = {
  id: 'elbonian-airways',
  section: 'D Elbonian Airways',
  text: 'Every square of the Grid which has x and y coordinates that are both integral multiples of 6 is said to contain an Elbonian Airways. If a player is in a square which contains an Elbonian Airways, e may pay 2+2n points to be Thrown Elbonia-Style at any other square which contains an Elbonian Airways ...',
  commands: {
    fly: playerCommand<JuneState, typeof fly, JuneErrorCode, JuneEvent>({
      summary: 'from an Elbonian Airways square, pay 2+2n points to be Thrown Elbonia-Style at another',
      words: ['x', 'y'],
      args: fly,
      run(ctx, by, { x, y }) {
        const at = locationOf(ctx.rules, by.name);
        if (!at || !hasAirways(at))
          return refuse('no-airways', `${by.name} is not on a square with Elbonian Airways`);
        const to: Unit = [x, y];
        if (!hasAirways(to) || sameUnit(to, at))
          return refuse('no-airways', `${unitText(to)} is not another square with Elbonian Airways`);
        const forbidden = ctx.forbids('may-fly', { player: by.name });
        if (forbidden !== null) return refuse('not-allowed', forbidden);
        const fare = 2 + 2 * ctx.rules.n;
        // R-J10: paying needs the points; a fare e cannot pay is refused, and nothing happens.
        if (ctx.balance(by.name) < fare)
          return refuse('cannot-pay', `${by.name} has ${ctx.balance(by.name)} points; the fare is ${fare}`);
        ctx.transfer(by.name, BANK, fare, `${by.name} flies Elbonian Airways`);
        throwElbonia(ctx, playerId(by.name), to, `${by.name} flies Elbonian Airways to ${unitText(to)}`);
      },
    }),
  },
  evolve: {
    fell: (s, e) => {
      const name = nameOf(e.id);
      return name && !e.again ? withDE(s, { fallen: [...s.de.fallen, name] }) : s;
    },
    'landed-legally': (s, e) => withDE(s, { fallen: s.de.fallen.filter((p) => p !== e.player) }),
  } satisfies Folds<JuneState, ElbonianEvent>,
  describe: {
    'thrown-elbonia': (e) =>
      `${e.id} is Thrown Elbonia-Style at ${unitStr(e.at)} and comes down at ${unitStr(e.to)}.`,
    fell: (e) => `${e.id} Falls Off the Edge${e.again ? ' again' : ''}!`,
    'landed-legally': (e) => `${e.player} is back on solid ground.`,
  } satisfies Texts<ElbonianEvent>,
};
