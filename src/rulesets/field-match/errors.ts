// The codes a Field Match's rules refuse a command with, beside the kernel's (KERNEL_ERROR_CODES): the
// framework's own, listed once, here, and the codes a match's definition gives its conditions ("when": each its
// code and sentence), which are the match's own words and so are data: compileMatch checks each (lower-case words
// joined by dashes) and makes it a ConditionCode, the only way rule code gets one. The ruleset declares both
// (Ruleset.errorCodes, see fieldMatchErrorCodes in index.ts); test/rulesets-types/error-codes.test.ts and
// docs/error-codes.md are checked against them.
import type { CodeOf } from '../../core/index.js';

export const FIELD_ERROR_CODES = ['limit-reached', 'no-object', 'off-field', 'too-early'] as const;

/** A code a match's definition gives one of its conditions, as compileMatch checked it. */
export type ConditionCode = string & { readonly condition: true };

/** The codes a Field Match's rule code may refuse with: the framework's, its conditions', the kernel's. */
export type FieldErrorCode = CodeOf<(typeof FIELD_ERROR_CODES)[number] | ConditionCode>;
