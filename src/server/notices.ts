// The page's channel of the outbox (issue 14): a recipient reads eir notices, and the live stream pushes each
// new one (live.ts). The page is no Courier channel: it reads the notices, so nothing is marked delivered.
//
// Hidden stays hidden, in counts too: the store's ids count every recipient's notices, so they are never
// shown. Each viewer's notices are numbered 1, 2, 3, … among the notices that viewer may see ('public' and
// eir own: 'admin' for the Administrator, 'player:NAME' for a player), and `after` is such a number. What a
// viewer is told is then the same whether or not anyone else got a notice meanwhile.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Viewer } from '../core/index.js';
import type { NoticeBox, StoredNotice } from '../engine/ports/index.js';
import type { Asking, ServerContext } from './context.js';
import type { ServerDoor } from '../engine/ports/index.js';
import { caller, gameState, viewerOf } from './context.js';
import { GameParams } from './schemas.js';

/** At most this many notices in one answer. */
export const NOTICES_PAGE = 100;
/** How many notices one read of the store takes while numbering. */
const CHUNK = 500;

export const NoticesQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(NOTICES_PAGE).default(NOTICES_PAGE),
});

/** Who a viewer is as a notice's recipient: the recipients whose notices e may read. */
export function recipientsOf(viewer: Viewer): string[] {
  if (viewer.role === 'admin') return ['admin', 'public'];
  if (viewer.role === 'player') return [`player:${viewer.name}`, 'public'];
  return ['public'];
}

/** A notice as its recipient is shown it: numbered among eir own, without the store's id or key. */
export interface ShownNotice {
  readonly n: number;
  readonly to: string;
  readonly topic: string;
  readonly subject: string;
  readonly text: string;
  readonly at: string;
}

export const shown = (notice: StoredNotice, n: number): ShownNotice => ({
  n,
  to: notice.to,
  topic: notice.topic,
  subject: notice.subject,
  text: notice.text,
  at: notice.at,
});

/** Where a viewer stands in eir notices: how many e has (`count`), and the store's id of the last one. */
export interface NoticeCursor {
  count: number;
  lastId: number;
}

/**
 * The viewer's notices after store id `from.lastId`, numbered on from `from.count`, all of them (read in
 * chunks), and where that leaves the viewer.
 */
export async function noticesAfter(
  store: NoticeBox,
  game: string,
  viewer: Viewer,
  from: NoticeCursor = { count: 0, lastId: 0 },
): Promise<{ notices: ShownNotice[]; cursor: NoticeCursor }> {
  const to = recipientsOf(viewer);
  const cursor = { ...from };
  const notices: ShownNotice[] = [];
  for (;;) {
    const chunk = await store.notices(game, to, cursor.lastId, CHUNK);
    for (const n of chunk) notices.push(shown(n, ++cursor.count));
    const last = chunk[chunk.length - 1];
    if (last) cursor.lastId = last.id;
    if (chunk.length < CHUNK) return { notices, cursor };
  }
}

export function registerNoticeRoutes(
  app: FastifyInstance,
  ctx: ServerContext<Asking & Pick<ServerDoor, 'outbox' | 'state' | 'knownState'>>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/games/:game/notices',
    {
      schema: {
        summary: "the caller's notices (the public's without a token), numbered among the caller's own",
        params: GameParams,
        querystring: NoticesQuery,
      },
    },
    async (req) => {
      const viewer = viewerOf(await caller(ctx, req, req.params.game));
      await gameState(ctx, req.params.game);
      const { notices } = await noticesAfter(ctx.referee.outbox, req.params.game, viewer);
      const after = notices.filter((n) => n.n > req.query.after);
      return { count: notices.length, notices: after.slice(0, req.query.limit) };
    },
  );
}
