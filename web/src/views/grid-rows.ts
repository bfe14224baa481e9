// What the Grid's view carries (January and June 2002 texts), read from its JSON: the players, the objects,
// the Things and the squares, as rows, and where each is in words. The drawing, its key and its lists all
// read the view through these, so a field the server renames is changed in one place.
import type { Json } from '../api';

export type XY = [number, number];

export interface PlayerRow {
  name: string;
  location: XY | null;
  points: number;
  holding?: string[];
}
export interface ThingRow {
  kind: string;
  n: number;
  location: XY;
}
export interface ObjectRow {
  id: string;
  kind: string;
  name?: string;
  place: Json;
}
export interface SquareRow {
  at: XY;
  substance?: string;
  depth?: number;
  wet?: boolean;
  frozen?: boolean;
}

export const isXY = (v: unknown): v is XY =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number';
export const list = <T>(v: Json | undefined): T[] => (Array.isArray(v) ? (v as unknown as T[]) : []);
/** Names listed as strings or as rows with a player (the June Toads: {player, untilNweek}). */
export const names = (v: Json | undefined): string[] =>
  list<Json>(v).map((x) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? typeof x.player === 'string'
        ? x.player
        : typeof x.name === 'string'
          ? x.name
          : ''
      : typeof x === 'string'
        ? x
        : '',
  );

/** A square (x, y) in words, as the rules write it. */
export const unit = ([x, y]: XY) => `(${x},${y})`;

/** Where an object is, in words. */
export function placeText(place: Json): string {
  if (place === 'limbo') return 'in Limbo';
  if (place && typeof place === 'object' && !Array.isArray(place)) {
    const p = place;
    if (isXY(p.on)) return `at ${unit(p.on)}`;
    if (typeof p.heldBy === 'string') return `held by ${p.heldBy}`;
    if (isXY(p.airborne)) return `airborne, landing at ${unit(p.airborne)}`;
  }
  return JSON.stringify(place);
}
