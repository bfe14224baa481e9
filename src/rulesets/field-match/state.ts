// The state of a Field Match and the pure updates of it. Field Objects are stored as layers of typed arrays,
// one slot per square, so a rule that passes over a 1000 x 1000 field touches flat memory. The state is
// never changed in place: an update copies the array it changes (copy-on-write), so every state the log
// passes through stays as it was.
import type { AttributeSpec, Match, ObjectSpec, Range, Value } from './match.js';
import { attributeOf, objectOf } from './match.js';

/** A square as [x, y]: x from 1 at the left, y from 1 at the bottom. */
export type Square = readonly [number, number];

/** One attribute of every object of a kind: codes (enum ranges, 0 is null) or numbers (NaN is null). */
export type Column = Uint8Array | Float64Array;

/** The objects of one kind: which squares hold one, and each attribute, indexed by square. */
export interface Layer {
  readonly count: number;
  readonly present: Uint8Array;
  readonly attrs: Readonly<Record<string, Column>>;
}

/** One performed invocation of an action, remembered for the rest of its nweek. */
export interface Invocation {
  readonly action: string;
  /** The invoking player, or null for the Referee. */
  readonly by: string | null;
  readonly nweek: number;
}

/** A player's attribute values that differ from the defaults, or have been set. */
export interface PlayerAttrs {
  readonly name: string;
  readonly attrs: Readonly<Record<string, Value>>;
}

export interface FieldState {
  readonly width: number;
  readonly height: number;
  /** Players whose attributes have been set, in the order first set; others have the defaults. */
  readonly players: readonly PlayerAttrs[];
  readonly field: Readonly<Record<string, Value>>;
  readonly objects: Readonly<Record<string, Layer>>;
  /** The invocations of the current nweek (older ones are dropped when the next is recorded). */
  readonly invoked: readonly Invocation[];
}

/** The index of a square in a layer: rows from the bottom, x along each row. */
export const indexOf = (s: { width: number }, [x, y]: Square): number => (y - 1) * s.width + (x - 1);
export const squareAt = (s: { width: number }, i: number): Square => [
  (i % s.width) + 1,
  Math.floor(i / s.width) + 1,
];
export const onField = (s: { width: number; height: number }, [x, y]: Square): boolean =>
  Number.isInteger(x) && Number.isInteger(y) && x >= 1 && x <= s.width && y >= 1 && y <= s.height;
export const squareText = ([x, y]: Square): string => `(${x},${y})`;

/** The code a value is stored as in a layer. */
export function encode(range: Range, value: Value): number {
  if (range.kind === 'int') return value === null ? NaN : Number(value);
  if (value === null) return 0;
  const k = range.nonNull.indexOf(value);
  if (k < 0) throw new Error(`${String(value)} is not in the range`);
  return k + 1;
}

/** The value a stored code stands for. */
export function decode(range: Range, code: number): Value {
  if (range.kind === 'int') return Number.isNaN(code) ? null : code;
  return code === 0 ? null : (range.nonNull[code - 1] ?? null);
}

const emptyColumn = (a: AttributeSpec, n: number): Column => {
  if (a.range.kind === 'enum') {
    const col = new Uint8Array(n);
    const code = encode(a.range, a.default);
    if (code !== 0) col.fill(code);
    return col;
  }
  return new Float64Array(n).fill(encode(a.range, a.default));
};

/** A field with no objects, the Field's attributes at their defaults. */
export function emptyField(match: Match, width: number, height: number): FieldState {
  const n = width * height;
  const objects: Record<string, Layer> = {};
  for (const o of match.objects) {
    objects[o.name] = {
      count: 0,
      present: new Uint8Array(n),
      attrs: Object.fromEntries(o.attributes.map((a) => [a.name, emptyColumn(a, n)])),
    };
  }
  const field = Object.fromEntries(
    match.attributes.filter((a) => a.scope.kind === 'field').map((a) => [a.name, a.default]),
  );
  return { width, height, players: [], field, objects, invoked: [] };
}

export function layerOf(s: FieldState, kind: string): Layer {
  const layer = Object.hasOwn(s.objects, kind) ? s.objects[kind] : undefined;
  if (!layer) throw new Error(`no Field Object ${kind}`);
  return layer;
}

export function columnOf(layer: Layer, attr: string): Column {
  const col = Object.hasOwn(layer.attrs, attr) ? layer.attrs[attr] : undefined;
  if (!col) throw new Error(`no attribute ${attr}`);
  return col;
}

/** Whether an object of the kind is on the square. */
export const objectOn = (s: FieldState, kind: string, at: Square): boolean =>
  onField(s, at) && layerOf(s, kind).present[indexOf(s, at)] === 1;

/** An attribute of the object on a square. */
export function objectValue(match: Match, s: FieldState, kind: string, at: Square, attr: string): Value {
  const a = attributeOf(match, attr);
  return decode(a.range, columnOf(layerOf(s, kind), attr)[indexOf(s, at)] ?? 0);
}

/** A player's attribute: as set, or the default. */
export function playerValue(match: Match, s: FieldState, player: string, attr: string): Value {
  const p = s.players.find((x) => x.name === player);
  if (p && Object.hasOwn(p.attrs, attr)) return p.attrs[attr] ?? null;
  return attributeOf(match, attr).default;
}

export const fieldValue = (s: FieldState, attr: string): Value =>
  Object.hasOwn(s.field, attr) ? (s.field[attr] ?? null) : null;

export function withPlayerValue(s: FieldState, player: string, attr: string, value: Value): FieldState {
  const players = s.players.slice();
  const i = players.findIndex((p) => p.name === player);
  const before = i >= 0 ? players[i]?.attrs : undefined;
  const entry = { name: player, attrs: { ...before, [attr]: value } };
  if (i >= 0) players[i] = entry;
  else players.push(entry);
  return { ...s, players };
}

export const withFieldValue = (s: FieldState, attr: string, value: Value): FieldState => ({
  ...s,
  field: { ...s.field, [attr]: value },
});

/** The state with one layer replaced. */
export const withLayer = (s: FieldState, kind: string, layer: Layer): FieldState => ({
  ...s,
  objects: { ...s.objects, [kind]: layer },
});

/** Sets one attribute of the object on a square (copying that attribute's array). */
export function withObjectValue(
  match: Match,
  s: FieldState,
  kind: string,
  at: Square,
  attr: string,
  value: Value,
): FieldState {
  const layer = layerOf(s, kind);
  const col = columnOf(layer, attr).slice();
  col[indexOf(s, at)] = encode(attributeOf(match, attr).range, value);
  return withLayer(s, kind, { ...layer, attrs: { ...layer.attrs, [attr]: col } });
}

/** Puts objects of one kind on squares with the given attributes (the rest at their defaults); one copy. */
export function withObjectsPlaced(
  match: Match,
  s: FieldState,
  kind: string,
  placed: readonly { readonly at: Square; readonly values: Readonly<Record<string, Value>> }[],
): FieldState {
  const spec: ObjectSpec = objectOf(match, kind);
  const layer = layerOf(s, kind);
  const present = layer.present.slice();
  let count = layer.count;
  const attrs: Record<string, Column> = {};
  for (const a of spec.attributes) attrs[a.name] = columnOf(layer, a.name).slice();
  for (const { at, values } of placed) {
    const i = indexOf(s, at);
    if (present[i] !== 1) count++;
    present[i] = 1;
    for (const a of spec.attributes) {
      const col = attrs[a.name] as Column;
      col[i] = encode(a.range, Object.hasOwn(values, a.name) ? (values[a.name] ?? null) : a.default);
    }
  }
  return withLayer(s, kind, { count, present, attrs });
}

/** Takes the object off a square; its attributes there return to their defaults. */
export function withObjectRemoved(match: Match, s: FieldState, kind: string, at: Square): FieldState {
  const spec = objectOf(match, kind);
  const layer = layerOf(s, kind);
  const i = indexOf(s, at);
  if (layer.present[i] !== 1) return s;
  const present = layer.present.slice();
  present[i] = 0;
  const attrs: Record<string, Column> = {};
  for (const a of spec.attributes) {
    const col = columnOf(layer, a.name).slice();
    col[i] = encode(a.range, a.default);
    attrs[a.name] = col;
  }
  return withLayer(s, kind, { count: layer.count - 1, present, attrs });
}

/** This nweek's invocations with one more (the previous nweeks' dropped). */
export function withInvocation(s: FieldState, inv: Invocation): FieldState {
  const invoked = s.invoked.filter((i) => i.nweek === inv.nweek);
  invoked.push(inv);
  return { ...s, invoked };
}

/** How many times an action was invoked in an nweek, by one invoker (a player, or null for the Referee). */
export const timesInvoked = (s: FieldState, action: string, nweek: number, by?: string | null): number =>
  s.invoked.filter((i) => i.action === action && i.nweek === nweek && (by === undefined || i.by === by))
    .length;
