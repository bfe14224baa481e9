// POST /api/games/:game/commands/preview (issue 16, "a preview on the page for the Administrator's commands"):
// what an order would do now, as the Administrator would see it, decided in a Sandbox (src/engine/preview.ts):
// nothing is written, no command id is used, no dice are taken from the queue, nobody is told. The
// Administrator's alone: a preview shows the Administrator's view of what follows, hidden things included, so
// a player's token gets 403 and no token 401, as on every admin route. Fair dice come from a stand-in, never
// the game's streams (ruling K11), so a preview tells no one a real roll before its time, not even the
// Administrator.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Command, JsonObject } from '../core/index.js';
import { ADMIN } from '../core/index.js';
import { withInstants } from '../engine/instants.js';
import { preview } from '../engine/preview.js';
import type { Asking, ServerContext } from './context.js';
import type { Commanding } from '../engine/ports/index.js';
import { gameState, requireCaller } from './context.js';
import { forbidden, HttpError, statusOfRuleError } from './errors.js';
import { CommandBody, GameParams } from './schemas.js';

export function registerPreviewRoutes(app: FastifyInstance, ctx: ServerContext<Commanding & Asking>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;

  r.post(
    '/api/games/:game/commands/preview',
    {
      schema: {
        summary: "what one of the Administrator's orders would do now; nothing is written",
        params: GameParams,
        body: CommandBody,
      },
    },
    async (req) => {
      const game = req.params.game;
      const actor = await requireCaller(ctx, req, game);
      if (actor.role !== 'admin') throw forbidden('only the Administrator previews orders');
      const state = await gameState(ctx, game);
      const { type, args, rolls } = req.body;
      const rule = referee.rules.commands(state).get(type);
      if (rule && rule.actor !== 'admin')
        throw forbidden(`${type} is a player's announcement; the Administrator cannot make it for em`);
      const command: Command = {
        type,
        by: ADMIN,
        args: args as JsonObject,
        ...(rolls !== undefined ? { rolls } : {}),
      };
      // The instant a schedule, a pause or a resumption would take effect, if not given: now, as the real one.
      const result = await preview(referee, game, withInstants(command, ctx.now()));
      if (!result.ok)
        throw new HttpError(statusOfRuleError(result.error), result.error.code, result.error.message);
      return result.value;
    },
  );
}
