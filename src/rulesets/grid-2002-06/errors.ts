// The codes The June Grid's rules refuse a command with, beside the kernel's (KERNEL_ERROR_CODES): listed once, here.
// The ruleset declares them (Ruleset.errorCodes), its rule code may refuse with no other (a type error), and
// test/rulesets-types/error-codes.test.ts and docs/error-codes.md are checked against this list.
import type { CodeOf } from '../../core/index.js';

export const JUNE_ERROR_CODES = [
  'already-armed',
  'already-declared',
  'already-moved',
  'already-on-grid',
  'bad-target',
  'cannot-pay',
  'grid-full',
  'illegal-move',
  'no-airways',
  'no-big-stick',
  'no-gun',
  'not-adjacent',
  'not-carryable',
  'not-consecutive',
  'not-held',
  'not-here',
  'not-on-grid',
  'not-throwable',
  'occupied',
  'off-grid',
  'tower-here',
  'unknown-object',
  'unknown-siren',
] as const;
/** The codes its rule code may refuse with: its own and the kernel's. */
export type JuneErrorCode = CodeOf<(typeof JUNE_ERROR_CODES)[number]>;
