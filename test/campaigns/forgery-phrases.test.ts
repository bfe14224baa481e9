// Issue 23, "Done means": the forgery campaign's attacks on phrases and answers (bench/campaigns/forgery-phrases.ts),
// small and with a fixed seed, so the suite keeps them green: nothing acted on, answers within the stated caps,
// no Subject echoed, no loop.
import { describe, expect, it } from 'vitest';
import { attacks } from '../../bench/campaigns/forgery-phrases.js';

describe('issue 23: the forgery campaign, phrases and answers (seed 2301)', () => {
  it('issue 23 items 4 and 5: phrase guessing, backscatter and loops: 0 acted on, answers within the caps, 0 loops', async () => {
    const figures = await attacks({ seed: 2301, rounds: 40 });
    const detail = JSON.stringify(figures, null, 1);
    expect(figures.map((f) => f.attack.split(' ')[0])).toEqual(['phrase', 'backscatter', 'loops']);
    for (const f of figures) {
      expect(f.tried, detail).toBeGreaterThan(0);
      expect(f.actedOn, detail).toBe(0);
      expect(f.answered, detail).toBeLessThanOrEqual(f.answerCap ?? Infinity);
    }
    const [guessing, backscatter, loops] = figures;
    expect(guessing?.note, detail).toMatch(
      /at most (\d|10) a run \(the lock is at 10; \d+ runs reached it\)/,
    );
    expect(backscatter?.answered, detail).toBeGreaterThan(0);
    expect(backscatter?.note, detail).toMatch(/echoed in answers: 0$/);
    expect(loops?.loops, detail).toBe(0);
    expect(loops?.answered, detail).toBeGreaterThan(0);
  }, 120_000);
});
