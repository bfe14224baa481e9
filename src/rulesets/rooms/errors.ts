// The codes Rooms's rules refuse a command with, beside the kernel's (KERNEL_ERROR_CODES): listed once, here.
// The ruleset declares them (Ruleset.errorCodes), its rule code may refuse with no other (a type error), and
// test/rulesets-types/error-codes.test.ts and docs/error-codes.md are checked against this list.
import type { CodeOf } from '../../core/index.js';

export const ROOMS_ERROR_CODES = [
  'no-actions-left',
  'no-passage',
  'no-such-token',
  'no-turn',
  'not-now',
  'not-your-turn',
  'unknown-room',
] as const;
/** The codes its rule code may refuse with: its own and the kernel's. */
export type RoomsErrorCode = CodeOf<(typeof ROOMS_ERROR_CODES)[number]>;
