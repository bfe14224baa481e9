// Live updates as server-sent events: one `update` message per committed command, carrying only the log
// lines the connection's viewer may see. The viewer is fixed when the connection opens (by its token, sent
// in the Authorization header like every other request, so it never appears in a URL or a log).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LogEntry } from '../core/index.js';
import type { ServerContext } from './context.js';
import { caller, gameState, viewerOf } from './context.js';
import { GameParams } from './schemas.js';

const PING_MS = 15_000;

export function registerLive(app: FastifyInstance, ctx: ServerContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;
  const open = new Set<() => void>();

  // A server closing ends its event streams; otherwise close() would wait on them for ever.
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });

  r.get(
    '/api/games/:game/events',
    { schema: { summary: 'server-sent events: an update whenever the game changes', params: GameParams } },
    async (req, reply) => {
      const game = req.params.game;
      const viewer = viewerOf(await caller(ctx, req, game));
      const state = await gameState(ctx, game);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(`event: hello\ndata: ${JSON.stringify({ seq: state.seq })}\n\n`);
      // Updates are described in order, one after another, even when describing one has to load the game.
      let queue = Promise.resolve();
      const send = (entries: readonly LogEntry[]): void => {
        queue = queue.then(async () => {
          const now = await referee.state(game);
          const lines = referee.kernel.logView(entries, viewer, now);
          const last = entries[entries.length - 1];
          res.write(`event: update\ndata: ${JSON.stringify({ seq: last?.seq ?? now.seq, lines })}\n\n`);
        });
        // A connection that went away mid-write is ended by its close event; nothing else to do here.
        queue = queue.catch(() => undefined);
      };
      const unsubscribe = referee.onAppend((_, entries) => send(entries), game);
      const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
      const end = (): void => {
        if (!open.delete(end)) return;
        unsubscribe();
        clearInterval(ping);
        res.end();
      };
      open.add(end);
      req.raw.on('close', end);
    },
  );
}
