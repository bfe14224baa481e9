// Issue 8, security: tokens are never logged. The server runs with Fastify's logger at its most talkative
// (trace) writing into memory, over a SQLite file; every route is tried with every role (the security
// matrix) and with the failures only the HTTP layer has (bad JSON, a huge body, a bad header). Then: no token
// — admin, player, rotated, replaced, guessed — appears anywhere in the log output; each token issued appears
// in exactly one response, the one that issued it; and the database file holds only their hashes.
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectSender, runMatrix, setUp } from '../../bench/campaigns/security-matrix.js';
import type { Send, Sent } from '../../bench/campaigns/security-matrix.js';
import { tokenHash } from '../../src/server/tokens.js';
import { testApp } from './support.js';
import type { TestApp } from './support.js';

const TOKENS = /nr_[A-Za-z0-9_-]{43}/g;

describe('tokens never logged', () => {
  let t: TestApp;
  let log: string;
  beforeEach(async () => {
    log = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString('utf8');
        done();
      },
    });
    t = await testApp({ file: true, logger: { level: 'trace', stream: sink } });
  });
  afterEach(async () => {
    await t.close();
  });

  it('not in the log, not in any response but the one that issued it, not in the database file', async () => {
    const responses: string[] = [];
    const requests: string[] = [];
    const inner = injectSender(t.app);
    const send: Send = async (method, path, options = {}) => {
      if (options.authorization !== undefined) requests.push(options.authorization);
      const sent: Sent = await inner(method, path, options);
      responses.push(`${JSON.stringify(sent.headers)}\n${sent.text}`);
      return sent;
    };
    const tokens = await setUp(send);
    const matrix = await runMatrix(send, tokens);
    expect(matrix.failures).toEqual([]);

    // The failures only the HTTP layer has, each with a good token in its header.
    const header = { authorization: `Bearer ${tokens.alice}`, 'content-type': 'application/json' };
    for (const payload of ['{"type":', '', JSON.stringify({ type: 'x', pad: 'x'.repeat(300_000) })]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/games/sec1/commands',
        headers: header,
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      responses.push(res.body);
    }
    const bare = await t.app.inject({ method: 'GET', url: `/api/games/sec1/me?token=x`, headers: header });
    responses.push(bare.body);
    requests.push(header.authorization);

    // Every token issued, from every response that carried one: each in exactly one response.
    const issued = new Set(responses.flatMap((r) => r.match(TOKENS) ?? []));
    for (const tok of Object.values(tokens)) expect(issued).toContain(tok);
    expect(issued.size).toBeGreaterThanOrEqual(12);
    for (const tok of issued)
      expect(
        responses.filter((r) => r.includes(tok)),
        tok,
      ).toHaveLength(1);

    // The log is there (a positive control) and names no token nor any other credential sent.
    expect(log).toContain('/api/games/sec1/me');
    expect(log).toContain('incoming request');
    const secrets = new Set<string>(issued);
    for (const auth of requests) secrets.add(auth.replace(/^\S+\s+/, '').trim());
    expect(secrets.size).toBeGreaterThan(issued.size);
    for (const secret of secrets) expect(log.includes(secret), `${secret} in the log`).toBe(false);
    expect(log.toLowerCase()).not.toContain('authorization');
    expect(log).not.toContain('Bearer');

    // The database file: the hashes of the live tokens, never a token.
    const bytes = t.bytes().toString('latin1');
    expect(bytes).toContain(tokenHash(tokens.admin));
    expect(bytes).toContain(tokenHash(tokens.alice));
    for (const secret of secrets) expect(bytes.includes(secret), `${secret} in the database`).toBe(false);
  });
});
