// A stand-in for dist/src/cli/program.js, for test/cli/cli-host.test.ts: what a program may do that a process
// survives only once (exit, crash), and what shows where a command ran (its folder, its environment).
import console from 'node:console';
import process from 'node:process';
import { setImmediate, setTimeout } from 'node:timers';

export async function referee(argv) {
  const [what, ...rest] = argv;
  if (what === 'where') {
    console.log(process.cwd());
    console.log(JSON.stringify({ X: process.env.X ?? null, Y: process.env.Y ?? null }));
    process.stderr.write('to stderr\n');
    return Number(rest[0] ?? 0);
  }
  if (what === 'exit') {
    console.log('before exit');
    process.exit(Number(rest[0]));
    console.log('after exit');
    return 0;
  }
  if (what === 'crash') {
    setTimeout(() => {
      throw new Error('boom');
    }, 0);
    await new Promise(() => undefined);
  }
  if (what === 'terminal') {
    console.log(
      JSON.stringify([
        process.stdin.isTTY ?? false,
        process.stdout.isTTY ?? false,
        process.stderr.isTTY ?? false,
      ]),
    );
    return 0;
  }
  if (what === 'later') {
    // Written after the answer's promise resolves, before the process would have ended.
    setImmediate(() => console.log('written just after'));
    return 0;
  }
  return 2;
}
