import type { RuleError } from '../core/index.js';

/** Bad input: one clear line on stderr, exit code 2, nothing written. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly code = 'usage',
  ) {
    super(message);
  }
}

/** Thrown for a verify (or a migration) that found problems: exit 1, as the issue asks. */
export class VerificationFailed extends Error {}

export const fromRuleError = (e: RuleError): UsageError => new UsageError(e.message, e.code);
