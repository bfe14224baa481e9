// Issue 16: a command's arguments refused by their schema are said in words ("n must be 0 or more"), never in
// the validator's ("Too small: expected number to be >=0"); a message the rule wrote itself is kept.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueText } from '../../src/core/arg-issues.js';

const said = (schema: z.ZodType, value: unknown): string => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return issueText(parsed.error.issues[0]);
};

describe('issueText', () => {
  const args = z
    .object({
      n: z.number().int().min(0).max(9),
      name: z.string().min(1).max(4),
      values: z.array(z.number().int().min(1)).max(2).optional(),
      policy: z.enum(['catch-up', 'pause']).optional(),
      flag: z.boolean().optional(),
      words: z.string().min(3, 'say at least three letters').optional(),
      positive: z.number().positive().optional(),
    })
    .strict();
  const base = { n: 1, name: 'a' };

  it('ranges, lengths and list items in words, naming the argument', () => {
    expect(said(args, { ...base, n: -1 })).toBe('n must be 0 or more');
    expect(said(args, { ...base, n: 10 })).toBe('n must be 9 or less');
    expect(said(args, { ...base, name: '' })).toBe('name must not be empty');
    expect(said(args, { ...base, name: 'abcde' })).toBe('name must have at most 4 characters');
    expect(said(args, { ...base, values: [1, 0] })).toBe('values item 2 must be 1 or more');
    expect(said(args, { ...base, values: [1, 1, 1] })).toBe('values must have at most 2 items');
    expect(said(args, { ...base, positive: 0 })).toBe('positive must be more than 0');
  });

  it('types, choices, missing and unknown arguments in words', () => {
    expect(said(args, { ...base, n: 'x' })).toBe('n must be a number');
    expect(said(args, { ...base, n: 1.5 })).toBe('n must be a whole number');
    expect(said(args, { ...base, flag: 1 })).toBe('flag must be true or false');
    expect(said(args, { ...base, policy: 'never' })).toBe('policy must be one of catch-up, pause');
    expect(said(args, { name: 'a' })).toBe('n is missing');
    expect(said(args, { ...base, colour: 'red' })).toBe('there is no argument colour');
  });

  it("keeps the rule's own message, after the argument's name", () => {
    expect(said(args, { ...base, words: 'ab' })).toBe('words: say at least three letters');
    expect(said(z.string().min(2, 'too short a name'), 'a')).toBe('too short a name');
  });
});
