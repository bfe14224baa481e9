// Issue 23 item 9, "give `referee mail` a way to send what waits now": `referee mail send --settings FILE`
// through the built program (`npm run build` first), against the real loopback SMTP server and Dovecot of
// test/support/mail-servers.ts. A notice whose delivery failed waits out its backoff (up to an hour); the verb
// makes it due and sends it at once, one line each; with the server gone, it says what could not be sent,
// exits 1, and the notice still waits.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { entriesAfter } from '../store/store-contract.js';
import { Cli, CLI_MAIN, removeTempDirs, tempDir } from '../support/cli.js';
import type { Run } from '../support/cli.js';
import { addressOf, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { SmtpRelay } from '../support/smtp-relay.js';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers?.stop();
  removeTempDirs();
});

const HOUR = 3_600_000;

/**
 * The program as its own process, not waited for blocked: the SMTP server it talks to runs in this process
 * (test/support/mail-servers.ts), and must go on answering meanwhile.
 */
function run(cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function settingsFile(dir: string, smtpPort: number): string {
  const path = join(dir, `mail-${smtpPort}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      from: addressOf('referee'),
      smtp: { host: '127.0.0.1', port: smtpPort },
      imap: { ...servers.imap, user: 'referee', pass: passwordOf('referee') },
      games: { g1: { admin: addressOf('admin') } },
    }),
  );
  return path;
}

/** A game whose notice to alice failed once and waits an hour for its next try; the rest of the outbox, none. */
async function waitingNotice(db: string): Promise<number> {
  const store = new SqliteStore(db);
  try {
    await store.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });
    await store.setAddress('g1', 'alice', addressOf('alice'), null);
    await store.openChannel('mail');
    await store.enqueue([
      {
        game: 'g1',
        key: 'late',
        to: 'player:alice',
        topic: 'reminder',
        subject: 'g1: the late one',
        text: 'It waited.',
        at: '2026-11-24T12:00:00.000Z',
      },
    ]);
    const [claimed] = await store.claim('mail', Date.now(), 60_000, 1);
    await store.deferred('mail', claimed?.id ?? 0, Date.now() + HOUR, 'the mail server does not answer');
    expect(await store.claim('mail', Date.now(), 60_000, 1)).toEqual([]);
    return claimed?.id ?? 0;
  } finally {
    await store.close();
  }
}

describe('issue 23 item 9: referee mail send', () => {
  it('issue 23 item 9: mail send sends what waits now (not after its backoff), one line each; with the server gone it says what was not sent, exit 1, and it still waits', async () => {
    const dir = tempDir();
    const cli = new Cli(dir, 'games.db');
    const id = await waitingNotice(cli.dbPath);
    const send = () => run(dir, ['--db', 'games.db', 'mail', 'send', '--settings', settingsFile(dir, port)]);
    const relay = new SmtpRelay(servers.smtp);
    await relay.up();
    const port = relay.port;
    await relay.down();
    try {
      // The server gone: not sent, said so, exit 1; the notice waits as before.
      const down = await send();
      expect(down.status, down.stderr).toBe(1);
      expect(down.stdout).toMatch(
        new RegExp(
          `^g1 notice ${id} \\(player, reminder\\): not sent, waits: the mail server does not answer`,
        ),
      );
      expect(down.stdout).toMatch(
        /\n0 sent, 1 not sent \(they wait for the next try\), 0 refused for good\n$/,
      );
      expect(down.stderr).toMatch(/^referee: 1 notice\(s\) could not be sent now\n$/);
      expect(down.stdout).not.toMatch(/@|It waited/);
      // The server back: sent at once, though its retry time is most of an hour away.
      await relay.up();
      const before = (await servers.readMailbox('alice')).length;
      const up = await send();
      expect(up.status, up.stderr).toBe(0);
      expect(up.stdout).toBe(
        `g1 notice ${id} (player, reminder): sent\n1 sent, 0 not sent (they wait for the next try), 0 refused for good\n`,
      );
      const mail = await servers.waitForMail('alice', before + 1);
      expect(mail.at(-1)?.subject).toBe('g1: the late one');
      // Nothing waits any more: a second run sends nothing.
      expect((await send()).stdout).toBe(
        '0 sent, 0 not sent (they wait for the next try), 0 refused for good\n',
      );
    } finally {
      await relay.down();
    }
  });

  it('issue 23 item 9: mail send with bad settings is a usage error, nothing sent', () => {
    const dir = tempDir();
    const cli = new Cli(dir);
    writeFileSync(join(dir, 'bad.json'), '{"from": "referee@example.test"}');
    const r = cli.run('mail', 'send', '--settings', 'bad.json');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^referee: bad-settings: /);
  });
});
