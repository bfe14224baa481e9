// The codes The Grid (January 2002)'s rules refuse a command with, beside the kernel's (KERNEL_ERROR_CODES): listed once, here.
// The ruleset declares them (Ruleset.errorCodes), its rule code may refuse with no other (a type error), and
// test/rulesets-types/error-codes.test.ts and docs/error-codes.md are checked against this list.
import type { CodeOf } from '../../core/index.js';

export const GRID_ERROR_CODES = [
  'already-announced',
  'already-on-grid',
  'illegal-move',
  'not-on-grid',
  'occupied',
  'off-grid',
] as const;
/** The codes its rule code may refuse with: its own and the kernel's. */
export type GridErrorCode = CodeOf<(typeof GRID_ERROR_CODES)[number]>;
