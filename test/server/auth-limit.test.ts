// Issue 8, security: rate limiting of failed authentication. After `max` tokens that open nothing from one
// address within the window, every further token from that address that opens nothing is a 429 with
// Retry-After, until the window has passed; a valid token is always served (issue 13, item 6: one guesser
// behind a shared address must not lock everyone there out), and other addresses and requests without a
// token are not affected. Time is moved by hand: no sleeping.
import { afterEach, describe, expect, it } from 'vitest';
import { AuthFailureLimiter } from '../../src/server/auth-limit.js';
import { errorCode, gridGame, req, testApp } from './support.js';
import type { TestApp } from './support.js';

describe('AuthFailureLimiter', () => {
  it('blocks an address after max failures until its window has passed', () => {
    let now = 1_000;
    const l = new AuthFailureLimiter({ max: 3, windowMs: 10_000, now: () => now });
    l.fail('a');
    l.fail('a');
    expect(l.blockedFor('a')).toBe(0);
    now += 4_000;
    l.fail('a');
    expect(l.blockedFor('a')).toBe(6_000);
    expect(l.blockedFor('b')).toBe(0);
    now += 5_999;
    expect(l.blockedFor('a')).toBe(1);
    now += 1;
    expect(l.blockedFor('a')).toBe(0);
    // A new window starts afresh.
    l.fail('a');
    expect(l.blockedFor('a')).toBe(0);
  });

  it('failures spread over more than a window never block', () => {
    let now = 0;
    const l = new AuthFailureLimiter({ max: 3, windowMs: 1_000, now: () => now });
    for (let i = 0; i < 100; i++) {
      l.fail('a');
      expect(l.blockedFor('a')).toBe(0);
      now += 500;
    }
  });

  it('remembers at most maxAddresses, forgetting expired windows, then the oldest', () => {
    let now = 0;
    const l = new AuthFailureLimiter({ max: 1, windowMs: 1_000, maxAddresses: 3, now: () => now });
    l.fail('a');
    l.fail('b');
    now = 2_000;
    l.fail('c');
    l.fail('d');
    expect(l.size).toBe(2);
    l.fail('e');
    l.fail('f');
    expect(l.size).toBe(3);
    expect(l.blockedFor('c')).toBe(0);
    expect(l.blockedFor('f')).toBe(1_000);
  });

  it('refuses nonsense settings', () => {
    expect(() => new AuthFailureLimiter({ max: 0 })).toThrow(RangeError);
    expect(() => new AuthFailureLimiter({ windowMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('the server limits failed authentication per client address', () => {
  let t: TestApp;
  let now = 0;
  afterEach(async () => {
    await t.close();
  });

  const setUp = async (max = 3) => {
    now = 50_000;
    t = await testApp({ authLimit: { max, windowMs: 60_000, now: () => now } });
    return gridGame(t.app, 'g1');
  };
  const from = (remoteAddress: string, token?: string, url = '/api/games/g1/me') =>
    req(t.app, 'GET', url, { remoteAddress, ...(token !== undefined ? { token } : {}) });

  it('after max bad tokens, a bad token from that address is a 429 with Retry-After; a valid one is served', async () => {
    const w = await setUp();
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1', `nr_guess${i}`)).status).toBe(401);
    now += 15_000;
    for (const token of ['nr_guess9', w.admin.slice(0, -1), 'nr_guess10']) {
      const res = await from('10.0.0.1', token);
      expect(res.status).toBe(429);
      expect(errorCode(res)).toBe('too-many-requests');
      expect(res.headers['retry-after']).toBe('45');
      expect(res.text).not.toContain(token);
    }
    // Every route, reading or writing.
    const post = await req(t.app, 'POST', '/api/games/g1/commands', {
      remoteAddress: '10.0.0.1',
      token: 'nr_guess11',
      body: { type: 'tick' },
    });
    expect(post.status).toBe(429);
    // Valid tokens from the same address are served, reading and writing.
    expect((await from('10.0.0.1', w.admin)).status).toBe(200);
    expect((await from('10.0.0.1', w.players.alice)).status).toBe(200);
    const tick = await req(t.app, 'POST', '/api/games/g1/commands', {
      remoteAddress: '10.0.0.1',
      token: w.admin,
      body: { type: 'tick' },
    });
    expect(tick.status, tick.text).toBe(200);

    // Without a token the address is served as the public.
    expect((await from('10.0.0.1', undefined, '/api/games/g1')).status).toBe(200);
    // Other addresses are not affected.
    expect((await from('10.0.0.2', 'nr_other')).status).toBe(401);
    // Once the window has passed, a bad token is a 401 again.
    now += 44_999;
    expect((await from('10.0.0.1', 'nr_guess12')).status).toBe(429);
    now += 1;
    expect((await from('10.0.0.1', 'nr_guess13')).status).toBe(401);
  });

  it('good tokens, however many, and requests without a token never count', async () => {
    const w = await setUp();
    for (let i = 0; i < 50; i++) expect((await from('10.0.0.1', w.players.alice)).status).toBe(200);
    // A missing token is a 401 but guesses nothing.
    for (let i = 0; i < 10; i++) expect((await from('10.0.0.1')).status).toBe(401);
    expect((await from('10.0.0.1', w.players.alice)).status).toBe(200);
    // Valid tokens of the wrong role (403) are not failed authentication either.
    for (let i = 0; i < 10; i++)
      expect(
        (
          await req(t.app, 'POST', '/api/games/g1/admin-token', {
            remoteAddress: '10.0.0.1',
            token: w.players.alice,
          })
        ).status,
      ).toBe(403);
    expect((await from('10.0.0.1', w.players.alice)).status).toBe(200);
  });

  it("another game's token and a rotated one count as failures, on any route that checks a token", async () => {
    const w = await setUp(2);
    const other = await gridGame(t.app, 'g2');
    await req(t.app, 'POST', '/api/games/g1/admin-token', { remoteAddress: '10.0.0.3', token: w.admin });
    expect((await from('10.0.0.1', other.admin, '/api/games/g1/log')).status).toBe(401);
    expect((await from('10.0.0.1', w.admin, '/api/games/g1/verify')).status).toBe(401);
    expect((await from('10.0.0.1', other.admin, '/api/games/g1/me')).status).toBe(429);
    // The same token where it is valid is served.
    expect((await from('10.0.0.1', other.admin, '/api/games/g2/me')).status).toBe(200);
  });

  it('is on by default: 20 failures a minute', async () => {
    now = 0;
    t = await testApp({ authLimit: { now: () => now } });
    for (let i = 0; i < 20; i++)
      expect((await from('10.0.0.1', 'nr_x', '/api/games/nosuch/me')).status).toBe(401);
    const res = await from('10.0.0.1', 'nr_x', '/api/games/nosuch/me');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
  });

  it('item 6: behind a trusted proxy the limit keys on the forwarded client, and never refuses a valid token', async () => {
    now = 0;
    t = await testApp({
      authLimit: { max: 3, windowMs: 60_000, now: () => now },
      trustProxy: ['10.9.0.0/16'],
    });
    const w = await gridGame(t.app, 'g1');
    // Everyone comes through the balancer at 10.9.0.1; the guesser is 203.0.113.7, alice 198.51.100.4.
    const via = (client: string, token: string) =>
      req(t.app, 'GET', '/api/games/g1/me', {
        remoteAddress: '10.9.0.1',
        token,
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 0; i < 3; i++) expect((await via('203.0.113.7', `nr_guess${i}`)).status).toBe(401);
    expect((await via('203.0.113.7', 'nr_guess3')).status).toBe(429);
    // alice behind the same balancer is neither locked out nor counted with the guesser.
    expect((await via('198.51.100.4', w.players.alice as string)).status).toBe(200);
    expect((await via('198.51.100.4', 'nr_typo')).status).toBe(401);
    // Even the guesser's address is served with a valid token.
    expect((await via('203.0.113.7', w.players.bob as string)).status).toBe(200);

    // A client that is not a trusted proxy cannot choose its address with the header: its failures count
    // against its own address whatever it claims.
    const direct = (claim: string) =>
      req(t.app, 'GET', '/api/games/g1/me', {
        remoteAddress: '192.0.2.50',
        token: 'nr_bad',
        headers: { 'x-forwarded-for': claim },
      });
    for (let i = 0; i < 3; i++) expect((await direct(`192.0.2.${i + 100}`)).status).toBe(401);
    expect((await direct('192.0.2.200')).status).toBe(429);
  });
});
