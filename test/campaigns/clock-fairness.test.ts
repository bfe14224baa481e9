// The clock fairness campaign in small (issue 23 item 7, "Done means"; bench/campaigns/clock-fairness.ts runs it
// on the wall clock with 1,000 games of each kind): hostile games scheduled by strangers through the API, every
// trick as fast as the per-client limit allows, beside honest games, on simulated time over a SQLite file.
// No timing is asserted here (the wall-clock figures are the campaign's): every honest boundary fires, the
// hostile games write no more than their rhythm's own ticks, the changes let through and one record per
// refused catch-up, and the limits and the kernel refuse what they should.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedTime } from '../../src/clock/time.js';
import { Referee } from '../../src/engine/referee.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { FairnessWorld } from '../../bench/campaigns/clock-fairness-world.js';
import { rng } from '../support/rng.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('issue 23 item 7: the clock fairness campaign, in small', () => {
  it('issue 23 item 7: 24 hostile games from 4 addresses beside 24 honest games: every honest boundary fires; the hostile games stay within their bound', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'referee-fairness-'));
    dirs.push(dir);
    const store = new SqliteStore(join(dir, 'fairness.db'));
    try {
      const time = new SimulatedTime(Date.parse('2026-11-23T12:00:00.000Z'));
      const referee = new Referee(store, defaultRegistry(), systemEntropy);
      const holder: { world?: FairnessWorld } = {};
      const world = new FairnessWorld({
        referee,
        time,
        pass: (ms) => time.run(ms, async () => holder.world?.idle()),
        honest: 24,
        hostile: 24,
        clients: 4,
        every: 10,
        // The per-client limit counts on the wall clock, which hardly moves here: each address's 30 changes
        // are spread over the run by a request every 10 s of simulated time.
        runMs: 10 * 60_000,
        roundMs: 10_000,
        catchUpCap: 10,
        random: rng(2311),
      });
      holder.world = world;
      await world.setUp();
      await world.startClock();
      const requests = await world.storm();
      await time.run(5_000, () => world.idle());
      await world.stop();
      const f = await world.figures(requests);
      expect(f.honestDue).toBeGreaterThan(24 * 50);
      expect(f.honestMissed).toBe(0);
      expect(f.hostileEntries).toBeLessThanOrEqual(f.hostileBound);
      // Every trick was tried; the kernel refused the bounds' breaches, the limit the rest of the storm.
      for (const trick of [
        'reschedule',
        'too-fast',
        'before-creation',
        'pause',
        'resume-backdated',
        'extend',
      ])
        expect(requests.byTrick[trick]?.sent ?? 0).toBeGreaterThan(0);
      expect(requests.byTrick['too-fast']?.accepted).toBe(0);
      expect(requests.byTrick['before-creation']?.accepted).toBe(0);
      expect(requests.refused).toBeGreaterThan(0);
      expect(requests.limited).toBeGreaterThan(0);
      expect(requests.accepted).toBeLessThanOrEqual(4 * 30);
      // A resumption dated back to a long pause was refused as a catch-up, once each, with its notice.
      expect(f.cappedPauses).toBeGreaterThan(0);
      expect(f.cappedNotices).toBe(f.cappedPauses);
      expect(f.hostileCapEntries).toBe(2 * f.cappedPauses);
    } finally {
      await store.close();
    }
  });
});
