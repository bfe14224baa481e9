// Issue 14, done means: "an outbox that survives kill -9 between commit and delivery with nothing lost or
// duplicated". A real child process (bench/outbox-child.ts, built: run `npm run build` first) commits
// commands with notices and delivers them through a real webhook to a real HTTP receiver here, which
// dedupes by message id. The child is killed with SIGKILL (1) after committing, before delivering anything,
// and (2) while the receiver holds a delivery it has received, before the child could mark it; a third run
// finishes. In the end every notice arrived, in order, exactly once after dedup, and was sent at most twice.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.js';
import { removeTempDirs, tempDir } from '../support/cli.js';
import { WebhookReceiver } from '../support/held-receiver.js';
import { dropSchema, freshSchemaName, requirePostgres, urlFor } from '../store/pg-support.js';

afterAll(removeTempDirs);

const CHILD = fileURLToPath(new URL('../../dist/bench/outbox-child.js', import.meta.url));

function run(db: string, hook: string, commands: number, mode: 'commit' | 'deliver') {
  const child = spawn(process.execPath, [CHILD, db, hook, String(commands), mode], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'gone')),
  );
  const committed = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (out.includes(`committed ${commands}\n`)) resolve();
    });
    void exited.then((how) => reject(new Error(`the child ended (${how}) before committing: ${err}`)));
  });
  committed.catch(() => undefined); // awaited only by the runs that are not killed first
  return { child, committed, exited, stderr: () => err };
}

async function kill(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

async function campaign(db: string): Promise<void> {
  if (!existsSync(CHILD)) throw new Error(`${CHILD} is missing: run \`npm run build\` first`);
  const receiver = new WebhookReceiver();
  await receiver.start();
  try {
    // 1. Five commands committed with their notices; killed before any delivery.
    const one = run(db, receiver.url, 5, 'commit');
    await one.committed;
    await kill(one.child, one.exited);
    expect(receiver.sends.size).toBe(0);

    // 2. Delivering (and five more commands): killed while the third notice is at the receiver, unmarked.
    receiver.holdAt = 3;
    const two = run(db, receiver.url, 10, 'deliver');
    await receiver.until(() => receiver.order.length === 3);
    await kill(two.child, two.exited);
    receiver.holdAt = undefined;

    // 3. Started again: it takes the third back (at once since issue 23 item 6: its holder is gone) and
    // delivers the rest.
    const three = run(db, receiver.url, 10, 'deliver');
    await three.committed;
    // The one cut by the kill was never marked: it must come again, with the rest.
    await receiver.until(() => receiver.order.length === 10 && receiver.sends.get('g1/joined:p3') === 2);
    three.child.kill('SIGTERM');
    expect(await three.exited, three.stderr()).toBe(0);

    const expected = Array.from({ length: 10 }, (_, i) => `g1/joined:p${i + 1}`);
    // Nothing lost, in order (oldest first), exactly once after dedup by message id ...
    expect(receiver.order, JSON.stringify([...receiver.sends])).toEqual(expected);
    // ... each sent at most twice, and twice only the one whose delivery was cut by the kill.
    expect([...receiver.sends.values()].every((n) => n <= 2)).toBe(true);
    expect([...receiver.sends].filter(([, n]) => n === 2).map(([id]) => id)).toEqual(['g1/joined:p3']);
    // And the store knows all of them delivered: nothing is left to send.
    const store = await openStore(db);
    try {
      expect(await store.notices('g1', 'public')).toHaveLength(10);
      expect(await store.claim('webhook', Date.now() + 10 ** 9, 1000, 100)).toEqual([]);
    } finally {
      await store.close();
    }
  } finally {
    await receiver.stop();
  }
}

describe('issue 14: an outbox that survives kill -9 between commit and delivery', () => {
  it('SQLite: every notice arrives exactly once after dedup, each sent at most twice', async () => {
    await campaign(join(tempDir('referee-outbox-'), 'games.db'));
  });

  it('PostgreSQL: every notice arrives exactly once after dedup, each sent at most twice', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    try {
      await campaign(urlFor(schema));
    } finally {
      await dropSchema(schema);
    }
  });
});
