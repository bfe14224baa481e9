// A.1 "The Grid is 20 units wide by 20 units tall. ... with (1,1) in the lower left-hand corner, and (20,20)
// in the upper [right]." Helpers over squares and the objects on them.
import type { GridObject, JuneState, Place, Unit } from './types.js';
import type { GameEvent } from '../../core/index.js';

export const GRID_SIZE = 20;

export const onGrid = ([x, y]: Unit): boolean =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 1 && x <= GRID_SIZE && y >= 1 && y <= GRID_SIZE;
export const sameUnit = (a: Unit, b: Unit): boolean => a[0] === b[0] && a[1] === b[1];
/** A.2 "Two squares are consecutive if both their x and y coordinates differ by no more than 1." */
export const consecutive = (a: Unit, b: Unit): boolean =>
  !sameUnit(a, b) && Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= 1;
export const unitText = ([x, y]: Unit): string => `(${x},${y})`;
export const squareKey = ([x, y]: Unit): string => `${x},${y}`;

export const unitOf = (place: Place): Unit | undefined => ('on' in place ? place.on : undefined);

export const objectById = (s: JuneState, id: string): GridObject | undefined =>
  s.objects.find((o) => o.id === id);
export const playerId = (name: string): string => `player:${name}`;
export const playerObject = (s: JuneState, name: string): GridObject | undefined =>
  objectById(s, playerId(name));

/** A player's square, if e is on the Grid. */
export function locationOf(s: JuneState, name: string): Unit | undefined {
  const body = playerObject(s, name);
  return body ? unitOf(body.place) : undefined;
}

/** The objects on a square. */
export const objectsAt = (s: JuneState, at: Unit): GridObject[] =>
  s.objects.filter((o) => 'on' in o.place && sameUnit(o.place.on, at));

/** What a player holds (B.3). */
export const holdings = (s: JuneState, name: string): GridObject[] =>
  s.objects.filter((o) => 'heldBy' in o.place && o.place.heldBy === name);

/** Squares with no Grid Object on them ("unoccupied locations", B.1 and E.1). */
export function vacantSquares(s: JuneState): Unit[] {
  const taken = new Set(s.objects.flatMap((o) => ('on' in o.place ? [squareKey(o.place.on)] : [])));
  const out: Unit[] = [];
  for (let x = 1; x <= GRID_SIZE; x++)
    for (let y = 1; y <= GRID_SIZE; y++) if (!taken.has(`${x},${y}`)) out.push([x, y]);
  return out;
}

export const replaceObject = (s: JuneState, next: GridObject): JuneState => ({
  ...s,
  objects: s.objects.map((o) => (o.id === next.id ? next : o)),
});

/** A JSON value from an event, as text for a log line. */
export const str = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
/** What an event's n-th roll came to (a die's total), as text for a log line. */
export const rolled = ({ rolls }: GameEvent, n = 0): string => str(rolls?.[n]?.result);
/** The i-th die an event's first roll drew, as text for a log line. */
export const drawn = ({ rolls }: GameEvent, i: number): string => str(rolls?.[0]?.draws[i]);
/** A square from an event, as text. */
export const unitStr = (v: unknown): string =>
  Array.isArray(v) ? `(${String(v[0])},${String(v[1])})` : str(v);
