// Issue 13, item 4: `referee serve` verifies on a worker thread that opens the store itself (a read-only
// connection; src/server/verify-worker.ts), so the event loop neither reads nor copies the log nor runs
// SQLite's check of the whole file. What /verify answers must not change: the same report for the
// Administrator, and for everyone else counts of only what e may see (src/engine/numbering.ts). This compares
// the built server's answers with the in-process harness's (which verifies through its Referee) on one file.
import { afterAll, describe, expect, it } from 'vitest';
import { startServe } from '../../bench/serve-process.js';
import { CLI_MAIN } from '../support/cli.js';
import { gridGame, testApp } from './support.js';

describe('Issue 13 item 4: /verify on the verifying thread answers what the event loop answered', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it('the same report and the same per-viewer counts, a hidden setup included; a new game is written to', async () => {
    const t = await testApp({ file: true });
    stops.push(() => t.close());
    const call = async (method: string, url: string, payload?: unknown, token?: string) => {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload !== undefined ? { payload: payload as object } : {}),
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
      return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
    };
    // The January Grid hides its Things (placed by the Administrator's dice): the public sees fewer entries.
    const { admin, players } = await gridGame(t.app, 'g1');
    expect((await call('POST', '/api/games/g1/commands', { type: 'tick' }, admin)).status).toBe(200);
    const viewers: [string, string | undefined][] = [
      ['the public', undefined],
      ['alice', players.alice],
      ['the Administrator', admin],
    ];
    const here: Record<string, unknown> = {};
    for (const [who, token] of viewers) {
      const v = await call('GET', '/api/games/g1/verify', undefined, token);
      expect(v.status, who).toBe(200);
      expect(v.body.ok, who).toBe(true);
      here[who] = v.body;
    }
    expect((here['the public'] as { entries: number }).entries).toBeLessThan(
      (here['the Administrator'] as { entries: number }).entries,
    );

    // The built server beside it, on the same file, verifying on its thread.
    const { child, url } = await startServe(CLI_MAIN, ['--db', t.path, 'serve', '--port', '0']);
    const exited = new Promise((r) => child.once('exit', r));
    stops.push(async () => {
      child.kill('SIGTERM');
      await exited;
    });
    for (const [who, token] of viewers) {
      const res = await fetch(`${url}/api/games/g1/verify`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.status, who).toBe(200);
      expect(await res.json(), who).toEqual(here[who]);
    }
    // The first write to a game checks the file first (on the checking thread): it is written.
    const joined = await fetch(`${url}/api/games/g1/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ player: 'carol' }),
    });
    expect(joined.status).toBe(201);
  });
});
