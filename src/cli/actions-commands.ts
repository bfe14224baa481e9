// What `referee commands [RULESET]` does (verbs-commands.ts registers it): what players and the Administrator
// may say in a game of each ruleset, with each command's words (from its schema, as `act` and `admin` read
// them); `--markdown` prints the whole table of every command × edge that docs/commands.md is.
import { lazyRegistry } from '../rulesets/catalogue.js';
import { shapeOf, usage } from './args.js';
import { commandsMarkdown, kernelCommands, rulesetCommands } from './commands-table.js';
import { UsageError } from './fail.js';

/**
 * `referee commands [RULESET] [--markdown]`. Loads only what it prints (issue 17): the ruleset asked for, or
 * all of them; the forum's phrases (and peggy, which makes their parsers) only for the markdown table.
 */
export async function listCommands(ruleset: string | undefined, opts: { markdown?: boolean }): Promise<void> {
  const registry = lazyRegistry();
  if (opts.markdown) {
    const { phraseTable } = await import('../forum/index.js');
    await registry.loadAll();
    const rulesets = registry
      .ids()
      .map((id) => registry.get(id))
      .filter((r) => r !== undefined);
    process.stdout.write(commandsMarkdown(registry, phraseTable(rulesets)));
    return;
  }
  if (ruleset !== undefined && !registry.ids().includes(ruleset))
    throw new UsageError(`there is no ruleset ${ruleset}`, 'unknown-ruleset');
  await registry.load(ruleset === undefined ? registry.ids() : [ruleset]);
  for (const id of ruleset === undefined ? registry.ids() : [ruleset]) {
    // The ruleset's own commands take precedence over the kernel's of the same name, as in a game.
    const own = rulesetCommands(registry, id);
    const all = [...kernelCommands().filter((k) => !own.some((o) => o.name === k.name)), ...own];
    console.log(`${id}: ${registry.get(id)?.title ?? id}`);
    for (const actor of ['player', 'admin'] as const) {
      console.log(
        actor === 'player'
          ? '  players: referee act GAME PLAYER …'
          : '  the Administrator: referee admin GAME …',
      );
      for (const e of all.filter((c) => c.rule.actor === actor))
        console.log(
          `    ${usage(shapeOf(e.name, e.rule))}${e.optional ? '  (when enacted)' : ''}  — ${e.rule.summary}`,
        );
    }
  }
}
