// One of the store's contracts (issue 28 item 2): the Store (store.ts) is the intersection of them, and each room
// is given the narrow one it uses. Implemented once per backend (src/store/sqlite/, src/store/postgres/) and
// tested once for both (test/store/contracts/).

/**
 * One message to one recipient, in the durable outbox (issue 14): a reminder, a deadline passed, an nday ended
 * by the clock. Rendered from that recipient's view only, before it is stored, so every channel (the page's
 * live stream, mail, chat) delivers exactly what the recipient may see. `key` is unique within the game and
 * made from what the notice is about (the boundary, the warning, the recipient), so writing it twice, from a
 * retry or from two processes, stores it once.
 */
export interface Notice {
  readonly game: string;
  readonly key: string;
  /**
   * 'admin' (the Administrator), 'player:NAME', or 'public' (everyone: the forum, the chat channel); on mail,
   * 'address:ADDRESS' (a receipt to a sender who is no player); 'channel:NAME', a channel's own record (the
   * chat channel's posts made, src/channels/chat.ts), read by no one and delivered nowhere.
   */
  readonly to: string;
  /** What kind of notice: 'reminder', 'deadline', 'clock', 'schedule', … (channels may choose by it). */
  readonly topic: string;
  readonly subject: string;
  readonly text: string;
  /** When it was made (ISO 8601 instant). */
  readonly at: string;
  /**
   * The Message-ID (angle brackets included) of the mail this notice answers, if it answers one (issue 15:
   * a receipt): the mail channel threads it (In-Reply-To, References).
   */
  readonly thread?: string;
}

/**
 * A notice as stored: `id` orders a store's notices (increasing; per store, not per game). Within one game,
 * ids increase in commit order (each store writes a game's notices under that game's lock), so reading on
 * "after id N" never skips one committed later. Never shown to a player: it counts everyone's notices.
 */
export interface StoredNotice extends Notice {
  readonly id: number;
}

/** A notice as claimed for delivery on a channel: `attempts` counts this one (1 on the first try). */
export interface ClaimedNotice extends StoredNotice {
  readonly attempts: number;
}

/** The durable outbox (issue 14): notices written once per (game, key), delivered per channel under leases. */
export interface Outbox {
  /**
   * Writes notices to the outbox outside any append (reminders), in one transaction; returns how many were
   * new (a (game, key) already stored is left as it was). A notice of an unknown game is refused, with all.
   */
  enqueue(notices: readonly Notice[]): Promise<number>;
  /**
   * A game's notices to any of the recipients `to` ('admin', 'player:NAME', 'public') after id `after` (0:
   * from the first), oldest first, at most `limit` (default 100).
   */
  notices(
    game: string,
    to: string | readonly string[],
    after?: number,
    limit?: number,
  ): Promise<StoredNotice[]>;
  /**
   * The game's notice with this key, if one was written (issue 15: the mail edge finds the receipt of a
   * message it has answered, so a message delivered again is not acted on again).
   */
  noticeByKey(game: string, key: string): Promise<StoredNotice | undefined>;
  /**
   * Registers a delivery channel (again: nothing happens). A channel delivers the notices written from its
   * registration on, never the history before it: a channel added to a running game does not flood its
   * recipients. The Courier registers its channel when it starts.
   */
  openChannel(channel: string): Promise<void>;
  /**
   * Leases up to `limit` notices not yet delivered on `channel` (a channel of the delivering process: 'mail',
   * 'chat', …) and due now (never tried, or their retry time has come), oldest first, for `leaseMs`: another
   * claim skips them until the lease ends, so a worker that dies mid-delivery gives them back. `now` is the
   * caller's clock (tests simulate it). Which notices a channel delivers is the channel's business: it marks
   * the others delivered. Safe across processes (PostgreSQL: FOR UPDATE SKIP LOCKED). Registers the channel.
   * `claimant` names the claiming process (issue 23 item 6, src/store/leases.ts): a lease of a process known
   * to be gone is given back at once.
   */
  claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant?: string,
  ): Promise<ClaimedNotice[]>;
  /** Marks a claimed notice delivered on a channel: it is never claimed there again. */
  delivered(channel: string, id: number): Promise<void>;
  /** A failed delivery: the notice is claimable again from `retryAt` (ms); `error` is kept for the operator. */
  deferred(channel: string, id: number, retryAt: number, error: string): Promise<void>;
}
