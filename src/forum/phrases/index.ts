// Which phrases a game understands: its ruleset's own, declared beside its rules (`Ruleset.phrases`, in the
// ruleset's folder: issue 24, a new ruleset touches nothing here), then the kernel's (game.ts: asking again to
// join), which every game takes. A ruleset that declares none takes no forum text.
import type { AnyRuleset } from '../../core/index.js';
import type { PhraseSet } from './types.js';
import { gamePhrases } from './game.js';

/** The phrases of the kernel's own commands, in every game's set (for the table of every command). */
export const GAME_PHRASES: readonly PhraseSet[] = [gamePhrases];

/** What of a ruleset the forum reads: its id and its phrases. */
export type PhrasedRuleset = Pick<AnyRuleset, 'id' | 'phrases'>;

const sets = new WeakMap<PhrasedRuleset, readonly PhraseSet[]>();

/** A game's phrase sets under this ruleset (the same array each time for the same ruleset); none if it has none. */
export function phrasesOf(ruleset: PhrasedRuleset | undefined): readonly PhraseSet[] {
  if (!ruleset) return [];
  let known = sets.get(ruleset);
  if (!known) {
    const own = ruleset.phrases ?? [];
    known = own.length === 0 ? [] : [...own, ...GAME_PHRASES];
    sets.set(ruleset, known);
  }
  return known;
}

/** Every ruleset's phrase sets by id (the table of every command, the tests). */
export function phraseTable(rulesets: Iterable<PhrasedRuleset>): Record<string, readonly PhraseSet[]> {
  const table: Record<string, readonly PhraseSet[]> = {};
  for (const r of rulesets) table[r.id] = phrasesOf(r);
  return table;
}
