// Issue 23 item 3, the forgery campaign's address claims (bench/campaigns/forgery-addresses.ts) with a fixed
// seed: a hostile player's claims of others' addresses, of the referee's and the game's, guessed codes,
// confirmations forged without the code or with another claim's, and replays — none makes an address eirs
// or acts on anything, and the answers to the attacker's addresses stay within their caps.
import { describe, expect, it } from 'vitest';
import { attacks } from '../../bench/campaigns/forgery-addresses.js';

describe('issue 23 item 3: the forgery campaign, address claims', () => {
  it('issue 23 item 3: every attack tried with seeded variants: 0 acted on, answers within the caps', async () => {
    const figures = await attacks({ seed: 23, rounds: 12 });
    expect(figures.map((f) => f.attack)).toHaveLength(6);
    for (const f of figures) {
      expect(f.tried, f.attack).toBe(12);
      expect(f.actedOn, f.attack).toBe(0);
      expect(f.answered, f.attack).toBeLessThanOrEqual(f.answerCap ?? 0);
    }
    if (process.env.FORGERY_FIGURES) console.log(JSON.stringify(figures, null, 1));
  }, 120_000);
});
