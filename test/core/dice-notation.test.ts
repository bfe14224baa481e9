// Dice notation as the seeds write it (src/core/dice/notation.ts): parse, resolve variables, canonical text.
import { describe, expect, it } from 'vitest';
import { diceSides, diceTotal, parseDice, Rejection } from '../../src/core/index.js';
import type { DiceSpec } from '../../src/core/index.js';

/** The error a parse rejects with, or null if it parsed. */
function rejection(src: string, vars?: Record<string, number>): { code: string; message: string } | null {
  try {
    parseDice(src, vars);
    return null;
  } catch (e) {
    if (e instanceof Rejection) return e.error;
    throw e;
  }
}

describe('dice notation', () => {
  it.each<[string, string, number[], readonly DiceSpec['terms'][number][]]>([
    ['2d20', '2d20', [20, 20], [{ kind: 'dice', sign: 1, count: 2, sides: 20 }]],
    ['1d4', '1d4', [4], [{ kind: 'dice', sign: 1, count: 1, sides: 4 }]],
    [
      '5+5d3',
      '5+5d3',
      [3, 3, 3, 3, 3],
      [
        { kind: 'const', sign: 1, value: 5 },
        { kind: 'dice', sign: 1, count: 5, sides: 3 },
      ],
    ],
    [
      '10+5d3',
      '10+5d3',
      [3, 3, 3, 3, 3],
      [
        { kind: 'const', sign: 1, value: 10 },
        { kind: 'dice', sign: 1, count: 5, sides: 3 },
      ],
    ],
    [
      '2+2',
      '2+2',
      [],
      [
        { kind: 'const', sign: 1, value: 2 },
        { kind: 'const', sign: 1, value: 2 },
      ],
    ],
    ['d6', '1d6', [6], [{ kind: 'dice', sign: 1, count: 1, sides: 6 }]],
  ])('reads %s as %s with the right dice', (src, text, sides, terms) => {
    const spec = parseDice(src);
    expect(spec.text).toBe(text);
    expect(spec.terms).toEqual(terms);
    expect(diceSides(spec)).toEqual(sides);
  });

  it('resolves 1d(3*N) with N = 2 to 1d6', () => {
    const spec = parseDice('1d(3*N)', { N: 2 });
    expect(spec.text).toBe('1d6');
    expect(diceSides(spec)).toEqual([6]);
  });

  it('resolves variables in counts, sides and constants, with + - * and parentheses', () => {
    expect(parseDice('(N+1)d(2*M-1)+N', { N: 2, M: 4 }).text).toBe('3d7+2');
    expect(parseDice('(1+1)d6').text).toBe('2d6');
  });

  it('subtracts negative terms, dice or constants, in the total', () => {
    const spec = parseDice('2d6-1d4-3+1');
    expect(spec.text).toBe('2d6-1d4-3+1');
    expect(spec.terms.map((t) => t.sign)).toEqual([1, -1, -1, 1]);
    expect(diceSides(spec)).toEqual([6, 6, 4]);
    // 5 + 6 - 4 - 3 + 1
    expect(diceTotal(spec, [5, 6, 4])).toBe(5);
    expect(diceTotal(parseDice('1-5'), [])).toBe(-4);
  });

  it('totals the dice in the order diceSides lists them', () => {
    const spec = parseDice('10+5d3');
    expect(diceTotal(spec, [1, 2, 3, 1, 2])).toBe(19);
    expect(diceTotal(parseDice('2+2'), [])).toBe(4);
  });

  it('ignores spaces around and between terms', () => {
    expect(parseDice('  2d20  ').text).toBe('2d20');
    expect(parseDice('5 + 5 d 3').text).toBe('5+5d3');
    expect(parseDice(' 1d( 3 * N ) - 1 ', { N: 2 }).text).toBe('1d6-1');
    expect(parseDice('\t2d6\n').text).toBe('2d6');
  });

  it('allows zero dice, which roll nothing', () => {
    expect(diceSides(parseDice('0d6+1'))).toEqual([]);
  });

  it.each<[string, Record<string, number>?]>([
    [''],
    ['   '],
    ['d'],
    ['2d'],
    ['2x6'],
    ['2d6+'],
    ['2d6 3'],
    ['+2d6'],
    ['-1d4'],
    ['2dd6'],
    ['1.5d6'],
    ['2d0'],
    ['1001d6'],
    ['2d2147483649'],
    ['(0-1)d6'],
    ['1d(1-2)'],
    ['1d(2'],
    ['1d(3*N)'],
    ['1d(3*N)', { M: 2 }],
    ['1d(N)', { N: 1.5 }],
    ['D20'],
    ['2\td6'],
  ])('rejects %j as bad-dice', (src, vars) => {
    const error = rejection(src, vars);
    expect(error?.code).toBe('bad-dice');
    expect(error?.message).toContain(src.trim());
  });

  // Regression: names were looked up with obj[name], so "constructor" read Object.prototype and became a
  // function-valued constant (total NaN), and 400 nines became Infinity; neither can be written to the log.
  it.each([
    ['1+constructor'],
    ['hasOwnProperty'],
    ['__proto__'],
    ['1d(toString)'],
    ['1+' + '9'.repeat(400)],
    ['99999999999999999999+1'],
  ])('rejects %j, which names no variable or is no whole number, as bad-dice', (src) => {
    expect(rejection(src)?.code).toBe('bad-dice');
  });

  it('rejects a constant from a variable that is not a whole number', () => {
    expect(rejection('2+N', { N: 0.5 })?.code).toBe('bad-dice');
    expect(parseDice('2+N', { N: 3 }).text).toBe('2+3');
  });

  it('accepts the largest allowed die and count', () => {
    expect(diceSides(parseDice('1d2147483648'))).toEqual([2 ** 31]);
    expect(diceSides(parseDice('1000d2'))).toHaveLength(1000);
  });
});
