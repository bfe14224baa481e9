// Rate limiting of failed authentication: a client address that has presented `max` tokens opening nothing
// within a window is answered 429 (instead of 401) for every further token that opens nothing, until its
// window has passed. A valid token is always looked up and always served, whatever others at the same
// address did: behind a NAT or a proxy not declared trusted, many clients share one address, and one
// guesser must not lock all of them out (issue 13, item 6). Guessing gains nothing from being allowed
// to go on: tokens carry 256 random bits. Only failures count, so a busy client with a good token is
// never limited. The address is Fastify's `request.ip`, which follows X-Forwarded-For only from the
// proxies the server was told to trust (buildApp's `trustProxy`, `referee serve --trust-proxy`).
//
// A small in-process counter rather than @fastify/rate-limit: that plugin counts every request it sees,
// and this policy counts only the failures the routes detect (ServerContext.onAuthFailure). The clock is
// injected so tests move time without sleeping. Several server processes each keep their own counts, so
// an address gets at most `max` failures per window from each process.
import type { FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from './errors.js';

export interface AuthLimitOptions {
  /** Failed authentications allowed per address per window; the next request with a token is refused. */
  readonly max?: number;
  /** The window, in milliseconds, counted from an address's first failure in it. */
  readonly windowMs?: number;
  /** Milliseconds now; Date.now unless a test moves time by hand. */
  readonly now?: () => number;
  /** The most addresses remembered at once; the oldest are forgotten first. */
  readonly maxAddresses?: number;
}

export const AUTH_LIMIT_DEFAULTS = { max: 20, windowMs: 60_000, maxAddresses: 100_000 } as const;

interface Window {
  readonly start: number;
  failures: number;
}

/** Failed authentications per client address, in fixed windows. */
export class AuthFailureLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly max: number;
  private readonly windowMs: number;
  private readonly maxAddresses: number;
  private readonly now: () => number;

  constructor(options: AuthLimitOptions = {}) {
    this.max = options.max ?? AUTH_LIMIT_DEFAULTS.max;
    this.windowMs = options.windowMs ?? AUTH_LIMIT_DEFAULTS.windowMs;
    this.maxAddresses = options.maxAddresses ?? AUTH_LIMIT_DEFAULTS.maxAddresses;
    this.now = options.now ?? Date.now;
    if (!(this.max >= 1) || !(this.windowMs >= 1) || !(this.maxAddresses >= 1))
      throw new RangeError('auth limit: max, windowMs and maxAddresses are at least 1');
  }

  /** The address's window if it is still running. */
  private current(address: string, now: number): Window | undefined {
    const w = this.windows.get(address);
    if (w === undefined) return undefined;
    if (now - w.start < this.windowMs) return w;
    this.windows.delete(address);
    return undefined;
  }

  /** Counts one failed authentication from an address. */
  fail(address: string): void {
    const now = this.now();
    const w = this.current(address, now);
    if (w !== undefined) {
      w.failures += 1;
      return;
    }
    this.windows.set(address, { start: now, failures: 1 });
    this.prune(now);
  }

  /** Milliseconds until the address may present a token again; 0 if it may now. */
  blockedFor(address: string): number {
    const now = this.now();
    const w = this.current(address, now);
    if (w === undefined || w.failures < this.max) return 0;
    return w.start + this.windowMs - now;
  }

  /** How many addresses are remembered (for tests). */
  get size(): number {
    return this.windows.size;
  }

  private prune(now: number): void {
    if (this.windows.size <= this.maxAddresses) return;
    for (const [address, w] of this.windows) {
      if (now - w.start >= this.windowMs) this.windows.delete(address);
    }
    // Still too many: forget the oldest (a Map iterates in insertion order).
    for (const address of this.windows.keys()) {
      if (this.windows.size <= this.maxAddresses) break;
      this.windows.delete(address);
    }
  }
}

/**
 * The function the routes call when a token opens nothing: it counts the failure against the client's
 * address and answers the refusal to send, 401, or 429 with Retry-After once the address has failed `max`
 * times in its window. `false` turns the limit off (always 401).
 */
export function authFailureHandler(
  options: AuthLimitOptions | false = {},
): (request: FastifyRequest) => HttpError {
  if (options === false) return () => unauthorized();
  const limiter = new AuthFailureLimiter(options);
  return (request) => {
    const wait = limiter.blockedFor(request.ip);
    if (wait <= 0) {
      limiter.fail(request.ip);
      return unauthorized();
    }
    return new HttpError(
      429,
      'too-many-requests',
      'too many tokens that open nothing from this address; wait and try again',
      { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) },
    );
  };
}
