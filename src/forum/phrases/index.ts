// Which phrases each ruleset understands, by ruleset id. A ruleset missing here takes no forum text; a new
// ruleset adds its phrase file (src/forum/phrases/<family>.ts) and one line here, and nothing else changes.
import type { PhraseSet } from './types.js';
import { gridPhrases } from './grid.js';
import { junePhrases } from './grid-june.js';
import { lifePhrases } from './life.js';
import { roomsPhrases } from './rooms.js';
import { questsPhrases } from './quests.js';
import { tunnelersPhrases } from './tunnelers.js';
import { gamePhrases } from './game.js';

// Every ruleset's own phrases, then the kernel's (game.ts: asking again to join), which every game takes.
export const PHRASES: Readonly<Record<string, readonly PhraseSet[]>> = {
  'grid-2002-01': [gridPhrases, gamePhrases],
  'grid-2002-06': [gridPhrases, junePhrases, gamePhrases],
  life: [lifePhrases, gamePhrases],
  rooms: [roomsPhrases, gamePhrases],
  // The Quests' phrases first: "I create a Quest" must not be read as anything of the host's.
  'rooms+quests': [questsPhrases, roomsPhrases, gamePhrases],
  tunnelers: [tunnelersPhrases, gamePhrases],
};

/** The phrases of the kernel's own commands, in every game's set (for the table of every command). */
export const GAME_PHRASES: readonly PhraseSet[] = [gamePhrases];
