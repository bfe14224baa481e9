// One `referee serve` as a child process for the benchmarks and campaigns: started on a free port, resolved
// with its address once it listens (the line `… at http://…/` it prints), refused if it exits first.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

export interface ServeProcess {
  readonly child: ChildProcess;
  readonly url: string;
}

/**
 * Runs `node [nodeArgs] CLI [args]` (args must include `serve --port 0`); its stderr is passed through or
 * discarded as `stderr` says. With `ready`, resolved only once stdout has also printed that text (serve
 * prints "Ctrl-C stops it." after its mail and clock have started).
 */
export function startServe(
  cli: string,
  args: readonly string[],
  options: {
    readonly nodeArgs?: readonly string[];
    readonly stderr?: 'inherit' | 'ignore';
    readonly ready?: string;
  } = {},
): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), cli, ...args], {
      stdio: ['ignore', 'pipe', options.stderr === 'inherit' ? 'inherit' : 'pipe'],
    });
    let out = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const m = / at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1] && (options.ready === undefined || out.includes(options.ready)))
        resolve({ child, url: m[1] });
    });
    child.stderr?.resume();
    child.on('exit', (code) =>
      reject(new Error(`referee serve exited (${code ?? 'signal'}) before listening`)),
    );
  });
}
