// Helpers for the rooms and rooms+quests tests: a small map where every room is a step or two apart, a game on
// the table with manual dice, and the Random Selection draws that pick given rooms.
import { expect } from 'vitest';
import type { Json } from '../../../src/core/index.js';
import { roomsRuleset } from '../../../src/rulesets/rooms/index.js';
import type { RoomsState } from '../../../src/rulesets/rooms/index.js';
import { roomsQuestsRuleset } from '../../../src/rulesets/quests/index.js';
import type { QuestsState } from '../../../src/rulesets/quests/index.js';
import type { MapFile } from '../../../src/rulesets/rooms/map.js';
import { candidates } from '../../../src/rulesets/quests/creation.js';
import { tallyAccount } from '../../../src/rulesets/rooms/tallies.js';
import type { Tally } from '../../../src/rulesets/rooms/tallies.js';
import type { Token } from '../../../src/rulesets/rooms/types.js';
import { Table } from '../table.js';

/**
 * A hall with four rooms off it, and Mornington Crescent by the door:
 *
 *   Mornington Crescent - Hall - Library
 *                          |  \
 *                     Garden   Vault - Cellar
 */
export const TINY: MapFile = {
  title: 'A small house',
  start: 'Hall',
  actionsPerTurn: 20,
  rooms: ['Mornington Crescent', 'Hall', 'Library', 'Garden', 'Vault', 'Cellar'],
  passages: [
    ['Mornington Crescent', 'Hall'],
    ['Hall', 'Library'],
    ['Hall', 'Garden'],
    ['Hall', 'Vault'],
    ['Vault', 'Cellar'],
  ],
};

/** A new game with manual dice on `map` (the default map when null), under `ruleset`. */
export function game(map: Json = TINY, ruleset = 'rooms+quests'): Table {
  const t = new Table([roomsRuleset, roomsQuestsRuleset]);
  t.create(ruleset, { dice: 'manual', config: map });
  return t;
}

export const rules = (t: Table): QuestsState => t.game.rules as QuestsState;
export const host = (t: Table): RoomsState => t.game.rules as RoomsState;

/** Where a player is. */
export const roomOf = (t: Table, player: string): string | undefined =>
  host(t).places.find((p) => p.player === player)?.room;

/** Names of the tokens a player carries, in number order. */
export const carrying = (t: Table, player: string): string[] =>
  host(t)
    .tokens.filter((x) => 'carrier' in x.at && x.at.carrier === player)
    .map((x) => x.name);

/** Names of the tokens lying in a room, in number order. */
export const lying = (t: Table, room: string): string[] =>
  host(t)
    .tokens.filter((x) => 'room' in x.at && x.at.room === room)
    .map((x) => x.name);

/** Every token of the game. */
export const allTokens = (t: Table): readonly Token[] => host(t).tokens;

/** A player's tally. */
export const tally = (t: Table, player: string, which: Tally): number =>
  t.game.balances[tallyAccount(player, which)] ?? 0;

/** The manual draw that makes Random Selection pick `room` when `not` are excluded (besides Mornington Crescent). */
export function draw(t: Table, room: string, not: readonly string[] = []): number {
  const from = candidates(rules(t), not);
  const i = from.indexOf(room);
  if (i < 0) throw new Error(`${room} is not a candidate among ${from.join(', ')}`);
  return i + 1;
}

export interface QuestSpec {
  readonly name?: string;
  readonly colour: string;
  readonly home: string;
  readonly locate: string;
  readonly goal: string;
  readonly d20: number;
}

/** The active player creates a Quest, step by step, with dice that give the rooms and value asked for. */
export function makeQuest(t: Table, player: string, q: QuestSpec): void {
  t.act(player, 'create-quest', q.name === undefined ? {} : { name: q.name });
  t.act(player, 'quest-colour', { colour: q.colour });
  t.act(player, 'quest-home', {}, [draw(t, q.home)]);
  t.act(player, 'quest-locate', {}, [draw(t, q.locate, [q.home])]);
  t.act(player, 'quest-goal', {}, [draw(t, q.goal, [q.home, q.locate])]);
  t.act(player, 'quest-roll', {}, [q.d20]);
}

/** Moves a player along a path of rooms, one passage at a time. */
export function walk(t: Table, player: string, ...rooms: string[]): void {
  for (const to of rooms) t.act(player, 'move', { to });
}

/** Event types of a command's events, without the command entry itself. */
export const types = (events: readonly { type: string }[]): string[] =>
  events.map((e) => e.type).filter((x) => x !== 'command');

/** The red Quest used by many tests: home Library, locate Garden, goal Vault, worth 12 brownie points. */
export const RED: QuestSpec = {
  name: 'The Lost Umbrella',
  colour: 'red',
  home: 'Library',
  locate: 'Garden',
  goal: 'Vault',
  d20: 12,
};

/** Expects a rejection's code, and that the message says something of `about`. */
export function expectError(error: { code: string; message: string }, code: string, about?: RegExp): void {
  expect(error.code).toBe(code);
  if (about) expect(error.message).toMatch(about);
}
