// Issue 8, security: rate limiting of failed authentication. After `max` tokens that open nothing from one
// address within the window, every request presenting a token from that address is a 429 with Retry-After,
// its token not even looked up, until the window has passed; other addresses, requests without a token and
// good tokens that never failed are not affected. Time is moved by hand: no sleeping.
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('after max bad tokens, a token from that address is a 429 with Retry-After, not even looked up', async () => {
    const w = await setUp();
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1', `nr_guess${i}`)).status).toBe(401);
    now += 15_000;
    const lookups = vi.spyOn(t.store, 'tokenHolder');
    for (const token of ['nr_guess9', w.admin, w.players.alice as string]) {
      const res = await from('10.0.0.1', token);
      expect(res.status).toBe(429);
      expect(errorCode(res)).toBe('too-many-requests');
      expect(res.headers['retry-after']).toBe('45');
      // The body names no token and is the same for a good one as for a bad one.
      expect(res.text).not.toContain(token);
    }
    // Every route, reading or writing.
    const post = await req(t.app, 'POST', '/api/games/g1/commands', {
      remoteAddress: '10.0.0.1',
      token: w.admin,
      body: { type: 'tick' },
    });
    expect(post.status).toBe(429);
    expect(lookups).not.toHaveBeenCalled();

    // Without a token the address is served as the public.
    expect((await from('10.0.0.1', undefined, '/api/games/g1')).status).toBe(200);
    // Other addresses are not affected.
    expect((await from('10.0.0.2', w.admin)).status).toBe(200);
    // Once the window has passed, the address may present tokens again.
    now += 44_999;
    expect((await from('10.0.0.1', w.admin)).status).toBe(429);
    now += 1;
    expect((await from('10.0.0.1', w.admin)).status).toBe(200);
    lookups.mockRestore();
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
    expect((await from('10.0.0.1', other.admin, '/api/games/g2/me')).status).toBe(429);
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
});
