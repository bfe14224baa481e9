// Known answers for Evolve, step 1 of "Life" (seeds/004_ff6492e849b428a0.txt), worked by hand. Pictures are
// the 5 x 5 Field as the board shows it: the first row is y = 5, x runs left to right; '.' is a Cell with
// null Color, R/G/B a Red/Green/Blue Cell. Each row of the table names the step of the text it checks, and
// the comment under it gives the counts that decide it.
import { describe, expect, it } from 'vitest';
import { applyTransform } from '../../src/rulesets/field-match/index.js';
import type { Value } from '../../src/rulesets/field-match/index.js';
import { mostCommon } from '../../src/rulesets/life/index.js';
import { generation } from '../../src/rulesets/life/generation.js';
import { life, pictureOf, stateOf } from '../support/harness/life.js';

interface Case {
  readonly rule: string;
  readonly before: readonly string[];
  readonly advantage: Value;
  readonly after: readonly string[];
  readonly births: number;
  readonly deaths: number;
}

const CASES: readonly Case[] = [
  {
    rule: 'Evolve 1b: a coloured Cell adjacent to fewer than two coloured Cells (here none) becomes null',
    before: ['.....', '.....', '..R..', '.....', '.....'],
    advantage: 'Red',
    after: ['.....', '.....', '.....', '.....', '.....'],
    births: 0,
    deaths: 1,
  },
  {
    rule: 'Evolve 1b: coloured Cells adjacent to three coloured Cells keep their Color (a 2 x 2 block stays)',
    // Each R of the block touches the other three; no null Cell touches more than two of them.
    before: ['.....', '.RR..', '.RR..', '.....', '.....'],
    advantage: 'Red',
    after: ['.....', '.RR..', '.RR..', '.....', '.....'],
    births: 0,
    deaths: 0,
  },
  {
    rule: 'Evolve 1 (L9, "simultaneously"): a row of three turns into a column of three',
    // (3,4) and (3,2) are null with exactly three R neighbours: born R (1a). (2,3) and (4,3) have one R
    // neighbour each: null (1b). (3,3) has two: stays. Had 1a been applied first, (2,3) would count (3,4) and
    // (3,2) and survive: the result shows both steps read the field before the step.
    before: ['.....', '.....', '.RRR.', '.....', '.....'],
    advantage: 'Green',
    after: ['.....', '..R..', '..R..', '..R..', '.....'],
    births: 2,
    deaths: 2,
  },
  {
    rule: 'Evolve 1a: a null Cell adjacent to exactly three coloured Cells takes the most common colour (two R and a G make R)',
    // (3,4): neighbours R (2,3), R (3,3), G (4,3): Red 2, Green 1 -> Red, though the Advantage is Green.
    before: ['.....', '.....', '.RRG.', '.....', '.....'],
    advantage: 'Green',
    after: ['.....', '..R..', '..R..', '..R..', '.....'],
    births: 2,
    deaths: 2,
  },
  {
    rule: 'Evolve 1a: three of one colour make that colour',
    // (2,4) touches B (1,5), B (2,5), B (1,4): born Blue. The three B each touch two others: they stay.
    before: ['BB...', 'B....', '.....', '.....', '.....'],
    advantage: 'Red',
    after: ['BB...', 'BB...', '.....', '.....', '.....'],
    births: 1,
    deaths: 0,
  },
  {
    rule: "Evolve 1a: a three-way tie (one each of Red, Green, Blue) is broken in favor of the Field's Advantage (Blue)",
    // (3,4) and (3,2) touch R (2,3), G (3,3), B (4,3): one each, tie -> Advantage Blue. (3,3) G has two: stays.
    before: ['.....', '.....', '.RGB.', '.....', '.....'],
    advantage: 'Blue',
    after: ['.....', '..B..', '..G..', '..B..', '.....'],
    births: 2,
    deaths: 2,
  },
  {
    rule: 'Evolve 1a: the same three-way tie with the Advantage Red is broken in favor of Red',
    before: ['.....', '.....', '.RGB.', '.....', '.....'],
    advantage: 'Red',
    after: ['.....', '..R..', '..G..', '..R..', '.....'],
    births: 2,
    deaths: 2,
  },
  {
    rule: 'Evolve 1b: a coloured Cell adjacent to more than three coloured Cells becomes null; 1a: the corners of the plus are born',
    // (3,3) touches four R: null. Each arm touches three R (the centre and two arms): stays. (2,4), (4,4),
    // (2,2), (4,2) touch exactly three R (two arms and the centre): born R.
    before: ['.....', '..R..', '.RRR.', '..R..', '.....'],
    advantage: 'Green',
    after: ['.....', '.RRR.', '.R.R.', '.RRR.', '.....'],
    births: 4,
    deaths: 1,
  },
  {
    rule: 'Evolve 1a: a null Cell adjacent to four coloured Cells (not exactly three) stays null',
    // (3,3) touches the four R diagonally: four, no birth. Each R touches none: all become null (1b).
    before: ['.....', '.R.R.', '.....', '.R.R.', '.....'],
    advantage: 'Red',
    after: ['.....', '.....', '.....', '.....', '.....'],
    births: 0,
    deaths: 4,
  },
  {
    rule: 'Adjacency: "Each square is also adjacent to the four squares sharing only a corner" - a birth from three diagonal neighbours',
    // (3,3) touches G (2,4), G (4,4), G (2,2) only through corners: three -> born Green (with orthogonal
    // adjacency it would touch none). No G touches another G: all three become null.
    before: ['.....', '.G.G.', '.....', '.G...', '.....'],
    advantage: 'Red',
    after: ['.....', '.....', '..G..', '.....', '.....'],
    births: 1,
    deaths: 3,
  },
  {
    rule: 'Field (L8): the Field does not wrap round - the four corners are not adjacent to one another',
    // On a torus each corner would touch the other three and survive; on the Field each touches none.
    before: ['R...R', '.....', '.....', '.....', 'R...R'],
    advantage: 'Red',
    after: ['.....', '.....', '.....', '.....', '.....'],
    births: 0,
    deaths: 4,
  },
  {
    rule: 'Evolve 1: a Field of one Color all over keeps only its corners (three neighbours each; edges five, inside eight)',
    before: ['GGGGG', 'GGGGG', 'GGGGG', 'GGGGG', 'GGGGG'],
    advantage: 'Red',
    after: ['G...G', '.....', '.....', '.....', 'G...G'],
    births: 0,
    deaths: 21,
  },
  {
    rule: 'Evolve 1a (L10): a tie that cannot be broken (the Advantage null, as before Initialize) makes no birth',
    before: ['.....', '.....', '.RGB.', '.....', '.....'],
    advantage: null,
    after: ['.....', '.....', '..G..', '.....', '.....'],
    births: 0,
    deaths: 2,
  },
];

describe('Evolve, step 1 on hand-worked fields', () => {
  it.each(CASES.map((c) => [c.rule, c] as const))('%s', (_rule, c) => {
    const before = stateOf(c.before, c.advantage);
    const result = generation(before, life.match);
    expect(pictureOf(result.state)).toEqual(c.after);
    expect(result.summary).toMatchObject({ births: c.births, deaths: c.deaths });
    // Copy-on-write: the state before is untouched.
    expect(pictureOf(before)).toEqual(c.before);
  });

  it('Evolve 1: the summary counts the Cells of each Color after the step', () => {
    const result = generation(stateOf(['.....', '..R..', '.RRR.', '..R..', '.....'], 'Green'), life.match);
    expect(result.summary).toEqual({
      births: 4,
      deaths: 1,
      counts: { Red: 8, Green: 0, Blue: 0 },
      nulls: 17,
    });
    expect(result.text).toBe(
      'The Cells evolve: 4 are born and 1 dies; now Red 8, Green 0, Blue 0 and 17 null',
    );
  });

  it('Evolve 1: applying the transform twice to the same state gives the same object (memoised, pure)', () => {
    const before = stateOf(['.....', '.....', '.RRR.', '.....', '.....'], 'Red');
    const a = applyTransform(life.match, { generation }, 'generation', before);
    const b = applyTransform(life.match, { generation }, 'generation', before);
    expect(b).toBe(a);
    expect(pictureOf(a.state)).toEqual(pictureOf(generation(before, life.match).state));
  });
});

describe('Evolve 1a: "the most common of those non-null Colors, with ties broken in favor of the Field\'s Advantage"', () => {
  // tally[code]: code 1 Red, 2 Green, 3 Blue; the second argument is the Advantage's code (0 for null).
  it.each([
    ['three Red', [0, 3, 0, 0], 2, 1],
    ['two Green and a Blue, the Advantage Blue: Green (no tie; the majority wins)', [0, 0, 2, 1], 3, 2],
    ['one each, the Advantage Green: Green', [0, 1, 1, 1], 2, 2],
    ['one each, the Advantage null (L10): no colour', [0, 1, 1, 1], 0, 0],
    ['a two-way tie containing the Advantage (Blue): Blue', [0, 2, 0, 2], 3, 3],
    ['a two-way tie not containing the Advantage (Green): no colour (L10)', [0, 2, 0, 2], 2, 0],
    ['nothing counted: no colour', [0, 0, 0, 0], 1, 0],
  ])('%s', (_what, tally, advantage, expected) => {
    expect(mostCommon(tally, advantage)).toBe(expected);
  });
});
