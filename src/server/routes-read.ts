// What anyone may read, each as the asking viewer may see it: the rulesets, the games, a game's view and log,
// the verification of its log and its public nweek report.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { GameState, Viewer } from '../core/index.js';
import { KERNEL_COMMANDS } from '../core/kernel-commands.js';
import type { Asking, ServerContext } from './context.js';
import type { Reading } from '../engine/ports/index.js';
import { caller, commandInfo, commandsFor, gameState, requireCaller, viewerOf } from './context.js';
import { GameParams, LogQuery, ReportQuery } from './schemas.js';
import { renderReport } from './report-format.js';
import { verifyFor } from '../engine/numbering.js';
import { HttpError } from './errors.js';
import { VERIFY_RETRY_AFTER } from './verify.js';
import { phrasesOf } from '../forum/phrases/index.js';

export function registerReadRoutes(app: FastifyInstance, ctx: ServerContext<Reading & Asking>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;

  r.get('/api/rulesets', { schema: { summary: 'the rulesets this server runs and their commands' } }, () => {
    const kernel = Object.entries(KERNEL_COMMANDS).map(([n, c]) => commandInfo(n, c));
    return referee.rules.registry.ids().map((id) => {
      const ruleset = referee.rules.registry.get(id);
      const commands = (ruleset?.modules ?? []).flatMap((m) =>
        Object.entries(m.commands ?? {}).map(([n, c]) => commandInfo(n, c)),
      );
      return { id, title: ruleset?.title ?? id, commands: [...kernel, ...commands] };
    });
  });

  // Without the store's entry counts, which count hidden entries: the list is the same for everyone.
  r.get('/api/games', { schema: { summary: 'every game here' } }, async () =>
    (await referee.listGames()).map((g) => ({ id: g.id, ruleset: g.ruleset })),
  );

  const viewPayload = (state: GameState, viewer: Viewer) => {
    const view = referee.rules.view(state, viewer);
    return {
      game: state.game,
      ruleset: state.ruleset,
      // The viewer's own position: how many entries e may see (never a count of hidden ones).
      seq: referee.rules.position(state, viewer),
      viewer,
      view,
      text: referee.rules.render(state, view),
      commands: commandsFor(ctx, state, viewer),
      // A sentence this game's forum text takes, for the page's post box (the ruleset's first example).
      forumExample: phrasesOf(referee.rules.registry.get(state.ruleset))[0]?.examples[0]?.text ?? null,
    };
  };

  r.get(
    '/api/games/:game',
    { schema: { summary: "a game's public view", params: GameParams } },
    async (req) => {
      // A token sent is checked like everywhere else under a game (one not of this game → 401), though the
      // public view is the same for every viewer.
      await caller(ctx, req, req.params.game);
      return viewPayload(await gameState(ctx, req.params.game), viewerOf(undefined));
    },
  );

  r.get(
    '/api/games/:game/me',
    { schema: { summary: "the caller's own view and the commands e may give", params: GameParams } },
    async (req) => {
      const actor = await requireCaller(ctx, req, req.params.game);
      return viewPayload(await gameState(ctx, req.params.game), actor);
    },
  );

  r.get(
    '/api/games/:game/log',
    { schema: { summary: 'the log as the caller may see it', params: GameParams, querystring: LogQuery } },
    async (req) => {
      const viewer = viewerOf(await caller(ctx, req, req.params.game));
      const state = await gameState(ctx, req.params.game);
      // Described from the whole log (the ruleset in force is read from it), then cut to `from`.
      const lines = referee.rules.logView(await referee.entries(req.params.game), viewer, state);
      return { lines: lines.filter((l) => l.seq >= req.query.from) };
    },
  );

  r.get(
    '/api/games/:game/verify',
    { schema: { summary: 'replays the log and re-decides every command', params: GameParams } },
    async (req, reply) => {
      const viewer = viewerOf(await caller(ctx, req, req.params.game));
      const state = await gameState(ctx, req.params.game);
      try {
        const { report, counts } = await ctx.verifier.verify(req.params.game, state.seq);
        // Counts of what this viewer can check, and whether the whole verifies; never counts of hidden things.
        return verifyFor(report, counts, viewer);
      } catch (e) {
        if (e instanceof HttpError && e.status === 503)
          reply.header('retry-after', String(VERIFY_RETRY_AFTER));
        throw e;
      }
    },
  );

  r.get(
    '/api/games/:game/report',
    {
      schema: {
        summary: "an nweek's public report, to paste into a forum",
        params: GameParams,
        querystring: ReportQuery,
      },
    },
    async (req, reply) => {
      await caller(ctx, req, req.params.game);
      await gameState(ctx, req.params.game);
      const text = await renderReport(referee, req.params.game, req.query.nweek, req.query.format);
      return reply
        .type(req.query.format === 'markdown' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8')
        .send(text);
    },
  );
}
