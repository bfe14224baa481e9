// `referee commands [RULESET]`: what players and the Administrator may say in a game of each ruleset, with
// each command's words; `--markdown` prints docs/commands.md. Only the verb's options and description are
// here; what it does is in actions-commands.ts, loaded when it runs.
import type { Command as Program } from 'commander';

export function registerCommandsVerb(program: Program): void {
  program
    .command('commands')
    .description(
      "every command of a ruleset (or of all) with its words, the players' and the Administrator's",
    )
    .argument('[ruleset]', 'a ruleset id (see `referee rulesets`)')
    .option(
      '--markdown',
      'every command of every ruleset × edge (CLI, HTTP, page, forum), as docs/commands.md',
    )
    .action(async (ruleset: string | undefined, opts: { markdown?: boolean }) =>
      (await import('./actions-commands.js')).listCommands(ruleset, opts),
    );
}
