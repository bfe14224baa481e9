// The fuzz campaign through the pure kernel, every ruleset, with modest counts (bench/campaigns/fuzz.ts runs
// the same property with large ones). The seed is fixed so a failure replays; FUZZ_SEED picks another.
import { describe, expect, it } from 'vitest';
import { FUZZ_RULESETS, kernelCampaign } from '../../bench/campaigns/fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 8_2002);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

describe('fuzz through the kernel: malformed, out-of-range, wrong-player and out-of-order commands', () => {
  it('covers every ruleset the program ships', () => {
    expect([...FUZZ_RULESETS].sort()).toEqual(
      ['grid-2002-01', 'grid-2002-06', 'life', 'rooms', 'rooms+quests', 'tunnelers'].sort(),
    );
  });

  for (const ruleset of FUZZ_RULESETS) {
    it(`${ruleset}: no throw, clear refusals, refusals change nothing, ledger balanced, log replays and verifies`, () => {
      const r = kernelCampaign(ruleset, { runs: RUNS, seed: SEED });
      expect(r.failure, `replay with FUZZ_SEED=${SEED}`).toBeNull();
      expect(r.tally.runs).toBe(RUNS);
      // Games really move on, and really get refused.
      expect(r.tally.accepted).toBeGreaterThan(RUNS);
      expect(r.tally.rejected).toBeGreaterThan(RUNS);
    });
  }
});
