// The non-interference campaign's worlds (bench/campaigns/non-interference-world.ts) must differ only in what
// the campaign makes differ. The Administrator's `schedule` and `pause-clock`, sent without an instant, were
// filled by the HTTP edge from the wall clock as each world's request arrived: two requests on either side of
// a second gave the worlds different public lines, and test/campaigns/non-interference.test.ts failed now and
// then. The instant now comes from the campaign's own time. The wall clock is moved between the two worlds'
// requests here (only Date is faked), as a slow machine would move it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_START } from '../../bench/campaigns/non-interference.js';
import { GAME, World } from '../../bench/campaigns/non-interference-world.js';

const worlds: World[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const w of worlds.splice(0)) await w.close();
});

describe("non-interference: the worlds' clock commands take their instants from the campaign's time", () => {
  it('schedule and pause-clock sent seconds apart by the wall clock give both worlds the same public log', async () => {
    const both: [World, World] = [await World.open(0, 7, () => false), await World.open(1, 7, () => false)];
    worlds.push(...both);
    for (const w of both) {
      w.time = CAMPAIGN_START + 5 * 60_000;
      await w.create('grid-2002-01', 3);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    const wall = Date.parse('2026-11-24T12:00:00.400Z');
    for (const [i, w] of both.entries()) {
      vi.setSystemTime(wall + i * 3_700); // world 1's requests arrive 3.7 s later
      for (const [type, args] of [
        ['schedule', { every: 3600 }],
        ['pause-clock', { reason: 'a holiday' }],
      ] as const)
        expect((await w.command(null, type, args)).status).toBe(200);
    }
    vi.useRealTimers();
    const logs = await Promise.all(both.map((w) => w.request('GET', `/api/games/${GAME}/log`)));
    expect(logs[0]?.status).toBe(200);
    expect(logs[1]?.body).toBe(logs[0]?.body);
    // The instants are the campaign's, to the second, not the wall clock's.
    const paused = (await both[0].referee.entries(GAME)).find((e) => e.event.type === 'clock-paused');
    expect(paused?.event.at).toBe(new Date(CAMPAIGN_START + 5 * 60_000).toISOString());
  }, 60_000);
});
