// Issue 24 in the non-interference campaign: amended games. The Administrator's amendments of the text's
// parameters (and repeals), made alike in both worlds, from the ruleset's declared parameters alone, so every
// ruleset that declares parameters is amended. A whole number grows (from its text value by up to three, within
// its range), a dice expression or a list stays as the text gives it; and a Grid (a ruleset declaring 'Grid
// size' and 'Location dice') is also shrunk, with its location dice: ruling P8, hidden Things are never in the
// way (only players, whom everyone sees), and the Things beyond it are re-placed in secret, so the worlds, which
// differ in where the Things lie, must still show everyone the same.
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
  const from = () => pick(random, ['now', 'nday', 'nweek'] as const);
  const size = set.list.find((q) => q.name === 'Grid size');
  if (
    size?.type.kind === 'integer' &&
    typeof size.text === 'number' &&
    set.list.some((q) => q.name === 'Location dice') &&
    random() < 0.3
  ) {
    const wide = Math.max(size.type.min, size.text - 1 - Math.floor(random() * 6));
    return {
      by: null,
      type: 'amend-rules',
      args: {
        set: { 'Grid size': wide, 'Location dice': `2d${wide}` },
        why: `Proposal ${4500 + made}`,
        from: from(),
      },
    };
  }
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
      from: from(),
    },
  };
}
