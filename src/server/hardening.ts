// What every request and answer gets at the edge, whatever its route (issue 13, item 8): headers that keep
// the page from being framed, sniffed or made to load others' scripts; bodies nested too deep refused before
// validation recurses into them; the connection-level refusals (431 and its kind) in the documented error
// shape; request logs without query strings.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { errorBody, HttpError } from './errors.js';

/**
 * The page is one script and one style sheet from this server; it fetches only this server's API. Styles set
 * from script (element.style) are not inline styles in CSP's sense, so no 'unsafe-inline' is needed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // frame-ancestors for browsers that predate it.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Game ids and tokens stay out of other sites' logs (a token is only ever in the URL's fragment, which
  // is never sent, but the game is in the path).
  'referrer-policy': 'no-referrer',
};

/** The deepest nesting of arrays and objects a request body may have; no command or config needs more. */
export const MAX_BODY_DEPTH = 64;

/** How deep a parsed JSON value nests (a scalar: 0), without recursion, stopping once past `limit`. */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    const d = depth + 1;
    if (d > deepest) deepest = d;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d]);
  }
  return deepest;
}

export function registerHardening(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  // Schema validation recurses into the body (a ~2,000-deep array overflowed the stack: a 500): bodies
  // nested deeper than any request needs are refused first.
  app.addHook('preValidation', (request, _reply, done) => {
    const body = request.body;
    if (body !== null && typeof body === 'object' && jsonDepth(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH)
      return done(new HttpError(400, 'bad-request', `body nested deeper than ${MAX_BODY_DEPTH} levels`));
    done();
  });
}

/**
 * Refusals Node makes before there is a request (headers too large, a malformed request line, a timeout),
 * written in the documented error shape instead of Fastify's own.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'too-large', 'the request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'timeout', 'the request took too long to arrive']
        : [400, 'bad-request', 'the request is not well-formed HTTP'];
  const body = JSON.stringify(errorBody(code, message));
  if (socket.writable) {
    const headers = Object.entries(SECURITY_HEADERS)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${headers}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** A request as the log shows it: its path without the query string (never its headers). */
function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.split('?')[0] ?? '',
    remoteAddress: req.ip,
  };
}

/** The logger settings with the request serializer that leaves query strings out. */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === undefined || logger === false) return false;
  const base = logger === true ? { level: 'info' } : logger;
  return { ...base, serializers: { ...base.serializers, req: requestForLog } };
}
