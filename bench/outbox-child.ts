// A process that commits commands with notices and delivers them through a webhook: the child the outbox's
// crash tests (test/channels/outbox-crash.test.ts, test/channels/chat-crash.test.ts) kill with SIGKILL and
// start again (and test/channels/courier-takeback.test.ts, with the real lease: OUTBOX_CHILD_LEASE_MS).
//
//   node dist/bench/outbox-child.js DB HOOK_URL COMMANDS MODE [discord]
//
// DB: a SQLite file or postgres://…?schema=…; COMMANDS: joins p1..pN to game g1, each with command id
// join-i and a public notice keyed joined:pi; MODE 'commit' registers the webhook channel and commits
// without delivering (then waits to be killed), 'deliver' commits (again: the ids make that a no-op) and
// delivers. It prints `committed N` after the commands and ends cleanly on SIGTERM. With `discord`, the
// channel is the chat channel posting to HOOK_URL as a Discord webhook, and each notice is long enough to be
// posted in three parts.
import { ADMIN, player } from '../src/core/index.js';
import { ChatChannel } from '../src/channels/chat.js';
import { Courier } from '../src/channels/courier.js';
import type { TimeSource } from '../src/channels/courier.js';
import { WebhookChannel } from '../src/channels/webhook.js';
import { Referee } from '../src/engine/referee.js';
import { systemEntropy } from '../src/node/entropy.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { openStore } from '../src/store/open.js';

const realTime: TimeSource = {
  now: () => Date.now(),
  setTimer: (ms, fn) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

async function main(): Promise<void> {
  const [db, hook, count, mode, kind = 'webhook'] = process.argv.slice(2);
  if (
    !db ||
    !hook ||
    !count ||
    (mode !== 'commit' && mode !== 'deliver') ||
    (kind !== 'webhook' && kind !== 'discord')
  )
    throw new Error('usage: outbox-child DB HOOK_URL COMMANDS commit|deliver [discord]');
  // Listened for from the start: a restarted child takes a dead one's leases back at once (issue 23 item 6),
  // so it may have delivered everything, and be told to stop, before its own commands are committed.
  const done = new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  const store = await openStore(db);
  const channel =
    kind === 'discord'
      ? new ChatChannel({ webhooks: () => [{ kind: 'discord', url: hook }], store })
      : new WebhookChannel({
          url: hook,
          name: 'webhook',
          // The take-back test holds a delivery for as long as it likes: the child must not give up first.
          ...(process.env.OUTBOX_CHILD_LEASE_MS
            ? { timeoutMs: Number(process.env.OUTBOX_CHILD_LEASE_MS) }
            : {}),
        });
  // Three parts on Discord: 55 lines of 88 characters (the chat test's report).
  const text = (name: string): string =>
    kind === 'discord'
      ? Array.from({ length: 55 }, (_, i) => `${name}, line ${i} ${'·'.repeat(80)}`).join('\n')
      : `${name} joined the game.`;
  // A short lease and poll: the test waits for a killed child's lease to end in real time. The take-back test
  // (issue 23 item 6) asks for the real lease (OUTBOX_CHILD_LEASE_MS), which it must never wait out.
  const leaseMs = Number(process.env.OUTBOX_CHILD_LEASE_MS ?? 1000);
  const courier = new Courier(store, channel, realTime, { leaseMs, pollMs: 200 });
  if (mode === 'commit') await store.openChannel(channel.name);
  else await courier.start();
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  const created = await referee.submit('g1', {
    type: 'create',
    by: ADMIN,
    args: { game: 'g1', ruleset: 'grid-2002-01', dice: 'fair' },
    id: 'create',
  });
  if (!created.ok && created.error.code !== 'game-exists') throw new Error(created.error.message);
  for (let i = 1; i <= Number(count); i++) {
    const name = `p${i}`;
    const r = await referee.submit(
      'g1',
      { type: 'join', by: player(name), args: {}, id: `join-${i}` },
      {
        notices: () => [
          {
            game: 'g1',
            key: `joined:${name}`,
            to: 'public',
            topic: 'joined',
            subject: `${name} joined`,
            text: text(name),
            at: new Date(Date.UTC(2026, 10, 24, 0, i)).toISOString(),
          },
        ],
      },
    );
    if (!r.ok) throw new Error(r.error.message);
  }
  process.stdout.write(`committed ${count}\n`);
  const keepAlive = setInterval(() => undefined, 1 << 30);
  await done;
  clearInterval(keepAlive);
  await courier.stop();
  await store.close();
}

main().catch((e: unknown) => {
  process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
