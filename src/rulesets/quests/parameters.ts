// Issue 24: every number the Quests text (Nomic02 rules 139-142, seeds/003) states, declared once as a parameter
// the nomic may amend (amend-rules), with the host's (rooms/parameters.ts) beside them. Rule code reads the
// values in force through questsParams. Rulings PQ1-PQ7 in docs/rulings-parameters-small.md.
import { defineParameters, inForce } from '../../core/index.js';
import type { DiceSpec, GameState, Parameter, ParameterValue } from '../../core/index.js';
import { ROOMS_PARAMETER_LIST } from '../rooms/index.js';
import type { QuestsState } from './types.js';

const CREATE =
  'If at any time there are fewer than three Quests on the roster, the active player may create one as an action.';

/** PQ4: "rolls a 20-sided die": the value die is one die, of any number of sides, and nothing added. */
function oneDie(spec: DiceSpec): string | null {
  const [only, more] = spec.terms;
  return only?.kind === 'dice' && only.count === 1 && only.sign === 1 && more === undefined
    ? null
    : `the Quest's value is read from one die ("rolls a 20-sided die"), such as 1d20, not ${spec.text}`;
}

export const QUESTS_PARAMETER_LIST: readonly Parameter[] = [
  {
    name: 'Quests on the Roster',
    section: 'Rule 142: creating a Quest',
    sentence: CREATE,
    // "fewer than three": a Quest may be created while the Roster holds fewer than this many.
    type: { kind: 'integer', min: 1, max: 100 },
    text: 3,
  },
  {
    name: 'Value die',
    section: 'Rule 142: creating a Quest',
    sentence: 'and rolls a 20-sided die.',
    type: { kind: 'dice', check: oneDie },
    text: '1d20',
  },
  {
    name: 'Most brownie points',
    section: 'Rule 142: creating a Quest',
    sentence:
      'If the result of this roll is 17 or less, the value of the Quest will be that many brownie points; if 18 or greater, the value of the Quest will be one point of Puissance.',
    // PQ5: one number: a roll above it is worth Puissance ("18 or greater" is 17 + 1).
    type: { kind: 'integer', min: 0, max: 1000 },
    text: 17,
  },
  {
    name: 'Puissance of a Quest',
    section: 'Rule 142: creating a Quest',
    sentence: 'if 18 or greater, the value of the Quest will be one point of Puissance.',
    type: { kind: 'integer', min: 1, max: 1000 },
    text: 1,
  },
  {
    name: 'Demerits for an unfinished Quest',
    section: 'Rule 142: creating a Quest',
    sentence:
      'If the player, having commenced creating a Quest, fails to complete this series of rolls by the end of the turn, he or she will receive one demerit and the Quest will not be added to the Roster.',
    type: { kind: 'integer', min: 0, max: 1000 },
    text: 1,
  },
];

/** rooms+quests: the host's parameters and the text's. */
export const QUESTS_PARAMETERS = defineParameters([...ROOMS_PARAMETER_LIST, ...QUESTS_PARAMETER_LIST]);

/** The Quests text's values in force, typed (the names are QUESTS_PARAMETER_LIST's). */
export interface QuestsParams {
  readonly 'Quests on the Roster': number;
  readonly 'Value die': string;
  readonly 'Most brownie points': number;
  readonly 'Puissance of a Quest': number;
  readonly 'Demerits for an unfinished Quest': number;
}

/** The values in force in a game of rooms+quests: one property read (the text's record until an amendment). */
export const questsParams = (game: GameState): QuestsParams =>
  inForce(game, QUESTS_PARAMETERS) as unknown as QuestsParams;

/**
 * What stands in the way of values in force (Ruleset.parameterProblem; the message goes to the Administrator).
 * PQ3: a Quest being created was begun while the Roster had room; a smaller Roster that it would overfill leaves
 * its creator nothing to finish, so the amendment waits until the creation ends.
 */
export function questsParameterProblem(
  rules: QuestsState,
  _game: GameState,
  values: Readonly<Record<string, ParameterValue>>,
): string | null {
  const v = values as unknown as QuestsParams;
  const c = rules.quests.creation;
  const n = rules.quests.roster.length;
  if (c !== null && n >= v['Quests on the Roster'])
    return `${c.player} is creating a Quest with ${n} on the Roster; a Roster of fewer than ${v['Quests on the Roster']} would leave no room for it: amend it when the creation is done or abandoned`;
  return null;
}
