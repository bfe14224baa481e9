// What a channel may tell the Courier beyond "delivered" (it returns) and "failed, try again later" (any other
// error: the Courier's own backoff). Issue 15: a receiver that says when to come back (Discord's 429 with
// retry_after, an HTTP Retry-After) is taken at its word; one that refuses for good (an SMTP 5xx: no such
// mailbox) must not be tried for ever, so the notice is marked delivered with the failure kept.

/** Try again, not before `afterMs` from now (the receiver said so). */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
  constructor(
    message: string,
    readonly afterMs: number,
  ) {
    super(message);
  }
}

/** The receiver refused for good: trying again would fail the same way. */
export class Undeliverable extends Error {
  override readonly name = 'Undeliverable';
}

/**
 * The wait an HTTP answer asks for: Retry-After in seconds or as a date (RFC 9110 10.2.3), relative to
 * `now`; undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The receiver itself does not answer (issue 23 item 9: the SMTP server refuses connections, times out, or
 * says 421, "service not available"): nothing about this notice, every other would fail alike. The notice is
 * tried again like any failed one, and the Courier stops trying others and probes the receiver instead
 * (Channel.probe), until it answers (src/channels/health.ts).
 */
export class Unreachable extends Error {
  override readonly name = 'Unreachable';
}
