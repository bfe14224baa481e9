// `referee migrate --from sqlite:FILE --to postgres://…`: moves games from one store to another, each verified
// on the target. Only the verb's options and description are here; what it does is in actions-migrate.ts,
// loaded when it runs.
import type { Command as Program } from 'commander';

export function registerMigrateVerb(program: Program): void {
  program
    .command('migrate')
    .description(
      'copy games (log, dice secret, command ids, tokens, notices, mail addresses) from one store to another, each verified by replay on the target; never overwrites a game',
    )
    .requiredOption('--from <store>', 'where the games are: sqlite:FILE (or a file path) or postgres://…')
    .requiredOption('--to <store>', 'where they go: postgres://… (or sqlite:FILE)')
    .argument('[games...]', 'only these games (default: every game)')
    .action(async (only: string[], opts: { from: string; to: string }) =>
      (await import('./actions-migrate.js')).migrateGames(only, opts),
    );
}
