// Which phrases each ruleset understands, by ruleset id. A ruleset missing here takes no forum text; a new
// ruleset adds its phrase file (src/forum/phrases/<family>.ts) and one line here, and nothing else changes.
import type { PhraseSet } from './types.js';
import { gridPhrases } from './grid.js';
import { junePhrases } from './grid-june.js';
import { lifePhrases } from './life.js';
import { roomsPhrases } from './rooms.js';
import { questsPhrases } from './quests.js';
import { tunnelersPhrases } from './tunnelers.js';

export const PHRASES: Readonly<Record<string, readonly PhraseSet[]>> = {
  'grid-2002-01': [gridPhrases],
  'grid-2002-06': [gridPhrases, junePhrases],
  life: [lifePhrases],
  rooms: [roomsPhrases],
  // The Quests' phrases first: "I create a Quest" must not be read as anything of the host's.
  'rooms+quests': [questsPhrases, roomsPhrases],
  tunnelers: [tunnelersPhrases],
};
