// Verify, export and import: the log leaves the program only through a view, except the Administrator's
// full export, which is a backup and carries the dice secret so the game can go on elsewhere. Only the verbs'
// names, options and descriptions are here; what each does is in actions-io.ts, loaded when it runs.
import type { Command as Program } from 'commander';
import type { ViewerFlags } from './context.js';

const actions = () => import('./actions-io.js');

export function registerIoVerbs(program: Program): void {
  program
    .command('verify')
    .description(
      "replay the log, check the hash chain, and re-derive every roll; exit 1 on any mismatch (--public FILE: a player's check of a public export, from it alone)",
    )
    .argument('[game]')
    .option(
      '--public <file>',
      'check a public export (referee export GAME --public) from it and the chain it names',
    )
    .action(async (game: string | undefined, opts: { public?: string }) =>
      opts.public !== undefined
        ? (await actions()).verifyPublic(opts.public)
        : (await actions()).verify(program, game),
    );

  program
    .command('export')
    .description('the log as JSON lines: in full (the default, for the Administrator) or as a viewer sees it')
    .argument('<game>')
    .option('--as <player>', 'only what that player may see')
    .option('--public', 'only what the public may see')
    .action(async (game: string, opts: ViewerFlags & { public?: boolean }) =>
      (await actions()).exportLog(program, game, opts),
    );

  program
    .command('import')
    .description('add a game from a full export (verified before anything is written)')
    .argument('<file>')
    .action(async (file: string) => (await actions()).importLog(program, file));
}
