// Shared set-up for the tests of grid-2002-06 sections F.2, F.3 and G (fg-*.test.ts): a June game with manual
// dice whose Big Stick and Shield are put where the test says.
import { z } from 'zod';
import { command, erase } from '../../src/core/index.js';
import type { AnyRuleset, RuleModule } from '../../src/core/index.js';
import { grid200206, locationOf } from '../../src/rulesets/grid-2002-06/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import type { Kind, ObjectRemoved, Unit } from '../../src/rulesets/grid-2002-06/types.js';
import { HIDDEN_KINDS } from '../../src/rulesets/grid-2002-06/types.js';
// (de-toads.js may be loaded first: it no longer imports sections-de.js, so there is no import cycle to enter.)
import { becomeToad } from '../../src/rulesets/grid-2002-06/de-toads.js';
import { Table } from '../support/table.js';

/** The June ruleset, with test-only rules the Administrator may enact. */
export function juneRuleset(optional: readonly RuleModule<JuneState>[] = []): AnyRuleset {
  return erase({ ...grid200206, optional: [...(grid200206.optional ?? []), ...optional] });
}

/**
 * Which result of a "choice of n" picks square (x,y) when every square is legal (the choice lists the legal
 * squares x first, then y: (1,1), (1,2), ..., (20,20)).
 */
export const sq = (x: number, y: number): number => (x - 1) * 20 + y;

/** A June game with manual dice; the Big Stick and the Shield are placed at creation where the test says. */
export function fgJune(
  options: {
    stick?: Unit;
    shield?: Unit;
    optional?: readonly RuleModule<JuneState>[];
    /** The rulings' edition the game is created under (this program's own if not given). */
    edition?: number;
  } = {},
): Table {
  const stick = options.stick ?? [1, 1];
  const shield = options.shield ?? [1, 2];
  const t = new Table([juneRuleset(options.optional)]);
  // F.4: nweek 1's Ball of Wax in the far corner (at creation every square is legal).
  t.create('grid-2002-06', {
    rolls: [sq(...stick), sq(...shield), sq(20, 20)],
    ...(options.edition !== undefined ? { edition: options.edition } : {}),
  });
  return t;
}

export const rules = (t: Table): JuneState => t.game.rules as JuneState;
export const at = (t: Table, name: string): Unit | null => locationOf(rules(t), name) ?? null;
export const placeOf = (t: Table, id: string): unknown => rules(t).objects.find((o) => o.id === id)?.place;
export const points = (t: Table, name: string): number => t.game.balances[name] ?? 0;
export const eventTypes = (events: readonly { type: string }[]): string[] => events.map((e) => e.type);

/** Players joined and standing where the test says: fgJune's game, then each `name: [x, y]` enters. */
export function standing(t: Table, where: Record<string, Unit | null>): Table {
  t.join(...Object.keys(where));
  for (const [name, u] of Object.entries(where)) if (u) t.act(name, 'enter', { x: u[0], y: u[1] });
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
