// Issue 15, chat: a notice longer than Discord's 2,000 characters is posted in parts, and Discord's webhooks
// have no idempotency key. A real child process (bench/outbox-child.ts in its `discord` mode, built: run
// `npm run build` first) commits a command whose public notice takes three parts and delivers it through the
// chat channel to a real HTTP server here that answers as a Discord webhook does (`?wait=true`: the message
// stored). The server answers part 1 and holds part 2 unanswered (never stored, as a request cut off by the
// sender's death); the child is killed with SIGKILL there. A second run takes the notice back when its lease
// ends and posts parts 2 and 3 only: the Discord channel shows each part once, in order.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { removeTempDirs, tempDir } from '../support/cli.js';
import { HeldReceiver } from '../support/held-receiver.js';
import { dropSchema, freshSchemaName, requirePostgres, urlFor } from '../store/pg-support.js';

afterAll(removeTempDirs);

const CHILD = fileURLToPath(new URL('../../dist/bench/outbox-child.js', import.meta.url));

/** A Discord webhook on loopback: the messages it stored, in order; the first try of part 2 is held. */
class Discord extends HeldReceiver {
  /** Every POST received, by its part ("g1/joined:p1#2/3"). */
  readonly received: string[] = [];
  /** The messages stored (answered): what the channel shows. */
  readonly posted: { part: string; content: string }[] = [];

  constructor() {
    super('/api/webhooks/1/tok');
  }

  protected answer(req: IncomingMessage, body: string, res: ServerResponse): void {
    expect(new URL(req.url ?? '/', 'http://x').search).toBe('?wait=true');
    const part = String(req.headers['idempotency-key']);
    this.received.push(part);
    if (part.endsWith('#2/3') && this.received.filter((p) => p === part).length === 1) {
      this.hold(res); // never stored either
    } else {
      const { content } = JSON.parse(body) as { content: string };
      this.posted.push({ part, content });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: String(1000 + this.posted.length), content }));
    }
  }
}

function run(db: string, hook: string) {
  const child = spawn(process.execPath, [CHILD, db, hook, '1', 'deliver', 'discord'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stdout.resume();
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'gone')),
  );
  return { child, exited, stderr: () => err };
}

async function campaign(db: string): Promise<void> {
  if (!existsSync(CHILD)) throw new Error(`${CHILD} is missing: run \`npm run build\` first`);
  const discord = new Discord();
  await discord.start();
  const parts = ['g1/joined:p1#1/3', 'g1/joined:p1#2/3', 'g1/joined:p1#3/3'];
  try {
    // 1. Part 1 posted, part 2 on its way when the process dies.
    const one = run(db, discord.url);
    await discord.until(() => discord.received.length === 2);
    one.child.kill('SIGKILL');
    expect(await one.exited).toBe('SIGKILL');
    expect(discord.received).toEqual(parts.slice(0, 2));
    expect(discord.posted.map((p) => p.part)).toEqual(parts.slice(0, 1));

    // 2. Started again: the notice comes back (the dead process's lease taken back), from part 2.
    const two = run(db, discord.url);
    await discord.until(() => discord.posted.length === 3);
    two.child.kill('SIGTERM');
    expect(await two.exited, two.stderr()).toBe(0);

    // Each part once, in order: part 1 was not posted again.
    expect(discord.received).toEqual([...parts.slice(0, 2), ...parts.slice(1)]);
    expect(discord.posted.map((p) => p.part)).toEqual(parts);
    expect(discord.posted.map((p) => p.content.split('\n')[0])).toEqual([
      'p1 joined',
      expect.stringMatching(/^p1, line \d+ /),
      expect.stringMatching(/^p1, line \d+ /),
    ]);
    // And the store knows the notice delivered, each post recorded once: nothing is left to send (the
    // records may still wait to be passed over, as every channel passes what it does not carry).
    const store = await openStore(db);
    try {
      const left = await store.claim('chat', Date.now() + 10 ** 9, 1000, 100);
      expect(left.filter((n) => n.to !== 'channel:chat')).toEqual([]);
      const records = await store.notices('g1', 'channel:chat');
      expect(records.map((r) => r.text)).toEqual([
        'posted as message 1001',
        'posted as message 1002',
        'posted as message 1003',
      ]);
    } finally {
      await store.close();
    }
  } finally {
    await discord.stop();
  }
}

describe('issue 15: a chat notice in parts survives kill -9 between its parts', () => {
  it('SQLite: the restarted process posts the parts not yet posted, each once, in order', async () => {
    await campaign(join(tempDir('referee-chat-crash-'), 'games.db'));
  }, 60_000);

  it('PostgreSQL: the restarted process posts the parts not yet posted, each once, in order', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    try {
      await campaign(urlFor(schema));
    } finally {
      await dropSchema(schema);
    }
  }, 60_000);
});
