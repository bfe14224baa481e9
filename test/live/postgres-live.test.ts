// Issue 8: live updates reach a player's page whichever process accepted the command. Two servers (two apps,
// each with its own PostgreSQL pool, as two processes would have) over one schema: a stream open on one sees
// the commands the other commits, in order, each once, with only what its viewer may see.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import type { PgBackend } from '../store/pg-support.js';
import { pgBackend } from '../store/pg-support.js';
import type { Store } from '../../src/store/store.js';
import { FAR_CORNER, placementRolls } from '../support/cli.js';
import { call, EventStream } from './support.js';
import type { SseMessage } from './support.js';

interface Server {
  app: FastifyInstance;
  store: Store;
  base: string;
}

describe('live updates across processes (PostgreSQL)', () => {
  let backend: PgBackend;
  const servers: Server[] = [];
  const streams: EventStream[] = [];

  beforeEach(async () => {
    backend = await pgBackend();
    for (let i = 0; i < 2; i++) {
      const store = await backend.open();
      const referee = new Referee(store, defaultRegistry(), systemEntropy);
      await referee.watch();
      const app = await buildApp({ referee, webRoot: false });
      servers.push({ app, store, base: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });

  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    for (const s of servers.splice(0)) {
      await s.app.close();
      await s.store.close();
    }
    await backend.dispose();
  });

  it('a stream on one process gets every command committed through the other, once each, in order', async () => {
    const [a, b] = servers as [Server, Server];
    // The Things in the far corner (manual dice): none is found on alice's way by chance.
    const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
    const created = await call(a.base, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'manual', rolls },
    });
    expect(created.status).toBe(201);
    const admin = (created.body as { adminToken: string }).adminToken;
    const alice = (
      (await call(b.base, 'POST', '/api/games/g1/join', { body: { player: 'alice' } })).body as {
        token: string;
      }
    ).token;
    const watching = await EventStream.open(a.base, 'g1', alice);
    streams.push(watching);
    const publicStream = await EventStream.open(a.base, 'g1');
    streams.push(publicStream);

    const seqs: number[] = [];
    for (const body of [
      { type: 'enter', args: { x: 3, y: 4 } },
      { type: 'leave', args: {} },
      { type: 'enter', args: { x: 5, y: 6 } },
    ]) {
      const r = await call(b.base, 'POST', '/api/games/g1/commands', { token: alice, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      seqs.push((r.body as { seq: number }).seq);
    }
    const hidden = await call(b.base, 'POST', '/api/games/g1/commands', {
      token: admin,
      body: { type: 'points', args: { to: 'alice', amount: 3, reason: 'a test' } },
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    // Each stream numbers in its viewer's own numbering (issue 13): alice's position, the public's.
    const last = ((await call(a.base, 'GET', '/api/games/g1/me', { token: alice })).body as { seq: number })
      .seq;
    const publicLast = ((await call(a.base, 'GET', '/api/games/g1')).body as { seq: number }).seq;

    const isUpdate = (m: SseMessage) => m.event === 'update';
    await watching.next((m) => isUpdate(m) && (m.data as { seq: number }).seq === last);
    await publicStream.next((m) => isUpdate(m) && (m.data as { seq: number }).seq === publicLast);
    // Commands committed by the other process close together may reach this one in a single catch-up, and
    // are then told in one update: what must hold is that every line comes once, in order, numbered on.
    const hello = (watching.messages.find((m) => m.event === 'hello')?.data as { seq: number }).seq;
    const got = watching.messages
      .filter(isUpdate)
      .map((m) => m.data as { seq: number; lines: { seq: number; text: string }[] });
    let at = hello;
    for (const u of got) {
      expect(u.lines.length, JSON.stringify(u)).toBeGreaterThan(0);
      at += u.lines.length;
      expect(u.seq).toBe(at);
    }
    expect(at).toBe(last);
    // Each command's position (what its answer said) is one the stream passed through.
    expect(seqs.every((s) => s > hello && s <= last)).toBe(true);
    const told = got.flatMap((u) => u.lines.map((l) => l.text));
    const log = (await call(a.base, 'GET', `/api/games/g1/log?from=${hello + 1}`, { token: alice })).body as {
      lines: { text: string }[];
    };
    expect(told).toEqual(log.lines.map((l) => l.text));
    expect(told).toContain('alice enters the Grid at (5,6).');
  });

  it('issue 13 item 3: a token re-issued through one process ends the stream opened with the old one on the other, before anything more is sent', async () => {
    const [a, b] = servers as [Server, Server];
    const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
    const created = await call(a.base, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'manual', rolls },
    });
    const admin = (created.body as { adminToken: string }).adminToken;
    const joined = await call(a.base, 'POST', '/api/games/g1/join', { body: { player: 'alice' } });
    const alice = (joined.body as { token: string }).token;
    const old = await EventStream.open(a.base, 'g1', alice);
    streams.push(old);
    const issued = await call(b.base, 'POST', '/api/games/g1/players/alice/token', { token: admin });
    expect(issued.status).toBe(200);
    // A public command through b: server a hears of it, finds alice's old token replaced, and ends the
    // stream instead of sending it.
    const entered = await call(b.base, 'POST', '/api/games/g1/commands', {
      token: (issued.body as { token: string }).token,
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    expect(entered.status).toBe(200);
    await old.ended;
    expect(old.messages.filter((m) => m.event === 'update')).toEqual([]);
  });
});
