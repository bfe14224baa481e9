// `referee serve --mail` of the built program as a child process, for the mail tests: resolved once it says
// it is ready (after its Couriers started and its mailboxes are watched), and commands through its HTTP API.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { CLI_MAIN } from './cli.js';
import type { Cli } from './cli.js';

export interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly out: () => string;
  readonly exited: Promise<number | null>;
}

/** `referee --db DB serve --port 0 --no-clock --mail SETTINGS` in the Cli's folder, over the Cli's store. */
export function serveMail(cli: Cli, settings: string): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [CLI_MAIN, '--db', cli.db, 'serve', '--port', '0', '--no-clock', '--mail', settings],
      { cwd: cli.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let out = '';
    let err = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => (err += chunk));
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const m = / at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1] && out.includes('Ctrl-C stops it.')) resolve({ child, url: m[1], out: () => out, exited });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it was ready: ${err}`)));
  });
}

/** A command to a game through the served API, which must accept it. */
export async function commandTo(
  s: Served,
  game: string,
  token: string | undefined,
  body: Record<string, unknown>,
): Promise<void> {
  const r = await fetch(`${s.url}/api/games/${game}/commands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token ?? ''}` },
    body: JSON.stringify(body),
  });
  expect(r.status, await r.clone().text()).toBeLessThan(300);
}

/** SIGTERM, and the exit code. */
export async function stopServe(s: Served): Promise<number | null> {
  s.child.kill('SIGTERM');
  return await s.exited;
}
