// Verbs that only look: every one goes through a view, so the flags decide what secrets may be printed. Only
// their names, options and descriptions are here; what each does is in actions-view.ts, loaded when it runs.
import type { Command as Program } from 'commander';
import type { ViewerFlags } from './context.js';

const actions = () => import('./actions-view.js');

const viewerFlags = (cmd: Program): Program =>
  cmd
    .option('--as <player>', "that player's view")
    .option('--admin', "the Administrator's view (everything)")
    .option('--json', 'JSON instead of text');

export function registerViewVerbs(program: Program): void {
  viewerFlags(
    program.command('show').description('the board (x right, y up, (1,1) lower left)').argument('<game>'),
  ).action(async (game: string, opts: ViewerFlags & { json?: boolean }) =>
    (await actions()).show(program, game, opts),
  );

  viewerFlags(
    program.command('log').description('the log as the viewer may see it').argument('<game>'),
  ).action(async (game: string, opts: ViewerFlags & { json?: boolean }) =>
    (await actions()).log(program, game, opts),
  );

  program
    .command('report')
    .description('the public report of an nweek, ready to paste into a forum')
    .argument('<game>')
    .option('--nweek <n>', 'which nweek (default: the last that ended)')
    .option('--format <format>', 'text, or markdown for a forum that renders it', 'text')
    .action(async (game: string, opts: { nweek?: string; format: string }) =>
      (await actions()).report(program, game, opts),
    );

  program
    .command('games')
    .description('the games in the database')
    .action(async () => (await actions()).games(program));

  program
    .command('rules')
    .description(
      "a game's rules in force: each parameter with the text's value, the value now and the amendment that set it",
    )
    .argument('[game]')
    .option('--markdown', "every ruleset's parameters with their sentences, as docs/parameters.md")
    .option('--json', 'JSON instead of text')
    .action(async (game: string | undefined, opts: { markdown?: boolean; json?: boolean }) =>
      (await import('./actions-rules.js')).rules(program, game, opts),
    );

  program
    .command('rulesets')
    .description('the rulesets this program knows, with their rule modules')
    .action(async () => (await actions()).rulesets());
}
