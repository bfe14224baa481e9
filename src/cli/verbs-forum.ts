// `referee post GAME PLAYER < message.txt`: a player's forum post, sentence by sentence (src/forum); `referee
// post GAME --administrator`: the Administrator's (amendments of the rules, issue 24). One line
// per sentence on stdout; exit 0 if every sentence that tried to act was accepted, 2 (with one line on
// stderr) if any was rejected or not understood. What it does is in actions-forum.ts, loaded when it runs.
import type { Command as Program } from 'commander';

export function registerForumVerbs(program: Program): void {
  program
    .command('post')
    .description(
      "a player's forum post, read from standard input: each sentence that says an action becomes that player's command (README: Forum text)",
    )
    .argument('<game>')
    .argument('[player]', 'who posted it (none with --administrator)')
    .option(
      '--administrator',
      'the Administrator\'s post: amendments of the rules ("The rules are amended: Grid size 25 from nweek 5, by Proposal 4521.", "Amendment 1 is repealed, by Proposal 4530.")',
    )
    .option(
      '--key <key>',
      "the post's id: sentence i is submitted as KEY#i, so the same post twice acts once",
    )
    .option('--json', 'the results as JSON')
    .option(
      '--dry-run',
      'read the post and decide each sentence in order as if posted; print what would happen, write nothing',
    )
    .action(
      async (
        game: string,
        name: string | undefined,
        opts: { key?: string; json?: boolean; dryRun?: boolean; administrator?: boolean },
      ) => (await import('./actions-forum.js')).postFromStdin(program, game, name, opts),
    );
}
