// E.1 Big Rocks: "There exist Impassable SO's called Big Rocks. Big Rocks may be purchased to put on the Grid.
// When one is purchased, the purchasing entity may either specify the target location of the Big Rock at a
// cost of 10+5d3 points, or allow the Big Rock to be placed randomly at a cost of 5+5d3 points.
// A Big Rock must be placed in a vacant location on the Grid, or in the same location as another Big Rock.
// If a Big Rock is placed in the same location as another Big Rock, all Grid Objects on that location are
// destroyed, including both Rocks, and the location becomes vacant.
// A Big Rock cannot be placed in a vacant location on the Grid if the number of vacant locations is less than
// two. If a player purchases a Big Rock, and the calculated cost for the Big Rock is more points than the
// purchasing Player has, or if a Big Rock cannot be placed in the location the purchasing Player specified, the
// purchasing Player loses points up to and including the cost of the Big Rock (not to exceed all eir points)
// and the Big Rock is not purchased."
// E.2.1: "When a Big Rock is placed on the Grid, the Administrator will roll 1d6 to determine the presence of a
// Siren on that Big Rock. If a 6 is rolled, a Siren is placed on the Big Rock. The Administrator will assign a
// name to each new Siren and post the name and location of the Siren (and eir Rock) to ... a public forum."
// E.2.5: "A player under the influence of a Siren may not choose to drop a Big Rock on that Siren's square."
import { z } from 'zod';
import { BANK, fromEdition, playerCommand, refuse } from '../../core/index.js';
import { newObjectId } from './objects.js';
import type { Folds, Texts } from '../../core/index.js';
import type { GridObject, JuneState, ObjectPlaced, ObjectRemoved, Unit } from './types.js';
import { locationOf, objectsAt, onGrid, sameUnit, unitStr, unitText, vacantSquares } from './grid.js';
import { withDE } from './de-state.js';
import { inZatr, inZoe, sirens } from './de-zones.js';
import type { JuneErrorCode } from './errors.js';
import type { RockEvent } from './de-events.js';
import type { JuneCtx, JuneEvent, JuneModule } from './events.js';

/** Names the Administrator gives new Sirens, in turn (the Sirens of Greek myth). */
export const SIREN_NAMES = [
  'Ligeia',
  'Parthenope',
  'Leucosia',
  'Thelxiepeia',
  'Aglaope',
  'Molpe',
  'Peisinoe',
  'Himerope',
  'Raidne',
  'Teles',
];

export const sirenName = (k: number): string => {
  const base = SIREN_NAMES[k % SIREN_NAMES.length] as string;
  return k < SIREN_NAMES.length ? base : `${base} ${Math.floor(k / SIREN_NAMES.length) + 1}`;
};

/** A player is under a Siren's influence in its ZOE or ZATR (unless Deaf or freed, which the Sirens module asks). */
export function underInfluence(ctx: JuneCtx, player: string, siren: GridObject): boolean {
  const at = locationOf(ctx.rules, player);
  if (!at || !(inZoe(siren, at) || inZatr(siren, at))) return false;
  return ctx.forbids('siren-holds', { player, siren: siren.id }) !== null;
}

/** Puts a Big Rock on a square (vacant, or another Big Rock's) and rolls for its Siren. */
export function placeRock(ctx: JuneCtx, at: Unit, why: string): void {
  const there = objectsAt(ctx.rules, at);
  if (there.some((o) => o.kind === 'big-rock')) {
    for (const o of there) {
      const gone: ObjectRemoved = {
        type: 'object-removed',
        vis: 'public',
        id: o.id,
        why: 'a Big Rock fell on another Big Rock',
      };
      ctx.emit(gone);
    }
    ctx.emit({ type: 'rocks-crushed', vis: 'public', at: [at[0], at[1]] });
    return;
  }
  const rock: GridObject = { id: newObjectId(ctx, 'big-rock'), kind: 'big-rock', place: { on: at } };
  const placed: ObjectPlaced = { type: 'object-placed', vis: 'public', object: rock };
  ctx.emit(placed);
  ctx.emit({ type: 'rock-placed', vis: 'public', at: [at[0], at[1]], why });
  const d6 = ctx.roll('1d6', `is there a Siren on the Big Rock at ${unitText(at)}?`);
  if (d6.result !== 6) {
    ctx.emit({ type: 'no-siren', vis: 'public', at: [at[0], at[1]], rolls: [d6] });
    return;
  }
  const name = sirenName(ctx.rules.de.sirens);
  const siren: GridObject = { id: `siren:${name}`, kind: 'siren', name, place: { on: at } };
  ctx.emit({ type: 'siren-appears', vis: 'public', name, at: [at[0], at[1]], rolls: [d6] });
  const e: ObjectPlaced = { type: 'object-placed', vis: 'public', object: siren };
  ctx.emit(e);
}

const buy = z.object({ x: z.number().int().optional(), y: z.number().int().optional() }).strict();

export const bigRocksModule: JuneModule = {
  id: 'big-rocks',
  section: 'E.1 Big Rocks (and E.2.1 Siren creation)',
  text: 'Big Rocks may be purchased to put on the Grid. ... specify the target location of the Big Rock at a cost of 10+5d3 points, or allow the Big Rock to be placed randomly at a cost of 5+5d3 points. ... When a Big Rock is placed on the Grid, the Administrator will roll 1d6 ...',
  commands: {
    'buy-rock': playerCommand<JuneState, typeof buy, JuneErrorCode, JuneEvent>({
      summary: 'buy a Big Rock: at (x,y) for 10+5d3 points, or with no square for 5+5d3 placed at random',
      words: ['x', 'y'],
      args: buy,
      run(ctx, by, { x, y }) {
        if ((x === undefined) !== (y === undefined))
          return refuse('bad-arguments', 'give both x and y, or neither for a random square');
        const target: Unit | null = x !== undefined && y !== undefined ? [x, y] : null;
        const cost = ctx.roll(target ? '10+5d3' : '5+5d3', `the cost of ${by.name}'s Big Rock`);
        const price = cost.result as number;
        ctx.emit({
          type: 'rock-priced',
          vis: 'public',
          player: by.name,
          cost: price,
          rolls: [cost],
        });
        const have = ctx.balance(by.name);
        const vacant = vacantSquares(ctx.rules);
        let failure: string | null = null;
        if (price > have) failure = `${by.name} has ${have} points, and the Big Rock costs ${price}`;
        else if (target) {
          const there = onGrid(target) ? objectsAt(ctx.rules, target) : [];
          const onRock = there.some((o) => o.kind === 'big-rock');
          const isVacant = onGrid(target) && there.length === 0;
          if (!onGrid(target)) failure = `${unitText(target)} is not on the Grid`;
          else if (!isVacant && !onRock) failure = `${unitText(target)} is neither vacant nor a Big Rock`;
          else if (isVacant && vacant.length < 2) failure = 'fewer than two vacant locations remain';
          else {
            const held = sirens(ctx.rules).find(
              (s) => 'on' in s.place && sameUnit(s.place.on, target) && underInfluence(ctx, by.name, s),
            );
            if (held)
              failure = `${by.name} is under the influence of the Siren ${held.name ?? ''} and may not drop a Big Rock on her`;
          }
        } else if (vacant.length < 2) failure = 'fewer than two vacant locations remain';
        if (failure !== null) {
          // "loses points up to and including the cost ... (not to exceed all eir points)": R-J11.
          const loss = Math.min(price, Math.max(have, 0));
          ctx.emit({ type: 'rock-not-bought', vis: 'public', player: by.name, reason: failure, loss });
          ctx.transfer(by.name, BANK, loss, `${by.name}'s Big Rock could not be bought: ${failure}`);
          return;
        }
        ctx.transfer(by.name, BANK, price, `${by.name} buys a Big Rock`);
        let at = target;
        if (!at && fromEdition(ctx.state, 2)) {
          // R-J32 (issue 13): "placed randomly" "in a vacant location": a square holding a hidden Bonus Box is
          // not vacant, so a public draw over the vacant squares would show, by its size, how many Boxes there
          // are. The square is drawn on the secret stream in an entry only the
          // Administrator sees; the public learns where the Rock goes (E.2.1 posts it anyway), and can check
          // the draw when the secret seed is revealed at the game's end.
          const { item, roll } = ctx.choose(vacant, `where ${by.name}'s Big Rock is placed`, {
            secret: true,
          });
          ctx.emit({ type: 'rock-square-drawn', vis: 'admin', at: [item[0], item[1]], rolls: [roll] });
          ctx.emit({ type: 'rock-square-chosen', vis: 'public', at: [item[0], item[1]] });
          at = item;
        } else if (!at) {
          // Edition 0: a public draw over every vacant square (its size counted the hidden Boxes).
          const { item, roll } = ctx.choose(vacant, `where ${by.name}'s Big Rock is placed`);
          ctx.emit({ type: 'rock-square-chosen', vis: 'public', at: [item[0], item[1]], rolls: [roll] });
          at = item;
        }
        placeRock(ctx, at, `bought by ${by.name}`);
      },
    }),
  },
  evolve: {
    'siren-appears': (s): JuneState => withDE(s, { sirens: s.de.sirens + 1 }),
  } satisfies Folds<JuneState, RockEvent>,
  describe: {
    'rock-priced': (e) => `${e.player}'s Big Rock costs ${e.cost} points.`,
    'rock-not-bought': (e) => `${e.player} cannot buy the Big Rock (${e.reason}) and loses ${e.loss} points.`,
    'rock-square-chosen': (e) => `The Big Rock will go to ${unitStr(e.at)}.`,
    'rock-square-drawn': (e) =>
      `The Big Rock's square, drawn in secret among the vacant squares: ${unitStr(e.at)}.`,
    'rock-placed': (e) => `A Big Rock is placed at ${unitStr(e.at)} (${e.why}).`,
    'rocks-crushed': (e) =>
      `A Big Rock falls on the Big Rock at ${unitStr(e.at)}: everything there is destroyed.`,
    'no-siren': (e) => `No Siren on the Big Rock at ${unitStr(e.at)}.`,
    'siren-appears': (e) => `A Siren sits on the Big Rock at ${unitStr(e.at)}: her name is ${e.name}.`,
  } satisfies Texts<RockEvent>,
};
