// The security campaign of issue 8, against a real server listening on loopback (buildApp over a temporary
// SQLite file, Fastify's logger at trace level writing into memory):
//
// 1. The matrix (security-matrix.ts): every route × every role — none, garbage, a malformed header, each
//    player, the Administrator, a rotated admin token, a replaced player token, another game's Administrator
//    and another game's player. Each answer must be what the role may get (allowed, 401 or 403 with its
//    code), every refusal must leave the store as it was, and twins must be refused byte for byte alike.
//    (This server's failed-authentication limit is set out of the matrix's way; step 3 tries it.)
// 2. Tokens never logged: no token issued or sent is in the log output, each issued token is in exactly
//    one response (the one that issued it), and the database file holds their hashes, never a token.
// 3. Rate limiting of failed authentication, on a server with the default limit: from one loopback
//    address (127.0.0.2), the limit's worth of bad tokens are 401s, then every bad token is a 429 with
//    Retry-After; good tokens from that same address (issue 13, item 6: never refuse a valid token because
//    of someone else's failures), requests without a token from it, and good tokens from another address
//    (127.0.0.3) are served.
//
// Run: `node dist/bench/campaigns/security.js` (after `npm run build`). Prints the figures as JSON, writes the
// "Security" section of docs/reliability.md (unless --no-doc), exits 1 on any failure.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../src/server/app.js';
import { AUTH_LIMIT_DEFAULTS } from '../../src/server/auth-limit.js';
import type { AuthLimitOptions } from '../../src/server/auth-limit.js';
import { tokenHash } from '../../src/server/tokens.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { GAME, httpSender, PROBES, ROLES, runMatrix, setUp } from './security-matrix.js';
import type { Send } from './security-matrix.js';
import { machine, writeSection } from './reliability-doc.js';

export interface SecurityResult {
  readonly routes: number;
  readonly roles: number;
  readonly matrix: {
    readonly requests: number;
    readonly allowed: number;
    readonly unauthorized: number;
    readonly forbidden: number;
    readonly twinsCompared: number;
    readonly unchangedChecked: number;
    readonly failures: number;
  };
  readonly logging: {
    readonly logBytes: number;
    readonly tokensIssued: number;
    readonly secretsSearched: number;
    readonly responsesSearched: number;
    readonly foundInLog: number;
    readonly foundInOtherResponses: number;
    readonly foundInDatabase: number;
  };
  readonly rateLimit: {
    readonly max: number;
    readonly windowSeconds: number;
    readonly failuresBefore429: number;
    readonly refused429: number;
    readonly retryAfter: string;
    readonly goodTokensFromLimitedAddress: number;
    readonly goodTokenFromOtherAddress: number;
    readonly noTokenFromLimitedAddress: number;
    readonly failures: number;
  };
  readonly failures: readonly string[];
}

const TOKENS = /nr_[A-Za-z0-9_-]{43}/g;

interface Server {
  readonly base: string;
  readonly store: SqliteStore;
  readonly path: string;
  log(): string;
  close(): Promise<void>;
}

async function serve(authLimit: AuthLimitOptions | false): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-security-'));
  const path = join(dir, 'referee.db');
  const store = new SqliteStore(path, { sync: 'normal' });
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString('utf8');
      done();
    },
  });
  const app = await buildApp({
    referee: new Referee(store, defaultRegistry(), systemEntropy),
    webRoot: false,
    authLimit,
    logger: { level: 'trace', stream: sink },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    store,
    path,
    log: () => log,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function fingerprint(store: SqliteStore): Promise<string> {
  const dumps = [];
  for (const g of await store.listGames()) dumps.push(await store.dumpGame(g.id));
  return JSON.stringify(dumps);
}

export async function securityCampaign(): Promise<SecurityResult> {
  const failures: string[] = [];

  // 1 and 2: the matrix, on a server whose failed-authentication limit stays out of its way.
  const server = await serve({ max: 1_000_000 });
  let matrix: SecurityResult['matrix'];
  let logging: SecurityResult['logging'];
  try {
    const responses: string[] = [];
    const sentSecrets = new Set<string>();
    const inner = httpSender(server.base);
    const send: Send = async (method, path, options = {}) => {
      if (options.authorization !== undefined) sentSecrets.add(options.authorization.replace(/^\S+\s+/, ''));
      const sent = await inner(method, path, options);
      responses.push(`${JSON.stringify(sent.headers)}\n${sent.text}`);
      return sent;
    };
    const tokens = await setUp(send);
    const m = await runMatrix(send, tokens, { fingerprint: () => fingerprint(server.store) });
    for (const f of m.failures) failures.push(`matrix: ${f.probe} as ${f.role}: ${f.problem}`);
    matrix = {
      requests: m.requests,
      allowed: m.allowed,
      unauthorized: m.unauthorized,
      forbidden: m.forbidden,
      twinsCompared: m.twinsCompared,
      unchangedChecked: m.unchangedChecked,
      failures: m.failures.length,
    };

    const issued = new Set(responses.flatMap((r) => r.match(TOKENS) ?? []));
    const secrets = new Set([...issued, ...sentSecrets]);
    const log = server.log();
    if (!log.includes(`/api/games/${GAME}/me`)) failures.push('logging: the log does not show the requests');
    let foundInLog = 0;
    let foundInOtherResponses = 0;
    for (const s of secrets) if (log.includes(s)) foundInLog += 1;
    for (const tok of issued)
      if (responses.filter((r) => r.includes(tok)).length !== 1) foundInOtherResponses += 1;
    // The database file as it is on disk (and its write-ahead log), read before the store is closed.
    const bytes = Buffer.concat(
      [server.path, `${server.path}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
    ).toString('latin1');
    let foundInDatabase = 0;
    for (const s of secrets) if (bytes.includes(s)) foundInDatabase += 1;
    if (!bytes.includes(tokenHash(tokens.admin)))
      failures.push('logging: the admin token hash is not in the file');
    if (foundInLog) failures.push(`logging: ${foundInLog} tokens in the log`);
    if (foundInOtherResponses)
      failures.push(`logging: ${foundInOtherResponses} tokens in more than one response`);
    if (foundInDatabase) failures.push(`logging: ${foundInDatabase} tokens in the database file`);
    logging = {
      logBytes: log.length,
      tokensIssued: issued.size,
      secretsSearched: secrets.size,
      responsesSearched: responses.length,
      foundInLog,
      foundInOtherResponses,
      foundInDatabase,
    };
  } finally {
    await server.close();
  }

  // 3: the default limit, over loopback from two addresses.
  const limited = await serve({});
  let rateLimit: SecurityResult['rateLimit'];
  try {
    const attacker = httpSender(limited.base, '127.0.0.2');
    const neighbour = httpSender(limited.base, '127.0.0.3');
    const tokens = await setUp(neighbour);
    const max = AUTH_LIMIT_DEFAULTS.max;
    let failuresBefore429 = 0;
    let refused429 = 0;
    let retryAfter = '';
    let goodTokensFromLimitedAddress = 0;
    const problems: string[] = [];
    for (let i = 0; i < max; i++) {
      const r = await attacker('GET', `/api/games/${GAME}/me`, { authorization: `Bearer nr_guess${i}` });
      if (r.status === 401) failuresBefore429 += 1;
      else problems.push(`guess ${i + 1} answered ${r.status}`);
    }
    for (const token of ['nr_guess-more', `${tokens.admin}x`, 'nr_guess-again']) {
      for (const [method, path] of [
        ['GET', `/api/games/${GAME}/me`],
        ['POST', `/api/games/${GAME}/admin-token`],
      ] as const) {
        const r = await attacker(method, path, { authorization: `Bearer ${token}` });
        if (r.status === 429 && r.text.includes('"too-many-requests"')) {
          refused429 += 1;
          const ra = r.headers['retry-after'];
          retryAfter = typeof ra === 'string' ? ra : '';
        } else problems.push(`${method} ${path} after the limit answered ${r.status}`);
      }
    }
    // Valid tokens from the limited address: served (reads, and a player's own view).
    for (const token of [tokens.admin, tokens.alice]) {
      const r = await attacker('GET', `/api/games/${GAME}/me`, { authorization: `Bearer ${token}` });
      if (r.status === 200) goodTokensFromLimitedAddress += 1;
      else problems.push(`a valid token from the limited address answered ${r.status}`);
    }
    const good = await neighbour('GET', `/api/games/${GAME}/me`, { authorization: `Bearer ${tokens.alice}` });
    const open = await attacker('GET', `/api/games/${GAME}`);
    if (good.status !== 200) problems.push(`a good token from another address answered ${good.status}`);
    if (open.status !== 200) problems.push(`no token from the limited address answered ${open.status}`);
    if (!/^[1-9][0-9]*$/.test(retryAfter) || Number(retryAfter) > AUTH_LIMIT_DEFAULTS.windowMs / 1000)
      problems.push(`Retry-After is "${retryAfter}"`);
    for (const p of problems) failures.push(`rate limit: ${p}`);
    rateLimit = {
      max,
      windowSeconds: AUTH_LIMIT_DEFAULTS.windowMs / 1000,
      failuresBefore429,
      refused429,
      retryAfter,
      goodTokensFromLimitedAddress,
      goodTokenFromOtherAddress: good.status,
      noTokenFromLimitedAddress: open.status,
      failures: problems.length,
    };
  } finally {
    await limited.close();
  }

  return { routes: PROBES.length, roles: ROLES.length, matrix, logging, rateLimit, failures };
}

const fmt = (n: number): string => n.toLocaleString('en-US');

function section(r: SecurityResult, seconds: number): string {
  const m = r.matrix;
  const l = r.logging;
  const q = r.rateLimit;
  return [
    '## Security',
    '',
    'A real server on loopback (`buildApp` over a SQLite file, Fastify logging at trace level into memory).',
    'The matrix tries every route of docs/api.md (and of the OpenAPI document) with every role: no token, a',
    "garbage token, a malformed header, each of the game's players, its Administrator, its rotated admin",
    "token, a player's replaced token, another game's Administrator and another game's player (named like",
    "one of this game's). Each answer must be what that role may get; every refusal is compared with the whole",
    'store before and after (entries, command ids, token hashes); twins — the same request about a hidden',
    "Thing's square and an empty one, a player who joined and one who did not, a game that exists and one",
    'that does not — must be refused byte for byte alike. The same matrix runs in process in',
    '`test/server/security-matrix.test.ts`.',
    '',
    `Run: \`node dist/bench/campaigns/security.js\` (${seconds.toFixed(1)} s on ${machine()}, ${new Date().toISOString().slice(0, 10)}).`,
    '',
    '| what | figure |',
    '| --- | ---: |',
    `| routes × roles tried | ${r.routes} × ${r.roles} = ${fmt(m.requests)} requests |`,
    `| allowed (2xx, or a 404 unknown game / 422 rule refusal past authentication) | ${fmt(m.allowed)} |`,
    `| refused 401 \`unauthorized\` | ${fmt(m.unauthorized)} |`,
    `| refused 403 \`forbidden\` | ${fmt(m.forbidden)} |`,
    `| refusals after which the store was compared: unchanged | ${fmt(m.unchangedChecked)} |`,
    `| twin refusals compared: identical | ${fmt(m.twinsCompared)} |`,
    `| **matrix failures** | **${m.failures}** |`,
    `| tokens issued / secrets searched for (issued and sent) | ${fmt(l.tokensIssued)} / ${fmt(l.secretsSearched)} |`,
    `| log output searched (bytes) / responses searched | ${fmt(l.logBytes)} / ${fmt(l.responsesSearched)} |`,
    `| tokens found in the log / in a response other than their own / in the database file | ${l.foundInLog} / ${l.foundInOtherResponses} / ${l.foundInDatabase} |`,
    `| failed authentications from one address before 429 (default limit ${q.max} per ${q.windowSeconds} s) | ${q.failuresBefore429} |`,
    `| then refused 429 \`too-many-requests\` (bad tokens, reads and writes), Retry-After | ${q.refused429}, ${q.retryAfter} s |`,
    `| meanwhile served: valid tokens from the limited address (of 2) / a good token from another address / no token from the limited one | ${q.goodTokensFromLimitedAddress} / ${q.goodTokenFromOtherAddress} / ${q.noTokenFromLimitedAddress} |`,
    `| **failures in all** | **${r.failures.length}** |`,
    '',
    'What a role may do (401 for a token that is not a live token of this game, also on routes anyone may use',
    'without one; 403 for a valid token of the wrong role): rulesets, the games list and creating a game: anyone,',
    'tokens ignored. The public view, log, verify, report, events and join: anyone. `me`: any holder of a token',
    "of this game. Commands: a player's announcement only a player, an Administrator's order only the",
    'Administrator, dice results (`rolls`) only the Administrator. Posts: players. Rotating the admin token and',
    "issuing a player's token: the Administrator.",
    '',
    'Rate limiting of failed authentication (`src/server/auth-limit.ts`): a client address that presents',
    `${q.max} tokens opening nothing within ${q.windowSeconds} s gets 429 \`too-many-requests\` with`,
    '`Retry-After` for every further token that opens nothing, until its window has passed; a valid token is',
    'always served, so one guesser behind a shared address (NAT, a proxy) does not lock out the others there.',
    'Only failures count (a busy client with a good token is never limited); a missing token and a valid token',
    'of the wrong role are not failures. Behind a proxy declared with `--trust-proxy`, the address is the',
    'forwarded client. Each server process counts for itself.',
    '',
    r.failures.length === 0 ? 'Failures: 0.' : `Failures:\n\n${r.failures.map((f) => `- ${f}`).join('\n')}`,
  ].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const result = await securityCampaign();
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(result, null, 2));
  if (!process.argv.includes('--no-doc')) await writeSection('security', section(result, seconds));
  if (result.failures.length > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
