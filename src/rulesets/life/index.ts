// Ruleset `life`: "Life", a Field Match proposed by Ed Murphy on 2 Jan 2008 (seeds/004_ff6492e849b428a0.txt),
// written in the Field Match framework: the definition (data) plus the effects of its three actions.
import { erase } from '../../core/index.js';
import { fieldMatch } from '../field-match/index.js';
import type { FieldMatchRuleset } from '../field-match/index.js';
import { lifeAwaiting } from './awaiting.js';
import { LIFE } from './definition.js';
import { initialize } from './initialize.js';
import { tweak } from './tweak.js';
import { evolve } from './evolve.js';
import { generation } from './generation.js';
import { lifePhrases } from './phrases.js';
import { LIFE_PARAMETERS, LIFE_PER_NWEEK, lifeParameterProblem } from './parameters.js';

const match = fieldMatch(
  LIFE,
  { initialize, tweak, evolve },
  { generation },
  {
    title: 'Life, a Field Match (proposed by Ed Murphy, 2 Jan 2008)',
    parameters: LIFE_PARAMETERS,
    parameterProblem: lifeParameterProblem,
    perNweek: LIFE_PER_NWEEK,
  },
);
export const life: FieldMatchRuleset = {
  ...match,
  awaiting: lifeAwaiting(match.match),
  phrases: [lifePhrases],
};

export const lifeRuleset = erase(life);
export { LIFE, LIFE_ID } from './definition.js';
export { mostCommon, nextGeneration } from './generation.js';
export type { Generation } from './generation.js';
export { NEXT_ADVANTAGE } from './evolve.js';
export { LIFE_PARAMETERS } from './parameters.js';
export type { LifeCtx, LifeEvent } from './events.js';
