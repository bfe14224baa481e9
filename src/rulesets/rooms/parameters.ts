// Issue 24: the numbers of the host rules (docs/rulings-quests.md) the nomic may amend (amend-rules). The Quests
// text presumes a turn of actions but states no number; the host's H5 does, and a map file may give its own
// (ruling PQ1 in docs/rulings-parameters-small.md).
import { defineParameters } from '../../core/index.js';
import type { GameState, Parameter } from '../../core/index.js';
import type { RoomsState } from './types.js';
import { DEFAULT_ACTIONS_PER_TURN } from './map.js';

export const ACTIONS_PER_TURN = 'Actions per turn';

/** The host's parameters, as a list a ruleset built on the host (rooms+quests) declares with its own. */
export const ROOMS_PARAMETER_LIST: readonly Parameter[] = [
  {
    name: ACTIONS_PER_TURN,
    section: 'H5 (host rule): turns',
    sentence: 'A turn allows the number of actions the map sets (3 if it does not)',
    // The map file's own bound (map.ts).
    type: { kind: 'integer', min: 1, max: 100 },
    text: DEFAULT_ACTIONS_PER_TURN,
  },
];

export const ROOMS_PARAMETERS = defineParameters(ROOMS_PARAMETER_LIST);

/**
 * PQ1: the actions a turn allows: the map's (its actionsPerTurn, 3 if it says none) until an amendment in force
 * sets Actions per turn; then the last such amendment's. The values in force hold the text's 3 for a parameter
 * no amendment changed, which would overrule a map of 5, so the amendments themselves are read (a short list,
 * scanned from its end).
 */
export function actionsPerTurn(s: RoomsState, game: GameState): number {
  const amendments = game.params?.amendments;
  if (amendments)
    for (let i = amendments.length - 1; i >= 0; i--) {
      const a = amendments[i];
      if (a?.status === 'in-force' && Object.hasOwn(a.changes, ACTIONS_PER_TURN))
        return a.changes[ACTIONS_PER_TURN] as number;
    }
  return s.actionsPerTurn;
}
