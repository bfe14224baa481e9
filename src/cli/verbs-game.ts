// Verbs that change a game: each is one command through the referee; rejected ones exit 2 with nothing written.
// Only their names, words, options and descriptions are here; what each does is in actions-game.ts, loaded
// when the verb runs (issue 17: a verb loads what it needs, `--help` nothing but this).
import type { Command as Program } from 'commander';
import type { AdminOrder, SubmitFlags } from './actions-game.js';
import type { PhraseFlags } from './mail-flags.js';
import { phraseOptions } from './verbs-mail.js';

const actions = () => import('./actions-game.js');

function withSubmitFlags(cmd: Program): Program {
  return cmd
    .option('--rolls <list>', 'queue manual dice results (e.g. 12,7,3) before the command runs')
    .option('--id <key>', 'idempotency key: the same key twice does the command once')
    .option('--json', 'print the result as JSON')
    .option(
      '--dry-run',
      'decide it against the game as it is and print what would happen (as the Administrator sees it); write nothing',
    );
}

/** The Administrator's orders that take no positional words beyond the game (their words: actions-game.ts). */
function adminVerb(
  program: Program,
  name: AdminOrder,
  description: string,
  extra?: (cmd: Program) => Program,
): void {
  let cmd = program.command(name).description(description).argument('<game>', 'game id');
  cmd = extra ? extra(cmd) : cmd;
  withSubmitFlags(cmd)
    .option('--admin', 'print everything that happened, secrets included')
    .action(async (game: string, ...rest: unknown[]) => {
      const opts = rest[rest.length - 2] as Record<string, unknown> & SubmitFlags;
      const positional = rest.slice(0, -2).flat() as string[];
      await (await actions()).adminOrder(program, name, game, positional, opts);
    });
}

export function registerGameVerbs(program: Program): void {
  withSubmitFlags(
    program
      .command('new')
      .description('create a game')
      .argument('<ruleset>', 'ruleset id (see `referee rulesets`)')
      .requiredOption('--game <id>', 'the new game id')
      .option(
        '--dice <source>',
        'fair (commit-reveal), manual (the Administrator supplies results) or beacon (commit-reveal anchored to a drand round)',
        'fair',
      )
      .option('--ndays <n>', 'ndays per nweek', '7')
      .option(
        '--beacon-chain <chain>',
        'beacon dice: quicknet (the default) or mainnet, or a JSON file describing another chain (name, hash, scheme, publicKey, genesis, period)',
      )
      .option('--config <file>', 'ruleset configuration as a JSON file')
      .option(
        '--joins <who>',
        'open (anyone may join, the default) or approval (a join asks the Administrator: approve-join, refuse-join)',
      )
      .option(
        '--rhythm-floor <seconds>',
        "the fastest rhythm the game's schedules may have (ruling K16; 60 unless given: the operator's say, e.g. 30 for a demonstration)",
      ),
  )
    .option('--admin', 'print everything that happened, secrets included')
    .action(
      async (
        ruleset: string,
        opts: SubmitFlags & {
          game: string;
          dice: string;
          ndays: string;
          config?: string;
          admin?: boolean;
          joins?: string;
          rhythmFloor?: string;
          beaconChain?: string;
        },
      ) => (await actions()).newGame(program, ruleset, opts),
    );

  phraseOptions(
    withSubmitFlags(
      program
        .command('join')
        .description('a new player joins a game')
        .argument('<game>')
        .argument('<player>'),
    )
      .option(
        '--email <address>',
        "the player's mail address, once confirmed (a code is mailed to it): eir mail to the game's addresses is then read as eir posts (private: never shown)",
      )
      .option(
        '--settings <file>',
        "the mail settings: the referee's and the games' own addresses are refused as a player's",
      ),
  ).action(
    async (
      game: string,
      name: string,
      opts: SubmitFlags & PhraseFlags & { email?: string; settings?: string },
    ) => (await actions()).join(program, game, name, opts),
  );

  withSubmitFlags(
    program
      .command('act')
      .description(
        "a player's announcement, e.g. `act g1 alice enter 3 4`, `move 4 5`, `leave` (words by the command's schema: `name=value` gives any argument by name)",
      )
      .argument('<game>')
      .argument('<player>')
      .argument('<verb>', 'what the player does')
      .argument('[words...]', "the verb's arguments"),
  ).action(async (game: string, name: string, verb: string, words: string[], opts: SubmitFlags) =>
    (await actions()).act(program, game, name, verb, words, opts),
  );

  withSubmitFlags(
    program
      .command('admin')
      .description(
        "an Administrator's command of the game's rules, e.g. `admin g1 evolve`, `admin g1 square 9 9 Turf wet`, `admin g1 player-facts alice female=true` (see `referee commands`)",
      )
      .argument('<game>')
      .argument('<verb>', 'the command')
      .argument('[words...]', "the command's arguments"),
  )
    .option('--admin', 'print everything that happened, secrets included')
    .action(async (game: string, verb: string, words: string[], opts: SubmitFlags & { admin?: boolean }) =>
      (await actions()).admin(program, game, verb, words, opts),
    );

  adminVerb(program, 'dice', 'queue results for the next manual rolls', (cmd) =>
    cmd
      .argument('[values...]', 'results, in the order the rolls will use them')
      .option('--clear', 'empty the queue first'),
  );
  adminVerb(
    program,
    'beacon',
    "record the beacon round a beacon game's dice wait for: `beacon g1 ROUND 'JSON'` (drand's answer, verified)",
    (cmd) =>
      cmd.argument('<round>', 'the round number').argument('<json>', "the round as drand's relays serve it"),
  );
  adminVerb(program, 'tick', 'end the current nday (or, with --nweek, the whole nweek)', (cmd) =>
    cmd.option('--nweek', 'end every nday left in this nweek'),
  );
  adminVerb(program, 'amend', 'amend the game into a later text of its rule', (cmd) =>
    cmd.argument('<ruleset>'),
  );
  // Issue 24: the parameters of the text in force (`referee rules GAME` lists them).
  adminVerb(
    program,
    'amend-rules',
    'amend the text\'s parameters: `amend-rules g1 "Grid size=25" --why "Proposal 4521" [--from now|nday|nweek|N]`',
    (cmd) =>
      cmd
        .argument('<changes...>', 'name=value for each parameter changed, all together or none')
        .requiredOption('--why <why>', "the proposal's name or number, or a link")
        .option('--from <when>', 'now, nday (the next), nweek (the next) or an nweek number', 'now'),
  );
  adminVerb(
    program,
    'repeal-amendment',
    'repeal an amendment of the parameters by its number: its values return to what they were without it',
    (cmd) => cmd.argument('<amendment>').requiredOption('--why <why>', "the proposal's name or number"),
  );
  adminVerb(program, 'enact', 'enact an optional rule module', (cmd) => cmd.argument('<module>'));
  adminVerb(program, 'repeal', 'repeal a rule module', (cmd) => cmd.argument('<module>'));
  adminVerb(program, 'points', 'move points: `points g1 alice 10 "opening balance"` (from The Bank)', (cmd) =>
    cmd.argument('<account>').argument('<amount>').argument('[reason]'),
  );
  adminVerb(
    program,
    'correct',
    'correct a mistaken ledger entry: `correct g1 57 "bob won it, not alice"` moves its points back (57: its number in `log --admin`)',
    (cmd) => cmd.argument('<entry>').argument('<reason>'),
  );
  adminVerb(program, 'end', 'end the game, revealing every dice seed', (cmd) => cmd.argument('[reason]'));
  // Who may join (rulings K14, K15): the setting, the answers to requests, removal.
  adminVerb(
    program,
    'joins',
    'who may join from now on: `joins g1 approval` (a join asks you) or `joins g1 open` (anyone)',
    (cmd) => cmd.argument('<who>', 'open or approval'),
  );
  adminVerb(
    program,
    'approve-join',
    'approve a request to join: `approve-join g1 bob` makes bob a player',
    (cmd) => cmd.argument('<player>'),
  );
  adminVerb(
    program,
    'refuse-join',
    'refuse a request to join, with a reason if you wish: `refuse-join g1 bob "not in the Main Game"`',
    (cmd) => cmd.argument('<player>').argument('[reason]'),
  );
  adminVerb(
    program,
    'remove-player',
    'remove a player from the game, with the reason: `remove-player g1 bob "left the Main Game"` (the rules do with eir things what they say of one who leaves; e cannot join again)',
    (cmd) => cmd.argument('<player>').argument('<reason>'),
  );
}

/** `referee demo` (demo.ts): the quick start's game. */
export function registerDemo(program: Program): void {
  program
    .command('demo')
    .description('play a demonstration game of The Grid and print its public reports')
    .action(async () => (await import('./demo.js')).demo(program));
}
