// The harness of ruleset grid-2002-06, the June Grid (seeds/000_e22677692262c4ad.txt): a game with manual dice
// in a known position in one call (where the Big Stick, the Shield and the Ball start, who has joined, who stands
// where with what points and what in hand, which objects lie where, which test-only rules are in force), helpers
// to act (an nweek's end with its dice), and the readings the tests make. Built on the real kernel (../table.ts).
import { z } from 'zod';
import { command, erase } from '../../../src/core/index.js';
import type { AnyRuleset, RuleModule } from '../../../src/core/index.js';
import { grid200206, locationOf } from '../../../src/rulesets/grid-2002-06/index.js';
import type { JuneState } from '../../../src/rulesets/grid-2002-06/index.js';
import type { Kind, ObjectRemoved, Unit } from '../../../src/rulesets/grid-2002-06/types.js';
import { HIDDEN_KINDS } from '../../../src/rulesets/grid-2002-06/types.js';
// (de-toads.js may be loaded first: it no longer imports sections-de.js, so there is no import cycle to enter.)
import { becomeToad } from '../../../src/rulesets/grid-2002-06/de-toads.js';
import { Table } from '../table.js';

/** The June ruleset, with test-only rules the Administrator may enact (`optional`) or in force (`modules`). */
export function juneRuleset(
  optional: readonly RuleModule<JuneState>[] = [],
  modules: readonly RuleModule<JuneState>[] = [],
): AnyRuleset {
  return erase({
    ...grid200206,
    optional: [...(grid200206.optional ?? []), ...optional],
    modules: [...grid200206.modules, ...modules],
  });
}

/**
 * Which result of a "choice of n" picks square (x,y) when every square is legal (the choice lists the legal
 * squares x first, then y: (1,1), (1,2), ..., (20,20)).
 */
export const sq = (x: number, y: number): number => (x - 1) * 20 + y;

export interface JunePosition {
  /** F.2, F.3, F.4: where the Big Stick, the Shield and nweek 1's Ball of Wax are put at creation. */
  readonly stick?: Unit;
  readonly shield?: Unit;
  readonly ball?: Unit;
  /** Test-only rules in force from the start, above the ruleset's own. */
  readonly modules?: readonly RuleModule<JuneState>[];
  /** Test-only rules the Administrator may enact. */
  readonly optional?: readonly RuleModule<JuneState>[];
  /** The rulings' edition the game is created under (this program's own if not given). */
  readonly edition?: number;
  /** Each player, joined in this order; those given a square enter it, in the same order, last of all. */
  readonly players?: Readonly<Record<string, Unit | null>>;
  /** Points each player has from The Bank. */
  readonly points?: Readonly<Record<string, number>>;
  /** Objects the Administrator places, in this order, before anyone enters: [kind, x, y, name?]. */
  readonly objects?: readonly (readonly [string, number, number, string?])[];
  /** Objects each player picks up (by id) once everyone has entered. */
  readonly holding?: Readonly<Record<string, readonly string[]>>;
}

/** Everything the game creates at the start on (1,1): the Big Stick, the Shield and the Ball of Wax. */
export const ORIGIN = { stick: [1, 1], shield: [1, 1], ball: [1, 1] } as const satisfies JunePosition;

/**
 * A June game with manual dice in the position given: the Big Stick on (1,1), the Shield on (1,2) and the Ball
 * of Wax on (20,20) unless the position says otherwise.
 */
export function june(position: JunePosition = {}): Table {
  const t = new Table([juneRuleset(position.optional, position.modules)]);
  // F.4: nweek 1's Ball of Wax (at creation every square is legal).
  t.create('grid-2002-06', {
    rolls: [position.stick ?? [1, 1], position.shield ?? [1, 2], position.ball ?? [20, 20]].map(([x, y]) =>
      sq(x, y),
    ),
    ...(position.edition !== undefined ? { edition: position.edition } : {}),
  });
  standing(t, position.players ?? {}, position);
  return t;
}

export const rules = (t: Table): JuneState => t.game.rules as JuneState;
export const at = (t: Table, name: string): Unit | null => locationOf(rules(t), name) ?? null;
export const placeOf = (t: Table, id: string): unknown => rules(t).objects.find((o) => o.id === id)?.place;
export const points = (t: Table, name: string): number => t.game.balances[name] ?? 0;
export const eventTypes = (events: readonly { type: string }[]): string[] => events.map((e) => e.type);

/**
 * Players joined and standing where the test says (each `name: [x, y]` enters, in order), with the points and
 * objects of `also` given and placed before anyone enters, and the objects it names picked up after.
 */
export function standing(
  t: Table,
  where: Readonly<Record<string, Unit | null>>,
  also: Pick<JunePosition, 'points' | 'objects' | 'holding'> = {},
): Table {
  t.join(...Object.keys(where));
  t.give(also.points ?? {});
  for (const [kind, x, y, name] of also.objects ?? []) place(t, kind, x, y, name);
  for (const [name, u] of Object.entries(where)) if (u) t.act(name, 'enter', { x: u[0], y: u[1] });
  for (const [name, ids] of Object.entries(also.holding ?? {}))
    for (const object of ids) t.act(name, 'pickup', { object });
  return t;
}

/** Gives a player points from The Bank. */
export function give(t: Table, name: string, amount: number): void {
  t.admin('points', { to: name, amount, reason: 'opening balance' });
}

/** The id the Administrator's next `place` will give an object of a kind (R-J30: hidden kinds count apart). */
export const nextId = (t: Table, kind: string): string =>
  HIDDEN_KINDS.has(kind as Kind)
    ? `${kind}:${(rules(t).hiddenMade ?? 0) + 1}`
    : `${kind}:${rules(t).made + 1}`;

/** The Administrator places an object; returns its id. */
export function place(t: Table, kind: string, x: number, y: number, name?: string): string {
  const id = nextId(t, kind);
  t.admin('place', { kind, x, y, ...(name ? { name } : {}) });
  return id;
}

/** A test-only rule: the Administrator destroys any Grid Object (standing for any rule that destroys things). */
export const destroyer: RuleModule<JuneState> = {
  id: 'test/destroy',
  section: 'Destruction (a test rule)',
  text: 'The Administrator may destroy any Grid Object.',
  commands: {
    destroy: command<JuneState, z.ZodType<{ id: string }>>({
      actor: 'admin',
      visibility: 'public',
      summary: 'destroy a Grid Object',
      words: ['id'],
      args: z.object({ id: z.string() }).strict(),
      run(ctx, _by, { id }) {
        const e: ObjectRemoved = { type: 'object-removed', vis: 'public', id, why: 'destroyed' };
        ctx.emit(e);
      },
    }),
  },
};

/** A test-only rule: the Administrator turns a player into a Toad (standing for F.1's "certain events"). */
export const toadMaker: RuleModule<JuneState> = {
  id: 'test/toad-maker',
  section: 'Toad-making (a test rule)',
  text: 'The Administrator may turn a player into a Toad for 4 nweeks.',
  commands: {
    toad: command<JuneState, z.ZodType<{ player: string }>>({
      actor: 'admin',
      visibility: 'public',
      summary: 'turn a player into a Toad',
      words: ['player'],
      args: z.object({ player: z.string() }).strict(),
      run: (ctx, _by, { player }) => becomeToad(ctx, player, 4, 'a test rule'),
    }),
  },
};

/** F.4: the result that puts each nweek's Ball of Wax on the first legal square (x, then y). */
export const BALL = 1;

/**
 * Ends the current nweek in a manual-dice June game. The results are queued in the order the rules roll: those
 * of the end of the nweek and of its start before the Ball (`before`: Bait, Toads, Gremlins ...), the Ball's,
 * then those of the first nday (`after`: the Yeti).
 */
export function nweek(t: Table, before: number[] = [], after: number[] = []): ReturnType<Table['admin']> {
  return t.admin('tick', { nweek: true }, [...before, BALL, ...after]);
}
