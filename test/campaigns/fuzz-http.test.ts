// The fuzz campaign through the HTTP API (Fastify inject on buildApp over an in-memory SQLite store), every
// ruleset, with modest counts; bench/campaigns/fuzz.ts runs the same property with large ones. Besides the
// kernel campaign's commands it sends missing, garbage and other games' tokens, bodies naming their author,
// malformed JSON, and players rotating tokens. The seed is fixed so a failure replays; FUZZ_SEED picks another.
import { describe, expect, it } from 'vitest';
import { FUZZ_RULESETS, httpCampaign } from '../../bench/campaigns/fuzz.js';

const SEED = Number(process.env.FUZZ_SEED ?? 8_2002);
const RUNS = Number(process.env.FUZZ_HTTP_RUNS ?? 8);

describe('fuzz through the HTTP API: no 5xx, clear 4xx JSON errors, refusals change nothing', () => {
  for (const ruleset of FUZZ_RULESETS) {
    it(`${ruleset}: every answer a success or a clear 4xx; the game replays and verifies`, async () => {
      const r = await httpCampaign(ruleset, { runs: RUNS, seed: SEED });
      expect(r.failure, `replay with FUZZ_SEED=${SEED}`).toBeNull();
      expect(r.tally.runs).toBe(RUNS);
      expect(r.tally.accepted).toBeGreaterThan(RUNS);
      expect(r.tally.rejected).toBeGreaterThan(RUNS);
    });
  }
});
