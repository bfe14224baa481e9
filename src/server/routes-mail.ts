// A player's mail address (issue 15): `POST /api/games/:game/players/:player/address` with that player's
// token or the Administrator's. Private: the address and the phrase are never answered back, never in the
// log or any view; only a refusal says an address is another player's (one address, one player: the
// caller named it). The phrase is stored hashed (src/channels/mail/phrase.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddressError, checkRegistration, registerAddress } from '../channels/mail/register.js';
import type { ServerContext } from './context.js';
import { gameState, requireCaller } from './context.js';
import { playerNamed } from '../core/index.js';
import { forbidden, HttpError } from './errors.js';
import { PlayerParams } from './schemas.js';

export const AddressBody = z
  .object({
    email: z.string().min(3).max(254).describe("the player's mail address"),
    phrase: z
      .string()
      .max(200)
      .optional()
      .describe('a secret phrase (8 characters or more) the player puts in private mail ("phrase: …")'),
  })
  .strict();

function asHttp(e: unknown): unknown {
  if (!(e instanceof AddressError)) return e;
  return new HttpError(e.code === 'address-taken' ? 409 : 422, e.code, e.message);
}

export function registerMailRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/games/:game/players/:player/address',
    {
      schema: {
        summary:
          "registers (or replaces) a player's mail address and secret phrase; the player or the Administrator",
        params: PlayerParams,
        body: AddressBody,
      },
    },
    async (req, reply) => {
      const { game } = req.params;
      const actor = await requireCaller(ctx, req, game);
      const state = await gameState(ctx, game);
      // K13: the player named in any case, as e joined.
      const player = playerNamed(state, req.params.player) ?? req.params.player;
      if (actor.role !== 'admin' && !(actor.role === 'player' && actor.name === player))
        throw forbidden("only the player or the Administrator registers a player's address");
      if (!state.players.includes(player))
        throw new HttpError(422, 'unknown-player', `${player} has not joined this game`);
      try {
        const checked = await checkRegistration(req.body.email, req.body.phrase);
        await registerAddress(ctx.referee.store, game, player, checked);
        return reply.code(200).send({ player, registered: true, phrase: checked.phraseHash !== null });
      } catch (e) {
        throw asHttp(e);
      }
    },
  );
}
