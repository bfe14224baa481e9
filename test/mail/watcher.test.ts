// Issue 15, "a mailbox the referee reads": the IMAP watcher (src/channels/mail/watcher.ts) against the real
// Dovecot of test/support/mail-servers.ts. Mail is delivered by SMTP to the referee's mailbox; what is
// checked is what became of it (the command in the game's log, the flag on the server), never how long it
// took: each wait is on a report of the watcher or on start() having taken what was there.
import { createServer, connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { MailWatcher, TAKEN, WATCH_BACKOFF } from '../../src/channels/mail/watcher.js';
import type { WatchReport } from '../../src/channels/mail/watcher.js';
import { SimulatedTime } from '../../src/clock/time.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { addressOf, passwordOf, startMailServers } from '../support/mail-servers.js';
import type { MailServers } from '../support/mail-servers.js';
import { ALICE, DNS, gridByMail, listPost, SETTINGS } from './support.js';

let servers: MailServers;
beforeAll(async () => {
  servers = await startMailServers();
});
afterAll(async () => {
  await servers?.stop();
});

/** Delivers a raw message by SMTP to the referee's mailbox (done when the SMTP server answers). */
async function deliver(raw: Buffer): Promise<void> {
  const smtp = nodemailer.createTransport({ host: servers.smtp.host, port: servers.smtp.port });
  try {
    await smtp.sendMail({ envelope: { from: ALICE, to: [addressOf('referee')] }, raw });
  } finally {
    smtp.close();
  }
}

/** Each message of the referee's INBOX: its UID and whether it carries the taken flag. */
async function flags(): Promise<{ uid: number; taken: boolean }[]> {
  const client = new ImapFlow({
    host: servers.imap.host,
    port: servers.imap.port,
    secure: false,
    auth: { user: 'referee', pass: passwordOf('referee') },
    logger: false,
  });
  await client.connect();
  try {
    const box = await client.mailboxOpen('INBOX');
    if (box.exists === 0) return [];
    const all = await client.fetchAll('1:*', { uid: true, flags: true });
    return all
      .map((m) => ({ uid: m.uid, taken: m.flags?.has(TAKEN) ?? false }))
      .sort((a, b) => a.uid - b.uid);
  } finally {
    await client.logout();
  }
}

/** The commands in the game's log that came by mail: their type and player. */
async function mailCommands(referee: Referee): Promise<string[]> {
  const dump = await referee.maintenance.dumpGame?.('g1');
  const out: string[] = [];
  for (const e of dump?.entries ?? []) {
    const c =
      e.event.type === 'command'
        ? (e.event.command as { id?: string; type: string; by: unknown })
        : undefined;
    if (c?.id?.startsWith('mail:')) out.push(`${c.type} ${JSON.stringify(c.by)}`);
  }
  return out;
}

/** A watcher whose reports are kept, with a wait for the n-th 'taken'. */
function watcher(
  referee: Referee,
  via: { port?: number; time?: SimulatedTime } = {},
): {
  watcher: MailWatcher;
  reports: WatchReport[];
  taken: (n: number) => Promise<WatchReport[]>;
  until: (ok: (reports: WatchReport[]) => boolean) => Promise<void>;
} {
  const reports: WatchReport[] = [];
  const waiting: (() => void)[] = [];
  const w = new MailWatcher({
    referee,
    imap: {
      host: servers.imap.host,
      port: via.port ?? servers.imap.port,
      user: 'referee',
      pass: passwordOf('referee'),
      mailboxes: ['INBOX'],
    },
    settings: SETTINGS,
    auth: DNS.auth,
    ...(via.time ? { time: via.time } : {}),
    now: () => '2026-11-24T05:00:00.000Z',
    report: (r) => {
      reports.push(r);
      for (const f of waiting.splice(0)) f();
    },
  });
  /** Resolves once the reports so far satisfy `ok` (checked on each new report). */
  const until = async (ok: (reports: WatchReport[]) => boolean): Promise<void> => {
    while (!ok(reports)) await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const taken = async (n: number): Promise<WatchReport[]> => {
    await until((rs) => rs.filter((r) => r.kind === 'taken').length >= n);
    return reports.filter((r) => r.kind === 'taken');
  };
  return { watcher: w, reports, taken, until };
}

describe('issue 15: a mailbox the referee reads (IMAP watcher)', () => {
  it('a message delivered while it watches is acted on and flagged; after a restart it is not taken again; one delivered while none watched is taken at start', async () => {
    const referee = await gridByMail();
    const first = watcher(referee);
    await first.watcher.start();
    try {
      await deliver(await listPost({ body: 'I enter the Grid at (7,7).' }));
      const [taken] = await first.taken(1);
      expect(taken).toMatchObject({
        kind: 'taken',
        outcome: { kind: 'acted', player: 'alice', way: 'forum' },
      });
      expect(await mailCommands(referee)).toEqual(['enter {"name":"alice","role":"player"}']);
    } finally {
      await first.watcher.stop();
    }
    expect(await flags()).toEqual([{ uid: 1, taken: true }]);

    // A restart: a new watcher finds the message flagged and takes nothing.
    const log = await referee.maintenance.dumpGame?.('g1');
    const second = watcher(referee);
    await second.watcher.start();
    await second.watcher.stop();
    expect(second.reports).toEqual([]);
    expect(await referee.maintenance.dumpGame?.('g1')).toEqual(log);

    // Delivered while no watcher runs: the next one takes it as it starts.
    await deliver(await listPost({ body: 'I move to (8,8).' }));
    expect(await flags()).toEqual([
      { uid: 1, taken: true },
      { uid: 2, taken: false },
    ]);
    const third = watcher(referee);
    await third.watcher.start();
    await third.watcher.stop();
    expect(third.reports).toMatchObject([
      { kind: 'taken', uid: 2, outcome: { kind: 'acted', player: 'alice' } },
    ]);
    expect(await mailCommands(referee)).toEqual([
      'enter {"name":"alice","role":"player"}',
      'move {"name":"alice","role":"player"}',
    ]);
    expect(await flags()).toEqual([
      { uid: 1, taken: true },
      { uid: 2, taken: true },
    ]);
  });

  it('a store that fails leaves the message unflagged, and a later watcher takes it', async () => {
    const referee = await gridByMail();
    const before = await flags();
    const uid = (before.at(-1)?.uid ?? 0) + 1;
    // A real failure: the store is closed under the watcher.
    const broken = watcher(new Referee(closedStore(), defaultRegistry(), systemEntropy));
    await broken.watcher.start();
    await deliver(await listPost({ body: 'I enter the Grid at (7,7).' }));
    await broken.until((rs) => rs.some((r) => r.kind === 'store-failed' && r.uid === uid));
    await broken.watcher.stop();
    expect(broken.reports.filter((r) => r.kind === 'taken')).toEqual([]);
    expect((await flags()).at(-1)).toEqual({ uid, taken: false });

    const healthy = watcher(referee);
    await healthy.watcher.start();
    await healthy.watcher.stop();
    expect(healthy.reports).toMatchObject([{ kind: 'taken', uid, outcome: { kind: 'acted' } }]);
    expect(await mailCommands(referee)).toEqual(['enter {"name":"alice","role":"player"}']);
    expect((await flags()).at(-1)).toEqual({ uid, taken: true });
  });

  it('a lost connection is tried again with a growing backoff, and mail that came meanwhile is taken', async () => {
    const referee = await gridByMail();
    const uid = ((await flags()).at(-1)?.uid ?? 0) + 1;
    const link = await relay();
    const time = new SimulatedTime('2026-11-24T05:00:00.000Z');
    const w = watcher(referee, { port: link.port, time });
    await w.watcher.start();
    try {
      link.down = true;
      link.cut();
      await w.until((rs) => rs.filter((r) => r.kind === 'connection').length >= 1);
      await deliver(await listPost({ body: 'I enter the Grid at (7,7).' }));
      // The first try finds the relay still down: the next wait is twice as long.
      time.advance(WATCH_BACKOFF.firstMs);
      await w.until((rs) => rs.filter((r) => r.kind === 'connection').length >= 2);
      link.down = false;
      time.advance(2 * WATCH_BACKOFF.firstMs);
      await w.taken(1);
    } finally {
      await w.watcher.stop();
      await link.close();
    }
    expect(
      w.reports.filter((r) => r.kind === 'connection').map((r) => r.kind === 'connection' && r.retryMs),
    ).toEqual([WATCH_BACKOFF.firstMs, 2 * WATCH_BACKOFF.firstMs]);
    expect(w.reports.filter((r) => r.kind === 'taken')).toMatchObject([
      { uid, outcome: { kind: 'acted', player: 'alice' } },
    ]);
    expect(await mailCommands(referee)).toEqual(['enter {"name":"alice","role":"player"}']);
    expect((await flags()).at(-1)).toEqual({ uid, taken: true });
  });
});

/**
 * A TCP relay to Dovecot that the test can cut: real connections, really lost. While `down`, a new
 * connection is closed as it comes.
 */
async function relay(): Promise<{ port: number; cut(): void; down: boolean; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const state = { down: false };
  const server = createServer((inbound) => {
    if (state.down) return inbound.destroy();
    const outbound = connect(servers.imap.port, servers.imap.host);
    for (const s of [inbound, outbound]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    port,
    get down() {
      return state.down;
    },
    set down(v: boolean) {
      state.down = v;
    },
    cut() {
      for (const s of open) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A SQLite store, closed: every call fails as a store that went away does. */
function closedStore(): SqliteStore {
  const store = new SqliteStore(':memory:');
  void store.close();
  return store;
}
