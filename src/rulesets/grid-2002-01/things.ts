// "The Grid shall initially contain five Shiny Things and five Scary Dark Things. The Administrator shall
// randomly determine the initial location of each ... by using the value of each die of 2d20 to generate the x
// and y coordinates ... The Administrator shall never reveal the current locations of the Shiny Things and
// Scary Dark Things to any Player, unless in a manner prescribed by the rules.
// If at any time a Player occupies the same unit as a Shiny Thing, e will be awarded 25 points and the Shiny
// Thing will instantly teleport to a new location on the Grid to be determined at random by the Administrator.
// If at any time a Player occupies the same unit as a Scary Dark Thing, e will lose 25 points, and the Scary
// Dark Thing will instantly teleport to a new location on the Grid to be determined at random by the
// Administrator."
//
// Every roll that places a Thing comes from the secret stream and rides in an Administrator-only event; the
// public learns only that a player found a Thing on the unit e stands on (rulings R3-R6 in docs/rulings.md).
import { BANK, eventsOf, valuesOf } from '../../core/index.js';
import type { Folds, KernelEvent, Roll, Texts } from '../../core/index.js';
import type {
  GridCtx,
  GridModule,
  GridState,
  Placed,
  Thing,
  ThingFound,
  ThingKind,
  ThingPlaced,
  ThingTeleported,
  ThingsReplaced,
  Unit,
} from './types.js';
import { lastOccupant, occupant, onGrid, sameUnit, unitKey, unitText } from './grid.js';
import { LARGEST_GRID, gridParams, locationSides } from './parameters.js';
import type { GridParams } from './parameters.js';

const NAMES: Record<ThingKind, string> = { shiny: 'Shiny Thing', scary: 'Scary Dark Thing' };
export const thingName = (t: { kind: ThingKind; n: number }): string => `${NAMES[t.kind]} ${t.n}`;

/** One roll of the location dice (2d20 by the text) on the secret stream: x from the first die, y from the second. */
function rollUnit(ctx: GridCtx, purpose: string): { unit: Unit; roll: Roll } {
  const roll = ctx.roll(gridParams(ctx.state)['Location dice'], purpose, { secret: true });
  return { unit: [roll.draws[0] ?? 1, roll.draws[1] ?? 1], roll };
}

/**
 * R4: "teleport to a new location": 2d20 again until the unit differs from the one the Thing left and no player
 * stands there; every attempt is recorded. If no unit qualifies (every other unit has a player) it stays.
 */
function teleport(ctx: GridCtx, thing: Thing): void {
  // The units the location dice can name (never more than the Grid: parameters.ts), less the Thing's and the
  // players' there.
  const sides = locationSides(gridParams(ctx.state)['Location dice']);
  let free = sides * sides - 1;
  for (const p of ctx.rules.positions) if (p.at[0] <= sides && p.at[1] <= sides) free--;
  if (free <= 0) return;
  const rolls: Roll[] = [];
  for (;;) {
    const { unit, roll } = rollUnit(
      ctx,
      `new location of ${thingName(thing)}${rolls.length ? ` (attempt ${rolls.length + 1})` : ''}`,
    );
    rolls.push(roll);
    if (!sameUnit(unit, thing.at) && !occupant(ctx.rules, unit)) {
      const e: ThingTeleported = {
        type: 'thing-teleported',
        vis: 'admin',
        kind: thing.kind,
        n: thing.n,
        from: thing.at,
        to: unit,
        rolls,
      };
      ctx.emit(e);
      return;
    }
  }
}

/** The units the Things are on, by unitKey, for each list of Things (a list changes only when one moves). */
const thingUnits = new WeakMap<readonly Thing[], Uint8Array>();
const UNIT_KEYS = unitKey([LARGEST_GRID, LARGEST_GRID]) + 1;

/** A unit's key if it is on the Grid (so it has a place in the table), else -1. */
const keyOnGrid = (at: Unit, size: number): number => (onGrid(at, size) ? unitKey(at) : -1);

/**
 * Whether some player may stand on a Thing's unit: false only when none does. Checked before the trigger
 * indexes the units (its whole cost otherwise), after every move of every player: one look-up a player in a
 * table of the Things' units, kept for each list of Things. Anything off the Grid answers true, leaving the
 * question to the trigger itself.
 */
function anyThingMet(state: GridState, size: number): boolean {
  let units = thingUnits.get(state.things);
  if (!units) {
    units = new Uint8Array(UNIT_KEYS);
    for (const t of state.things) {
      const k = keyOnGrid(t.at, size);
      if (k < 0) return true;
      units[k] = 1;
    }
    thingUnits.set(state.things, units);
  }
  const positions = state.positions;
  for (let i = 0; i < positions.length; i++) {
    const k = keyOnGrid((positions[i] as Placed).at, size);
    if (k < 0 || units[k] === 1) return true;
  }
  return false;
}

/** The kernel's events that change the values in force (the trigger below runs after them). */
type AmendmentEvent = Extract<KernelEvent, { type: 'parameters-in-force' | 'parameters-repealed' }>;

/**
 * The Grid size before the latest amendment's taking effect or repeal in this decision, or null when the latest
 * parameters event is neither (the trigger below runs after them only).
 */
function sizeBefore(ctx: GridCtx): number | null {
  const params = ctx.state.params;
  if (!params) return null;
  // The trigger runs after each such event is emitted, so the latest is the one that set it off. One
  // decision holds one kind: a repeal is a command of its own, amendments take effect in amend-rules or at
  // a boundary.
  const repealed = eventsOf<AmendmentEvent, 'parameters-repealed'>(ctx.events, 'parameters-repealed').at(-1);
  const e =
    repealed ?? eventsOf<AmendmentEvent, 'parameters-in-force'>(ctx.events, 'parameters-in-force').at(-1);
  if (e) {
    const n = e.amendment;
    // Before taking effect it waited; before a repeal it was in force if it had taken effect (`since`), else it
    // waited (a waiting amendment repealed changed no value).
    const amendments = params.amendments.map((a) =>
      a.n !== n
        ? a
        : {
            ...a,
            status:
              e.type === 'parameters-repealed' && a.since ? ('in-force' as const) : ('pending' as const),
          },
    );
    const text = ctx.ruleset.parameters?.text ?? {};
    return (valuesOf(text, amendments) as unknown as GridParams)['Grid size'];
  }
  return null;
}

/**
 * P8: a Grid shrunk by an amendment (taking effect, or a repeal) re-places in secret the Things beyond it.
 * Every Thing gets a fresh roll of the location dice in force, again until no player stands on the unit (R4's
 * rule for a new location) — every Thing, whether or not it is off the Grid, so the number of draws depends on
 * nothing hidden; each Thing beyond the Grid moves to its unit, the others stay. One Administrator-only event.
 */
function replaceThings(ctx: GridCtx): void {
  const before = sizeBefore(ctx);
  const size = gridParams(ctx.state)['Grid size'];
  if (before === null || size >= before || ctx.rules.things.length === 0) return;
  const rolls: Roll[] = [];
  const moved: ThingsReplaced['moved'][number][] = [];
  for (const thing of ctx.rules.things) {
    let unit: Unit;
    for (let attempt = 1; ; attempt++) {
      const r = rollUnit(
        ctx,
        `fresh location of ${thingName(thing)} on a Grid ${size} wide${attempt > 1 ? ` (attempt ${attempt})` : ''}`,
      );
      rolls.push(r.roll);
      unit = r.unit;
      if (!occupant(ctx.rules, unit)) break;
    }
    // Two Things may share a unit (R5), as at the start.
    if (!onGrid(thing.at, size)) moved.push({ kind: thing.kind, n: thing.n, from: thing.at, to: unit });
  }
  const e: ThingsReplaced = { type: 'things-replaced', vis: 'admin', size, moved, rolls };
  ctx.emit(e);
}

export const thingsModule: GridModule = {
  id: 'things',
  section: 'Shiny Things and Scary Dark Things',
  text: 'The Grid shall initially contain five Shiny Things and five Scary Dark Things. ... If at any time a Player occupies the same unit as a Shiny Thing, e will be awarded 25 points and the Shiny Thing will instantly teleport ... If at any time a Player occupies the same unit as a Scary Dark Thing, e will lose 25 points, and the Scary Dark Thing will instantly teleport ...',
  // P6: "initially": the numbers of Things in force when the Things are placed, at the game's setup.
  onSetup(ctx) {
    const p = gridParams(ctx.state);
    for (const kind of ['shiny', 'scary'] as const) {
      const count = kind === 'shiny' ? p['Shiny Things'] : p['Scary Dark Things'];
      for (let n = 1; n <= count; n++) {
        const { unit, roll } = rollUnit(ctx, `initial location of ${thingName({ kind, n })}`);
        const e: ThingPlaced = { type: 'thing-placed', vis: 'admin', kind, n, at: unit, rolls: [roll] };
        ctx.emit(e);
      }
    }
  },
  // R3: "at any time" is checked after every change to the Grid, so entering or moving onto a Thing's unit
  // triggers it at once. R5: several Things on one unit all act, Shiny Things first, each in number order.
  triggers: [
    { after: ['parameters-in-force', 'parameters-repealed'], run: replaceThings },
    {
      // Only these can bring a player and a Thing onto one unit.
      after: ['entered', 'moved', 'thing-placed', 'thing-teleported'],
      run(ctx) {
        // Most changes bring no one onto a Thing: that is found out first (anyThingMet).
        const p = gridParams(ctx.state);
        if (!anyThingMet(ctx.rules, p['Grid size'])) return;
        // The players where they stood when the check began (finding a Thing moves no player): each Thing
        // looked for among them with no map built (issue 17: it was a quarter of what re-deciding allocated).
        const positions = ctx.rules.positions;
        for (const thing of ctx.rules.things) {
          const player = lastOccupant(positions, thing.at);
          if (!player) continue;
          const found: ThingFound = {
            type: 'thing-found',
            vis: 'public',
            player,
            kind: thing.kind,
            at: thing.at,
          };
          ctx.emit(found);
          if (thing.kind === 'shiny')
            ctx.transfer(
              BANK,
              player,
              p['Shiny Thing points'],
              `${player} found a Shiny Thing at ${unitText(thing.at)}`,
            );
          else
            ctx.transfer(
              player,
              BANK,
              p['Scary Dark Thing points'],
              `${player} met a Scary Dark Thing at ${unitText(thing.at)}`,
            );
          teleport(ctx, thing);
        }
      },
    },
  ],
  evolve: {
    'thing-placed': (s: GridState, e: ThingPlaced): GridState => ({
      ...s,
      things: [...s.things, { kind: e.kind, n: e.n, at: e.at }],
    }),
    'thing-teleported': (s: GridState, e: ThingTeleported): GridState => ({
      ...s,
      things: s.things.map((t) => (t.kind === e.kind && t.n === e.n ? { ...t, at: e.to } : t)),
    }),
    'things-replaced': (s: GridState, e: ThingsReplaced): GridState => ({
      ...s,
      things: s.things.map((t) => {
        const m = e.moved.find((x) => x.kind === t.kind && x.n === t.n);
        return m ? { ...t, at: m.to } : t;
      }),
    }),
  } satisfies Folds<GridState, ThingPlaced | ThingFound | ThingTeleported | ThingsReplaced>,
  describe: {
    'thing-placed': (e: ThingPlaced) => `${thingName(e)} is placed at ${unitText(e.at)}.`,
    'thing-found': (e: ThingFound) =>
      e.kind === 'shiny'
        ? `${e.player} finds a Shiny Thing at ${unitText(e.at)}!`
        : `${e.player} runs into a Scary Dark Thing at ${unitText(e.at)}!`,
    'thing-teleported': (e: ThingTeleported) =>
      `${thingName(e)} teleports from ${unitText(e.from)} to ${unitText(e.to)}.`,
    'things-replaced': (e: ThingsReplaced) =>
      e.moved.length === 0
        ? `The Grid is ${e.size} units wide: every Thing is on it and stays.`
        : `The Grid is ${e.size} units wide: ${e.moved.map((m) => `${thingName(m)} moves from ${unitText(m.from)} to ${unitText(m.to)}`).join(', ')}.`,
  } satisfies Texts<ThingPlaced | ThingFound | ThingTeleported | ThingsReplaced>,
};
