// A command's arguments refused by their schema, said in words (issue 16: "usage ..., not a validator's
// message"). zod's own messages ("Too small: expected number to be >=0") are turned into the argument's name
// and what it must be ("n must be 0 or more"); a message the rule wrote itself is kept as it is.
import type { z } from 'zod';

/** zod's default messages begin so; a rule's own message (`.min(1, 'say a name')`) never does. */
const DEFAULT =
  /^(Too small|Too big|Invalid input|Invalid option|Invalid string|Invalid format|Unrecognized key)/;

/** The argument a path names: "values item 1" for ["values", 0]. */
function argumentName(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === 'number' ? `item ${p + 1}` : String(p)))
    .join(' ')
    .trim();
}

const plural = (n: number | bigint, one: string): string => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

const TYPES: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'a set of named values',
};

function bound(issue: z.core.$ZodIssue, kind: 'least' | 'most'): string | undefined {
  const i = issue as {
    origin?: string;
    minimum?: number | bigint;
    maximum?: number | bigint;
    inclusive?: boolean;
  };
  const n = kind === 'least' ? i.minimum : i.maximum;
  if (n === undefined) return undefined;
  if (i.origin === 'string') {
    if (kind === 'least' && Number(n) === 1) return 'must not be empty';
    return `must have at ${kind} ${plural(n, 'character')}`;
  }
  if (i.origin === 'array' || i.origin === 'set') {
    if (kind === 'least' && Number(n) === 1) return 'must list at least one';
    return `must have at ${kind} ${plural(n, 'item')}`;
  }
  if (i.inclusive === false) return `must be ${kind === 'least' ? 'more' : 'less'} than ${n}`;
  return `must be ${n} or ${kind === 'least' ? 'more' : 'less'}`;
}

/** What an issue says, in words, beginning with the argument it is about. */
export function issueText(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'the arguments are not valid';
  const name = argumentName(issue.path);
  const about = (what: string) => (name ? `${name} ${what}` : `the arguments ${what}`);
  if (!DEFAULT.test(issue.message)) return name ? `${name}: ${issue.message}` : issue.message;
  const code = issue.code;
  if (code === 'too_small') return about(bound(issue, 'least') ?? 'is too small');
  if (code === 'too_big') return about(bound(issue, 'most') ?? 'is too big');
  if (code === 'invalid_type') {
    const expected = (issue as { expected?: string }).expected ?? '';
    if (name && issue.message.endsWith('received undefined')) return `${name} is missing`;
    return about(`must be ${TYPES[expected] ?? (expected || 'something else')}`);
  }
  if (code === 'invalid_value') {
    const values = (issue as { values?: readonly unknown[] }).values ?? [];
    return about(`must be one of ${values.map(String).join(', ')}`);
  }
  if (code === 'unrecognized_keys') {
    const keys = (issue as { keys?: readonly string[] }).keys ?? [];
    return `there is no argument ${keys.join(', ')}`;
  }
  return about('is not in the form the command takes');
}
