// Who may join, over HTTP (issue 16, rulings K14 and K15): the Administrator approves or refuses a request to
// join, and removes a player, each as the kernel's order of that name (approve-join, refuse-join,
// remove-player) given through the referee like any other, so the answer, the idempotency and the refusals are
// those of POST …/commands. The setting itself is the order `joins` (POST …/commands), or `joins` at creation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Command, JsonObject } from '../core/index.js';
import { ADMIN } from '../core/index.js';
import type { Asking, ServerContext } from './context.js';
import type { Commanding } from '../engine/ports/index.js';
import { requireCaller } from './context.js';
import { forbidden } from './errors.js';
import { commandId } from './idempotency.js';
import { commandAnswer, refused } from './routes-write.js';
import { IdempotencyHeaders, PlayerParams, RefuseBody, RemoveBody } from './schemas.js';

export function registerAdmissionRoutes(app: FastifyInstance, ctx: ServerContext<Commanding & Asking>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;

  /** The Administrator's order `type` about the player the path names, with these arguments. */
  const order = async (game: string, type: string, args: JsonObject, key: string | undefined) => {
    const id = commandId(ADMIN, key);
    const command: Command = { type, by: ADMIN, args, ...(id !== undefined ? { id } : {}) };
    const result = await referee.submit(game, command);
    if (!result.ok) throw refused(result.error);
    return commandAnswer(referee, game, result.value, ADMIN);
  };

  r.post(
    '/api/games/:game/players/:player/approve',
    {
      schema: {
        summary: "approves a request to join (K14): the one who asked becomes a player; the Administrator's",
        params: PlayerParams,
        headers: IdempotencyHeaders,
      },
    },
    async (req) => {
      const { game, player } = req.params;
      const actor = await requireCaller(ctx, req, game);
      if (actor.role !== 'admin') throw forbidden('only the Administrator approves a request to join');
      return order(game, 'approve-join', { player }, req.headers['idempotency-key']);
    },
  );

  r.post(
    '/api/games/:game/players/:player/refuse',
    {
      schema: {
        summary: "refuses a request to join, with a reason if given (K14); the Administrator's",
        params: PlayerParams,
        headers: IdempotencyHeaders,
        body: RefuseBody,
      },
    },
    async (req) => {
      const { game, player } = req.params;
      const actor = await requireCaller(ctx, req, game);
      if (actor.role !== 'admin') throw forbidden('only the Administrator refuses a request to join');
      const reason = req.body.reason;
      const args: JsonObject = { player, ...(reason !== undefined ? { reason } : {}) };
      return order(game, 'refuse-join', args, req.headers['idempotency-key']);
    },
  );

  r.post(
    '/api/games/:game/players/:player/remove',
    {
      schema: {
        summary:
          "removes a player from the game, with the reason (K15): the rules do with eir things what they say of one who leaves; the Administrator's",
        params: PlayerParams,
        headers: IdempotencyHeaders,
        body: RemoveBody,
      },
    },
    async (req) => {
      const { game, player } = req.params;
      const actor = await requireCaller(ctx, req, game);
      if (actor.role !== 'admin') throw forbidden('only the Administrator removes a player');
      const args: JsonObject = { player, reason: req.body.reason };
      return order(game, 'remove-player', args, req.headers['idempotency-key']);
    },
  );
}
