// Chat by webhook (issue 15: "Reports and public notices can also go to a chat channel by webhook (Discord's
// webhook API as the first target, split under its 2,000-character limit; a generic JSON webhook beside
// it)"). One channel for every game: each game's webhooks come from the mail settings (`games.<id>.chat`).
// Only public notices go to chat: a chat room is read by many.
//
// Delivery is resumable post by post. A notice is one delivery of the outbox, but on chat it may be several
// posts: its parts on each Discord webhook, one post on each JSON webhook. Discord's webhooks have no
// idempotency key, so a post made is made: after each post the channel records it in the store, as a notice
// of its own addressed to the channel (`channel:chat`, keyed by the notice, the webhook and the part: see
// postedKey), in its own transaction; before each post it looks for that record and skips a post recorded.
// So a part refused (a 429: Discord says when to come back) leaves the notice deferred and the next try
// starts at that part; and a process that dies after part 1 of 3 leaves part 1 recorded, so the restarted
// Courier (or another process's: the record is in the shared store, and its (game, key) is stored once)
// posts parts 2 and 3 only. A post is made twice only if the process dies between Discord's answer and the
// record's commit, the one gap no receiver without idempotency lets a sender close. The records are read by
// no one and delivered nowhere (no channel accepts `channel:` recipients); the JSON webhook also carries the
// message id for its receiver to drop a copy.
import { createHash } from 'node:crypto';
import type { Notice, NoticeBox, StoredNotice } from '../engine/ports/index.js';
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
  /** Where the posts made are recorded, so that a retry in any process resumes after them (the store). */
  readonly store: Pick<NoticeBox, 'noticeByKey' | 'enqueue'>;
  /** A request that takes longer fails (and is tried again); default 10 s. */
  readonly timeoutMs?: number;
  /** For reading an HTTP-date Retry-After; default Date.now. */
  readonly now?: () => number;
}

/**
 * The key of the record that a post was made: the notice's key, the channel, which webhook (a hash of its
 * URL, which holds the hook's token and is never stored), and which part of how many. Unique in the game, so
 * two processes recording one post store it once.
 */
export function postedKey(notice: Notice, channel: string, url: string, part: number, of: number): string {
  const hook = createHash('sha256').update(url).digest('hex').slice(0, 16);
  return `${notice.key}#${channel}:${hook}:${part}/${of}`;
}

/** Discord's answer with `?wait=true` is the message it stored: its id is kept in the record. */
function postedId(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { id?: unknown }).id;
    return typeof id === 'string' && /^[0-9A-Za-z_-]{1,64}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

export class ChatChannel implements Channel {
  readonly name: string;

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
        await this.once(notice, hook.url, 1, 1, () =>
          postJson(hook.url, webhookBody(notice), id, this.options.timeoutMs, this.options.now),
        );
        continue;
      }
      const parts = splitMessage(chatText(notice));
      for (const [i, content] of parts.entries()) {
        await this.once(notice, hook.url, i + 1, parts.length, () =>
          postJson(
            discordUrl(hook.url),
            // No one is pinged by a notice: the text may quote a player's "@everyone".
            { content, allowed_mentions: { parse: [] } },
            `${id}#${i + 1}/${parts.length}`,
            this.options.timeoutMs,
            this.options.now,
          ),
        );
      }
    }
  }

  /** One post, unless its record says it was made; recorded once made. */
  private async once(
    notice: StoredNotice,
    url: string,
    part: number,
    of: number,
    post: () => Promise<string>,
  ): Promise<void> {
    const key = postedKey(notice, this.name, url, part, of);
    if (await this.options.store.noticeByKey(notice.game, key)) return;
    const posted = postedId(await post());
    await this.options.store.enqueue([
      {
        game: notice.game,
        key,
        to: `channel:${this.name}`,
        topic: 'posted',
        subject: `part ${part} of ${of} of ${notice.key} posted`,
        text: posted === undefined ? 'posted' : `posted as message ${posted}`,
        at: notice.at,
      },
    ]);
  }
}

/** Discord answers with the message it stored (and reports failures fully) when asked to wait. */
function discordUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('wait', 'true');
  return u.toString();
}
