// Issue 24 in the non-interference campaign: amended games. The Administrator's amendments of the text's
// parameters (and repeals), made alike in both worlds, from the ruleset's declared parameters alone, so every
// ruleset that declares parameters is amended. The values only grow a whole number (from its text value by up
// to three, within its range) and keep a dice expression or a list as the text gives it: shrinking a Grid is
// refused, or lapses, where a hidden Thing stands in its way, which the worlds may differ in by design
// (reported apart, see the helpers' report); growing one never is.
import type { JsonObject, ParameterSet } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import type { Random, ScriptCommand } from './non-interference-drivers.js';
import { pick } from './non-interference-drivers.js';

const registry = defaultRegistry();

/** The parameters a ruleset declares (none: no amendments for its games). */
export const parametersOf = (ruleset: string): ParameterSet | undefined => {
  const set = registry.get(ruleset)?.parameters;
  return set && set.list.length > 0 ? set : undefined;
};

/** An amendment (or now and then a repeal) of `ruleset`'s parameters, the same in both worlds. */
export function amendmentCommand(random: Random, ruleset: string, made: number): ScriptCommand | null {
  const set = parametersOf(ruleset);
  if (!set) return null;
  if (made > 0 && random() < 0.25)
    return {
      by: null,
      type: 'repeal-amendment',
      args: { amendment: 1 + Math.floor(random() * made), why: `Proposal ${4600 + made}` },
    };
  const p = pick(random, set.list);
  let value: JsonObject[string];
  if (p.type.kind === 'integer' && typeof p.text === 'number')
    value = Math.min(p.type.max, p.text + Math.floor(random() * 4));
  else if (p.type.kind === 'choice') value = pick(random, p.type.values);
  else value = p.text;
  return {
    by: null,
    type: 'amend-rules',
    args: {
      set: { [p.name]: value },
      why: `Proposal ${4500 + made}`,
      from: pick(random, ['now', 'nday', 'nweek'] as const),
    },
  };
}
