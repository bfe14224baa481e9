// Issue 13 on a real server: item 1 (numbers count only what the viewer may see; no empty updates), item 3
// (a stream ends when its token is rotated or issued again) and item 5's streams (caps per client and per
// server; a reader that does not read is dropped).
import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FAR_CORNER, placementRolls } from '../support/cli.js';
import { Referee } from '../../src/engine/referee.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { ADMIN, player, PUBLIC } from '../../src/core/index.js';
import type { LiveOptions } from '../../src/server/live.js';
import { call, EventStream, serve } from './support.js';
import type { Served, SseMessage } from './support.js';
import { insidesOf } from '../../src/engine/insides.js';

interface Line {
  seq: number;
  type: string;
  text: string;
}
interface Update {
  seq: number;
  lines: Line[];
}

let served: Served;
const streams: EventStream[] = [];
const raw: IncomingMessage[] = [];

afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const r of raw.splice(0)) r.destroy();
  await served.close();
});

/** A January Grid game (Things placed far away, manual dice) with alice and bob; their tokens. */
async function start(live?: LiveOptions): Promise<{ admin: string; alice: string; bob: string }> {
  served = await serve(live ? { live } : {});
  const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
  const created = await call(served.base, 'POST', '/api/games', {
    body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'manual', rolls },
  });
  expect(created.status).toBe(201);
  const tokens: Record<string, string> = {};
  for (const name of ['alice', 'bob']) {
    const joined = await call(served.base, 'POST', '/api/games/g1/join', { body: { player: name } });
    expect(joined.status).toBe(201);
    tokens[name] = (joined.body as { token: string }).token;
  }
  return {
    admin: (created.body as { adminToken: string }).adminToken,
    alice: tokens.alice as string,
    bob: tokens.bob as string,
  };
}

const open = async (token?: string): Promise<EventStream> => {
  const s = await EventStream.open(served.base, 'g1', token);
  streams.push(s);
  return s;
};
const updates = (s: EventStream): Update[] =>
  s.messages.filter((m) => m.event === 'update').map((m) => m.data as Update);
const hello = (s: EventStream): number =>
  (s.messages.find((m) => m.event === 'hello')?.data as { seq: number }).seq;
const command = (token: string, type: string, args: object = {}) =>
  call(served.base, 'POST', '/api/games/g1/commands', { token, body: { type, args } });
const seqOf = async (token?: string): Promise<number> =>
  (
    (await call(served.base, 'GET', token ? '/api/games/g1/me' : '/api/games/g1', token ? { token } : {}))
      .body as { seq: number }
  ).seq;

describe('issue 13 item 1: what a viewer is given counts only what e may see', () => {
  it('/me, the public view, the log and the write answers give the viewer its own position, with no gap', async () => {
    const t = await start();
    const entered = await command(t.alice, 'enter', { x: 3, y: 4 });
    expect(entered.status).toBe(200);
    const all = await served.referee.entries('g1');
    // The Things' placements are hidden entries (so the counts below are not vacuous).
    expect(all.some((e) => e.event.vis === 'admin')).toBe(true);
    for (const [token, viewer] of [
      [undefined, PUBLIC],
      [t.alice, player('alice')],
      [t.bob, player('bob')],
    ] as const) {
      const log = (await call(served.base, 'GET', '/api/games/g1/log', token ? { token } : {})).body as {
        lines: Line[];
      };
      expect(log.lines.map((l) => l.seq)).toEqual(log.lines.map((_, i) => i + 1));
      expect(await seqOf(token)).toBe(log.lines.length);
      expect(log.lines.length).toBe(served.referee.rules.position(await served.referee.state('g1'), viewer));
      expect(log.lines.length).toBeLessThan(all.length);
    }
    // The answer to alice's command: her position after it, and its lines numbered up to it.
    const answer = entered.body as Update & { duplicate: boolean };
    const aliceLog = (
      (await call(served.base, 'GET', '/api/games/g1/log', { token: t.alice })).body as { lines: Line[] }
    ).lines;
    expect(answer.seq).toBe(await seqOf(t.alice));
    expect(answer.lines).toEqual(aliceLog.slice(aliceLog.length - answer.lines.length));
    // The Administrator's numbers are the log's own.
    expect(await seqOf(t.admin)).toBe(all.length);
  });

  it('a repeated command id is answered with the same position and lines as the first time', async () => {
    const t = await start();
    const first = await call(served.base, 'POST', '/api/games/g1/commands', {
      token: t.alice,
      key: 'k1',
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    expect(await command(t.admin, 'dice', { values: [5, 6] })).toMatchObject({ status: 200 });
    expect(await command(t.bob, 'enter', { x: 9, y: 9 })).toMatchObject({ status: 200 });
    const again = await call(served.base, 'POST', '/api/games/g1/commands', {
      token: t.alice,
      key: 'k1',
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    const { duplicate: d1, ...one } = first.body as Update & { duplicate: boolean };
    const { duplicate: d2, ...two } = again.body as Update & { duplicate: boolean };
    expect([d1, d2]).toEqual([false, true]);
    expect(two).toEqual(one);
  });

  it('/verify tells the public whether the whole verifies, and counts only what it can check', async () => {
    const t = await start();
    expect(await command(t.alice, 'enter', { x: 3, y: 4 })).toMatchObject({ status: 200 });
    const pub = (await call(served.base, 'GET', '/api/games/g1/verify')).body as Record<string, unknown>;
    const adm = (await call(served.base, 'GET', '/api/games/g1/verify', { token: t.admin })).body as Record<
      string,
      unknown
    >;
    expect(adm).toMatchObject({ ok: true, entries: (await served.referee.entries('g1')).length });
    expect(pub).toMatchObject({ ok: true, entries: await seqOf(), problems: [] });
    // The Things' placements and the hidden dice are not counted for the public.
    expect(pub.entries).toBeLessThan(adm.entries as number);
    expect(pub.manualRolls).toBeLessThan(adm.manualRolls as number);
  });

  it('the games list carries no count of entries', async () => {
    await start();
    expect((await call(served.base, 'GET', '/api/games')).body).toEqual([
      { id: 'g1', ruleset: 'grid-2002-01' },
    ]);
  });

  it('no update reaches the public or a player for an admin-only or another player\u2019s private change', async () => {
    const t = await start();
    const [pub, bob, alice, adm] = [
      await open(),
      await open(t.bob),
      await open(t.alice),
      await open(t.admin),
    ];
    // Hidden from all but the Administrator: dice queued.
    expect(await command(t.admin, 'dice', { values: [4242] })).toMatchObject({ status: 200 });
    await adm.next((m) => m.event === 'update');
    // Then a public command: it is the first update the others get.
    expect(await command(t.bob, 'enter', { x: 9, y: 9 })).toMatchObject({ status: 200 });
    for (const [s, token] of [
      [pub, undefined],
      [bob, t.bob],
      [alice, t.alice],
    ] as const) {
      const seq = await seqOf(token);
      await s.next((m: SseMessage) => m.event === 'update' && (m.data as Update).seq === seq);
      const got = updates(s);
      expect(got).toHaveLength(1);
      expect(got[0]?.lines.map((l) => l.text)).toContain('bob enters the Grid at (9,9).');
      // Numbered on from the hello, without a gap.
      expect(got[0]?.lines[0]?.seq).toBe(hello(s) + 1);
    }
  });

  it('a fresh load of the stored game gives every viewer the same position (the stubs keep their visibility)', async () => {
    const t = await start();
    expect(await command(t.alice, 'enter', { x: 3, y: 4 })).toMatchObject({ status: 200 });
    expect(await command(t.admin, 'dice', { values: [7] })).toMatchObject({ status: 200 });
    const live = await served.referee.state('g1');
    const fresh = await new Referee(insidesOf(served.referee).store, defaultRegistry(), systemEntropy).state(
      'g1',
    );
    expect([fresh.seenPublic, fresh.seenPrivate]).toEqual([live.seenPublic, live.seenPrivate]);
    for (const v of [PUBLIC, player('alice'), ADMIN])
      expect(served.referee.rules.position(fresh, v)).toBe(served.referee.rules.position(live, v));
  });
});

describe('issue 13 item 3: a stream ends when its token is rotated or issued again', () => {
  it('rotating the admin token ends the streams opened with the old one, before any hidden placement reaches them', async () => {
    const t = await start();
    const old = await open(t.admin);
    const other = await open(t.alice);
    const rotated = await call(served.base, 'POST', '/api/games/g1/admin-token', { token: t.admin });
    expect(rotated.status).toBe(200);
    await old.ended;
    const fresh = (rotated.body as { adminToken: string }).adminToken;
    expect(await command(fresh, 'dice', { values: [4242] })).toMatchObject({ status: 200 });
    expect(JSON.stringify(old.messages)).not.toContain('4242');
    expect(updates(old)).toEqual([]);
    // A stream of another holder stays open: it gets the next public command.
    expect(await command(t.alice, 'enter', { x: 3, y: 4 })).toMatchObject({ status: 200 });
    await other.next((m) => m.event === 'update');
  });

  it("issuing a player's token again ends the streams opened with eir old one", async () => {
    const t = await start();
    const old = await open(t.alice);
    const issued = await call(served.base, 'POST', '/api/games/g1/players/alice/token', { token: t.admin });
    expect(issued.status).toBe(200);
    await old.ended;
    const fresh = await open((issued.body as { token: string }).token);
    expect(await command(t.bob, 'enter', { x: 9, y: 9 })).toMatchObject({ status: 200 });
    await fresh.next((m) => m.event === 'update');
    expect(updates(old)).toEqual([]);
  });

  it('a token replaced behind the server\u2019s back (another process) sends nothing more: the holder is checked before each message', async () => {
    const t = await start();
    const old = await open(t.alice);
    // As another process would: straight into the store, with no word to this server.
    await served.referee.directory.grantToken('g1', { holder: 'player:alice', hash: 'f'.repeat(64) });
    expect(await command(t.bob, 'enter', { x: 9, y: 9 })).toMatchObject({ status: 200 });
    await old.ended;
    expect(updates(old)).toEqual([]);
  });
});

describe('issue 13 item 5: event streams are capped, and a reader that does not read is dropped', () => {
  const refusal = async (token?: string) => {
    const res = await fetch(`${served.base}/api/games/g1/events`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (res.status === 200) {
      await res.body?.cancel();
      return { status: 200, body: undefined };
    }
    const body: unknown = await res.json();
    return { status: res.status, body };
  };

  it('per client address: the stream past the cap is refused 429 in the documented error shape', async () => {
    await start({ perClient: 2 });
    await open();
    const second = await open();
    const r = await refusal();
    expect(r.status).toBe(429);
    const { error } = r.body as { error: { code: string; message: string } };
    expect(Object.keys(r.body as object)).toEqual(['error']);
    expect(error.code).toBe('too-many-streams');
    expect(error.message).toMatch(/2 event streams/);
    // Closing one frees its place.
    second.close();
    await second.ended;
    await expect
      .poll(async () => (await refusal()).status === 429, { interval: 5, timeout: 120_000 })
      .toBe(false);
  });

  it('per server: the stream past the cap is refused 429', async () => {
    await start({ perClient: 10, total: 3 });
    await Promise.all([open(), open(), open()]);
    const r = await refusal();
    expect(r.status).toBe(429);
    expect((r.body as { error: { code: string } }).error.code).toBe('too-many-streams');
  });

  it('a reader that leaves too much unread is dropped, and its place freed', async () => {
    const t = await start({ perClient: 1, maxBuffered: 64 * 1024 });
    // A stream whose reader never reads.
    await new Promise<void>((resolve, reject) => {
      const req = request(
        `${served.base}/api/games/g1/events`,
        { headers: { authorization: `Bearer ${t.admin}` } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.pause();
          raw.push(res);
          resolve();
        },
      );
      req.on('error', reject);
      req.end();
    });
    // Its one place is taken ...
    expect((await refusal()).status).toBe(429);
    // ... until what it leaves unread passes the bound: big hidden orders, each an update of ~150 KB to it
    // (the loopback socket's own buffers take some megabytes first).
    const values = Array.from({ length: 10_000 }, (_, i) => 100_000 + i);
    let freed = false;
    for (let i = 0; i < 100 && !freed; i++) {
      expect(await command(t.admin, 'dice', { values })).toMatchObject({ status: 200 });
      const r = await fetch(`${served.base}/api/games/g1/events`);
      freed = r.status === 200;
      await r.body?.cancel();
    }
    expect(freed).toBe(true);
  });
});
