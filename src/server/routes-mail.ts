// A player's mail address (issue 15; ruling M10 of issue 23): `POST /api/games/:game/players/:player/address`
// with that player's token or the Administrator's makes a claim to confirm: a code is mailed to the address
// (claim.ts), and the address is the player's once the code comes back, by a reply from the address or by
// `POST …/address/confirm` with the code. The Administrator alone may register without confirmation, and only
// by saying so (`"confirmed": "by-administrator"`). Private: the address, the phrase and the code are never
// answered back, never in the log or any view; a refusal says an address is another player's only once it is
// registered (confirmed), never whether anyone claims it. The phrase is stored hashed (phrase.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { claimAddress, confirmCode } from '../channels/mail/claim.js';
import { AddressError, checkRegistration, registerAddress } from '../channels/mail/register.js';
import type { InboundSettings } from '../channels/mail/settings.js';
import type { GameState } from '../core/index.js';
import { playerNamed } from '../core/index.js';
import type { Asking, ServerContext } from './context.js';
import type { Commanding, ServerDoor } from '../engine/ports/index.js';
import { gameState, requireCaller } from './context.js';
import { forbidden, HttpError } from './errors.js';
import { PlayerParams } from './schemas.js';
import type { FastifyRequest } from 'fastify';

/** What the server knows of mail for registrations: the settings of `serve --mail`, if any, and its clock. */
export interface AddressOptions {
  /** The referee's and the games' own addresses, refused as a player's (without settings, refused when sent). */
  readonly settings?: InboundSettings & { readonly confirmHours?: number };
  /** The clock claims are made and confirmed by (ms); default Date.now. */
  readonly now?: () => number;
}

export const AddressBody = z
  .object({
    email: z.string().min(3).max(254).describe("the player's mail address"),
    phrase: z
      .string()
      .max(200)
      .optional()
      .describe('a secret phrase (8 characters or more) the player puts in private mail ("phrase: …")'),
    confirmed: z
      .literal('by-administrator')
      .optional()
      .describe(
        "the Administrator's token only: register at once, without the confirmation round-trip (ruling M10)",
      ),
  })
  .strict();

export const ConfirmBody = z
  .object({ code: z.string().min(1).max(100).describe('the code of the confirmation notice') })
  .strict();

const STATUS: Record<AddressError['code'], number> = {
  'bad-address': 422,
  'bad-phrase': 422,
  'own-address': 422,
  'address-taken': 409,
  'too-soon': 429,
};

function asHttp(e: unknown): unknown {
  if (!(e instanceof AddressError)) return e;
  return new HttpError(STATUS[e.code], e.code, e.message);
}

/** The player named (K13: in any case, as e joined), if the caller is that player or the Administrator. */
async function playerOfRequest(
  ctx: ServerContext<Commanding & Asking & Pick<ServerDoor, 'mailDesk'>>,
  req: FastifyRequest,
  params: { game: string; player: string },
): Promise<{ player: string; admin: boolean; state: GameState }> {
  const actor = await requireCaller(ctx, req, params.game);
  const state = await gameState(ctx, params.game);
  const player = playerNamed(state, params.player) ?? params.player;
  if (actor.role !== 'admin' && !(actor.role === 'player' && actor.name === player))
    throw forbidden("only the player or the Administrator registers a player's address");
  if (!state.players.includes(player))
    throw new HttpError(422, 'unknown-player', `${player} has not joined this game`);
  return { player, admin: actor.role === 'admin', state };
}

export function registerMailRoutes(
  app: FastifyInstance,
  ctx: ServerContext<Commanding & Asking & Pick<ServerDoor, 'mailDesk'>>,
  mail: AddressOptions = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const now = mail.now ?? Date.now;
  r.post(
    '/api/games/:game/players/:player/address',
    {
      schema: {
        summary:
          "claims a mail address for a player (a code is mailed to it; it counts once confirmed), or with the Administrator's `confirmed: by-administrator` registers it at once",
        params: PlayerParams,
        body: AddressBody,
      },
    },
    async (req, reply) => {
      const { game } = req.params;
      const { player, admin } = await playerOfRequest(ctx, req, req.params);
      if (req.body.confirmed !== undefined && !admin)
        throw forbidden('only the Administrator registers an address without its confirmation');
      try {
        const checked = await checkRegistration(req.body.email, req.body.phrase);
        const phrase = checked.phraseHash !== null;
        if (req.body.confirmed === 'by-administrator') {
          await registerAddress(ctx.referee.mailDesk, game, player, checked, mail.settings);
          return reply.code(200).send({ player, registered: true, confirmed: 'by-administrator', phrase });
        }
        const claim = await claimAddress(ctx.referee.mailDesk, game, player, checked, {
          now: now(),
          ...(mail.settings ? { settings: mail.settings } : {}),
          ...(mail.settings?.confirmHours !== undefined ? { hours: mail.settings.confirmHours } : {}),
        });
        return reply.code(202).send({
          player,
          registered: false,
          confirmation: 'sent',
          expires: new Date(claim.expiresAt).toISOString(),
          phrase,
        });
      } catch (e) {
        throw asHttp(e);
      }
    },
  );
  r.post(
    '/api/games/:game/players/:player/address/confirm',
    {
      schema: {
        summary:
          "confirms a player's claimed mail address with the code mailed to it; the player or the Administrator",
        params: PlayerParams,
        body: ConfirmBody,
      },
    },
    async (req, reply) => {
      const { game } = req.params;
      const { player } = await playerOfRequest(ctx, req, req.params);
      const done = await confirmCode(ctx.referee.mailDesk, game, player, req.body.code, now());
      if (done.kind === 'confirmed') return reply.code(200).send({ player, registered: true });
      const status = done.reason === 'address-taken' ? 409 : 422;
      throw new HttpError(status, done.reason, done.message);
    },
  );
}
