// The codes Quests' rules refuse a command with, beside the kernel's (KERNEL_ERROR_CODES): the host's (rooms)
// and Quests' own, listed once, here. The ruleset declares them (Ruleset.errorCodes), its rule code may refuse
// with no other (a type error), and test/rulesets-types/error-codes.test.ts and docs/error-codes.md are checked
// against this list.
import { ROOMS_ERROR_CODES } from '../rooms/errors.js';
import type { CodeOf } from '../../core/index.js';

export const QUESTS_ERROR_CODES = [
  ...ROOMS_ERROR_CODES,
  'already-creating',
  'colour-taken',
  'not-creating',
  'out-of-order',
  'roster-full',
] as const;
/** The codes its rule code may refuse with: its own and the kernel's. */
export type QuestsErrorCode = CodeOf<(typeof QUESTS_ERROR_CODES)[number]>;
