#!/usr/bin/env node
// `referee`: the Administrator's command line. Exit 0 on success, 2 on bad input (one line on stderr,
// nothing written), 1 on an internal failure or a log that does not verify.
import { Command as Program, CommanderError } from 'commander';
import { StoreError } from '../store/store.js';
import { UsageError } from './fail.js';
import { registerGameVerbs } from './verbs-game.js';
import { registerViewVerbs } from './verbs-view.js';
import { registerIoVerbs, VerificationFailed } from './verbs-io.js';
import { registerDemo } from './demo.js';
import { registerForumVerbs } from './verbs-forum.js';
import { registerServeVerb } from './verbs-serve.js';
import { registerClockVerb } from './verbs-clock.js';
import { registerMigrateVerb } from './verbs-migrate.js';
import { registerCommandsVerb } from './verbs-commands.js';
import { registerScheduleVerb } from './verbs-schedule.js';
import { registerMailVerbs } from './verbs-mail.js';
import { useNativeHashes } from '../node/native-hash.js';

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
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
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

useNativeHashes();
process.exitCode = await main(process.argv.slice(2));
