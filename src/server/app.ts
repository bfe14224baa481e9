// The HTTP server: Fastify with zod schemas (validated requests, a generated OpenAPI document), the API
// routes, live updates, and the web page. Built as a function so tests drive it in-process with inject().
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { StoreError } from '../engine/ports/index.js';
import type { ServerDoor } from '../engine/ports/index.js';
import type { AuthLimitOptions } from './auth-limit.js';
import { authFailureHandler } from './auth-limit.js';
import type { ServerContext } from './context.js';
import { TokenEvents } from './context.js';
import type { LiveOptions } from './live.js';
import type { ClientLimits, CreationPolicy } from './policy.js';
import { creationCheck, registerClientLimits } from './policy.js';
import { errorBody, HttpError } from './errors.js';
import { clientErrorHandler, registerHardening, withRedaction } from './hardening.js';
import { registerLive } from './live.js';
import { registerNoticeRoutes } from './notices.js';
import { registerMailRoutes } from './routes-mail.js';
import type { AddressOptions } from './routes-mail.js';
import { registerReadRoutes } from './routes-read.js';
import { registerRulesRoutes } from './routes-rules.js';
import { registerWriteRoutes } from './routes-write.js';
import { registerPreviewRoutes } from './routes-preview.js';
import { registerAdmissionRoutes } from './routes-admission.js';
import type { VerifierOptions } from './verify.js';
import { Verifier } from './verify.js';
import { ThreadDecider } from './deciding.js';

export interface AppOptions {
  /** The use-cases every route calls (src/engine/ports/use-cases.ts), as the house builds them. */
  readonly referee: ServerDoor;
  /**
   * Fastify's logger settings; off unless given. Request logs never include headers, so never a token, nor
   * query strings (hardening.ts).
   */
  readonly logger?: FastifyServerOptions['logger'];
  /** The built web page's folder; the default is dist/web beside this build, served when it exists. */
  readonly webRoot?: string | false;
  /** Rate limiting of failed authentication (see auth-limit.ts); on with its defaults unless `false`. */
  readonly authLimit?: AuthLimitOptions | false;
  /** Caps on the event streams (per client address, per server) and the unread bytes a stream may hold. */
  readonly live?: LiveOptions;
  /** Who may create games (policy.ts): anyone unless `{mode: 'operator', token}`. */
  readonly creation?: CreationPolicy;
  /** Per-client limits of creations, joins, posts and schedule changes (policy.ts); on with its defaults unless `false`. */
  readonly clientLimits?: ClientLimits | false;
  /** K16: the fastest rhythm the games created here may have, in seconds (the kernel's default unless set). */
  readonly rhythmFloor?: number;
  /**
   * The server's clock (Date.now unless given): when a request arrived, as the instants a creation or a
   * clock command lacks are filled in (instants.ts). Campaigns on a time of their own give theirs.
   */
  readonly now?: () => number;
  /**
   * The proxies whose X-Forwarded-For is believed (Fastify's trustProxy: addresses, CIDR ranges, or
   * `loopback`, `linklocal`, `uniquelocal`): the client address the limits count is then the one the
   * nearest untrusted hop presented. None by default, so a client cannot choose its address by sending
   * the header.
   */
  readonly trustProxy?: readonly string[];
  /** How GET …/verify runs (verify.ts): `referee serve` runs it on a worker thread. */
  readonly verify?: VerifierOptions;
  /**
   * Heavy commands decided on a worker thread (deciding.ts). The thread runs the compiled program's default
   * rulesets, so only a Referee over defaultRegistry() may have it: `referee serve` turns it on; the
   * in-process test harness (buildApp from the sources) decides everything on its own thread.
   */
  readonly decideOnThread?: boolean;
  /**
   * What address registrations know of mail (ruling M10): `serve --mail`'s settings, whose addresses are
   * refused as a player's, and the clock claims expire by (tests simulate it).
   */
  readonly mail?: AddressOptions;
}

/** Where `vite build` puts the page: dist/web, two folders up from dist/src/server. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedaction(options.logger),
    clientErrorHandler,
    // Bodies are commands and forum posts: small. A bigger one is refused before it is read.
    bodyLimit: 256 * 1024,
    ...(options.trustProxy !== undefined && options.trustProxy.length > 0
      ? { trustProxy: [...options.trustProxy] }
      : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((e, _req, reply) => {
    if (e instanceof HttpError)
      return reply.code(e.status).headers(e.headers).send(errorBody(e.code, e.message));
    if (hasZodFastifySchemaValidationErrors(e)) {
      const issue = e.validation[0];
      const where = issue?.instancePath ? `${issue.instancePath.slice(1).replaceAll('/', '.')}: ` : '';
      return reply
        .code(400)
        .send(
          errorBody(
            'bad-request',
            `${e.validationContext ?? 'request'} ${where}${issue?.message ?? 'is invalid'}`,
          ),
        );
    }
    if (e instanceof StoreError) {
      const status = e.code === 'unknown-game' ? 404 : e.code === 'conflict' ? 409 : 503;
      return reply.code(status).send(errorBody(e.code, e.message));
    }
    const status = (e as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, a body too large, a wrong content type.
      const code =
        (e as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'too-large' : 'bad-request';
      return reply.code(status).send(errorBody(code, (e as Error).message));
    }
    reply.log.error(e);
    return reply.code(500).send(errorBody('internal', 'the server failed; nothing was acknowledged'));
  });
  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send(errorBody('not-found', `no route ${req.method} ${req.url.split('?')[0] ?? ''}`)),
  );

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'nomic-referee',
        description: 'The Administrator of nomic sub-games: games, views, commands, live updates.',
        version: '1',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'a game token' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const verifier = new Verifier(options.referee, options.verify);
  app.addHook('onClose', () => verifier.close());
  if (options.decideOnThread) {
    const decider = new ThreadDecider();
    options.referee.decideWith(decider);
    app.addHook('onClose', async () => {
      options.referee.decideWith(undefined);
      await decider.close();
    });
  }
  registerHardening(app);
  await registerClientLimits(app, options.clientLimits);
  const onAuthFailure = authFailureHandler(options.authLimit);
  const ctx: ServerContext = {
    referee: options.referee,
    tokens: new TokenEvents(),
    onAuthFailure,
    mayCreate: creationCheck(options.creation ?? { mode: 'open' }, onAuthFailure),
    ...(options.rhythmFloor !== undefined ? { rhythmFloor: options.rhythmFloor } : {}),
    now: options.now ?? Date.now,
    verifier,
  };
  registerReadRoutes(app, ctx);
  registerRulesRoutes(app, ctx);
  registerWriteRoutes(app, ctx);
  registerPreviewRoutes(app, ctx);
  registerAdmissionRoutes(app, ctx);
  registerNoticeRoutes(app, ctx);
  registerMailRoutes(app, ctx, options.mail);
  registerLive(app, ctx, options.live);
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  if (webRoot !== false && existsSync(webRoot)) {
    await app.register(fastifyStatic, { root: webRoot, prefix: '/', wildcard: false });
  }
  return app;
}
