// Issue 23 items 1 and 2: the forgery campaign's mail-identity attacks (bench/campaigns/forgery-lists.ts) with
// a fixed seed, so the suite keeps them at zero: no forged post, signature or replay changes any game's log,
// each attempt is answered at most once, and a replay is not answered at all.
import { describe, expect, it } from 'vitest';
import { attacks } from '../../bench/campaigns/forgery-lists.js';

describe('issue 23 items 1 and 2: the forgery campaign (lists)', () => {
  it('issue 23 items 1 and 2: forged list posts, replayed and foreign signatures, forged and replayed private mail: none acted on', async () => {
    const figures = await attacks({ seed: 23, rounds: 8 });
    expect(figures.map((f) => f.attack)).toHaveLength(6);
    for (const f of figures) {
      expect(f.tried, f.attack).toBe(8);
      expect(f.actedOn, f.attack).toBe(0);
      expect(f.answered, f.attack).toBeLessThanOrEqual(f.answerCap ?? 0);
    }
    expect(figures.find((f) => f.attack.startsWith('replayed private mail'))?.answered).toBe(0);
    // The forged posts and forged private mail are answered (to the player named), saying why.
    expect(figures.find((f) => f.attack.startsWith('forged list post'))?.answered).toBeGreaterThan(0);
  }, 120_000);
});
