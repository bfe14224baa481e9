// The crash campaign, small: real `referee serve` processes of the built program (run `npm run build` first)
// take 300 keyed commands over HTTP while some are killed with SIGKILL and started again; every command must
// end answered, every acknowledged one be in the log exactly once, no key applied twice, and every game
// verify. bench/campaigns/crash.ts runs the same with 10,000 commands (figures in docs/reliability.md).
// Only outcomes are asserted: how many kills struck requests in flight, or how long anything took, varies
// from run to run; the campaign guarantees at least `minKills` kills, each while commands are in flight.
import { describe, expect, it } from 'vitest';
import type { CrashResult } from '../../bench/campaigns/crash.js';
import { crashCampaign } from '../../bench/campaigns/crash.js';
import { CLI_MAIN } from '../support/cli.js';

const COMMANDS = 300;
const MIN_KILLS = 3;

function expectNothingLost(r: CrashResult): void {
  const detail = JSON.stringify(r, null, 1);
  expect(r.problems, detail).toEqual([]);
  expect(r.commands, detail).toBe(COMMANDS);
  expect(r.acknowledged, detail).toBe(COMMANDS);
  expect(r.rejected, detail).toBe(0);
  expect(r.unanswered, detail).toBe(0);
  expect(r.lost, detail).toBe(0);
  expect(r.duplicated, detail).toBe(0);
  // Every command was answered, so every command applied was acknowledged.
  expect(r.appliedUnacknowledged, detail).toBe(0);
  expect(r.verified, detail).toBe(true);
  expect(r.kills, detail).toBeGreaterThanOrEqual(MIN_KILLS);
  expect(r.restarts, detail).toBe(r.kills);
}

describe('crash campaign: SIGKILL to serve processes while commands arrive', () => {
  it('SQLite, one process: every acknowledged command in the log once, every game verifies', async () => {
    const r = await crashCampaign({
      store: 'sqlite',
      processes: 1,
      commands: COMMANDS,
      games: 3,
      playersPerGame: 4,
      minKills: MIN_KILLS,
      cli: CLI_MAIN,
    });
    expectNothingLost(r);
  }, 120_000);

  it('PostgreSQL, two processes: every acknowledged command in the log once, every game verifies', async () => {
    const r = await crashCampaign({
      store: 'postgres',
      processes: 2,
      commands: COMMANDS,
      games: 3,
      playersPerGame: 4,
      minKills: MIN_KILLS,
      cli: CLI_MAIN,
    });
    expectNothingLost(r);
  }, 120_000);
});
