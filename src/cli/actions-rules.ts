// What `referee rules [GAME] [--markdown]` does (verbs-view.ts registers it): a game's rules in force (issue
// 24: each section's parameters with the text's value, the value now and the amendment that changed it), or
// with --markdown every ruleset's parameters as docs/parameters.md is.
import type { Command as Program } from 'commander';
import { withReferee } from './context.js';
import { UsageError } from './fail.js';
import { parametersMarkdown, rulesInForce, rulesText } from './parameters-table.js';

export async function rules(
  program: Program,
  game: string | undefined,
  opts: { markdown?: boolean; json?: boolean },
): Promise<void> {
  if (opts.markdown) {
    const registry = (await import('../rulesets/index.js')).defaultRegistry();
    const all = registry.ids().flatMap((id) => registry.get(id) ?? []);
    process.stdout.write(parametersMarkdown(all));
    return;
  }
  if (game === undefined) throw new UsageError('name the game (or give --markdown for every ruleset)');
  await withReferee(program, async (referee) => {
    const state = await referee.state(game);
    const ruleset = referee.rules.registry.get(state.ruleset);
    if (!ruleset) throw new UsageError(`this program does not know ${state.ruleset}`, 'unknown-ruleset');
    if (!opts.json) {
      console.log(rulesText(ruleset, state));
      return;
    }
    const rows = rulesInForce(ruleset, state).map((r) => ({
      name: r.parameter.name,
      section: r.parameter.section,
      sentence: r.parameter.sentence,
      text: r.parameter.text,
      now: r.now,
      amendment: r.by ? r.by.n : null,
    }));
    console.log(JSON.stringify({ parameters: rows, amendments: state.params?.amendments ?? [] }, null, 2));
  });
}
