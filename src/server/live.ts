// Live updates as server-sent events. The viewer is fixed when a stream opens (by its token, sent in the
// Authorization header like every other request, so it never appears in a URL or a log).
//
// What a stream tells must not tell what its viewer may not see (issue 13): numbers are the viewer's own
// (Kernel.position: a `hello` with eir position, then each `update` with the lines e may see, numbered on
// from it), and an update is sent only when it carries a line for the viewer or eir view changed, so an
// admin-only or another player's entry sends nothing at all. Streams are grouped per game and viewer, so
// the lines and the view are worked out once per viewer, not per connection.
//
// A stream ends when its token stops being valid: at once when the token is replaced in this process, and
// in any case before anything is sent (the holder of the token's hash is looked up again, once per token and
// message), so a token rotated by another process opens nothing more either. Streams are capped per client
// address and per server, and a reader that lets too much go unread is dropped.
//
// A page must never show "live" while it is behind (issue 16). The server says how often it sends a heartbeat
// (`hello`'s `heartbeat`, ms), so a page that hears nothing for two of them knows the stream stalled; and a
// feed that fails to tell an update or a notice (the store unreachable) ends its streams rather than let
// them go on without it: their pages reconnect and read the game again.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LogEntry, Viewer } from '../core/index.js';
import type { ServerContext } from './context.js';
import type { Appends, Reading, ServerDoor } from '../engine/ports/index.js';
import { caller, gameState, viewerOf } from './context.js';
import { HttpError } from './errors.js';
import type { LiveOptions } from './limits.js';
import { LIVE_DEFAULTS } from './limits.js';
import { GameParams } from './schemas.js';
import type { NoticeCursor } from './notices.js';
import { noticesAfter } from './notices.js';
import { ADMIN_HOLDER, bearer, playerHolder, tokenHash } from './tokens.js';

export type { LiveOptions } from './limits.js';
export { LIVE_DEFAULTS } from './limits.js';

/** One open stream. */
interface Connection {
  readonly res: ServerResponse;
  readonly ip: string;
  /** The token's holder and hash, for a stream opened with a token. */
  readonly token?: { readonly holder: string; readonly hash: string };
  end(): void;
}

/** The streams of one viewer of one game, and where that viewer stands. */
interface Group {
  readonly viewer: Viewer;
  readonly connections: Set<Connection>;
  /** The last entry (real seq) this group has been told of or started after. */
  seq: number;
  /** The viewer's position after it (Kernel.position). */
  position: number;
  /** The viewer's view as last told, to tell only when it changed. */
  view: string;
  /** Where the viewer stands in eir notices (notices.ts): each new one is pushed as a `notice` message. */
  notices: NoticeCursor;
}

/** The streams of one game: its groups, and the work for them done in order. */
interface Feed {
  readonly groups: Map<string, Group>;
  /** Its open streams, those still joining included: the feed ends with its last one. */
  members: number;
  queue: Promise<void>;
  unsubscribe(): void;
}

const viewerKey = (v: Viewer): string => (v.role === 'player' ? `player:${v.name}` : v.role);

export function registerLive(
  app: FastifyInstance,
  ctx: ServerContext<Reading & Appends & Pick<ServerDoor, 'directory' | 'gameLog' | 'outbox'>>,
  options: LiveOptions = {},
): void {
  const limits = { ...LIVE_DEFAULTS, ...options };
  const heartbeat = limits.heartbeatMs;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;
  const open = new Set<Connection>();
  const perClient = new Map<string, number>();
  const feeds = new Map<string, Feed>();
  /** Streams past the caps' check and not yet open (authenticating): counted against the server's cap. */
  let pending = 0;

  /** Stops listening for the store's notices (see listenForNotices). */
  let unwatchNotices: Promise<(() => Promise<void>) | undefined> | undefined;

  // A server closing ends its event streams; otherwise close() would wait on them for ever.
  app.addHook('preClose', (done) => {
    for (const c of [...open]) c.end();
    const stop = unwatchNotices;
    unwatchNotices = undefined;
    void stop?.then((f) => f?.()).catch(() => undefined);
    done();
  });

  /** Each group of a game is sent the notices written for its viewer since it was last told (if any). */
  const tellNotices = async (game: string, feed: Feed): Promise<void> => {
    for (const group of feed.groups.values()) {
      const { notices, cursor } = await noticesAfter(referee.outbox, game, group.viewer, group.notices);
      group.notices = cursor;
      if (notices.length === 0) continue;
      const messages = notices.map((n) => `event: notice\ndata: ${JSON.stringify(n)}\n\n`).join('');
      for (const c of await stillValid(game, group.connections)) write(c, messages);
    }
  };

  /**
   * Once, with the first stream: the store tells of notices written (by any process, on PostgreSQL), and
   * the streams of that game are told theirs; after a 'resync' (notifications may have been missed), all.
   */
  const listenForNotices = (): void => {
    unwatchNotices ??= (
      referee.outbox.watch?.((change) => {
        const games =
          change.kind === 'notice' ? [change.game] : change.kind === 'resync' ? [...feeds.keys()] : [];
        for (const game of games) {
          const feed = feeds.get(game);
          if (feed) feed.queue = feed.queue.then(() => tellNotices(game, feed)).catch(() => lost(feed));
        }
      }) ?? Promise.resolve(undefined)
    ).catch(() => undefined);
  };

  // A token replaced here ends the streams its old one opened, at once.
  ctx.tokens.on((game, holder) => {
    for (const group of feeds.get(game)?.groups.values() ?? [])
      for (const c of [...group.connections]) if (c.token?.holder === holder) c.end();
  });

  /**
   * A message the feed's streams should have had is lost (the store failed): they end, so their pages
   * reconnect and read the game afresh, rather than stay open and behind.
   */
  const lost = (feed: Feed): void => {
    for (const group of [...feed.groups.values()]) for (const c of [...group.connections]) c.end();
  };

  /** Writes, or drops a reader that has left more than the bound unread. */
  const write = (c: Connection, text: string): void => {
    if (c.res.destroyed) return;
    c.res.write(text);
    if (c.res.writableLength > limits.maxBuffered) c.end();
  };

  /** The connections whose token is still that of its holder (looked up once per token); ends the rest. */
  const stillValid = async (game: string, connections: Iterable<Connection>): Promise<Connection[]> => {
    const holders = new Map<string, Promise<string | undefined>>();
    const valid: Connection[] = [];
    for (const c of [...connections]) {
      if (!c.token) {
        valid.push(c);
        continue;
      }
      const { hash } = c.token;
      if (!holders.has(hash)) holders.set(hash, referee.directory.tokenHolder(game, hash));
      if ((await holders.get(hash)) === c.token.holder) valid.push(c);
      else c.end();
    }
    return valid;
  };

  /** New entries for every group of a game: each viewer is told eir lines, or that eir view changed. */
  const tell = async (game: string, feed: Feed, entries: readonly LogEntry[]): Promise<void> => {
    const last = entries[entries.length - 1];
    if (!last || feed.groups.size === 0) return;
    const now = await referee.state(game);
    for (const group of feed.groups.values()) {
      let fresh = entries.filter((e) => e.seq > group.seq);
      const first = fresh[0];
      if (!first) continue;
      if (first.seq > group.seq + 1) {
        // Entries this group was not told of (cannot happen when every append is told in order; read them
        // rather than number on from a wrong position).
        const missed = (await referee.gameLog.entries(game, group.seq + 1)) ?? [];
        fresh = [...missed.filter((e) => e.seq < first.seq), ...fresh];
      }
      const lines = referee.rules.logView(fresh, group.viewer, now, group.position);
      group.seq = last.seq;
      group.position = group.viewer.role === 'admin' ? last.seq : group.position + lines.length;
      // The view is compared only on the state right after these entries: on a state already ahead (more
      // entries on their way here), a change made by those later entries would go out as an update with
      // no line, before their own, which a game without these entries would not send.
      if (lines.length === 0 && now.seq !== last.seq) continue;
      const view = JSON.stringify(referee.rules.view(now, group.viewer));
      const changed = view !== group.view;
      group.view = view;
      if (lines.length === 0 && !changed) continue;
      const message = `event: update\ndata: ${JSON.stringify({ seq: group.position, lines })}\n\n`;
      for (const c of await stillValid(game, group.connections)) write(c, message);
    }
  };

  const feedOf = (game: string): Feed => {
    const known = feeds.get(game);
    if (known) return known;
    const feed: Feed = {
      groups: new Map(),
      members: 0,
      queue: Promise.resolve(),
      unsubscribe: () => undefined,
    };
    feed.unsubscribe = referee.onAppend((_, entries) => {
      // A failure (the store unreachable) loses this message: the streams end (see lost), the order holds.
      feed.queue = feed.queue.then(() => tell(game, feed, entries)).catch(() => lost(feed));
    }, game);
    feeds.set(game, feed);
    listenForNotices();
    return feed;
  };

  /** Adds a stream to its viewer's group (made from the latest state) and says hello with eir position. */
  const join = async (game: string, feed: Feed, viewer: Viewer, c: Connection): Promise<void> => {
    const key = viewerKey(viewer);
    let group = feed.groups.get(key);
    if (!group) {
      const now = await referee.state(game);
      if (!open.has(c)) return; // gone meanwhile
      group = feed.groups.get(key) ?? {
        viewer,
        connections: new Set(),
        seq: now.seq,
        position: referee.rules.position(now, viewer),
        view: JSON.stringify(referee.rules.view(now, viewer)),
        // From the notices the viewer has now: the page reads those (GET …/notices), the stream the next.
        notices: (await noticesAfter(referee.outbox, game, viewer)).cursor,
      };
      feed.groups.set(key, group);
    }
    if (!open.has(c)) return; // gone while earlier work of the feed ran
    group.connections.add(c);
    if ((await stillValid(game, [c])).length === 0) return;
    write(c, `event: hello\ndata: ${JSON.stringify({ seq: group.position, heartbeat })}\n\n`);
  };

  /** Leaves its group; the last stream of a game stops following it. */
  const leave = (game: string, viewer: Viewer, c: Connection): void => {
    const feed = feeds.get(game);
    if (!feed) return;
    const key = viewerKey(viewer);
    const group = feed.groups.get(key);
    if (group?.connections.delete(c) && group.connections.size === 0) feed.groups.delete(key);
    if (--feed.members > 0) return;
    feed.unsubscribe();
    feeds.delete(game);
  };

  r.get(
    '/api/games/:game/events',
    { schema: { summary: 'server-sent events: an update whenever the game changes', params: GameParams } },
    async (req, reply) => {
      const game = req.params.game;
      const ip = req.ip;
      // Counted before anything is awaited, so streams opening at once cannot pass the caps together.
      if (open.size + pending >= limits.total)
        throw new HttpError(429, 'too-many-streams', `this server has ${limits.total} event streams open`);
      if ((perClient.get(ip) ?? 0) >= limits.perClient)
        throw new HttpError(
          429,
          'too-many-streams',
          `this client has ${limits.perClient} event streams open; close one first`,
        );
      perClient.set(ip, (perClient.get(ip) ?? 0) + 1);
      pending++;
      let opened = false;
      const release = (): void => {
        const left = (perClient.get(ip) ?? 1) - 1;
        if (left > 0) perClient.set(ip, left);
        else perClient.delete(ip);
      };
      try {
        const actor = await caller(ctx, req, game);
        const viewer = viewerOf(actor);
        await gameState(ctx, game);
        const token = bearer(req.headers.authorization);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // The connection ends with the stream (when the server ends it, the client must not reuse it).
          connection: 'close',
          'x-accel-buffering': 'no',
        });
        // The heartbeat: a page that hears nothing for two of them shows its stream as stale.
        const ping = setInterval(() => write(c, ': ping\n\n'), heartbeat);
        const c: Connection = {
          res,
          ip,
          ...(actor && token
            ? {
                token: {
                  holder: actor.role === 'admin' ? ADMIN_HOLDER : playerHolder(actor.name),
                  hash: tokenHash(token),
                },
              }
            : {}),
          end: () => {
            if (!open.delete(c)) return;
            release();
            clearInterval(ping);
            leave(game, viewer, c);
            res.end();
            // A reader that does not read would keep the socket (and its unsent bytes) for ever.
            res.destroy();
          },
        };
        open.add(c);
        opened = true;
        req.raw.on('close', () => c.end());
        const feed = feedOf(game);
        feed.members++;
        feed.queue = feed.queue.then(() => join(game, feed, viewer, c)).catch(() => c.end());
      } finally {
        pending--;
        if (!opened) release();
      }
    },
  );
}
