// The shipped rulesets' forum phrases by ruleset id, and a ruleset's parser by id, for the tests: the phrases
// are declared by each ruleset (Ruleset.phrases, issue 24), the forum reads them from the ruleset itself.
import { forumFor as parserFor, phraseTable } from '../../src/forum/index.js';
import type { ForumParser, PhraseSet } from '../../src/forum/index.js';
import { RULESETS } from '../../src/rulesets/index.js';

/** Every shipped ruleset's phrase sets (its own, then the kernel's), by id. */
export const PHRASES: Readonly<Record<string, readonly PhraseSet[]>> = phraseTable(RULESETS);

/** The forum parser of the shipped ruleset `id` (one of no shipped ruleset takes no forum text). */
export const forumFor = (id: string): ForumParser => parserFor(RULESETS.find((r) => r.id === id) ?? { id });
