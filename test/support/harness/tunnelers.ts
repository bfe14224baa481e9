// Shared set-up for the Tunnelers tests: games on the table with supplied dice, so every shuffle, deal and
// placement is known.
import { expect } from 'vitest';
import { ADMIN, permutation, player } from '../../../src/core/index.js';
import type { GameEvent, Json, JsonObject, Viewer } from '../../../src/core/index.js';
import { tunnelersRuleset } from '../../../src/rulesets/tunnelers/index.js';
import type { TunnelersState } from '../../../src/rulesets/tunnelers/index.js';
import type { Card, Mole } from '../../../src/rulesets/tunnelers/types.js';
import { ALL_SQUARES, moleOf } from '../../../src/rulesets/tunnelers/board.js';
import { FRESH_DECK } from '../../../src/rulesets/tunnelers/cards.js';
import { Table } from '../table.js';

/** The draws that make the kernel's Fisher-Yates shuffle of n items give `perm` (new position -> old index). */
export function drawsFor(perm: readonly number[]): number[] {
  const order = perm.map((_, i) => i);
  const draws: number[] = [];
  for (let i = perm.length - 1; i > 0; i--) {
    const j = order.indexOf(perm[i] as number);
    draws.push(j + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  expect(permutation(perm.length, draws)).toEqual(perm);
  return draws;
}

/** The draws that shuffle `cards` into a deck whose top is `top` (the rest in their first order). */
export function deckDraws(top: string, cards: readonly Card[] = FRESH_DECK): number[] {
  const used = new Set<number>();
  const perm: number[] = [];
  for (const c of top.replace(/\s/g, '')) {
    const i = cards.findIndex((x, k) => x === c && !used.has(k));
    if (i < 0) throw new Error(`no ${c} left for the deck`);
    used.add(i);
    perm.push(i);
  }
  cards.forEach((_, k) => {
    if (!used.has(k)) perm.push(k);
  });
  return drawsFor(perm);
}

/** The draws of a shuffle that leaves n items as they were. */
export const keep = (n: number): number[] => drawsFor(Array.from({ length: n }, (_, i) => i));

/** The 1d64 result that names a square (a1 = 1, a2 = 2, ..., h8 = 64). */
export const sq = (square: string): number => ALL_SQUARES.indexOf(square) + 1;

export interface Setup {
  /** Each player and where eir mole is placed, in the player list's order (the shuffle keeps joining order). */
  readonly moles: Record<string, string>;
  /** Each player's five starting cards, in list order; then the rest of the deck's top. */
  readonly hands?: readonly string[];
  readonly next?: string;
  readonly config?: Json;
  /** The rulings' edition the game is created under (this program's own if not given). */
  readonly edition?: number;
}

export const rules = (t: Table): TunnelersState => t.game.rules as TunnelersState;
export const mole = (t: Table, name: string): Mole | undefined => moleOf(rules(t), name);
export const hand = (t: Table, name: string): readonly Card[] => rules(t).hands[name] ?? [];
export const points = (t: Table, account: string): number => t.game.balances[account] ?? 0;

/**
 * Members of the society (T-22): each joins the game (a request), the Moderator approves, and the Administrator
 * records four points of eir score in the Main Game (T-25), enough to pay to play.
 */
export function members(t: Table, ...names: string[]): void {
  for (const name of names) {
    t.join(name);
    t.admin('approve', { player: name });
    t.admin('points', { to: name, amount: 4, reason: `${name}'s points in the Main Game` });
  }
}

/** Players: members who have paid four points to play (5). */
export function joined(t: Table, ...names: string[]): void {
  // Before edition 2 (K4) joining made a member and a player at once.
  if (t.game.edition < 2) {
    for (const name of names) t.join(name);
    return;
  }
  members(t, ...names);
  for (const name of names) t.act(name, 'pay-to-play');
}

export interface Gathering {
  /** Players who have joined the game, which asks to join the society (T-22), in this order. */
  readonly requests?: readonly string[];
  /** Then members of the society, each with four points from the Main Game (T-22, T-25). */
  readonly members?: readonly string[];
  /** Then players: members who have paid four points to play (5). */
  readonly players?: readonly string[];
  readonly config?: Json;
  /** The rulings' edition the game is created under (this program's own if not given). */
  readonly edition?: number;
}

/** A game with manual dice, not yet started, in the position given. */
export function gathering(position: Gathering = {}): Table {
  const t = new Table([tunnelersRuleset]);
  t.create('tunnelers', {
    dice: 'manual',
    ...(position.config !== undefined ? { config: position.config } : {}),
    ...(position.edition !== undefined ? { edition: position.edition } : {}),
  });
  t.join(...(position.requests ?? []));
  members(t, ...(position.members ?? []));
  joined(t, ...(position.players ?? []));
  return t;
}

/** A started game with manual dice: joined in the order given, placed and dealt as the set-up says. */
export function started(setup: Setup): Table {
  const names = Object.keys(setup.moles);
  const t = gathering({ config: setup.config, edition: setup.edition, players: names });
  const hands = setup.hands ?? names.map(() => 'OTQSX');
  const top = hands.join('') + (setup.next ?? '');
  t.admin('start', {}, [
    ...keep(names.length),
    ...deckDraws(top),
    ...names.map((n) => sq(setup.moles[n] as string)),
  ]);
  return t;
}

/**
 * alice's mole at c4 beside bob's at c5, alice to move (turn 4), carol's far off at h1: the moles placed at c3, c6
 * and h1, alice passes, bob moves to c5 and passes, carol passes, alice moves to c4. Hands alice's, bob's,
 * carol's; then the rest of the deck's top.
 */
export function sideBySide(hands: readonly string[] = ['TOQSX', 'QQSSX', 'OTQSX'], next = ''): Table {
  const t = started({ moles: { alice: 'c3', bob: 'c6', carol: 'h1' }, hands, next });
  act(t, 'alice', 'end-turn');
  act(t, 'bob', 'move', { path: 'c5' });
  act(t, 'bob', 'end-turn');
  act(t, 'carol', 'end-turn');
  act(t, 'alice', 'move', { path: 'c4' });
  return t;
}

/**
 * T-27's two games that must look alike: alice, from c4, attacks c5, where bob's mole is (`attacked`), or where
 * no mole is (`empty`: bob at a8); carol at h8 in both.
 */
export function attackedOrNot(): { attacked: Table; empty: Table } {
  const attacked = started({ moles: { alice: 'c3', bob: 'c5', carol: 'h8' } });
  const empty = started({ moles: { alice: 'c3', bob: 'a8', carol: 'h8' } });
  for (const t of [attacked, empty]) {
    act(t, 'alice', 'move', { path: 'c4' });
    act(t, 'alice', 'attack', { target: 'c5', cards: 'T' });
  }
  return { attacked, empty };
}

/** A player's command, accepted. */
export const act = (t: Table, name: string, type: string, args: Record<string, Json> = {}) =>
  t.act(name, type, args);

/** A player's command, refused; returns the error code. */
export const refused = (t: Table, name: string, type: string, args: Record<string, Json> = {}): string =>
  t.fail({ type, by: player(name), args }).code;

/** The events of the last accepted command visible to a viewer, and all of them. */
export const typesOf = (events: readonly GameEvent[]): string[] => events.map((e) => e.type);

export const viewOf = (t: Table, viewer: Viewer): JsonObject => t.kernel.view(t.game, viewer);

/** What a player's view says e was last told (or asked). */
export const lastTold = (t: Table, name: string): string => rules(t).told[name]?.at(-1) ?? '';
export const question = (t: Table, name: string): string | undefined => rules(t).questions[name];

export { ADMIN, player, Table };
