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

export const fromRuleError = (e: RuleError): UsageError => new UsageError(e.message, e.code);
