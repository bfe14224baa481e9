// Issue 24: the amendments of a game's parameters as its state keeps them, and their folds. An amendment is
// made (parameters-amended), takes effect at once or at a boundary (parameters-in-force), may lapse at that
// boundary when the game then stands in its way (parameters-lapsed), and may be repealed (parameters-repealed).
// The values in force are always the text's with every amendment in force applied in the order they were made
// (ruling P3): repealing one gives back what the others make of it.
import type { ParameterValue } from './parameters.js';

/** From when an amendment takes effect: at once, the next nday's or nweek's start, or a named nweek's start. */
export type AmendmentStart = 'now' | 'nday' | 'nweek' | number;

export interface ParameterAmendment {
  /** Its number in the game: 1 for the first. */
  readonly n: number;
  readonly changes: Readonly<Record<string, ParameterValue>>;
  /** Why: the proposal's name or number, a link. */
  readonly why: string;
  readonly from: AmendmentStart;
  /** When it was made, and when it took effect (absent while it waits, or if it never did). */
  readonly made: { readonly nweek: number; readonly nday: number };
  readonly since?: { readonly nweek: number; readonly nday: number };
  readonly status: 'pending' | 'in-force' | 'repealed' | 'lapsed';
}

/** What a game keeps of its parameters once one is amended: the values in force and every amendment. */
export interface ParametersState {
  readonly values: Readonly<Record<string, ParameterValue>>;
  readonly amendments: readonly ParameterAmendment[];
}

/** The values the text and the amendments in force make, in the order the amendments were made. */
export function valuesOf(
  text: Readonly<Record<string, ParameterValue>>,
  amendments: readonly ParameterAmendment[],
): Readonly<Record<string, ParameterValue>> {
  const values: Record<string, ParameterValue> = { ...text };
  for (const a of amendments) if (a.status === 'in-force') Object.assign(values, a.changes);
  return values;
}

/** The amendments with one of them given a new status (and, taking effect, the time it did). */
export function withStatus(
  amendments: readonly ParameterAmendment[],
  n: number,
  status: ParameterAmendment['status'],
  at?: { nweek: number; nday: number },
): ParameterAmendment[] {
  return amendments.map((a) => (a.n === n ? { ...a, status, ...(at ? { since: at } : {}) } : a));
}

/** "at once", "from the next nday", "from nweek 5": an amendment's start in words. */
export function startText(from: AmendmentStart): string {
  if (from === 'now') return 'at once';
  if (from === 'nday') return 'from the next nday';
  if (from === 'nweek') return 'from the next nweek';
  return `from nweek ${from}`;
}

/** Whether a waiting amendment takes effect at a boundary: an nday's start, or an nweek's (numbered). */
export function dueAt(a: ParameterAmendment, boundary: 'nday' | { nweek: number }): boolean {
  if (a.status !== 'pending') return false;
  if (boundary === 'nday') return a.from === 'nday';
  return a.from === 'nweek' || (typeof a.from === 'number' && a.from <= boundary.nweek);
}
