// The cost campaign of issue 13 (item 4), small: a real `referee serve` of the built program (run
// `npm run build` first) under a light load while each abuse runs for a second — the largest configs allowed,
// posts at the limits, event streams never read, a verify storm, and what must be refused — then SIGTERM in
// the middle of a verify storm. Only outcomes are asserted (refusals, nothing lost, the server answering
// throughout, a clean exit on SIGTERM), never how long anything took: bench/campaigns/cost.ts measures that
// (figures in docs/reliability.md, "Cost").
import { describe, expect, it } from 'vitest';
import { costCampaign } from '../../bench/campaigns/cost.js';
import { CLI_MAIN } from '../support/cli.js';

describe('Issue 13 item 4: the cost campaign, small', () => {
  it('every abuse is bounded or refused, the ordinary games are answered throughout, SIGTERM loses nothing', async () => {
    const r = await costCampaign({
      seconds: 1,
      games: 2,
      players: 2,
      streams: 20,
      verifiers: 4,
      cli: CLI_MAIN,
    });
    const detail = JSON.stringify(r, null, 1);
    expect(r.failures, detail).toEqual([]);
    expect(r.phases.map((p) => p.phase)).toEqual([
      'baseline',
      'big configs',
      'long posts',
      'streams and slow readers',
      'verify storm',
      'refused',
      // Issue 24: many amendments of one game, and the amendments that must be refused.
      'amendments',
      // Issue 26: a phase added, the beacon's relays (a slow one, a huge one) before an honest one.
      'beacon relays',
    ]);
    for (const p of r.phases) {
      expect(p.requests, `${p.phase}: the light load was answered`).toBeGreaterThan(0);
      expect(p.failed, p.phase).toBe(0);
    }
    // What must be refused was, every time: a 2048 x 2048 Field, posts over the limits, a body too large, and
    // (issue 24) an amendment of 8,000 names, one naming a parameter twice, a dice expression too long.
    expect(Object.keys(r.refusals)).toHaveLength(7);
    for (const [what, x] of Object.entries(r.refusals)) {
      expect(x.tried, what).toBeGreaterThan(0);
      expect(x.refusedAsExpected, what).toBe(x.tried);
    }
    expect(r.postsTaken).toBeGreaterThan(0);
    // Issue 26: the round fetched past the costly relays; the slow answers cut, the huge one not read whole.
    expect(r.beacon.recorded).toBe(true);
    expect(r.beacon.asked.good).toBeGreaterThan(0);
    expect(r.beacon.slowCut).toBe(r.beacon.asked.slow);
    expect(r.beacon.hugeBytesSent).toBeLessThan(64 * 1024 * 1024);
    expect(r.streamsOpened).toBeGreaterThanOrEqual(20);
    expect(r.verify.ok).toBeGreaterThan(0);
    expect(r.verify.other).toBe(0);
    // SIGTERM with requests in flight and streams open: a clean exit, and every acknowledged command kept.
    expect(r.shutdown.exitCode).toBe(0);
    // Generous, and not a measure of speed: the server forces its exit 10 s after the signal whatever happens.
    expect(r.shutdown.ms).toBeLessThan(60_000);
    expect(r.acknowledged).toBeGreaterThan(0);
    expect(r.lost).toBe(0);
    expect(r.duplicated).toBe(0);
  });
});
