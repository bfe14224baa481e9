// Issue 8, security: every route tried with every role's token (bench/campaigns/security-matrix.ts), in
// process. Each answer is what the role may get (allowed, 401 or 403, with its error code); every refusal
// leaves the whole store as it was (entries, command ids, token hashes of every game); twins are refused
// alike; and the OpenAPI document lists exactly the routes the matrix tries.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectSender, PROBES, ROLES, runMatrix, setUp } from '../../bench/campaigns/security-matrix.js';
import type { Outcome, Role } from '../../bench/campaigns/security-matrix.js';
import { req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

describe('the security matrix: every route × every role', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await testApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('gives each role exactly what it may have, changes nothing when it refuses, and refuses twins alike', async () => {
    const send = injectSender(t.app);
    const tokens = await setUp(send);
    const result = await runMatrix(send, tokens, {
      fingerprint: async () => JSON.stringify(await snapshot(t)),
    });
    expect(result.failures).toEqual([]);
    expect(result.requests).toBe(PROBES.length * ROLES.length);
    expect(result.allowed + result.unauthorized + result.forbidden).toBe(result.requests);
    expect(result.unauthorized).toBeGreaterThan(100);
    expect(result.forbidden).toBeGreaterThan(10);
    expect(result.twinsCompared).toBeGreaterThan(20);
    expect(result.unchangedChecked).toBeGreaterThan(result.unauthorized);
  });

  it('the matrix as a table (what each role may do on each route)', () => {
    const cell = (o: Outcome) => (o === 'ok' ? 'ok' : String(o));
    const table = Object.fromEntries(
      PROBES.map((p) => [p.name, ROLES.map((r: Role) => `${r}:${cell(p.expect(r))}`).join(' ')]),
    );
    // A player never reaches an Administrator's route, nor the Administrator a player's announcement; a
    // token of another game, a rotated or replaced one opens nothing anywhere under this game.
    for (const p of PROBES) {
      for (const r of ['rotated-admin', 'replaced-player', 'other-admin', 'other-player'] as const)
        if (p.path.startsWith('/api/games/')) expect(p.expect(r), `${p.name} ${r}`).toBe(401);
    }
    expect(table['rotate the admin token']).toContain('alice:403');
    expect(table['rotate the admin token']).toContain('admin:ok');
    // Issue 24: the Administrator posts amendments of the rules.
    expect(table.post).toContain('admin:ok');
    expect(table.me).toContain('public:401');
  });

  it('the OpenAPI document lists every route the matrix tries, and the matrix tries every route it lists', async () => {
    const doc = (await req(t.app, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const tried = new Set(
      PROBES.map(
        (p) =>
          `${p.method} ${(p.path.split('?')[0] ?? '')
            .replace(/^\/api\/games\/[^/]+/, '/api/games/{game}')
            .replace(/\/players\/[^/]+\//, '/players/{player}/')}`,
      ),
    );
    expect([...tried].sort()).toEqual([...documented].sort());
  });
});
