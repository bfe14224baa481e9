// `referee`'s program: its verbs, and what running it with some arguments answers (an exit code: 0 on success,
// 2 on bad input (one line on stderr, nothing written), 1 on an internal failure or a log that does not verify).
// main.ts is the executable that runs it; this module does nothing when imported, so the tests run the built
// program in a process of theirs too (test/support/cli-host.js), with one process for many commands.
//
// Every verb is registered (its name, words, options and description: `--help` and `commands` need them all),
// but what a verb does is loaded only when it runs (verbs-*.ts import their actions-*.ts with import()), so
// `referee show` loads the kernel, its rulesets and SQLite, and not the server, PostgreSQL or the mail code
// (issue 17; bench/cli-startup.ts measures it). Nothing loaded here may build a zod schema or open a store.
import { readFileSync } from 'node:fs';
import { Command as Program, CommanderError } from 'commander';
import { StoreError } from '../engine/ports/index.js';
import { UsageError, VerificationFailed } from './fail.js';
import { registerDemo, registerGameVerbs } from './verbs-game.js';
import { registerViewVerbs } from './verbs-view.js';
import { registerIoVerbs } from './verbs-io.js';
import { registerForumVerbs } from './verbs-forum.js';
import { registerServeVerb } from './verbs-serve.js';
import { registerClockVerb } from './verbs-clock.js';
import { registerMigrateVerb } from './verbs-migrate.js';
import { registerCommandsVerb } from './verbs-commands.js';
import { registerScheduleVerb } from './verbs-schedule.js';
import { registerMailVerbs } from './verbs-mail.js';
import { registerTokenVerbs } from './verbs-tokens.js';

const BAD_INPUT = new Set([
  'not-our-file',
  'damaged',
  'newer-version',
  'unknown-game',
  'conflict',
  'duplicate-command',
  'bad-path',
  'bad-input',
]);

export function buildProgram(): Program {
  const program = new Program('referee')
    .description('nomic-referee: the Administrator of a nomic sub-game')
    .option(
      '--db <path>',
      'a SQLite file or postgres://… (default $REFEREE_DB, $DATABASE_URL or ./referee.db)',
    )
    .option(
      '--sync <mode>',
      'full: a commit survives power loss (default); normal: survives a crash of this program, ~3x faster ($REFEREE_SYNC)',
    )
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    // Node's native SHA-256 for the kernel, installed before any verb's work (and only for a verb that works).
    .hook('preAction', async () => (await import('../node/native-hash.js')).useNativeHashes());
  registerGameVerbs(program);
  registerViewVerbs(program);
  registerIoVerbs(program);
  registerDemo(program);
  registerForumVerbs(program);
  registerServeVerb(program);
  registerClockVerb(program);
  registerMigrateVerb(program);
  registerCommandsVerb(program);
  registerScheduleVerb(program);
  registerMailVerbs(program);
  registerTokenVerbs(program);
  for (const cmd of program.commands) cmd.exitOverride();
  return program;
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof UsageError) {
      console.error(`referee: ${e.code === 'usage' ? '' : `${e.code}: `}${e.message}`);
      return 2;
    }
    if (e instanceof StoreError) {
      console.error(`referee: ${e.code}: ${e.message}`);
      return BAD_INPUT.has(e.code) ? 2 : 1;
    }
    if (e instanceof VerificationFailed) {
      console.error(`referee: ${e.message}`);
      return 1;
    }
    console.error(`referee: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return 1;
  }
}

/** This program's version, from the package.json it was installed with (dist/src/cli/ → the package's root). */
export function version(): string {
  for (const up of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'nomic-referee' && pkg.version !== undefined) return pkg.version;
    } catch {
      // Not there: the next folder up.
    }
  }
  return 'unknown';
}

/**
 * `referee ARGS`: the exit code. `referee --version` answers before the verbs are registered: it needs none
 * of them.
 */
export async function referee(argv: readonly string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    console.log(version());
    return 0;
  }
  return main(argv);
}
