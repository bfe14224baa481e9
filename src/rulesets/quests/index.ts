// Ruleset `rooms+quests`: the host `rooms` with the Quests rules added, as Nomic02 added them on 7 April 2003
// ("For It Is Still Your Sacred Task", seeds/003_1bebf603c3346265.txt, rules 139-142): one module per rule, above
// the host's modules. A `rooms` game can also be amended into this ruleset: its Roster starts empty.
import { erase } from '../../core/index.js';
import type { Ruleset } from '../../core/index.js';
import type { QuestsState } from './types.js';
import { EMPTY_BOOK } from './types.js';
import { initialRooms, ROOMS, roomsAwaiting, roomsModules } from '../rooms/index.js';
import type { RoomsState } from '../rooms/index.js';
import { rosterModule } from './roster.js';
import { questTokensModule } from './tokens.js';
import { progressModule } from './progress.js';
import { creationModule } from './creation.js';
import { questsView, renderQuests } from './view.js';
import { roomsStandings } from '../rooms/view.js';
import type { QuestsErrorCode } from './errors.js';
import { QUESTS_ERROR_CODES } from './errors.js';
import { roomsPhrases } from '../rooms/phrases.js';
import { questsPhrases } from './phrases.js';
import { QUESTS_PARAMETERS, questsParameterProblem } from './parameters.js';

export const ROOMS_QUESTS = 'rooms+quests';

export const roomsQuests: Ruleset<QuestsState, QuestsErrorCode> = {
  id: ROOMS_QUESTS,
  title: 'Quests (Nomic02 rules 139-142, 7 Apr 2003) on a map of rooms',
  source: 'seeds/003_1bebf603c3346265.txt',
  // The Quests' phrases first: "I create a Quest" must not be read as anything of the host's.
  phrases: [questsPhrases, roomsPhrases],
  errorCodes: QUESTS_ERROR_CODES,
  modules: [...roomsModules<QuestsState>(), rosterModule, questTokensModule, progressModule, creationModule],
  initial: (config) => ({ ...initialRooms(config), quests: EMPTY_BOOK }),
  view: questsView,
  render: renderQuests,
  standings: roomsStandings,
  awaiting: roomsAwaiting,
  parameters: QUESTS_PARAMETERS,
  parameterProblem: questsParameterProblem,
  migrateFrom: {
    [ROOMS]: (old: unknown): QuestsState => ({ ...(old as RoomsState), quests: EMPTY_BOOK }),
  },
};

export const roomsQuestsRuleset = erase(roomsQuests);
export type { QuestsState, Quest, QuestBook } from './types.js';
