// Issue 15: `referee mail watch` through the built program, against the real Dovecot: a message delivered
// while it runs is acted on, a restarted watcher does not act on it again, a message delivered while none
// ran is taken at start, and SIGTERM ends it cleanly. Waits are on the program's own lines, never on time.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_MAIN, Cli, locationOf, newManualGrid, removeTempDirs } from '../support/cli.js';
import { addressOf, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { LIST_KEY, LIST_PROOF, listPost } from './support.js';
import { settingsDns } from '../support/dkim.js';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers?.stop();
  removeTempDirs();
});

const ALICE = 'alice@example.org';

async function deliver(raw: Buffer): Promise<void> {
  const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
  try {
    await smtp.sendMail({ envelope: { from: ALICE, to: [addressOf('referee')] }, raw });
  } finally {
    smtp.close();
  }
}

/** A running `referee mail watch`, its stdout so far, and a wait for a line matching a pattern. */
class Watch {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly waiting: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor(cli: Cli) {
    this.child = spawn(
      process.execPath,
      [CLI_MAIN, '--db', cli.db, 'mail', 'watch', '--settings', 'mail.json'],
      { cwd: cli.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const wake = (): void => {
      for (const f of this.waiting.splice(0)) f();
    };
    this.child.stdout?.on('data', (d: Buffer) => {
      this.stdout += d.toString('utf8');
      wake();
    });
    this.child.stderr?.on('data', (d: Buffer) => {
      this.stderr += d.toString('utf8');
      wake();
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => (resolve(code), wake())));
  }

  async line(pattern: RegExp): Promise<string> {
    for (;;) {
      const found = this.stdout.split('\n').find((l) => pattern.test(l));
      if (found !== undefined) return found;
      if (this.child.exitCode !== null)
        throw new Error(`referee mail watch exited (${this.child.exitCode}): ${this.stderr}`);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  async stop(): Promise<number | null> {
    this.child.kill('SIGTERM');
    return await this.exited;
  }
}

describe('referee mail watch', () => {
  it('acts on mail as it arrives, takes nothing twice across a restart, and takes at start what came meanwhile', async () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok('address', 'g1', 'alice', ALICE, '--unconfirmed');
    writeFileSync(
      join(cli.dir, 'mail.json'),
      JSON.stringify({
        from: 'referee@nomic.example',
        smtp: { host: servers.smtp.host, port: servers.smtp.port },
        imap: {
          host: servers.imap.host,
          port: servers.imap.port,
          user: 'referee',
          pass: passwordOf('referee'),
          mailboxes: ['INBOX'],
        },
        dns: settingsDns(LIST_KEY),
        games: {
          g1: {
            forums: ['grid@lists.example'],
            proofs: { 'grid@lists.example': LIST_PROOF },
            private: 'g1-moderator@nomic.example',
          },
        },
      }),
    );

    const first = new Watch(cli);
    await first.line(/is reading INBOX/);
    await deliver(
      await listPost({ from: ALICE, to: 'grid@lists.example', body: 'I enter the Grid at (7,7).' }),
    );
    expect(await first.line(/uid 1:/)).toBe(
      'INBOX uid 1: g1 alice (forum): 1 accepted, 0 rejected, 0 not understood, 0 ignored',
    );
    expect(await first.stop()).toBe(0);
    expect(first.stderr).toBe('');
    const log = cli.exported('g1');
    expect(log).toMatch(/"id":"mail:/);
    const second = new Watch(cli);
    await second.line(/is reading INBOX/);
    expect(await second.stop()).toBe(0);
    expect(second.stdout).not.toMatch(/uid/);
    expect(cli.exported('g1')).toBe(log);

    await deliver(await listPost({ from: ALICE, to: 'grid@lists.example', body: 'I move to (8,8).' }));
    const third = new Watch(cli);
    await third.line(/is reading INBOX/);
    // Taken during start, before the watcher says it reads.
    expect(third.stdout.split('\n')[0]).toMatch(/^INBOX uid 2: g1 alice \(forum\): 1 accepted/);
    expect(await third.stop()).toBe(0);
    cli.ok('tick', 'g1', '--nweek');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([8, 8]);
  });

  it('settings without an IMAP account are refused as bad input', () => {
    const cli = new Cli();
    writeFileSync(join(cli.dir, 'mail.json'), JSON.stringify({ from: 'referee@nomic.example', games: {} }));
    expect(cli.bad('mail', 'watch', '--settings', 'mail.json')).toMatch(/not valid: smtp: .*; imap: /);
  });
});
