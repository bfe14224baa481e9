// The API gives a game its schedule (issue 14, ruling K10): POST /api/games/{game}/commands with the kernel's
// `schedule`, `pause-clock`, `resume-clock`; the instant it takes effect, when not given, is the moment the
// server received it, and every viewer's view then shows the schedule.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { TestApp, World } from './support.js';

const G = '/api/games/g1';

describe('K10 the schedule through the API', () => {
  let t: TestApp;
  let w: World;
  beforeEach(async () => {
    t = await testApp();
    w = await gridGame(t.app, 'g1');
  });
  afterEach(async () => {
    await t.close();
  });

  it('K10: a schedule without since takes effect when received; the public view shows it', async () => {
    const before = Math.floor(Date.now() / 1000) * 1000;
    const body = { type: 'schedule', args: { zone: 'Europe/London', time: '23:59', weekday: 7 } };
    const res = await req(t.app, 'POST', `${G}/commands`, { token: w.admin, body, key: 'cal' });
    expect(res.status).toBe(200);
    const after = Date.now();
    const view = (await req(t.app, 'GET', G)).body as {
      view: { schedule: { since: string; rhythm: unknown } };
    };
    const since = Date.parse(view.view.schedule.since);
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThanOrEqual(after);
    expect(view.view.schedule.rhythm).toEqual({
      kind: 'calendar',
      zone: 'Europe/London',
      time: '23:59',
      weekday: 7,
    });
    // Retried with the same key (later, so filled with a later instant): the same request, nothing new.
    const state = await snapshot(t);
    const again = await req(t.app, 'POST', `${G}/commands`, { token: w.admin, body, key: 'cal' });
    expect(again.status).toBe(200);
    expect(await snapshot(t)).toEqual(state);
  });

  it('K10: a player may not set the schedule (403), and a bad one is refused (422), changing nothing', async () => {
    const state = await snapshot(t);
    const asAlice = await req(t.app, 'POST', `${G}/commands`, {
      token: w.players.alice as string,
      body: { type: 'schedule', args: { every: 30 } },
    });
    expect(asAlice.status).toBe(403);
    const bad = await req(t.app, 'POST', `${G}/commands`, {
      token: w.admin,
      body: { type: 'schedule', args: { zone: 'Mars/Olympus', time: '23:59', weekday: 7 } },
    });
    expect(bad.status).toBe(422);
    expect(errorCode(bad)).toBe('bad-arguments');
    expect(await snapshot(t)).toEqual(state);
  });
});
