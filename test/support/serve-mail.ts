// The built program serving games with mail (issue 15): `referee serve --mail mail.json` as an operator starts
// it, against the real mail servers of test/support/mail-servers.ts, and the Administrator's commands given
// to it over its HTTP API (a command given with another process, `referee act`, makes the same notices once the game is marked by mail: ruling M5). Nothing
// is timed: start-up waits for what the program prints.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import type { Cli } from './cli.js';
import { CLI_MAIN } from './cli.js';
import { addressOf, passwordOf } from './mail-servers.js';
import type { MailServers } from './mail-servers.js';

export interface Served {
  readonly child: ChildProcess;
  /** The HTTP server's base address. */
  readonly url: string;
  /** What the program has printed so far on stdout and stderr. */
  readonly out: () => string;
  readonly err: () => string;
  readonly exited: Promise<number | null>;
}

/** `referee serve --mail SETTINGS`, resolved once it says it is ready (after its Couriers and watcher started). */
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
      if (m?.[1] && out.includes('Ctrl-C stops it.'))
        resolve({ child, url: m[1], out: () => out, err: () => err, exited });
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it was ready: ${err}`)));
  });
}

/** A command to the served game over the HTTP API, which must be accepted. */
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

export interface GameMail {
  readonly forums: readonly string[];
  /** What proves a post came through each forum (issue 23, ruling M8). */
  readonly proofs?: Readonly<Record<string, unknown>>;
  readonly private?: string;
  readonly list?: string;
  readonly admin?: string;
  readonly chat?: readonly { readonly kind: string; readonly url: string }[];
}

/**
 * Writes the operator's mail settings for these servers (the referee reads its own IMAP INBOX). The program
 * asks no DNS (issue 23: `dns.system` false), so nobody's domain signs unless the test publishes a key.
 */
export function writeMailSettings(cli: Cli, servers: MailServers, games: Record<string, GameMail>): string {
  return cli.write(
    'mail.json',
    JSON.stringify({
      from: addressOf('referee'),
      smtp: servers.smtp,
      imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
      dns: { txt: {}, system: false },
      games,
    }),
  );
}
