// Issue 16: a page's stream must not stay open, looking live, once it has missed an update. When the server
// fails to work out an update for a game's streams (the store unreachable), it ends them: their pages
// reconnect and read the game again (web/src/api.ts), instead of going on without it.
import { request } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAR_CORNER, placementRolls } from '../support/cli.js';
import { call, EventStream, serve } from './support.js';
import type { Served } from './support.js';

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('a stream that missed an update (issue 16)', () => {
  it('is ended, and a stream opened again gets the game as it is', async () => {
    served = await serve();
    const { base, referee } = served;
    const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
    const created = await call(base, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'manual', rolls },
    });
    expect(created.status).toBe(201);
    const joined = await call(base, 'POST', '/api/games/g1/join', { body: { player: 'alice' } });
    const alice = (joined.body as { token: string }).token;
    const stream = await EventStream.open(base, 'g1');
    // The state an update is worked out from cannot be read, once.
    const state = vi.spyOn(referee, 'state').mockRejectedValueOnce(new Error('the store is unreachable'));
    const r = await call(base, 'POST', '/api/games/g1/commands', {
      token: alice,
      body: { type: 'enter', args: { x: 3, y: 4 } },
    });
    expect(r.status).toBe(200);
    await stream.ended;
    expect(state).toHaveBeenCalled();
    expect(stream.messages.filter((m) => m.event === 'update')).toEqual([]);
    // Connecting again: the greeting's position counts the entry the old stream missed.
    const again = await EventStream.open(base, 'g1');
    const hello = again.messages.find((m) => m.event === 'hello')?.data as { seq: number };
    const log = await call(base, 'GET', '/api/games/g1/log');
    const lines = (log.body as { lines: { seq: number; text: string }[] }).lines;
    expect(lines.some((l) => l.text.startsWith('alice enters the Grid'))).toBe(true);
    expect(hello.seq).toBe(lines.at(-1)?.seq);
    again.close();
  });

  it('an idle stream is sent the heartbeat its greeting announces', async () => {
    served = await serve({ live: { heartbeatMs: 200 } });
    const { base } = served;
    const rolls = placementRolls(FAR_CORNER).split(',').map(Number);
    await call(base, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g1', dice: 'manual', rolls },
    });
    // Read raw: the heartbeat is a comment line, which no event carries. Waits for it, however long it takes.
    const text = await new Promise<string>((resolve, reject) => {
      const req = request(`${base}/api/games/g1/events`, (res) => {
        let got = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          got += chunk;
          if (got.includes(': ping\n\n')) {
            res.destroy();
            resolve(got);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(text).toMatch(/^event: hello\ndata: \{"seq":\d+,"heartbeat":200\}\n\n(: ping\n\n)+$/);
  });
});
