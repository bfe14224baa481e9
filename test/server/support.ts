// The server in-process (Fastify inject) over a SQLite store: in memory, or in a temporary file when a test
// wants to read the file's bytes. Helpers for requests with a token, and a snapshot of everything the store
// holds, to show that a refused request changed nothing.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthLimitOptions } from '../../src/server/auth-limit.js';
import { buildApp } from '../../src/server/app.js';
import type { ClientLimits, CreationPolicy } from '../../src/server/policy.js';
import type { AddressOptions } from '../../src/server/routes-mail.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import type { GameDump } from '../../src/store/store.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly referee: Referee;
  readonly store: SqliteStore;
  /** The database file, or ':memory:'. */
  readonly path: string;
  /** The bytes of the database file and its write-ahead log (a file store only). */
  bytes(): Buffer;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Keep the store in a temporary file (default: in memory). */
  readonly file?: boolean;
  readonly logger?: FastifyServerOptions['logger'];
  /** Off by default here, so a test's many deliberate failures are not rate limited unless it asks. */
  readonly authLimit?: AuthLimitOptions | false;
  /** Off by default here too (the tests create many games from one address); see policy.ts. */
  readonly clientLimits?: ClientLimits | false;
  readonly creation?: CreationPolicy;
  readonly trustProxy?: readonly string[];
  /** What address registrations know of mail: settings and a clock (ruling M10). */
  readonly mail?: AddressOptions;
  /** K16: the fastest rhythm the games created here may have (the operator's setting). */
  readonly rhythmFloor?: number;
}

export async function testApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = options.file ? mkdtempSync(join(tmpdir(), 'referee-api-')) : undefined;
  const path = dir === undefined ? ':memory:' : join(dir, 'referee.db');
  const store = new SqliteStore(path, { sync: 'normal' });
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  const app = await buildApp({
    referee,
    webRoot: false,
    authLimit: options.authLimit ?? false,
    clientLimits: options.clientLimits ?? false,
    ...(options.creation !== undefined ? { creation: options.creation } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.rhythmFloor !== undefined ? { rhythmFloor: options.rhythmFloor } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
    ...(options.mail !== undefined ? { mail: options.mail } : {}),
  });
  await app.ready();
  return {
    app,
    referee,
    store,
    path,
    bytes() {
      if (dir === undefined) throw new Error('an in-memory store has no file');
      const files = [path, `${path}-wal`].filter((f) => existsSync(f));
      return Buffer.concat(files.map((f) => readFileSync(f)));
    },
    async close() {
      await app.close();
      await store.close();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Req {
  readonly token?: string;
  readonly body?: unknown;
  readonly key?: string;
  /** A raw Authorization header (overrides token). */
  readonly authorization?: string;
  readonly headers?: Record<string, string>;
  readonly remoteAddress?: string;
}

export interface Res {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
  readonly headers: LightMyRequestResponse['headers'];
}

type Method = 'GET' | 'POST';

export async function req(app: FastifyInstance, method: Method, url: string, r: Req = {}): Promise<Res> {
  const headers: Record<string, string> = { ...r.headers };
  if (r.authorization !== undefined) headers.authorization = r.authorization;
  else if (r.token !== undefined) headers.authorization = `Bearer ${r.token}`;
  if (r.key !== undefined) headers['idempotency-key'] = r.key;
  const res = await app.inject({
    method,
    url,
    headers,
    ...(r.body !== undefined ? { payload: r.body as object } : {}),
    ...(r.remoteAddress !== undefined ? { remoteAddress: r.remoteAddress } : {}),
  });
  const type = String(res.headers['content-type'] ?? '');
  return {
    status: res.statusCode,
    body: type.startsWith('application/json') ? (JSON.parse(res.body) as unknown) : res.body,
    text: res.body,
    headers: res.headers,
  };
}

/** The error body every refusal carries; checks its shape and answers its code. */
export function errorCode(res: Res): string {
  const body = res.body as { error?: { code?: unknown; message?: unknown } };
  expect(body.error, `an error body, got ${res.text}`).toBeDefined();
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
  return body.error?.code as string;
}

/** Everything the store holds about every game: entries, dice secret, command ids, token hashes. */
export async function snapshot(t: TestApp): Promise<GameDump[]> {
  const games = await t.store.listGames();
  const out: GameDump[] = [];
  for (const g of games) {
    const dump = await t.store.dumpGame(g.id);
    if (dump) out.push(dump);
  }
  return out;
}

/** Ten Things in the grid's top left corner (manual dice), as the CLI tests place them. */
export const FAR_CORNER_ROLLS: readonly number[] = [
  1, 20, 2, 20, 3, 20, 4, 20, 5, 20, 1, 19, 2, 19, 3, 19, 4, 19, 5, 19,
];

export interface World {
  readonly admin: string;
  readonly players: Record<string, string>;
}

/** A grid-2002-01 game with manual dice (Things in the far corner) and players joined. */
export async function gridGame(
  app: FastifyInstance,
  game: string,
  names: readonly string[] = ['alice', 'bob'],
): Promise<World> {
  const created = await req(app, 'POST', '/api/games', {
    body: { ruleset: 'grid-2002-01', game, dice: 'manual', rolls: FAR_CORNER_ROLLS },
  });
  expect(created.status, created.text).toBe(201);
  const admin = (created.body as { adminToken: string }).adminToken;
  const players: Record<string, string> = {};
  for (const name of names) {
    const joined = await req(app, 'POST', `/api/games/${game}/join`, { body: { player: name } });
    expect(joined.status, joined.text).toBe(201);
    players[name] = (joined.body as { token: string }).token;
  }
  return { admin, players };
}
