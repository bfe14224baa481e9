// Issue 23 item 7 at the server: schedule changes count against a per-client limit like other costly writes,
// a game created through the API records when it was created (its schedules start no earlier) and gets the
// operator's rhythm floor, which a client cannot choose.
import { afterEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

describe('issue 23 item 7: schedules through the API', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('issue 23 item 7: schedule changes are limited per client address (429, nothing written); other commands are not counted', async () => {
    t = await testApp({
      clientLimits: { schedule: { max: 3, windowMs: 60_000 }, create: { max: 100, windowMs: 60_000 } },
    });
    const w = await gridGame(t.app, 'g1', ['alice']);
    const command = (body: unknown, remoteAddress = '127.0.0.1') =>
      req(t.app, 'POST', '/api/games/g1/commands', { token: w.admin, body, remoteAddress });
    // Other commands, however many, leave the count alone.
    for (let i = 0; i < 5; i++) expect((await command({ type: 'tick' })).status).toBe(200);
    expect((await command({ type: 'schedule', args: { every: 60 } })).status).toBe(200);
    expect((await command({ type: 'pause-clock', args: { reason: 'a' } })).status).toBe(200);
    expect((await command({ type: 'resume-clock', args: { reason: 'b' } })).status).toBe(200);
    const state = await snapshot(t);
    const fourth = await command({ type: 'schedule', args: { every: 120 } });
    expect(fourth.status).toBe(429);
    expect(errorCode(fourth)).toBe('too-many-requests');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(t)).toEqual(state);
    // A refused schedule counts too (a loop of bad requests costs like good ones), and ticks still pass.
    expect(
      (await command({ type: 'extend-nweek', args: { until: '2099-01-01T00:00Z', reason: 'x' } })).status,
    ).toBe(429);
    expect((await command({ type: 'tick' })).status).toBe(200);
    // Another address has its own count.
    expect((await command({ type: 'schedule', args: { every: 120 } }, '10.0.0.9')).status).toBe(200);
  });

  it('issue 23 item 7: the limit is on by default', async () => {
    t = await testApp({ clientLimits: {} });
    const w = await gridGame(t.app, 'g1', []);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (
          await req(t.app, 'POST', '/api/games/g1/commands', {
            token: w.admin,
            body: { type: 'schedule', args: { every: 60 + i } },
          })
        ).status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('issue 23 item 7: a game created through the API starts its schedules no earlier than its creation, at a minute or slower', async () => {
    t = await testApp();
    const w = await gridGame(t.app, 'g1', []);
    const state = await snapshot(t);
    const since2000 = await req(t.app, 'POST', '/api/games/g1/commands', {
      token: w.admin,
      body: { type: 'schedule', args: { every: 60, since: '2000-01-01T00:00Z' } },
    });
    expect(since2000.status).toBe(422);
    expect(errorCode(since2000)).toBe('bad-arguments');
    expect(since2000.text).toMatch(/is before this game existed/);
    const fast = await req(t.app, 'POST', '/api/games/g1/commands', {
      token: w.admin,
      body: { type: 'schedule', args: { every: 1 } },
    });
    expect(fast.status).toBe(422);
    expect(fast.text).toMatch(/faster than this game allows/);
    expect(await snapshot(t)).toEqual(state);
    const created = (await t.referee.entries('g1'))[0]?.event;
    expect(created).toMatchObject({ type: 'game-created', kernelEdition: 3 });
    expect(Math.abs(Date.parse(created?.created as string) - Date.now())).toBeLessThan(60_000);
    // A client cannot give itself a floor: the creation body refuses what it does not know.
    const own = await req(t.app, 'POST', '/api/games', {
      body: { ruleset: 'grid-2002-01', game: 'g2', rhythmFloor: 1 },
    });
    expect(own.status).toBe(400);
  });

  it("issue 23 item 7: the operator's rhythm floor applies to the games created through the API", async () => {
    t = await testApp({ rhythmFloor: 5 });
    const w = await gridGame(t.app, 'g1', []);
    const set = (every: number) =>
      req(t.app, 'POST', '/api/games/g1/commands', {
        token: w.admin,
        body: { type: 'schedule', args: { every } },
      });
    expect((await set(4)).status).toBe(422);
    expect((await set(5)).status).toBe(200);
  });
});
