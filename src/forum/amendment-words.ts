// Issue 24 item 5: the changes of an amendment as the Administrator writes them ("Grid size 25 and Shiny Thing
// points 40", "Big Rocks cost 12+5d3", "Location dice = 2d15") read into amend-rules' `set` against the game's
// own parameters: each clause starts with a parameter's name (any case, '-' or '_' for a space, a final "s"
// of a word or not: "Big Rocks cost" finds "Big Rock cost"), the longest name that fits winning; the rest of
// the clause is its value, after an "is", "to", "becomes" or "=". Clauses are parted by commas and "and"; a
// piece that starts with no name belongs to the value before it (a list: "Radar ranges 2, 4 and 8"). The
// values stay words: amend-rules reads them into each parameter's type and says what does not fit.
import type { ParameterSet } from '../core/index.js';
import { parameterKey } from '../core/index.js';

/** The changes read, or why they cannot be (before anything is submitted). */
export type ChangesRead =
  | { readonly set: Readonly<Record<string, string>> }
  | { readonly problem: { readonly code: string; readonly message: string } };

/** A name compared loosely: as parameterKey, with each word's final "s" dropped ("Big Rocks" = "Big Rock"). */
const looseKey = (name: string): string =>
  parameterKey(name)
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');

/** The value after its name: "is 25", "to 25", "= 25", ": 25", "becomes 25" → "25". */
const valueOf = (words: readonly string[]): string =>
  words
    .join(' ')
    .replace(/^(?:(?:[=:]|(?:is|are|to|becomes|become|shall be|will be|of)\b)\s*)+/i, '')
    .trim();

/** The parameter a clause starts with (the longest name that fits) and the words after it, or undefined. */
function named(
  clause: string,
  set: ParameterSet,
  loose: ReadonlyMap<string, string>,
): { name: string; rest: string[] } | undefined {
  const words = clause
    .replace(/\s*([=:])\s*/g, ' $1 ')
    .trim()
    .split(/\s+/);
  for (let n = words.length; n >= 1; n--) {
    const candidate = words.slice(0, n).join(' ');
    const p = set.named(candidate)?.name ?? loose.get(looseKey(candidate));
    if (p !== undefined) return { name: p, rest: words.slice(n) };
  }
  return undefined;
}

/**
 * The `set` of amend-rules from the written changes. A clause that starts with no parameter's name is passed
 * on as written (its last word as the value), so that amend-rules refuses it with its own message naming the
 * game's parameters (unknown-parameter); a parameter named twice is refused here, as amend-rules would.
 */
export function readChanges(text: string, set: ParameterSet | undefined): ChangesRead {
  const loose = new Map<string, string>();
  const clash = new Set<string>();
  for (const p of set?.list ?? []) {
    const k = looseKey(p.name);
    if (loose.has(k)) clash.add(k);
    loose.set(k, p.name);
  }
  for (const k of clash) loose.delete(k);
  // The pieces and what parted them, so a value spanning several pieces keeps its own separators.
  const parts = text.split(/(\s*,\s*|\s+and\s+)/i);
  const clauses: { name: string; value: string }[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const piece = (parts[i] ?? '').trim();
    if (piece === '') continue;
    const found = set ? named(piece, set, loose) : undefined;
    const last = clauses[clauses.length - 1];
    if (found) clauses.push({ name: found.name, value: valueOf(found.rest) });
    else if (last) last.value = `${last.value}${parts[i - 1] ?? ', '}${piece}`.trim();
    else {
      const words = piece.split(/\s+/);
      clauses.push({
        name: words.length > 1 ? words.slice(0, -1).join(' ') : piece,
        value: words.length > 1 ? (words[words.length - 1] ?? '') : '',
      });
    }
  }
  const out: Record<string, string> = {};
  for (const c of clauses) {
    if (Object.hasOwn(out, c.name))
      return { problem: { code: 'bad-arguments', message: `${c.name} is named twice` } };
    if (c.value === '')
      return {
        problem: {
          code: 'bad-arguments',
          message: `no value is given for ${c.name}: write its name, then its value`,
        },
      };
    out[c.name] = c.value;
  }
  return { set: out };
}
