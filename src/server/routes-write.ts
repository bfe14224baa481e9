// What changes a game: creating one, joining, commands (a player's announcements, the Administrator's
// orders), and issuing tokens. Each goes through Referee.submit, so commands to one game are applied one at a
// time in arrival order and a response means the entries are committed.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor, Command, Json, JsonObject, RuleError } from '../core/index.js';
import { ADMIN, knownSpelling, player, playerNamed } from '../core/index.js';
import { numberedAnswer } from '../engine/numbering.js';
import { withInstants } from '../engine/instants.js';
import { absences } from '../engine/absent.js';
import type { Asking, ServerContext } from './context.js';
import type { Accepted, Commanding, Posting } from '../engine/ports/index.js';
import { caller, gameState, requireCaller } from './context.js';
import { forbidden, HttpError, statusOfRuleError } from './errors.js';
import {
  CommandBody,
  CreateBody,
  GameParams,
  IdempotencyHeaders,
  JoinBody,
  PlayerParams,
  PostBody,
  SecretIdempotencyHeaders,
} from './schemas.js';
import { ForumError, postAsAdministrator, postMessage } from '../forum/index.js';
import { ADMIN_HOLDER, issue, playerHolder, tokenHash } from './tokens.js';
import { commandId, derivedGameId, derivedToken, secretKeyId } from './idempotency.js';

/** A token for a holder: derived from the request's secret Idempotency-Key if it has one, else random. */
function tokenFor(holder: string, key: string | undefined, purpose: string) {
  if (key === undefined) return issue(holder);
  const token = derivedToken(key, purpose);
  return { token, grant: { holder, hash: tokenHash(token) } };
}

/**
 * What an accepted command says back: its entries as the caller may see them, and the caller's position after
 * them, both in the caller's own numbering (hidden entries are not counted); and, issue 16, what the rules did
 * for players who had not acted in time, set apart (public facts only).
 */
export async function commandAnswer(referee: Posting, game: string, accepted: Accepted, actor: Actor) {
  const absent = absences(referee.rules, accepted.before, accepted.entries);
  return {
    duplicate: accepted.duplicate,
    ...(await numberedAnswer(referee, game, accepted, actor)),
    ...(absent.length > 0 ? { absent } : {}),
  };
}

export function refused(e: RuleError): HttpError {
  return new HttpError(statusOfRuleError(e), e.code, e.message);
}

export function registerWriteRoutes(app: FastifyInstance, ctx: ServerContext<Commanding & Asking>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { referee } = ctx;

  const answer = (game: string, accepted: Accepted, actor: Actor) =>
    commandAnswer(referee, game, accepted, actor);

  r.post(
    '/api/games',
    {
      schema: {
        summary: 'creates a game; answers its admin token, shown this once (again for a retry with its key)',
        headers: SecretIdempotencyHeaders,
        body: CreateBody,
      },
    },
    async (req, reply) => {
      ctx.mayCreate?.(req);
      const body = req.body;
      const key = req.headers['idempotency-key'];
      const game =
        body.game ?? (key !== undefined ? derivedGameId(key) : `g-${randomBytes(4).toString('hex')}`);
      const admin = tokenFor(ADMIN_HOLDER, key, `create\0${game}`);
      const args: JsonObject = {
        game,
        ruleset: body.ruleset,
        dice: body.dice,
        ...(body.beacon !== undefined ? { beacon: body.beacon as Json } : {}),
        ndays: body.ndays,
        ...(body.config !== undefined ? { config: body.config as JsonObject } : {}),
        ...(body.joins === 'approval' ? { joins: 'approval' } : {}),
        // K16: the floor is the operator's setting, never the client's.
        ...(ctx.rhythmFloor !== undefined ? { rhythmFloor: ctx.rhythmFloor } : {}),
      };
      const create: Command = {
        type: 'create',
        by: ADMIN,
        args,
        ...(key !== undefined ? { id: secretKeyId('create', key) } : {}),
        ...(body.rolls !== undefined ? { rolls: body.rolls } : {}),
      };
      // K16: the game's creation instant (when the request arrived) bounds its schedules' starts.
      const result = await referee.submit(game, withInstants(create, ctx.now()), { tokens: [admin.grant] });
      if (!result.ok) throw refused(result.error);
      return reply.code(201).send({ game, adminToken: admin.token, duplicate: result.value.duplicate });
    },
  );

  r.post(
    '/api/games/:game/join',
    {
      schema: {
        summary: "joins a game; answers the player's token, shown this once (again for a retry with its key)",
        params: GameParams,
        headers: SecretIdempotencyHeaders,
        body: JoinBody,
      },
    },
    async (req, reply) => {
      // Anyone may join without a token; a token sent is checked all the same (one not of this game → 401).
      await caller(ctx, req, req.params.game);
      // K13: the token's holder is the name as the game holds it, if it holds it in another case (a request
      // answered by joining); a name it does not hold is the new player's as given.
      const known = await ctx.referee.knownState(req.params.game).catch(() => undefined);
      const name = known ? knownSpelling(known, req.body.player) : req.body.player;
      const key = req.headers['idempotency-key'];
      const token = tokenFor(playerHolder(name), key, `join\0${req.params.game}\0${name}`);
      const result = await referee.submit(
        req.params.game,
        {
          type: 'join',
          // Asked as given, so a refusal says "the name is taken" in the words it was asked in.
          by: player(req.body.player),
          args: {},
          ...(key !== undefined ? { id: secretKeyId('join', key) } : {}),
        },
        { tokens: [token.grant] },
      );
      if (!result.ok) throw refused(result.error);
      // K14: where joins need approval, the join is a request: the token is the requester's, and opens eir
      // view; e acts once the Administrator approves.
      const pending = !result.value.state.players.includes(name);
      return reply.code(201).send({
        player: name,
        token: token.token,
        ...(pending ? { pending: true } : {}),
        ...(await answer(req.params.game, result.value, player(name))),
      });
    },
  );

  r.post(
    '/api/games/:game/commands',
    {
      schema: {
        summary: "a player's announcement or the Administrator's order, as the token's holder",
        params: GameParams,
        headers: IdempotencyHeaders,
        body: CommandBody,
      },
    },
    async (req) => {
      const game = req.params.game;
      const actor = await requireCaller(ctx, req, game);
      const { type, args, rolls } = req.body;
      // Who may give the command is checked here too, so a player's token on an Administrator's order is a
      // 403 (wrong role), not a rule's refusal. Unknown commands are left to the kernel to name. The state
      // this process knows is enough for that (the kernel checks the actor again on the latest state when
      // it decides), and spares every command a read of the store.
      const state = await gameState(ctx, game, 'known');
      const rule = referee.rules.commands(state).get(type);
      if (rule && rule.actor !== actor.role)
        throw forbidden(
          rule.actor === 'admin'
            ? `only the Administrator may ${type}`
            : `${type} is a player's announcement; the Administrator cannot make it for em`,
        );
      if (type === 'join') throw forbidden('join through POST /api/games/{game}/join');
      if (rolls !== undefined && actor.role !== 'admin')
        throw forbidden('only the Administrator supplies dice results');
      const id = commandId(actor, req.headers['idempotency-key']);
      const command: Command = {
        type,
        by: actor,
        args: args as JsonObject,
        ...(id !== undefined ? { id } : {}),
        ...(rolls !== undefined ? { rolls } : {}),
      };
      // The instant a schedule, a pause or a resumption takes effect, if not given, is when it arrived.
      const result = await referee.submit(game, withInstants(command, ctx.now()));
      if (!result.ok) throw refused(result.error);
      return answer(game, result.value, actor);
    },
  );

  r.post(
    '/api/games/:game/posts',
    {
      schema: {
        summary:
          "a forum post's text, acted on sentence by sentence as the token's player (the Administrator's: amendments of the rules)",
        params: GameParams,
        headers: IdempotencyHeaders,
        body: PostBody,
      },
    },
    async (req) => {
      const game = req.params.game;
      const actor = await requireCaller(ctx, req, game);
      await gameState(ctx, game);
      const key = commandId(actor, req.headers['idempotency-key']);
      try {
        // Issue 24: the Administrator's post is read with the amendment phrases alone (amend-rules,
        // repeal-amendment); a player's with the game's phrases, which never include those.
        const sentences =
          actor.role === 'admin'
            ? await postAsAdministrator(referee, game, req.body.text, key !== undefined ? { key } : {})
            : await postMessage(referee, game, actor.name, req.body.text, key !== undefined ? { key } : {});
        // A key used before for another text: the sentences from the first that differs on were not acted on.
        const reused = sentences.find((x) => x.error?.code === 'idempotency-key-reused');
        if (reused) throw new HttpError(422, 'idempotency-key-reused', reused.error?.message ?? '');
        return { sentences };
      } catch (e) {
        if (e instanceof ForumError) throw new HttpError(422, e.code, e.message);
        throw e;
      }
    },
  );

  r.post(
    '/api/games/:game/admin-token',
    { schema: { summary: 'a new admin token; the old one stops working', params: GameParams } },
    async (req) => {
      const actor = await requireCaller(ctx, req, req.params.game);
      if (actor.role !== 'admin') throw forbidden('only the Administrator rotates the admin token');
      const admin = issue(ADMIN_HOLDER);
      await referee.directory.grantToken(req.params.game, admin.grant);
      ctx.tokens.replaced(req.params.game, ADMIN_HOLDER);
      return { adminToken: admin.token };
    },
  );

  r.post(
    '/api/games/:game/players/:player/token',
    { schema: { summary: 'a new token for a player (eir old one stops working)', params: PlayerParams } },
    async (req) => {
      const actor = await requireCaller(ctx, req, req.params.game);
      if (actor.role !== 'admin') throw forbidden("only the Administrator issues a player's token");
      const state = await gameState(ctx, req.params.game);
      // K13: named in any case; the token is the player's as e joined.
      const name = playerNamed(state, req.params.player);
      if (name === undefined)
        throw new HttpError(422, 'unknown-player', `${req.params.player} has not joined this game`);
      const token = issue(playerHolder(name));
      await referee.directory.grantToken(req.params.game, token.grant);
      ctx.tokens.replaced(req.params.game, playerHolder(name));
      return { player: name, token: token.token };
    },
  );
}
