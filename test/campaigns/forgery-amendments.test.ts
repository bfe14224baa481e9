// Issue 24 in the forgery campaign (bench/campaigns/forgery-amendments.ts) with a fixed seed, so the suite keeps
// it at zero: a player's amend-rules or repeal-amendment by the API (and its preview), in a forum post, by mail,
// and mail forged as the Administrator's: none changes the game's log or its rules; at most one receipt an
// attempt.
import { describe, expect, it } from 'vitest';
import { attacks } from '../../bench/campaigns/forgery-amendments.js';

describe('issue 24: the forgery campaign (amendments of the rules)', () => {
  it('issue 24: a player amending or repealing by API, post or mail, and forged Administrator mail: none acted on', async () => {
    const figures = await attacks({ seed: 24, rounds: 8 });
    expect(figures).toHaveLength(4);
    for (const f of figures) {
      expect(f.tried, f.attack).toBe(8);
      expect(f.actedOn, f.attack).toBe(0);
      expect(f.answered, f.attack).toBeLessThanOrEqual(f.answerCap ?? 0);
    }
    // The mail attempts are answered, saying why (the player's receipt, the Administrator's for a forgery).
    expect(figures[2]?.answered).toBeGreaterThan(0);
    expect(figures[3]?.answered).toBeGreaterThan(0);
  }, 120_000);
});
