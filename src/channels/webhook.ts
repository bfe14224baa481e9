// A channel that POSTs each notice as JSON to a URL: the generic webhook of issue 15, and the real channel
// the outbox's crash test delivers through. The message id (game/key) goes in the body and in the
// Idempotency-Key header, so the receiver can drop a copy (delivery is at least once, see Courier). The chat
// channel (chat.ts) posts through the same postJson.
import type { StoredNotice } from '../engine/ports/index.js';
import type { Channel } from './courier.js';
import { messageId } from './courier.js';
import { RetryLater, retryAfterMs, Undeliverable } from './outcome.js';

export interface WebhookOptions {
  /** The channel's name in the store; default 'webhook'. */
  readonly name?: string;
  readonly url: string;
  /**
   * The recipients this webhook may be sent notices of ('public' by default: a webhook posts where many
   * read, so a private notice goes there only if the operator says so, e.g. ['admin'] for an admins' room).
   */
  readonly recipients?: readonly string[];
  /** A request that takes longer fails (and is retried); default 10 s. */
  readonly timeoutMs?: number;
}

/** What the webhook sends: the notice without the store's id (which counts everyone's notices). */
export interface WebhookBody {
  readonly id: string;
  readonly game: string;
  readonly to: string;
  readonly topic: string;
  readonly subject: string;
  readonly text: string;
  readonly at: string;
}

export class WebhookChannel implements Channel {
  readonly name: string;
  private readonly recipients: ReadonlySet<string>;

  constructor(private readonly options: WebhookOptions) {
    this.name = options.name ?? 'webhook';
    this.recipients = new Set(options.recipients ?? ['public']);
  }

  accepts(notice: StoredNotice): boolean {
    return this.recipients.has(notice.to);
  }

  async deliver(notice: StoredNotice): Promise<void> {
    await postJson(this.options.url, webhookBody(notice), messageId(notice), this.options.timeoutMs);
  }
}

/** The body of a notice's POST: the notice and its message id, without the store's id. */
export function webhookBody(notice: StoredNotice): WebhookBody {
  return {
    id: messageId(notice),
    game: notice.game,
    to: notice.to,
    topic: notice.topic,
    subject: notice.subject,
    text: notice.text,
    at: notice.at,
  };
}

/**
 * POSTs JSON and judges the answer (issue 15): a 2xx is delivered (answers its body, read to its end, so the
 * connection is free again: Discord's `?wait=true` answers the message it stored); a 429 or 503 with a
 * Retry-After is tried again when the receiver said (RetryLater); any other 5xx, a 408 or no answer, later
 * (the Courier's backoff); any other 4xx (the hook is gone, the body refused) never again (Undeliverable).
 */
export async function postJson(
  url: string,
  body: unknown,
  idempotencyKey: string,
  timeoutMs = 10_000,
  now: () => number = Date.now,
): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.ok) return response.text().catch(() => '');
  const text = await response.text().catch(() => '');
  const failed = `the webhook answered ${response.status}`;
  if (response.status === 429 || response.status === 503) {
    const wait = retryAfterBody(text) ?? retryAfterMs(response.headers.get('retry-after'), now());
    if (wait !== undefined) throw new RetryLater(`${failed}: retry after ${wait} ms`, wait);
  }
  if (response.status >= 500 || response.status === 408 || response.status === 429) throw new Error(failed);
  throw new Undeliverable(failed);
}

/** Discord's 429 body: `{"retry_after": seconds (a fraction), "global": bool, …}`. */
function retryAfterBody(text: string): number | undefined {
  try {
    const seconds = (JSON.parse(text) as { retry_after?: unknown }).retry_after;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0
      ? Math.ceil(seconds * 1000)
      : undefined;
  } catch {
    return undefined;
  }
}
