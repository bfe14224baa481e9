// The harness of Life (seeds/004_ff6492e849b428a0.txt), a Field Match: a game with manual dice in a known
// position in one call (who has joined with which Team, the Cells Initialize placed, the Advantage, whether this
// nweek's Evolve is done), fields drawn as pictures (rows from the top, y = height first, like the board), the
// manual dice that make Initialize place a given picture, and the readings the tests make.
import type { Command, JsonObject } from '../../../src/core/index.js';
import { layerOf, columnOf, emptyFieldOf, playerValue, fieldValue } from '../../life/field.js';
import type { FieldState, Value } from '../../../src/rulesets/field-match/index.js';
import { life } from '../../../src/rulesets/life/index.js';
import type { Table } from '../table.js';
import { fieldOf, matchGame, onSquare } from './field-match.js';

export { life };

/** Manual dice for a choice among Red, Green, Blue (the order of the range). */
export const DIE: Readonly<Record<string, number>> = { R: 1, G: 2, B: 3, Red: 1, Green: 2, Blue: 3 };
const NAMES: Readonly<Record<string, string>> = { R: 'Red', G: 'Green', B: 'Blue' };
const CODES: Readonly<Record<string, number>> = { '.': 0, R: 1, G: 2, B: 3 };
const LETTERS = ['.', 'R', 'G', 'B'];

/** A picture's rows are the field's rows from the top: picture[0] is y = height. */
export function pictureSize(picture: readonly string[]): { width: number; height: number } {
  const width = picture[0]?.length ?? 0;
  if (picture.some((row) => row.length !== width))
    throw new Error('every row of a picture has the same length');
  return { width, height: picture.length };
}

/** The dice Initialize needs to place a picture of R, G, B (squares from (1,1) along each row, upwards), then
 * the players' Teams and the Advantage. */
export function initializeRolls(
  picture: readonly string[],
  teams: readonly string[],
  advantage: string,
): number[] {
  const rolls: number[] = [];
  for (let row = picture.length - 1; row >= 0; row--) {
    for (const ch of picture[row] ?? '') {
      const d = DIE[ch];
      if (d === undefined) throw new Error(`Initialize colours every Cell: ${ch} is not R, G or B`);
      rolls.push(d);
    }
  }
  for (const t of [...teams, advantage]) {
    const d = DIE[t];
    if (d === undefined) throw new Error(`${t} is not a Team`);
    rolls.push(d);
  }
  return rolls;
}

/** A Life state on a Field of the picture's size with a Cell on every square ('.' null, R, G, B). */
export function stateOf(picture: readonly string[], advantage: Value = null): FieldState {
  const { width, height } = pictureSize(picture);
  const s = emptyFieldOf(life.match, width, height);
  const layer = layerOf(s, 'Cell');
  const present = new Uint8Array(width * height).fill(1);
  const color = new Uint8Array(width * height);
  picture.forEach((row, r) => {
    const y = height - r;
    [...row].forEach((ch, x) => {
      const code = CODES[ch];
      if (code === undefined) throw new Error(`${ch} is not ., R, G or B`);
      color[(y - 1) * width + x] = code;
    });
  });
  return {
    ...s,
    field: { ...s.field, Advantage: advantage },
    objects: {
      ...s.objects,
      Cell: { count: width * height, present, attrs: { ...layer.attrs, Color: color } },
    },
  };
}

/** The Cells of a state as a picture (rows from the top). */
export function pictureOf(s: FieldState): string[] {
  const layer = layerOf(s, 'Cell');
  const color = columnOf(layer, 'Color');
  const rows: string[] = [];
  for (let y = s.height; y >= 1; y--) {
    let row = '';
    for (let x = 1; x <= s.width; x++) {
      const i = (y - 1) * s.width + (x - 1);
      row += layer.present[i] === 1 ? (LETTERS[color[i] ?? 0] ?? '?') : ' ';
    }
    rows.push(row);
  }
  return rows;
}

export const teamOf = (t: Table, name: string): Value => playerValue(life.match, rules(t), name, 'Team');
export const advantageOf = (t: Table): Value => fieldValue(rules(t), 'Advantage');
export const rules = fieldOf;
export const cells = (t: Table): string[] => pictureOf(rules(t));
export const colorName = (letter: string): string => NAMES[letter] ?? letter;

/** A full Field of Red: after Evolve only the four corners (three neighbours each) are left, all Red. */
export const ALL_RED: readonly string[] = ['RRRRR', 'RRRRR', 'RRRRR', 'RRRRR', 'RRRRR'];
/** Corners B, G, G, B in a Field of Red: after Evolve only the corners are left, two Colors, and the match goes on. */
export const CORNERS: readonly string[] = ['BRRRG', 'RRRRR', 'RRRRR', 'RRRRR', 'GRRRB'];
/** CORNERS after one Evolve. */
export const CORNERS_EVOLVED: readonly string[] = ['B...G', '.....', '.....', '.....', 'G...B'];

export interface LifePosition {
  /**
   * The players, joined in this order: a list before any Initialize; or each with the Team Initialize gives em
   * (R, G or B), where null is a player who joins after Initialize and has no Team until the next Evolve (L6).
   */
  readonly players?: readonly string[] | Readonly<Record<string, string | null>>;
  /** The Cells Initialize places, as a picture (no Initialize if not given). */
  readonly field?: readonly string[];
  /** The Advantage Initialize gives (R, G or B; Red if not given). */
  readonly advantage?: string;
  /** This nweek's Evolve, performed last: true, or the dice it needs for the Teams of players without one. */
  readonly evolved?: boolean | readonly number[];
  /** Manual dice unless given (fair dice choose their own picture, Teams and Advantage: give no field then). */
  readonly dice?: 'manual' | 'fair';
  /** The game's configuration (the Field's size, L17). */
  readonly config?: JsonObject | null;
}

const isList = (players: NonNullable<LifePosition['players']>): players is readonly string[] =>
  Array.isArray(players);

/** A new Life game on the table with manual dice (or `dice`), in the position given. */
export function lifeGame(position: LifePosition = {}): Table {
  const t = matchGame(life, {
    config: position.config ?? null,
    ...(position.dice ? { dice: position.dice } : {}),
  });
  const players = position.players ?? [];
  const teams: Readonly<Record<string, string | null>> = isList(players)
    ? Object.fromEntries(players.map((name) => [name, null]))
    : players;
  const teamed = Object.entries(teams).filter((e): e is [string, string] => e[1] !== null);
  const later = Object.keys(teams).filter((name) => teams[name] === null);
  if (!position.field) {
    t.join(...Object.keys(teams));
    if (teamed.length > 0) throw new Error('a Team is given by Initialize: give the field too');
  } else {
    t.join(...teamed.map(([name]) => name));
    initialize(
      t,
      position.field,
      teamed.map(([, team]) => team),
      position.advantage ?? 'R',
    );
    t.join(...later);
  }
  if (position.evolved) t.admin('evolve', {}, position.evolved === true ? undefined : [...position.evolved]);
  return t;
}

/** Initialize with the picture, each player's Team in joining order, and the Advantage. */
export function initialize(
  t: Table,
  picture: readonly string[],
  teams: readonly string[],
  advantage: string,
): void {
  t.admin('initialize', {}, initializeRolls(picture, teams, advantage));
}

/** A player's Tweak of the Cell at (x, y). */
export const tweak = (name: string, x: number, y: number): Command => onSquare('tweak', name, x, y);
