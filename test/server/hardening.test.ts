// Issue 13, item 8, the small ones at the server's edge: deep JSON is a 400, not a 500; the page and every
// answer carry CSP, frame-ancestors and nosniff; a 431 is in the documented error shape; `--log` leaves
// query strings out; a report for an nweek that has not begun is a 404.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { jsonDepth, MAX_BODY_DEPTH } from '../../src/server/hardening.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { errorCode, gridGame, req, snapshot, testApp } from './support.js';
import type { TestApp } from './support.js';

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('item 8: the server at its edge', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('jsonDepth counts nesting without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(jsonDepth(nested(100_000))).toBe(100_000);
    expect(jsonDepth(nested(100_000), 10)).toBe(11);
  });

  it('JSON nested 2,000 deep is a 400 bad-request, and changes nothing', async () => {
    const a = await testApp();
    t = a;
    const w = await gridGame(a.app, 'g1');
    const before = await snapshot(a);
    // Sent as text: the test's own JSON.stringify would overflow on the deepest.
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const [url, token, body] of [
      ['/api/games', undefined, `{"ruleset":"life","game":"deep","config":${deep(2000)}}`],
      ['/api/games/g1/commands', w.admin, `{"type":"dice","args":{"values":${deep(2000)}}}`],
      ['/api/games/g1/commands', w.admin, `{"type":"dice","args":{"values":${deep(MAX_BODY_DEPTH)}}}`],
      ['/api/games/g1/posts', w.players.alice, `{"text":"hi","more":${deep(5000)}}`],
    ] as const) {
      const res = await req(a.app, 'POST', url, {
        body,
        headers: { 'content-type': 'application/json' },
        ...(token ? { token } : {}),
      });
      expect(res.status, res.text).toBe(400);
      expect(errorCode(res)).toBe('bad-request');
    }
    expect(await snapshot(a)).toEqual(before);
    const ok = await req(a.app, 'POST', '/api/games/g1/commands', {
      token: w.admin,
      body: { type: 'dice', args: { values: [4] } },
    });
    expect(ok.status).toBe(200);
  });

  it('every answer carries CSP with frame-ancestors, X-Frame-Options and nosniff; the page too', async () => {
    const web = mkdtempSync(join(tmpdir(), 'referee-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>x</title>');
    const store = new SqliteStore(':memory:');
    const app = await buildApp({
      referee: new Referee(store, defaultRegistry(), systemEntropy),
      webRoot: web,
    });
    try {
      for (const url of ['/', '/index.html', '/api/games', '/api/nothing', '/api/games/none']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
        expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      }
    } finally {
      await app.close();
      await store.close();
      rmSync(web, { recursive: true, force: true });
    }
    const a = await testApp();
    t = a;
  });

  it('headers too large: 431 in the documented error shape', async () => {
    const a = await testApp();
    t = a;
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = a.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let got = '';
      socket.on('data', (d: Buffer) => (got += d.toString('utf8')));
      socket.on('close', () => resolve(got));
      socket.on('error', reject);
      socket.write(`GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    });
    expect(raw.startsWith('HTTP/1.1 431 ')).toBe(true);
    expect(raw).toMatch(/content-type: application\/json/i);
    expect(raw).toMatch(/x-content-type-options: nosniff/i);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toEqual({ error: { code: 'too-large', message: expect.any(String) as string } });
  });

  it('request logs leave query strings out', async () => {
    let log = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString('utf8');
        done();
      },
    });
    const a = await testApp({ logger: { level: 'info', stream: sink } });
    t = a;
    await gridGame(a.app, 'g1');
    await req(a.app, 'GET', '/api/games/g1/log?from=2&note=s3cr3t-query');
    await req(a.app, 'GET', '/api/games/g1/report?nweek=1&format=markdown');
    expect(log).toContain('/api/games/g1/log');
    expect(log).toContain('/api/games/g1/report');
    expect(log).not.toContain('s3cr3t-query');
    expect(log).not.toContain('?');
  });

  it('a report for an nweek that has not begun is a 404; the current and past ones are answered', async () => {
    const a = await testApp();
    t = a;
    const w = await gridGame(a.app, 'g1');
    const report = (nweek: number) => req(a.app, 'GET', `/api/games/g1/report?nweek=${nweek}`);
    expect((await report(1)).status).toBe(200);
    for (const nweek of [2, 99]) {
      const res = await report(nweek);
      expect(res.status).toBe(404);
      expect(errorCode(res)).toBe('unknown-nweek');
    }
    // Once nweek 2 begins, it has a report.
    for (let i = 0; i < 7; i++)
      expect(
        (await req(a.app, 'POST', '/api/games/g1/commands', { token: w.admin, body: { type: 'tick' } }))
          .status,
      ).toBe(200);
    expect((await report(2)).status).toBe(200);
    expect((await report(3)).status).toBe(404);
  });
});
