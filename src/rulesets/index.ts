// Every ruleset this program knows. A new ruleset is one import and one entry here.
import { Registry } from '../core/index.js';
import { grid200201Ruleset } from './grid-2002-01/index.js';
import { roomsRuleset } from './rooms/index.js';
import { roomsQuestsRuleset } from './quests/index.js';
import { grid200206Ruleset } from './grid-2002-06/index.js';
import { lifeRuleset } from './life/index.js';
import { tunnelersRuleset } from './tunnelers/index.js';

export const RULESETS = [
  grid200201Ruleset,
  grid200206Ruleset,
  lifeRuleset,
  roomsRuleset,
  roomsQuestsRuleset,
  tunnelersRuleset,
];

/** A registry of every ruleset this program ships. */
export const defaultRegistry = (): Registry => new Registry(RULESETS);
