// Every error leaves the server as {"error": {"code", "message"}}: the kernel's stable rejection code where
// the rules refused, or one of the server's own codes for what never reached the rules.
import type { RuleError } from '../core/index.js';

export type HttpErrorCode = 'bad-request' | 'unauthorized' | 'forbidden' | 'not-found' | 'too-many-requests';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Headers to send with the refusal (Retry-After on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const unauthorized = (): HttpError =>
  // One message for a missing, malformed, unknown or revoked token: which it was is nobody's business.
  new HttpError(401, 'unauthorized', 'a valid token of this game is needed (Authorization: Bearer <token>)');

export const forbidden = (message: string): HttpError => new HttpError(403, 'forbidden', message);

/** The status a rule's refusal is sent with. */
export function statusOfRuleError(e: RuleError): number {
  switch (e.code) {
    case 'unknown-game':
      return 404;
    case 'game-exists':
    case 'already-joined':
    case 'already-requested':
      return 409;
    default:
      return 422;
  }
}

export const errorBody = (code: string, message: string): { error: { code: string; message: string } } => ({
  error: { code, message },
});
