// The codes Tunnelers's rules refuse a command with, beside the kernel's (KERNEL_ERROR_CODES): listed once, here.
// The ruleset declares them (Ruleset.errorCodes), its rule code may refuse with no other (a type error), and
// test/rulesets-types/error-codes.test.ts and docs/error-codes.md are checked against this list.
import type { CodeOf } from '../../core/index.js';

export const TUNNELERS_ERROR_CODES = [
  'already-member',
  'already-playing',
  'already-started',
  'cannot-pay',
  'dead',
  'game-full',
  'illegal',
  'not-a-member',
  'not-attacked',
  'not-started',
  'not-your-turn',
  'orders-rejected',
  'too-few-players',
  'waiting',
] as const;
/** The codes its rule code may refuse with: its own and the kernel's. */
export type TunnelersErrorCode = CodeOf<(typeof TUNNELERS_ERROR_CODES)[number]>;
