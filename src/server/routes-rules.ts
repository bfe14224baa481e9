// GET /api/games/:game/rules (issue 24 item 3): the rules in force of a game, as `referee rules GAME` and the
// page's "Rules in force" show them: each section's parameters with the text's value, the value now and the
// amendment that changed it (who, when, why), and every amendment with what became of it. The rules are public:
// the answer is the same for every viewer (a token sent is checked as on every route under a game). The
// Administrator's amend-rules and repeal-amendment are commands (POST …/commands, previewed by POST
// …/commands/preview).
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Asking, ServerContext } from './context.js';
import type { Reading } from '../engine/ports/index.js';
import { caller, gameState } from './context.js';
import { GameParams, RulesInForceResponse } from './schemas.js';
import { rulesInForceInfo } from '../engine/rules-in-force.js';
import { HttpError } from './errors.js';

export function registerRulesRoutes(app: FastifyInstance, ctx: ServerContext<Reading & Asking>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;
  r.get(
    '/api/games/:game/rules',
    {
      schema: {
        summary:
          "the rules in force: each parameter's text value, value now and amendment, and the amendments made",
        params: GameParams,
        response: { 200: RulesInForceResponse },
      },
    },
    async (req) => {
      await caller(ctx, req, req.params.game);
      const state = await gameState(ctx, req.params.game);
      const ruleset = referee.rules.registry.get(state.ruleset);
      if (!ruleset) throw new HttpError(503, 'unknown-ruleset', `this server does not run ${state.ruleset}`);
      // The answer's arrays are read-only in the engine's type; the schema's are plain.
      return rulesInForceInfo(ruleset, state) as z.infer<typeof RulesInForceResponse>;
    },
  );
}
