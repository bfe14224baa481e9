// The harness of ruleset grid-2002-01, "The Grid" (seeds/001_c10abc9f4ae4b583.txt): a game with supplied dice in
// a known position in one call (where the Things start, who has joined, who stands where, who has what points),
// and the readings the tests make of it. Built on the real kernel (test/support/table.ts).
import { positionOf } from '../../../src/rulesets/grid-2002-01/index.js';
import { grid200201Ruleset } from '../../../src/rulesets/grid-2002-01/index.js';
import type { GridState } from '../../../src/rulesets/grid-2002-01/index.js';
import type { Unit } from '../../../src/rulesets/grid-2002-01/types.js';
import type { AnyRuleset } from '../../../src/core/index.js';
import { Table } from '../table.js';

/** Placement dice for Shiny 1..5 then Scary 1..5: x then y for each, far from where the tests walk. */
export const FAR: readonly number[] = [
  15, 15, 16, 15, 17, 15, 18, 15, 19, 15, 15, 17, 16, 17, 17, 17, 18, 17, 19, 17,
];

/** Placement dice with the given units first (Shiny 1, Shiny 2, ...) and the rest far away. */
export const placing = (...units: [number, number][]): number[] => [
  ...units.flat(),
  ...FAR.slice(units.length * 2),
];

export interface GridPosition {
  /** The placement dice of the ten Things (FAR if not given; `placing` builds them). */
  readonly rolls?: readonly number[];
  /** Each player, joined in this order; those given a unit enter the Grid there, in the same order. */
  readonly players?: Readonly<Record<string, Unit | null>>;
  /** Points each player has from The Bank before anyone enters. */
  readonly points?: Readonly<Record<string, number>>;
  /** nticks in an nweek (7 if not given). */
  readonly ndays?: number;
  /** The rulesets the game's table knows (the Grid alone if not given). */
  readonly rulesets?: readonly AnyRuleset[];
}

/** A Grid game with manual dice in the position given. */
export function grid(position: GridPosition = {}): Table {
  const t = new Table(position.rulesets ?? [grid200201Ruleset]);
  t.create('grid-2002-01', {
    rolls: [...(position.rolls ?? FAR)],
    ...(position.ndays !== undefined ? { ndays: position.ndays } : {}),
  });
  const players = position.players ?? {};
  t.join(...Object.keys(players));
  t.give(position.points ?? {});
  for (const [name, u] of Object.entries(players)) if (u) t.act(name, 'enter', { x: u[0], y: u[1] });
  return t;
}

export const rules = (t: Table): GridState => t.game.rules as GridState;
export const points = (t: Table, name: string): number => t.game.balances[name] ?? 0;
/** Where a player stands (null in Limbo). */
export const at = (t: Table, name: string): Unit | null => positionOf(rules(t), name) ?? null;
