// Issue 13, item 5: who may create games is a server setting (anyone, or only with the operator token), and
// creations, joins and posts are limited per client address.
import { afterEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

const OPERATOR = 'op_0123456789abcdefghijklmnopqrstuvwxyz';

describe('item 5: who may create games', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('is anyone by default', async () => {
    t = await testApp();
    const res = await req(t.app, 'POST', '/api/games', { body: { ruleset: 'grid-2002-01', game: 'g1' } });
    expect(res.status).toBe(201);
  });

  it('under operator, only a request with the operator token creates; a refusal creates nothing', async () => {
    t = await testApp({
      creation: { mode: 'operator', token: OPERATOR },
      authLimit: { max: 2, windowMs: 60_000, now: () => 0 },
    });
    const body = { ruleset: 'grid-2002-01', game: 'g1' };
    const none = await req(t.app, 'POST', '/api/games', { body });
    expect(none.status).toBe(401);
    expect(errorCode(none)).toBe('unauthorized');
    expect((await req(t.app, 'POST', '/api/games', { body, token: `${OPERATOR}x` })).status).toBe(401);
    expect(await snapshot(t)).toEqual([]);
    const ok = await req(t.app, 'POST', '/api/games', { body, token: OPERATOR });
    expect(ok.status, ok.text).toBe(201);
    expect((await t.store.listGames()).map((g) => g.id)).toEqual(['g1']);
    // A wrong operator token is failed authentication like any other: the address is then limited.
    const body2 = { ruleset: 'grid-2002-01', game: 'g2' };
    expect((await req(t.app, 'POST', '/api/games', { body: body2, token: 'nr_guess' })).status).toBe(401);
    expect((await req(t.app, 'POST', '/api/games', { body: body2, token: 'nr_guess' })).status).toBe(429);
    // ... but the operator's own token still works from there.
    expect((await req(t.app, 'POST', '/api/games', { body: body2, token: OPERATOR })).status).toBe(201);
    // Joining still needs no operator token.
    expect((await req(t.app, 'POST', '/api/games/g1/join', { body: { player: 'alice' } })).status).toBe(201);
  });

  it('refuses an operator token that is easy to guess', async () => {
    await expect(testApp({ creation: { mode: 'operator', token: 'short' } })).rejects.toThrow(RangeError);
    t = await testApp();
  });
});

describe('item 5: creations, joins and posts are limited per client address', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const limits = {
    create: { max: 2, windowMs: 60_000 },
    join: { max: 3, windowMs: 60_000 },
    post: { max: 2, windowMs: 60_000 },
  };

  it('creations: the third from one address is a 429 with Retry-After and creates nothing', async () => {
    t = await testApp({ clientLimits: limits });
    const create = (game: string, remoteAddress: string) =>
      req(t.app, 'POST', '/api/games', { body: { ruleset: 'grid-2002-01', game }, remoteAddress });
    expect((await create('a1', '10.0.0.1')).status).toBe(201);
    expect((await create('a2', '10.0.0.1')).status).toBe(201);
    const third = await create('a3', '10.0.0.1');
    expect(third.status).toBe(429);
    expect(errorCode(third)).toBe('too-many-requests');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.store.listGames()).map((g) => g.id).sort()).toEqual(['a1', 'a2']);
    // Another address has its own count.
    expect((await create('b1', '10.0.0.2')).status).toBe(201);
  });

  it('joins and posts have their own counts; commands and reads are not limited', async () => {
    t = await testApp({ clientLimits: limits });
    const w = await gridGame(t.app, 'g1', ['alice', 'bob']); // 2 joins from 127.0.0.1
    expect((await req(t.app, 'POST', '/api/games/g1/join', { body: { player: 'carol' } })).status).toBe(201);
    const fourth = await req(t.app, 'POST', '/api/games/g1/join', { body: { player: 'dave' } });
    expect(fourth.status).toBe(429);
    expect(errorCode(fourth)).toBe('too-many-requests');
    const dave = await req(t.app, 'POST', '/api/games/g1/join', {
      body: { player: 'dave' },
      remoteAddress: '10.0.0.5',
    });
    expect(dave.status).toBe(201);

    const post = (text: string) =>
      req(t.app, 'POST', '/api/games/g1/posts', { token: w.players.alice, body: { text } });
    expect((await post('Hello.')).status).toBe(200);
    expect((await post('Hello again.')).status).toBe(200);
    const third = await post('Hello once more.');
    expect(third.status).toBe(429);
    expect(errorCode(third)).toBe('too-many-requests');

    for (let i = 0; i < 10; i++) {
      expect((await req(t.app, 'GET', '/api/games/g1')).status).toBe(200);
      const tick = await req(t.app, 'POST', '/api/games/g1/commands', {
        token: w.admin,
        body: { type: 'tick' },
      });
      expect(tick.status, tick.text).toBe(200);
    }
  });

  it('are on by default', async () => {
    t = await testApp({ clientLimits: {} });
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await req(t.app, 'POST', '/api/games', { body: { ruleset: 'grid-2002-01', game: `d${i}` } }))
        .status;
      if (i < 30) expect(last).toBe(201);
    }
    expect(last).toBe(429);
  });
});
