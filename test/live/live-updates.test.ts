// Issue 7, live updates: every committed command reaches every open event stream of its game once, in
// order, each stream carrying only the lines its viewer may see.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAR_CORNER, placementRolls } from '../support/cli.js';
import { call, EventStream, serve } from './support.js';
import type { Served, SseMessage } from './support.js';

interface Update {
  seq: number;
  lines: { seq: number; type: string; text: string }[];
}

const update = (m: SseMessage): Update => m.data as Update;
const atSeq = (seq: number) => (m: SseMessage) => m.event === 'update' && update(m).seq === seq;

describe('live updates (server-sent events)', () => {
  let served: Served;
  let admin: string;
  const tokens: Record<string, string> = {};
  const streams: EventStream[] = [];

  beforeEach(async () => {
    served = await serve();
    const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
    const created = await call(served.base, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'manual', rolls },
    });
    expect(created.status).toBe(201);
    admin = (created.body as { adminToken: string }).adminToken;
    for (const name of ['alice', 'bob']) {
      const joined = await call(served.base, 'POST', '/api/games/g1/join', { body: { player: name } });
      expect(joined.status).toBe(201);
      tokens[name] = (joined.body as { token: string }).token;
    }
  });

  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await served.close();
  });

  const open = async (token?: string): Promise<EventStream> => {
    const s = await EventStream.open(served.base, 'g1', token);
    streams.push(s);
    return s;
  };

  it('a public announcement reaches the public, every player and the Administrator', async () => {
    const [pub, alice, bob, adm] = await Promise.all([
      open(),
      open(tokens.alice),
      open(tokens.bob),
      open(admin),
    ]);
    const r = await call(served.base, 'POST', '/api/games/g1/commands', {
      token: tokens.alice,
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    expect(r.status).toBe(200);
    // Each viewer's update is numbered in eir own numbering: the position eir view now gives.
    for (const [s, token] of [
      [pub, undefined],
      [alice, tokens.alice],
      [bob, tokens.bob],
      [adm, admin],
    ] as const) {
      const me = await call(served.base, 'GET', token ? '/api/games/g1/me' : '/api/games/g1', {
        ...(token ? { token } : {}),
      });
      const u = update(await s.next(atSeq((me.body as { seq: number }).seq)));
      expect(u.lines.map((l) => l.text)).toContain('alice enters the Grid at (3,4).');
    }
  });

  it("the Administrator's hidden order reaches only the Administrator's stream; the others are sent nothing", async () => {
    const [pub, alice, adm] = await Promise.all([open(), open(tokens.alice), open(admin)]);
    const r = await call(served.base, 'POST', '/api/games/g1/commands', {
      token: admin,
      body: { type: 'dice', args: { values: [4242, 4343] } },
    });
    expect(r.status).toBe(200);
    const seq = (r.body as { seq: number }).seq;
    const seen = update(await adm.next(atSeq(seq)));
    expect(seen.lines.map((l) => l.type)).toContain('dice-queued');
    // Then a public command: the first update the others get is its, so the hidden order sent them nothing
    // (an empty update would tell them something hidden happened).
    const entered = await call(served.base, 'POST', '/api/games/g1/commands', {
      token: tokens.alice,
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    expect(entered.status).toBe(200);
    for (const s of [pub, alice]) {
      const u = update(await s.next((m) => m.event === 'update'));
      expect(u.lines.map((l) => l.text)).toContain('alice enters the Grid at (3,4).');
      expect(JSON.stringify(s.messages)).not.toMatch(/4242|4343|dice-queued/);
    }
  });

  it('updates arrive once each and in the order the commands were committed, under concurrent commands', async () => {
    const watcher = await open(tokens.bob);
    const moves = await Promise.all(
      [
        ['alice', 3, 4],
        ['bob', 9, 9],
      ].map(([name, x, y]) =>
        call(served.base, 'POST', '/api/games/g1/commands', {
          token: tokens[name as string],
          body: { type: 'enter', args: { x, y } },
        }),
      ),
    );
    const ticks = await Promise.all(
      [1, 2, 3].map(() =>
        call(served.base, 'POST', '/api/games/g1/commands', { token: admin, body: { type: 'tick' } }),
      ),
    );
    expect([...moves, ...ticks].every((r) => r.status === 200)).toBe(true);
    const me = await call(served.base, 'GET', '/api/games/g1/me', { token: tokens.bob });
    await watcher.next(atSeq((me.body as { seq: number }).seq));
    const seqs = watcher.messages.filter((m) => m.event === 'update').map((m) => update(m).seq);
    expect(seqs).toHaveLength(5);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(5);
  });

  it('a stream with a token that is not of this game is refused (401) and opens nothing', async () => {
    await expect(EventStream.open(served.base, 'g1', 'nr_not-a-token')).rejects.toThrow(/HTTP 401/);
    await expect(EventStream.open(served.base, 'nope')).rejects.toThrow(/HTTP 404/);
  });

  it('closing the server ends its open streams', async () => {
    await open(tokens.alice);
    await served.app.close();
    // If a stream were left open, close() above would never have returned.
    expect(served.app.server.listening).toBe(false);
  });
});
