// The harness of the host ruleset `rooms` and of `rooms+quests` (Nomic02 rules 139-142, "For It Is Still Your
// Sacred Task", seeds/003_1bebf603c3346265.txt): a game with manual dice in a known position in one call (which
// map, who has joined, which Quests are on the Roster, who carries what, a creation commenced), the Random
// Selection draws that pick given rooms, and the readings the tests make. Built on the real kernel (../table.ts).
import { expect } from 'vitest';
import { ledgerTotal } from '../../../src/core/index.js';
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

/** A new game with manual dice (or `dice`) on `map` (the default map when null), under `ruleset`. */
export function game(map: Json = TINY, ruleset = 'rooms+quests', dice: 'manual' | 'fair' = 'manual'): Table {
  const t = new Table([roomsRuleset, roomsQuestsRuleset]);
  t.create(ruleset, { dice, config: map });
  return t;
}

/** The steps of a Quest's creation a player has taken, in rule 142's strict order (rooms by Random Selection). */
export interface Commenced {
  readonly name?: string;
  readonly colour?: string;
  readonly home?: string;
  readonly locate?: string;
  readonly goal?: string;
}

export interface QuestsPosition {
  /** The whole map (TINY if not given; null for the default map around Mornington Crescent). */
  readonly map?: Json;
  /** TINY (or the map given) with these tokens lying in its rooms at the start (H8). */
  readonly tokens?: readonly { readonly name: string; readonly room: string }[];
  /** TINY (or the map given) with this many actions a turn (H5). */
  readonly actionsPerTurn?: number;
  /** TINY (or the map given) with this turn deadline in ndays (H11). */
  readonly turnDeadline?: number;
  /** Manual dice unless given: fair dice draw from the table's fixed secret (../table.ts). */
  readonly dice?: 'manual' | 'fair';
  /** `rooms+quests` unless given; `rooms` is the host alone. */
  readonly ruleset?: 'rooms' | 'rooms+quests';
  /** Players, joined in this order: each is placed in the start room, and the first begins turn 1 (H4, H6). */
  readonly players?: readonly string[];
  /** Quests the first player creates, in this order, on eir turn (rule 142). */
  readonly quests?: readonly QuestSpec[];
  /** Tokens the first player fetches, in this order, on eir turn: [token, ...the rooms e walks to it]. */
  readonly fetches?: readonly (readonly [token: string, ...path: string[]])[];
  /** A Quest the first player has commenced, and the steps of it e has taken, after all the above. */
  readonly commenced?: Commenced;
}

/** A game with manual dice in the position given. */
export function quests(position: QuestsPosition = {}): Table {
  const base = position.map === undefined ? TINY : position.map;
  const changes = {
    ...(position.tokens !== undefined ? { tokens: position.tokens } : {}),
    ...(position.actionsPerTurn !== undefined ? { actionsPerTurn: position.actionsPerTurn } : {}),
    ...(position.turnDeadline !== undefined ? { turnDeadline: position.turnDeadline } : {}),
  };
  const map =
    Object.keys(changes).length === 0 ? base : ({ ...(base as Record<string, Json>), ...changes } as Json);
  const t = game(map, position.ruleset ?? 'rooms+quests', position.dice);
  const players = position.players ?? [];
  t.join(...players);
  const first = players[0];
  for (const q of position.quests ?? []) makeQuest(t, first ?? 'alice', q);
  for (const [token, ...path] of position.fetches ?? []) fetchToken(t, first ?? 'alice', token, ...path);
  if (position.commenced) commence(t, first ?? 'alice', position.commenced);
  return t;
}

/** A game of the host `rooms` alone, in the position given. */
export const rooms = (position: Omit<QuestsPosition, 'ruleset'> = {}): Table =>
  quests({ ...position, ruleset: 'rooms' });

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
  commence(t, player, q);
  t.act(player, 'quest-roll', {}, [q.d20]);
}

/** The active player commences a Quest and takes the steps given, with dice that give the rooms asked for. */
export function commence(t: Table, player: string, q: Commenced): void {
  t.act(player, 'create-quest', q.name === undefined ? {} : { name: q.name });
  if (q.colour === undefined) return;
  t.act(player, 'quest-colour', { colour: q.colour });
  if (q.home === undefined) return;
  t.act(player, 'quest-home', {}, [draw(t, q.home)]);
  if (q.locate === undefined) return;
  t.act(player, 'quest-locate', {}, [draw(t, q.locate, [q.home])]);
  if (q.goal === undefined) return;
  t.act(player, 'quest-goal', {}, [draw(t, q.goal, [q.home, q.locate])]);
}

/** Moves a player along a path of rooms, one passage at a time. */
export function walk(t: Table, player: string, ...rooms: string[]): void {
  for (const to of rooms) t.act(player, 'move', { to });
}

/** A player walks the path given (none: e stays) and picks up a token lying where e ends. */
export function fetchToken(t: Table, player: string, token: string, ...path: string[]): void {
  walk(t, player, ...path);
  t.act(player, 'pick-up', { token });
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

/**
 * What rules 139-142 keep true after every command (every simulated or random game checks it): at most three
 * Quests on the Roster, no two of one colour, each with three different rooms, none Mornington Crescent; every
 * quest token exists and belongs to a Quest on the Roster; and the ledger sums to zero.
 */
export function expectQuestInvariants(t: Table): QuestsState {
  const s = rules(t);
  expect(s.quests.roster.length).toBeLessThanOrEqual(3);
  const colours = s.quests.roster.map((q) => q.colour.toLowerCase());
  expect(new Set(colours).size).toBe(colours.length);
  for (const q of s.quests.roster) {
    expect([q.home, q.locate, q.goal]).not.toContain('Mornington Crescent');
    expect(new Set([q.home, q.locate, q.goal]).size).toBe(3);
  }
  for (const link of s.quests.tokens) {
    expect(s.tokens.some((x) => x.id === link.token)).toBe(true);
    expect(s.quests.roster.some((q) => q.id === link.quest)).toBe(true);
  }
  expect(ledgerTotal(t.game.balances)).toBe(0);
  return s;
}
