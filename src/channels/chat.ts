// Chat by webhook (issue 15: "Reports and public notices can also go to a chat channel by webhook (Discord's
// webhook API as the first target, split under its 2,000-character limit; a generic JSON webhook beside
// it)"). One channel for every game: each game's webhooks come from the mail settings (`games.<id>.chat`).
// Only public notices go to chat: a chat room is read by many.
//
// Delivery is at least once (see Courier). A message split in parts is sent part by part, in order; a part
// that fails (a 429: Discord says when to come back) leaves the notice deferred, and the next try starts at
// that part, not again at the first: this process remembers which parts of which message id each webhook
// has had. A process that dies mid-message sends it again from its first part (Discord's webhooks have no
// idempotency key); the JSON webhook carries the message id for its receiver to drop a copy.
import type { StoredNotice } from '../store/store.js';
import type { Channel } from './courier.js';
import { messageId } from './courier.js';
import type { ChatWebhook } from './mail/settings.js';
import { postJson, webhookBody } from './webhook.js';
import { DISCORD_LIMIT, splitMessage } from '../engine/report-split.js';

// The split is shared with the page (the report's Discord-sized parts): it lives with the report, in the engine.
export { DISCORD_LIMIT, splitMessage };

/** A notice as a chat message: its subject, a blank line, its text. */
export const chatText = (notice: StoredNotice): string => `${notice.subject}\n\n${notice.text}`;

export interface ChatChannelOptions {
  /** The channel's name in the store; default 'chat'. */
  readonly name?: string;
  /** A game's webhooks (the settings' `games.<id>.chat`); none: its notices are passed. */
  readonly webhooks: (game: string) => readonly ChatWebhook[];
  /** A request that takes longer fails (and is tried again); default 10 s. */
  readonly timeoutMs?: number;
  /** For reading an HTTP-date Retry-After; default Date.now. */
  readonly now?: () => number;
}

/** How many sent parts the channel remembers (the oldest are forgotten first). */
const REMEMBERED = 10_000;

export class ChatChannel implements Channel {
  readonly name: string;
  /** Parts sent, by webhook, message id and part: a retry resumes after them. */
  private readonly sent = new Set<string>();

  constructor(private readonly options: ChatChannelOptions) {
    this.name = options.name ?? 'chat';
  }

  /** Public notices of games with a webhook. */
  accepts(notice: StoredNotice): boolean {
    return notice.to === 'public' && this.options.webhooks(notice.game).length > 0;
  }

  async deliver(notice: StoredNotice): Promise<void> {
    const id = messageId(notice);
    for (const hook of this.options.webhooks(notice.game)) {
      if (hook.kind === 'json') {
        await this.once(`${hook.url}\n${id}`, () =>
          postJson(hook.url, webhookBody(notice), id, this.options.timeoutMs, this.options.now),
        );
        continue;
      }
      const parts = splitMessage(chatText(notice));
      for (const [i, content] of parts.entries()) {
        const key = `${id}#${i + 1}/${parts.length}`;
        await this.once(`${hook.url}\n${key}`, () =>
          postJson(
            discordUrl(hook.url),
            // No one is pinged by a notice: the text may quote a player's "@everyone".
            { content, allowed_mentions: { parse: [] } },
            key,
            this.options.timeoutMs,
            this.options.now,
          ),
        );
      }
    }
  }

  private async once(key: string, post: () => Promise<unknown>): Promise<void> {
    if (this.sent.has(key)) return;
    await post();
    this.sent.add(key);
    if (this.sent.size > REMEMBERED) {
      const oldest = this.sent.values().next();
      if (!oldest.done) this.sent.delete(oldest.value);
    }
  }
}

/** Discord answers with the message it stored (and reports failures fully) when asked to wait. */
function discordUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('wait', 'true');
  return u.toString();
}
