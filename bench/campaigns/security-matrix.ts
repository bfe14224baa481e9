// The security matrix of issue 8: every route of docs/api.md tried with every role's token — none, garbage,
// a malformed header, each player of the game, its Administrator, its rotated admin token, a player's
// replaced token, another game's Administrator and another game's player (named like one of this game's) —
// and each answer checked against what that role may do: allowed, 401 or 403. Refused requests must change
// nothing, and twins (the same request about something that exists and something that does not: a hidden
// Thing's square or an empty one, a player who joined or not, a game that exists or not) must be refused
// with byte-identical answers, so a refusal reveals nothing.
//
// Shared by test/server/security-matrix.test.ts (in-process, Fastify inject) and bench/campaigns/security.ts
// (a real server on loopback): both give `runMatrix` a way to send a request.
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface Sent {
  readonly status: number;
  /** The body (for an event stream: what arrived before it was closed). */
  readonly text: string;
  readonly headers: Record<string, unknown>;
}

export interface SendOptions {
  /** The whole Authorization header, if any. */
  readonly authorization?: string;
  readonly body?: unknown;
}

export type Send = (method: 'GET' | 'POST', path: string, options?: SendOptions) => Promise<Sent>;

export const ROLES = [
  'public',
  'garbage',
  'malformed',
  'alice',
  'bob',
  'admin',
  'rotated-admin',
  'replaced-player',
  'other-admin',
  'other-player',
] as const;
export type Role = (typeof ROLES)[number];

/** What a role may get from a route: through (with one of `ok` statuses), 401, or 403. */
export type Outcome = 'ok' | 401 | 403;

const PLAYERS: readonly Role[] = ['alice', 'bob'];
const INVALID: readonly Role[] = [
  'garbage',
  'malformed',
  'rotated-admin',
  'replaced-player',
  'other-admin',
  'other-player',
];

export const isPlayer = (r: Role): boolean => PLAYERS.includes(r);
export const isInvalid = (r: Role): boolean => INVALID.includes(r);

/** Allowed to anyone, token or not: the routes not about one game. */
const anyone = (): Outcome => 'ok';
/** Anyone; a token sent must be this game's. */
const anyoneChecked = (r: Role): Outcome => (isInvalid(r) ? 401 : 'ok');
/** A token of this game is needed. */
const holder = (r: Role): Outcome => (r === 'public' || isInvalid(r) ? 401 : 'ok');
const adminOnly = (r: Role): Outcome => (r === 'public' || isInvalid(r) ? 401 : r === 'admin' ? 'ok' : 403);
const playerOnly = (r: Role): Outcome => (r === 'public' || isInvalid(r) ? 401 : isPlayer(r) ? 'ok' : 403);
const nobody = (r: Role): Outcome => (r === 'public' || isInvalid(r) ? 401 : 403);
/** Nobody holds a token of a game that does not exist. */
const noGame = (): Outcome => 401;
/** …so reading one is a 404 for the public and a 401 for any token. */
const noGameRead = (r: Role): Outcome => (r === 'public' ? 'ok' : 401);

export interface Probe {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** The body; `n` is a number unique to each request, for names that must not repeat. */
  readonly body?: (n: number) => unknown;
  readonly expect: (role: Role) => Outcome;
  /** The statuses that count as let through (a rule's refusal, 422, is still through). */
  readonly ok: readonly number[];
  /** Requests of one twin group refused with the same status must be refused identically, role by role. */
  readonly twin?: string;
  /** Whether a request let through may change the store. */
  readonly changes?: boolean;
}

export const GAME = 'sec1';
export const OTHER = 'sec2';
const g = `/api/games/${GAME}`;

export const PROBES: readonly Probe[] = [
  { name: 'rulesets', method: 'GET', path: '/api/rulesets', expect: anyone, ok: [200] },
  { name: 'games', method: 'GET', path: '/api/games', expect: anyone, ok: [200] },
  {
    name: 'create',
    method: 'POST',
    path: '/api/games',
    body: (n) => ({ ruleset: 'life', game: `made-${n}` }),
    expect: anyone,
    ok: [201],
    changes: true,
  },
  { name: 'view', method: 'GET', path: g, expect: anyoneChecked, ok: [200] },
  { name: 'view (no such game)', method: 'GET', path: '/api/games/nosuch', expect: noGameRead, ok: [404] },
  { name: 'me', method: 'GET', path: `${g}/me`, expect: holder, ok: [200], twin: 'me' },
  {
    name: 'me (no such game)',
    method: 'GET',
    path: '/api/games/nosuch/me',
    expect: noGame,
    ok: [],
    twin: 'me',
  },
  { name: 'log', method: 'GET', path: `${g}/log`, expect: anyoneChecked, ok: [200], twin: 'log' },
  { name: 'log from', method: 'GET', path: `${g}/log?from=5`, expect: anyoneChecked, ok: [200] },
  {
    name: 'log (no such game)',
    method: 'GET',
    path: '/api/games/nosuch/log',
    expect: noGameRead,
    ok: [404],
    twin: 'log',
  },
  { name: 'verify', method: 'GET', path: `${g}/verify`, expect: anyoneChecked, ok: [200] },
  { name: 'report', method: 'GET', path: `${g}/report`, expect: anyoneChecked, ok: [200] },
  // Issue 24: the rules in force, the same for everyone.
  { name: 'rules', method: 'GET', path: `${g}/rules`, expect: anyoneChecked, ok: [200] },
  {
    name: 'report markdown',
    method: 'GET',
    path: `${g}/report?format=markdown&nweek=1`,
    expect: anyoneChecked,
    ok: [200],
  },
  { name: 'events', method: 'GET', path: `${g}/events`, expect: anyoneChecked, ok: [200] },
  // Issue 14: each viewer's notices (the public's without a token), numbered among eir own.
  { name: 'notices', method: 'GET', path: `${g}/notices`, expect: anyoneChecked, ok: [200], twin: 'notices' },
  {
    name: 'notices after',
    method: 'GET',
    path: `${g}/notices?after=1&limit=5`,
    expect: anyoneChecked,
    ok: [200],
  },
  {
    name: 'notices (no such game)',
    method: 'GET',
    path: '/api/games/nosuch/notices',
    expect: noGameRead,
    ok: [404],
    twin: 'notices',
  },
  {
    name: 'join',
    method: 'POST',
    path: `${g}/join`,
    body: (n) => ({ player: `joiner${n}` }),
    expect: anyoneChecked,
    ok: [201],
    changes: true,
  },
  {
    name: 'announce at a hidden Thing',
    method: 'POST',
    path: `${g}/commands`,
    body: () => ({ type: 'enter', args: { x: 1, y: 20 } }),
    expect: playerOnly,
    ok: [200, 422],
    twin: 'announce',
    changes: true,
  },
  {
    name: 'announce at an empty square',
    method: 'POST',
    path: `${g}/commands`,
    body: () => ({ type: 'enter', args: { x: 10, y: 1 } }),
    expect: playerOnly,
    ok: [200, 422],
    twin: 'announce',
    changes: true,
  },
  {
    name: 'announce with dice results',
    method: 'POST',
    path: `${g}/commands`,
    body: () => ({ type: 'enter', args: { x: 11, y: 1 }, rolls: [3] }),
    expect: nobody,
    ok: [],
  },
  {
    name: "Administrator's order",
    method: 'POST',
    path: `${g}/commands`,
    body: () => ({ type: 'dice', args: { values: [7] } }),
    expect: adminOnly,
    ok: [200],
    changes: true,
  },
  {
    name: "Administrator's order with dice results",
    method: 'POST',
    path: `${g}/commands`,
    body: () => ({ type: 'dice', args: { values: [7] }, rolls: [2] }),
    expect: adminOnly,
    ok: [200],
    changes: true,
  },
  {
    // Issue 16: a preview writes nothing (not `changes`, so the matrix checks the store is unchanged even when
    // it is let through) and is the Administrator's alone.
    name: "preview of an Administrator's order",
    method: 'POST',
    path: `${g}/commands/preview`,
    body: () => ({ type: 'dice', args: { values: [7] }, rolls: [2] }),
    expect: adminOnly,
    ok: [200],
  },
  {
    name: "preview of a player's announcement",
    method: 'POST',
    path: `${g}/commands/preview`,
    body: () => ({ type: 'enter', args: { x: 1, y: 20 } }),
    expect: nobody,
    ok: [],
  },
  {
    name: 'command to a game that does not exist',
    method: 'POST',
    path: '/api/games/nosuch/commands',
    body: () => ({ type: 'enter', args: { x: 1, y: 20 } }),
    expect: noGame,
    ok: [],
    twin: 'announce',
  },
  {
    // Issue 24: the Administrator posts too (amendments of the rules); a player's phrase in eir post is
    // ignored, so it changes nothing.
    name: 'post',
    method: 'POST',
    path: `${g}/posts`,
    body: () => ({ text: 'Hello all. I enter the Grid at (12,1).' }),
    expect: holder,
    ok: [200],
    changes: true,
  },
  {
    name: 'rotate the admin token',
    method: 'POST',
    path: `${g}/admin-token`,
    expect: adminOnly,
    ok: [200],
    changes: true,
  },
  {
    name: "a joined player's new token",
    method: 'POST',
    path: `${g}/players/bob/token`,
    expect: adminOnly,
    ok: [200],
    twin: 'reissue',
    changes: true,
  },
  {
    name: "a player's mail address",
    method: 'POST',
    path: `${g}/players/alice/address`,
    body: (n) => ({ email: `alice${n}@example.org` }),
    // The player emself or the Administrator (issue 15); a claim, confirmed later, and the player's claims
    // paced: the second of alice's and the Administrator's is 429 too-soon (ruling M10).
    expect: (r) => (r === 'public' || isInvalid(r) ? 401 : r === 'alice' || r === 'admin' ? 'ok' : 403),
    ok: [202, 429],
    changes: true,
  },
  {
    name: "a guess at a player's confirmation code",
    method: 'POST',
    path: `${g}/players/alice/address/confirm`,
    body: () => ({ code: 'a'.repeat(26) }),
    // The player emself or the Administrator; a wrong code is counted against the claim (ruling M10).
    expect: (r) => (r === 'public' || isInvalid(r) ? 401 : r === 'alice' || r === 'admin' ? 'ok' : 403),
    ok: [422],
    changes: true,
  },
  {
    name: "a stranger's new token",
    method: 'POST',
    path: `${g}/players/nobody/token`,
    expect: adminOnly,
    ok: [422],
    twin: 'reissue',
  },
  // Issue 16 (K14, K15): who may join is the Administrator's; asked of someone with no request waiting, or not
  // in the game, the rules refuse (422) and nothing changes.
  {
    name: 'approve a request to join',
    method: 'POST',
    path: `${g}/players/nobody/approve`,
    expect: adminOnly,
    ok: [422],
  },
  {
    name: 'refuse a request to join',
    method: 'POST',
    path: `${g}/players/nobody/refuse`,
    body: () => ({ reason: 'not in the Main Game' }),
    expect: adminOnly,
    ok: [422],
  },
  {
    name: 'remove a player',
    method: 'POST',
    path: `${g}/players/nobody/remove`,
    body: () => ({ reason: 'gone' }),
    expect: adminOnly,
    ok: [422],
  },
];

/** The manual-dice placements of the game's ten Things: the top left corner, (1,20) among them. */
const FAR_CORNER = [1, 20, 2, 20, 3, 20, 4, 20, 5, 20, 1, 19, 2, 19, 3, 19, 4, 19, 5, 19];

export interface Tokens {
  admin: string;
  alice: string;
  bob: string;
  rotatedAdmin: string;
  replacedPlayer: string;
  otherAdmin: string;
  otherPlayer: string;
}

const bearer = (t: string): string => `Bearer ${t}`;

async function ok(
  send: Send,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Record<string, string>> {
  const r = await send(method, path, body === undefined ? {} : { body });
  if (r.status >= 300) throw new Error(`setup: ${method} ${path} answered ${r.status} ${r.text}`);
  return JSON.parse(r.text) as Record<string, string>;
}

async function authed(send: Send, path: string, token: string): Promise<Record<string, string>> {
  const r = await send('POST', path, { authorization: bearer(token) });
  if (r.status >= 300) throw new Error(`setup: POST ${path} answered ${r.status} ${r.text}`);
  return JSON.parse(r.text) as Record<string, string>;
}

/** Two games (the one probed, and another with its own Administrator and an `alice`), every role's token. */
export async function setUp(send: Send): Promise<Tokens> {
  const first = await ok(send, 'POST', '/api/games', {
    ruleset: 'grid-2002-01',
    game: GAME,
    dice: 'manual',
    rolls: FAR_CORNER,
  });
  const alice = (await ok(send, 'POST', `${g}/join`, { player: 'alice' })).token ?? '';
  const bob = (await ok(send, 'POST', `${g}/join`, { player: 'bob' })).token ?? '';
  const carolOld = (await ok(send, 'POST', `${g}/join`, { player: 'carol' })).token ?? '';
  const rotatedAdmin = first.adminToken ?? '';
  const admin = (await authed(send, `${g}/admin-token`, rotatedAdmin)).adminToken ?? '';
  await authed(send, `${g}/players/carol/token`, admin);
  const second = await ok(send, 'POST', '/api/games', { ruleset: 'grid-2002-01', game: OTHER });
  const otherPlayer = (await ok(send, 'POST', `/api/games/${OTHER}/join`, { player: 'alice' })).token ?? '';
  return {
    admin,
    alice,
    bob,
    rotatedAdmin,
    replacedPlayer: carolOld,
    otherAdmin: second.adminToken ?? '',
    otherPlayer,
  };
}

/** The Authorization header a role sends (none for the public). */
export function authorizationOf(role: Role, t: Tokens): string | undefined {
  switch (role) {
    case 'public':
      return undefined;
    case 'garbage':
      return bearer('nr_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    case 'malformed':
      return 'Basic YWxpY2U6c2VjcmV0';
    case 'alice':
      return bearer(t.alice);
    case 'bob':
      return bearer(t.bob);
    case 'admin':
      return bearer(t.admin);
    case 'rotated-admin':
      return bearer(t.rotatedAdmin);
    case 'replaced-player':
      return bearer(t.replacedPlayer);
    case 'other-admin':
      return bearer(t.otherAdmin);
    case 'other-player':
      return bearer(t.otherPlayer);
  }
}

export interface Failure {
  readonly probe: string;
  readonly role: Role;
  readonly problem: string;
}

export interface MatrixResult {
  /** Requests sent by the matrix (not counting setup and the checks of the store). */
  readonly requests: number;
  readonly allowed: number;
  readonly unauthorized: number;
  readonly forbidden: number;
  /** Twin groups compared (role by role). */
  readonly twinsCompared: number;
  /** Refused requests after which the store was compared and found unchanged. */
  readonly unchangedChecked: number;
  readonly failures: readonly Failure[];
  readonly tokens: Tokens;
}

export interface MatrixOptions {
  /** Something that changes whenever the store does (e.g. a dump of it); compared around every refusal. */
  readonly fingerprint?: () => Promise<string>;
  /** Called with each request sent and its answer (e.g. to look for tokens in the answers). */
  readonly observe?: (probe: Probe, role: Role, sent: Sent) => void;
}

/** What the store looks like through the API alone: every game's entry count and the admin's whole log. */
export function apiFingerprint(send: Send, tokens: () => Tokens): () => Promise<string> {
  return async () => {
    const games = await send('GET', '/api/games');
    const log = await send('GET', `${g}/log`, { authorization: bearer(tokens().admin) });
    return `${games.text}\n${log.text}`;
  };
}

/** Tries every probe with every role; answers counts and every mismatch. */
export async function runMatrix(
  send: Send,
  tokens: Tokens,
  options: MatrixOptions = {},
): Promise<MatrixResult> {
  const failures: Failure[] = [];
  const twins = new Map<string, Sent>();
  let n = 0;
  let allowed = 0;
  let unauthorized = 0;
  let forbidden = 0;
  let twinsCompared = 0;
  let unchangedChecked = 0;
  for (const probe of PROBES) {
    for (const role of ROLES) {
      n += 1;
      const want = probe.expect(role);
      const authorization = authorizationOf(role, tokens);
      const before = want !== 'ok' || !probe.changes ? await options.fingerprint?.() : undefined;
      const sent = await send(probe.method, probe.path, {
        ...(authorization !== undefined ? { authorization } : {}),
        ...(probe.body ? { body: probe.body(n) } : {}),
      });
      options.observe?.(probe, role, sent);
      const fail = (problem: string) => failures.push({ probe: probe.name, role, problem });
      if (want === 'ok') {
        if (!probe.ok.includes(sent.status))
          fail(`expected ${probe.ok.join('/')}, got ${sent.status} ${sent.text.slice(0, 200)}`);
        else allowed += 1;
      } else {
        if (sent.status !== want) fail(`expected ${want}, got ${sent.status} ${sent.text.slice(0, 200)}`);
        else if (want === 401) unauthorized += 1;
        else forbidden += 1;
        let code: unknown;
        try {
          code = (JSON.parse(sent.text) as { error?: { code?: unknown } }).error?.code;
        } catch {
          code = undefined;
        }
        const wantCode = want === 401 ? 'unauthorized' : 'forbidden';
        if (code !== wantCode) fail(`expected the error code ${wantCode}, got ${sent.text.slice(0, 200)}`);
        if (probe.twin !== undefined) {
          const key = `${probe.twin}|${role}|${want}`;
          const seen = twins.get(key);
          if (seen === undefined) twins.set(key, sent);
          else {
            twinsCompared += 1;
            if (seen.status !== sent.status || seen.text !== sent.text)
              fail(`refused unlike its twin: ${seen.status} ${seen.text} / ${sent.status} ${sent.text}`);
          }
        }
      }
      if (before !== undefined) {
        const after = await options.fingerprint?.();
        unchangedChecked += 1;
        if (after !== before) fail('the store changed');
      }
      // The tokens a let-through rotation replaced.
      if (sent.status === 200 && probe.name === 'rotate the admin token')
        tokens.admin = (JSON.parse(sent.text) as { adminToken: string }).adminToken;
      if (sent.status === 200 && probe.name === "a joined player's new token")
        tokens.bob = (JSON.parse(sent.text) as { token: string }).token;
    }
  }
  return { requests: n, allowed, unauthorized, forbidden, twinsCompared, unchangedChecked, failures, tokens };
}

// ---- ways to send ----

const headersOf = (options: SendOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
};

/** In-process, with Fastify inject. An event stream is read until its greeting, then closed. */
export function injectSender(app: FastifyInstance, remoteAddress?: string): Send {
  return async (method, path, options = {}) => {
    const res = await app.inject({
      method,
      url: path,
      headers: headersOf(options),
      ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      ...(remoteAddress !== undefined ? { remoteAddress } : {}),
      payloadAsStream: true,
    });
    const stream = res.stream();
    const streaming = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
    let text = '';
    for await (const chunk of stream) {
      text += String(chunk);
      if (streaming && text.includes('\n\n')) break;
    }
    stream.destroy();
    return { status: res.statusCode, text, headers: res.headers };
  };
}

/** Over a real connection (loopback), optionally from a given local address. */
export function httpSender(base: string, localAddress?: string): Send {
  return (method, path, options = {}) =>
    new Promise((resolve, reject) => {
      const payload = options.body !== undefined ? JSON.stringify(options.body) : undefined;
      const req = httpRequest(
        `${base}${path}`,
        { method, headers: headersOf(options), ...(localAddress !== undefined ? { localAddress } : {}) },
        (res) => {
          const streaming = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (streaming && text.includes('\n\n')) {
              res.destroy();
              resolve({ status: res.statusCode ?? 0, text, headers: res.headers });
            }
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
}
