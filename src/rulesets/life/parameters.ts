// Issue 24: the numbers and named choices of "Life" (seeds/004) its Field Match declares as parameters the nomic
// may amend (amend-rules); the Field Match engine hands the values in force to Life's transform and effects
// (matchParams, fx.params). Rulings PL1-PL6 in docs/rulings-parameters-small.md.
import { defineParameters } from '../../core/index.js';
import type { GameState, ParameterValue } from '../../core/index.js';
import type { FieldState } from '../field-match/index.js';

/** The non-null Teams, in the text's order ("Range: Red, Green, Blue, null"). */
const TEAMS = ['Red', 'Green', 'Blue'] as const;

/** Most neighbours a square has (diagonal adjacency: the eight around it). */
const MOST_NEIGHBOURS = 8;

export const LIFE_PARAMETERS = defineParameters([
  {
    name: 'Tweaks per nweek',
    section: 'Invokable Action: Tweak, Trigger',
    sentence:
      'A Player posts a message to a Public Forum stating that he is tweaking the specified Cell, and he has not already done so during the current nweek',
    // PL6: "not already done so": once; amended, that many Tweaks by each player each nweek.
    type: { kind: 'integer', min: 1, max: 100 },
    text: 1,
  },
  {
    name: 'Evolves per nweek',
    section: 'Invokable Action: Evolve, Trigger',
    sentence:
      'The Referee posts a message to a Public Forum stating that he is performing the Evolve action, and he has not already done so during the current nweek',
    type: { kind: 'integer', min: 1, max: 100 },
    text: 1,
  },
  {
    name: 'Birth count',
    section: 'Invokable Action: Evolve, Effect 1a',
    sentence:
      "For each Cell with null Color that is adjacent to exactly three Cells with non-null Color, its Color is changed to the most common of those non-null Colors, with ties broken in favor of the Field's Advantage",
    // PL3: a null Cell with no coloured neighbour has no Color to take, so at least one.
    type: { kind: 'integer', min: 1, max: MOST_NEIGHBOURS },
    text: 3,
  },
  {
    name: 'Survival counts',
    section: 'Invokable Action: Evolve, Effect 1b',
    sentence:
      'For each Cell with non-null Color that is adjacent to less than two or more than three Cells with non-null Color, its Color is changed to null',
    // PL2: the counts of coloured neighbours with which a coloured Cell keeps its Color: "not less than two and
    // not more than three" is 2, 3.
    type: { kind: 'list', of: { min: 0, max: MOST_NEIGHBOURS } },
    text: [2, 3],
  },
  {
    name: 'Advantage order',
    section: 'Invokable Action: Evolve, Effect 3',
    sentence:
      "Otherwise, if the Field's Advantage is Red, it changes to Green; if it is Green, it changes to Blue; if it is Blue, it changes to Red",
    // PL4: each Team once; the Advantage passes to the next, the last to the first.
    type: { kind: 'list', of: TEAMS },
    text: [...TEAMS],
  },
]);

/** The actions whose once-per-nweek is a parameter (fieldMatch's perNweek). */
export const LIFE_PER_NWEEK: Readonly<Record<string, string>> = {
  Tweak: 'Tweaks per nweek',
  Evolve: 'Evolves per nweek',
};

/** Life's values in force, typed (the names are LIFE_PARAMETERS'). */
export interface LifeParams {
  readonly 'Tweaks per nweek': number;
  readonly 'Evolves per nweek': number;
  readonly 'Birth count': number;
  readonly 'Survival counts': readonly number[];
  readonly 'Advantage order': readonly string[];
}

/** The birth and survival counts as bit masks (bit k: k coloured neighbours), as step 1's one pass reads them. */
export interface LifeCounts {
  readonly birth: number;
  readonly survive: number;
}

const masks = new WeakMap<Readonly<Record<string, ParameterValue>>, LifeCounts>();

/**
 * The counts in force as masks: made once per record of values in force (the text's, or one an amendment
 * made), so an Evolve reads two numbers and parses nothing.
 */
export function lifeCounts(values: Readonly<Record<string, ParameterValue>>): LifeCounts {
  let m = masks.get(values);
  if (m === undefined) {
    const v = values as unknown as LifeParams;
    let survive = 0;
    for (const k of v['Survival counts']) survive |= 1 << k;
    m = { birth: 1 << v['Birth count'], survive };
    masks.set(values, m);
  }
  return m;
}

/** The text's counts (B3/S23). */
export const TEXT_COUNTS = lifeCounts(LIFE_PARAMETERS.text);

/** Step 3's rotation as the values in force give it: the Team after `advantage`, the last followed by the first. */
export function nextAdvantage(
  values: Readonly<Record<string, ParameterValue>>,
  advantage: string,
): string | undefined {
  const order = (values as unknown as LifeParams)['Advantage order'];
  const i = order.indexOf(advantage);
  return i < 0 ? undefined : order[(i + 1) % order.length];
}

/**
 * What stands in the way of values in force (the message goes to the Administrator alone): an Advantage order
 * that leaves a Team out or names one twice would stop the rotation or skip a Team (PL4).
 */
export function lifeParameterProblem(
  _rules: FieldState,
  _game: GameState,
  values: Readonly<Record<string, ParameterValue>>,
): string | null {
  const order = (values as unknown as LifeParams)['Advantage order'];
  const missing = TEAMS.filter((t) => !order.includes(t));
  if (order.length !== TEAMS.length || missing.length > 0)
    return `the Advantage order names each Team once (${TEAMS.join(', ')} in some order), not ${order.join(', ')}`;
  return null;
}
