// Issue 23 item 6: "a delivery claimed by a process that died waits out a 5-minute lease before anyone sends
// it; a restarted referee should take it back at once". A real child process (bench/outbox-child.ts, built:
// run `npm run build` first) claims a notice with the real 5-minute lease and posts it to a real HTTP receiver
// here, which holds it unanswered; the child is killed with SIGKILL. A new Courier, on a simulated clock that
// is never moved past the lease, delivers it at once: the lease's holder is a process this machine knows is
// gone. A live child's lease is respected until it runs out. On PostgreSQL, a holder on another machine is
// judged by its session lock: respected while its session lives, taken back once it is gone.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Courier } from '../../src/channels/courier.js';
import { liveness, ownClaimant } from '../../src/channels/claimant.js';
import { WebhookChannel } from '../../src/channels/webhook.js';
import { openStore } from '../../src/store/open.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { leasesOf } from '../../src/store/leases.js';
import type { Store } from '../../src/store/store.js';
import { removeTempDirs, tempDir } from '../support/cli.js';
import { WebhookReceiver } from '../support/held-receiver.js';
import { SimulatedTime } from '../support/simulated-time.js';
import { notice } from '../store/outbox-contract.js';
import { entriesAfter } from '../store/store-contract.js';
import {
  adminQuery,
  dropSchema,
  freshSchemaName,
  PG_URL,
  requirePostgres,
  urlFor,
} from '../store/pg-support.js';

afterAll(removeTempDirs);

const CHILD = fileURLToPath(new URL('../../dist/bench/outbox-child.js', import.meta.url));
const LEASE_MS = 5 * 60_000;

/** The child delivering `commands` notices with the real lease, the receiver holding the `holdAt`-th. */
async function childHolding(db: string, receiver: WebhookReceiver, commands: number, holdAt: number) {
  if (!existsSync(CHILD)) throw new Error(`${CHILD} is missing: run \`npm run build\` first`);
  receiver.holdAt = holdAt;
  const child = spawn(process.execPath, [CHILD, db, receiver.url, String(commands), 'deliver'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, OUTBOX_CHILD_LEASE_MS: String(LEASE_MS) },
  });
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'gone')),
  );
  const holding = receiver.until(() => receiver.sends.get(`g1/joined:p${holdAt}`) === 1);
  await Promise.race([
    holding,
    exited.then((how) => Promise.reject(new Error(`the child ended (${how}): ${err}`))),
  ]);
  return { child, exited };
}

async function kill(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

/** A courier of this process on the webhook channel, on a clock at the real time now (inside the lease). */
async function newCourier(store: Store, url: string) {
  const time = new SimulatedTime(Date.now());
  const taken: [string, number][] = [];
  const courier = new Courier(store, new WebhookChannel({ url, name: 'webhook' }), time, {
    onTakenBack: (claimant, n) => taken.push([claimant, n]),
  });
  await courier.start();
  await courier.idle();
  return { courier, time, taken };
}

async function killedMidDelivery(db: string): Promise<void> {
  const receiver = new WebhookReceiver();
  await receiver.start();
  try {
    const { child, exited } = await childHolding(db, receiver, 3, 2);
    const pid = child.pid as number;
    await kill(child, exited);
    const store = await openStore(db);
    try {
      // The dead child holds p2's lease, for five more minutes by the clock.
      const holders = await leasesOf(store)?.leaseHolders('webhook', Date.now());
      expect(holders).toHaveLength(1);
      expect(holders?.[0]).toMatch(new RegExp(`/${pid}/\\d+$`));
      const { courier, taken } = await newCourier(store, receiver.url);
      // No time passed: p2 was taken back from the dead child and sent again, p3 sent, all at once.
      expect(receiver.sends.get('g1/joined:p2')).toBe(2);
      expect(receiver.sends.get('g1/joined:p3')).toBe(1);
      expect(receiver.sends.get('g1/joined:p1')).toBe(1);
      expect(taken).toHaveLength(1);
      expect(taken[0]?.[0]).toMatch(new RegExp(`/${pid}/\\d+$`));
      expect(taken[0]?.[1]).toBe(1);
      await courier.stop();
    } finally {
      await store.close();
    }
  } finally {
    await receiver.stop();
  }
}

async function liveLeaseRespected(db: string): Promise<void> {
  const receiver = new WebhookReceiver();
  await receiver.start();
  try {
    const { child, exited } = await childHolding(db, receiver, 3, 2);
    const store = await openStore(db);
    try {
      const { courier, time } = await newCourier(store, receiver.url);
      // The child lives (waiting for the receiver's answer): its p2 is its own; the courier sends p3 only.
      expect(receiver.sends.get('g1/joined:p2')).toBe(1);
      expect(receiver.sends.get('g1/joined:p3')).toBe(1);
      await time.run(LEASE_MS - 60_000, () => courier.idle());
      expect(receiver.sends.get('g1/joined:p2')).toBe(1);
      // Once the lease has run out, as before, it is anyone's.
      await time.run(2 * 60_000, () => courier.idle());
      expect(receiver.sends.get('g1/joined:p2')).toBe(2);
      await courier.stop();
    } finally {
      await store.close();
      await kill(child, exited);
    }
  } finally {
    await receiver.stop();
  }
}

describe('issue 23 item 6: a delivery claimed by a process that died', () => {
  it('issue 23 item 6: this process is alive to itself; a pid that runs no more, or runs another process, is gone', () => {
    const me = ownClaimant();
    expect(liveness(me)).toBe('alive');
    const [host, boot, ns, pid, start] = me.split('/');
    expect(pid).toBe(String(process.pid));
    // Our pid with another start time: the pid given to another process since.
    expect(liveness([host, boot, ns, pid, `${Number(start) + 1}`].join('/'))).toBe('gone');
    // Another machine, another boot, another pid namespace: not ours to judge.
    expect(liveness(['elsewhere', boot, ns, pid, start].join('/'))).toBe('unknown');
    expect(liveness([host, 'another-boot', ns, pid, start].join('/'))).toBe('unknown');
    expect(liveness([host, boot, '1', pid, start].join('/'))).toBe('unknown');
    expect(liveness('not an id')).toBe('unknown');
  });

  it('issue 23 item 6: SQLite: the child killed mid-delivery (SIGKILL), a new courier delivers its notice at once, not after the 5-minute lease', async () => {
    await killedMidDelivery(join(tempDir('referee-takeback-'), 'games.db'));
  });

  it('issue 23 item 6: SQLite: a live process’s lease is respected until it runs out', async () => {
    await liveLeaseRespected(join(tempDir('referee-takeback-'), 'games.db'));
  });

  it('issue 23 item 6: PostgreSQL: the child killed mid-delivery (SIGKILL), a new courier delivers its notice at once', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    try {
      await killedMidDelivery(urlFor(schema));
    } finally {
      await dropSchema(schema);
    }
  });

  it('issue 23 item 6: PostgreSQL: a live process’s lease is respected until it runs out', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    try {
      await liveLeaseRespected(urlFor(schema));
    } finally {
      await dropSchema(schema);
    }
  });

  it('issue 23 item 6: PostgreSQL: a holder on another machine is judged by its session lock: respected while its session lives, taken back once it is gone', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    const receiver = new WebhookReceiver();
    await receiver.start();
    // A claimant this machine cannot judge (another host), in a store of its own: its own session.
    const far = 'far-host/boot/4026531836/4242/123456';
    const other = await PostgresStore.open(PG_URL, { schema });
    const store = await PostgresStore.open(PG_URL, { schema });
    try {
      await other.append({
        game: 'g1',
        entries: entriesAfter(undefined, 1),
        create: { ruleset: 'r', master: null },
      });
      await other.openChannel('webhook');
      await other.enqueue([notice('g1', 'far')]);
      await other.enlist(far);
      const [claimed] = await other.claim('webhook', Date.now(), LEASE_MS, 1, far);
      expect(claimed?.key).toBe('far');
      expect(await store.leaseHolders('webhook', Date.now())).toEqual([far]);
      expect(await store.sessionsGone([far])).toEqual([]);
      const { courier, time, taken } = await newCourier(store, receiver.url);
      expect(receiver.sends.get('g1/far')).toBeUndefined();
      // Its session ends (the process, or its machine, gone): the lock is free once the server has let go.
      await other.close();
      while ((await adminQuery(locksOf(far, schema))).length > 0) await new Promise((r) => setImmediate(r));
      expect(await store.sessionsGone([far])).toEqual([far]);
      courier.wake();
      await courier.idle();
      expect(receiver.sends.get('g1/far')).toBe(1);
      expect(taken).toEqual([[far, 1]]);
      expect(time.now() - Date.now()).toBeLessThan(LEASE_MS);
      await courier.stop();
    } finally {
      await other.close();
      await store.close();
      await receiver.stop();
      await dropSchema(schema);
    }
  });
});

/** The advisory lock a claimant's session holds (postgres/leases.ts: 'NREF' and the hash of schema/claimant). */
const locksOf = (claimant: string, schema: string): string =>
  `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = ${0x4e524546} AND objid = hashtext('${schema}/${claimant}')::oid AND objsubid = 2`;
