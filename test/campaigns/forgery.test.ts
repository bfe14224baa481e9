// Issue 23, "Done means": the forgery campaign's judge (bench/campaigns/forgery.ts) fails an attack that was
// acted on, looped or answered past its cap, and its section lists every attack with its figures. The parts'
// own fixed-seed runs are in forgery-*.test.ts.
import { describe, expect, it } from 'vitest';
import { failuresOf, forgerySection } from '../../bench/campaigns/forgery.js';

const clean = { attack: 'forged list post', tried: 50, actedOn: 0, answered: 3, answerCap: 5 };

describe('issue 23: the forgery campaign judges each attack', () => {
  it('issue 23: 0 acted on, 0 loops and answers within the cap pass; anything else is a failure, named', () => {
    expect(failuresOf(clean)).toEqual([]);
    expect(failuresOf({ ...clean, actedOn: 1 })).toEqual(['forged list post: 1 of 50 acted on']);
    expect(failuresOf({ ...clean, loops: 2 })).toEqual(['forged list post: 2 loops']);
    expect(failuresOf({ ...clean, answered: 6 })).toEqual(['forged list post: 6 answers, past the cap of 5']);
    expect(failuresOf({ ...clean, tried: 0 })).toEqual(['forged list post: never tried']);
  });

  it('issue 23: the section has a row per attack, the totals, and the failures', () => {
    const text = forgerySection({
      seed: 1,
      rounds: 2,
      seconds: 0.5,
      attacks: [
        { ...clean, part: 'lists' },
        { ...clean, attack: 'phrase | guessing', actedOn: 1, part: 'phrases' },
      ],
      failures: ['phrase | guessing: 1 of 50 acted on'],
    });
    expect(text).toContain('| lists | forged list post | 50 | **0** | 3 | 5 | — |');
    expect(text).toContain('phrase \\| guessing');
    expect(text).toContain('| **all** | | 100 | **1** | 6 | | 0 | |');
    expect(text).toContain('Failures:\n\n- phrase | guessing: 1 of 50 acted on');
  });
});
