#!/usr/bin/env node
// `referee`: the Administrator's command line, the executable. What it does is program.ts; this file only runs
// it with the process's arguments and exits with its answer.
//
// It runs the program from its bundle (referee.cjs beside this file: scripts/bundle-cli.js, `npm run build`)
// through V8's code cache (src/node/code-cache.ts), so that a verb costs about what Node's own start does
// (issue 17; bench/cli-startup.ts measures it). Without a bundle, or with one older than program.js (tsc was
// run again since the bundle was made), or with REFEREE_BUNDLE=0, it imports program.js as modules instead.
//
// The executable (package.json's bin) is this file made CommonJS by the same script, dist/src/cli/main.cjs:
// Node starts an ES module ~4-8 ms slower than a CommonJS file, a tenth of what a verb may cost. tsc's
// dist/src/cli/main.js does the same, as a module.
import { statSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import { requireWithCodeCache } from '../node/code-cache.js';
import type * as Program from './program.js';

const BUNDLE = fileURLToPath(new URL('./referee.cjs', import.meta.url));
const PROGRAM = fileURLToPath(new URL('./program.js', import.meta.url));

/** Whether to run the bundle: there is one, made after program.js was (tsc rewrites it on every build). */
function bundled(): boolean {
  if (process.env.REFEREE_BUNDLE === '0') return false;
  try {
    return statSync(BUNDLE).mtimeMs >= statSync(PROGRAM).mtimeMs;
  } catch {
    return false;
  }
}

/** The verb of a command line (its first word that is neither an option nor an option's value). */
function verbOf(args: readonly string[]): string {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--db' || arg === '--sync') i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return args.join(' ');
}

async function run(argv: readonly string[]): Promise<number> {
  if (bundled()) {
    const program = requireWithCodeCache(BUNDLE, { disabled: !!process.env.NODE_DISABLE_COMPILE_CACHE });
    const status = await (program.exports as typeof Program).referee(argv);
    program.keep(verbOf(argv));
    return status;
  }
  // Node's cache of compiled code (Node 22.1 and later; NODE_DISABLE_COMPILE_CACHE=1 turns it off): every
  // module a verb imports from here on is compiled once per version of it, not once per command. Absent on
  // Node 20, where nothing is done; a cache that cannot be written is skipped by Node itself.
  (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  const { referee } = await import('./program.js');
  return referee(argv);
}

// (Not `await` at the top: the CommonJS copy of this file can have none.)
void run(process.argv.slice(2)).then((status) => {
  process.exitCode = status;
});
