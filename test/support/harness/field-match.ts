// The harness of Field Matches (the framework Life is written in, src/rulesets/field-match; seeds/004): any
// match's game with manual dice in a known position in one call (who has joined, the Referee's set-up with its
// dice), a Player's action on a square, a refusal read as its code and message, and the match's state.
// Built on the real kernel (../table.ts); Life's own harness (./life.ts) stands on this one.
import { expect } from 'vitest';
import { erase, player } from '../../../src/core/index.js';
import type { Command, JsonObject, RuleError } from '../../../src/core/index.js';
import type { FieldMatchRuleset, FieldState } from '../../../src/rulesets/field-match/index.js';
import { Table } from '../table.js';

export interface MatchPosition {
  /** Manual dice unless given: fair dice draw from the table's fixed secret (../table.ts). */
  readonly dice?: 'manual' | 'fair';
  /** Players, joined in this order. */
  readonly players?: readonly string[];
  /** The game's configuration (the Field's size). */
  readonly config?: JsonObject | null;
  /** The Referee's first action (a set-up, as Life's Initialize or Lamps' Setup), with the dice it takes. */
  readonly setup?: { readonly verb: string; readonly rolls: readonly number[] };
}

/** A game of the match with manual dice, in the position given. */
export function matchGame(match: FieldMatchRuleset, position: MatchPosition = {}): Table {
  const t = new Table([erase(match)]);
  t.create(match.id, {
    dice: position.dice ?? 'manual',
    ...(position.config ? { config: position.config } : {}),
  });
  t.join(...(position.players ?? []));
  if (position.setup) t.admin(position.setup.verb, {}, [...position.setup.rolls]);
  return t;
}

/** The match's state: the Field, its objects, the players' and the Field's attributes. */
export const fieldOf = (t: Table): FieldState => t.game.rules as FieldState;

/** A Player invokes an action attached to a Field Object, naming its square (Life's Tweak, Lamps' Toggle). */
export const onSquare = (verb: string, name: string, x: number, y: number): Command => ({
  type: verb,
  by: player(name),
  args: { x, y },
});

/** A refusal with this code and, if given, this message (exactly, or matching a pattern). */
export function expectRefusal(e: RuleError, code: string, message?: string | RegExp): void {
  expect(e.code).toBe(code);
  if (typeof message === 'string') expect(e.message).toBe(message);
  else if (message) expect(e.message).toMatch(message);
}
