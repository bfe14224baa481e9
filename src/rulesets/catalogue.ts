// Every ruleset this program knows, by id, each loaded only when a game names it (issue 17): `referee show`
// of a Grid game loads the Grid, not Life's Field Match (~20 ms of a verb's ~60 ms beyond Node's own start).
// The same rulesets, in the same order, as index.ts's RULESETS (test/engine/lazy-rulesets.test.ts checks it);
// index.ts loads them all at once, for whoever needs them all (the server, the tests).
import { Registry } from '../core/index.js';
import type { RulesetSource } from '../core/index.js';

export const CATALOGUE: readonly RulesetSource[] = [
  { id: 'grid-2002-01', load: async () => (await import('./grid-2002-01/index.js')).grid200201Ruleset },
  { id: 'grid-2002-06', load: async () => (await import('./grid-2002-06/index.js')).grid200206Ruleset },
  { id: 'life', load: async () => (await import('./life/index.js')).lifeRuleset },
  { id: 'rooms', load: async () => (await import('./rooms/index.js')).roomsRuleset },
  { id: 'rooms+quests', load: async () => (await import('./quests/index.js')).roomsQuestsRuleset },
  { id: 'tunnelers', load: async () => (await import('./tunnelers/index.js')).tunnelersRuleset },
];

/** A registry of every ruleset this program ships, each loaded when first named (Registry.load). */
export const lazyRegistry = (): Registry => new Registry([], CATALOGUE);
