// E.2.2 geometry: "Players in any Grid square immediately adjoining a Siren (either horizontally, vertically,
// or diagonally) are in the Siren's Zone of Enchantment (ZOE)." and "Players in any Grid square immediately
// adjoining a Siren's Zone of Enchantment ... are in the Siren's Zone of Almost-Total Rapture (ZATR)."
// [[... the ring of 9 squares around the Siren ... the ring of 16 squares around that]]
import type { GridObject, JuneState, Unit } from './types.js';
import { unitOf } from './grid.js';

/** Steps between two squares, diagonals counting one (the rings of the text's note). */
export const steps = (a: Unit, b: Unit): number => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));

export const sirens = (s: JuneState): GridObject[] =>
  s.objects.filter((o) => o.kind === 'siren' && 'on' in o.place);

/** In the Siren's ZOE: the eight squares around it. */
export function inZoe(siren: GridObject, at: Unit): boolean {
  const s = unitOf(siren.place);
  return s !== undefined && steps(s, at) === 1;
}

/** In the Siren's ZATR: the sixteen squares around the ZOE. */
export function inZatr(siren: GridObject, at: Unit): boolean {
  const s = unitOf(siren.place);
  return s !== undefined && steps(s, at) === 2;
}
