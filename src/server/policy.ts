// Who may do what from where, beyond the games' own tokens (issue 13, item 5): whether anyone may create a
// game or only the server's operator, and how many creations, joins and forum posts one client address may
// make a minute. The address is Fastify's `request.ip`: the socket's, or from X-Forwarded-For when the
// request came through a proxy the server was told to trust (`trustProxy`).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { HttpError } from './errors.js';
import type { ClientLimits } from './limits.js';
import { CLIENT_LIMIT_DEFAULTS, SCHEDULE_CHANGES } from './limits.js';
import { bearer } from './tokens.js';

/**
 * Who may create games: anyone (`open`, the default), or only a request presenting the operator token as
 * `Authorization: Bearer <token>` (`operator`). The token is the server's, not a game's: it opens nothing
 * else.
 */
export type CreationPolicy =
  { readonly mode: 'open' } | { readonly mode: 'operator'; readonly token: string };

/** An operator token must be hard to guess: at least this many characters. */
export const OPERATOR_TOKEN_MIN_LENGTH = 32;

export function checkOperatorToken(token: string): string | undefined {
  if (token.length < OPERATOR_TOKEN_MIN_LENGTH || /\s/.test(token))
    return `the operator token is at least ${OPERATOR_TOKEN_MIN_LENGTH} characters without spaces (e.g. \`openssl rand -base64 32\`)`;
  return undefined;
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/**
 * The check the creation route runs first: under `operator`, the request must present the operator token
 * (compared in constant time). A wrong token counts as failed authentication like a wrong game token
 * (`onFailure` answers 401, or 429 for an address that failed too often).
 */
export function creationCheck(
  policy: CreationPolicy,
  onFailure: (request: FastifyRequest) => HttpError,
): (request: FastifyRequest) => void {
  if (policy.mode === 'open') return () => undefined;
  const problem = checkOperatorToken(policy.token);
  if (problem) throw new RangeError(problem);
  const expected = digest(policy.token);
  return (request) => {
    const token = bearer(request.headers.authorization);
    if (token === undefined)
      throw new HttpError(
        401,
        'unauthorized',
        'this server creates games only for its operator: send the operator token (Authorization: Bearer <token>)',
      );
    if (!timingSafeEqual(digest(token), expected)) throw onFailure(request);
  };
}

export type { ClientLimits, Limit } from './limits.js';
export { CLIENT_LIMIT_DEFAULTS } from './limits.js';

/** Which route each limit applies to. */
const LIMITED: Readonly<Record<string, keyof ClientLimits>> = {
  'POST /api/games': 'create',
  'POST /api/games/:game/join': 'join',
  'POST /api/games/:game/posts': 'post',
  // Ruling M10: a claim mails a code to an address the caller chose, and a confirmation is a guess at one.
  'POST /api/games/:game/players/:player/address': 'join',
  'POST /api/games/:game/players/:player/address/confirm': 'join',
  // Only the commands that change a game's clock count (SCHEDULE_CHANGES): see below.
  'POST /api/games/:game/commands': 'schedule',
};

/** Whether a request to the command route is a schedule change (its body parsed: the limit runs before the handler). */
const isScheduleChange = (request: FastifyRequest): boolean => {
  const body = request.body as { type?: unknown } | undefined;
  return typeof body?.type === 'string' && SCHEDULE_CHANGES.has(body.type);
};

/**
 * Limits creations, joins, posts and schedule changes per client address (@fastify/rate-limit, in this process's memory).
 * Over the limit → 429 `too-many-requests` with Retry-After. Must be registered before the routes.
 * `false` turns the limits off.
 */
export async function registerClientLimits(
  app: FastifyInstance,
  options: ClientLimits | false = {},
): Promise<void> {
  if (options === false) return;
  const limits = { ...CLIENT_LIMIT_DEFAULTS, ...options };
  for (const l of Object.values(limits))
    if (!(l.max >= 1) || !(l.windowMs >= 1))
      throw new RangeError('client limits: max and windowMs are at least 1');
  // Runs before the plugin's own onRoute hook (registered after it), so the plugin sees the settings.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const which = methods.map((m) => LIMITED[`${m} ${route.url}`]).find((w) => w !== undefined);
    if (which === undefined) return;
    const limit = limits[which];
    route.config = {
      ...route.config,
      rateLimit:
        which === 'schedule'
          ? // Counted once the body is read, and only for schedule changes: other commands pass uncounted.
            {
              max: limit.max,
              timeWindow: limit.windowMs,
              hook: 'preHandler',
              allowList: (request: FastifyRequest) => !isScheduleChange(request),
            }
          : { max: limit.max, timeWindow: limit.windowMs },
    };
  });
  await app.register(fastifyRateLimit, {
    // Keyed by request.ip, an IPv6 client's /64 counting as one address (the plugin's default).
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'too-many-requests',
        `too many of these requests from this address (at most ${context.max} a window); try again in ${context.after}`,
      ),
  });
}
