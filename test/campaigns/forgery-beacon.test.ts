// Issue 26 (B2, B8): the forgery campaign's beacon part (bench/campaigns/forgery-beacon.ts) with a fixed seed:
// a round relabelled, altered or of another chain, pasted or served by relays, never enters a game's log, and
// the real round is taken afterwards (the campaign throws if it is not).
import { describe, expect, it } from 'vitest';
import { attacks } from '../../bench/campaigns/forgery-beacon.js';

describe('issue 26: the forgery campaign (beacon rounds)', () => {
  it('issue 26: forged rounds pasted or served by relays: none acted on, each refused for what it is', async () => {
    const figures = await attacks({ seed: 26, rounds: 6 });
    expect(figures.map((f) => f.attack)).toEqual([
      'beacon round relabelled, pasted',
      'beacon round altered, pasted',
      'beacon round of another chain, pasted',
      'beacon relays serving forged rounds (relabelled, altered, another chain)',
    ]);
    for (const f of figures) {
      expect(f.tried, f.attack).toBe(6);
      expect(f.actedOn, f.attack).toBe(0);
    }
    expect(figures[0]?.note).toBe('refused: bad-beacon-round');
    expect(figures[3]?.note).toBe('18 answers, each refused');
  }, 120_000);
});
