// Issue 13, item 4: GET …/verify has a bounded cost. At most VERIFY_RUNNING verifications run and
// VERIFY_WAITING wait, the rest are refused 503 `busy` with Retry-After; a log found sound is remembered per
// game and length; equal requests share one run. The Verifier is driven with a referee whose verifications
// end when the test says, so nothing depends on timing.
import { afterEach, describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../src/core/index.js';
import type { Referee } from '../../src/engine/referee.js';
import { buildApp } from '../../src/server/app.js';
import { HttpError } from '../../src/server/errors.js';
import { VERIFY_RETRY_AFTER, Verifier } from '../../src/server/verify.js';
import { testApp } from './support.js';
import type { TestApp } from './support.js';

const report = (entries: number, ok = true): VerifyReport => ({
  ok,
  entries,
  commands: 1,
  fairRolls: 0,
  manualRolls: 0,
  problems: ok ? [] : ['broken'],
});

/** A referee whose verify calls wait until the test ends them, in order. */
function heldReferee() {
  const calls: { game: string; end(r: VerifyReport): void }[] = [];
  const referee = {
    verify: (game: string) => new Promise<VerifyReport>((end) => calls.push({ game, end })),
  } as unknown as Referee;
  return { referee, calls };
}

const settle = () => new Promise<void>((r) => setImmediate(r));

async function busyCode(p: Promise<unknown>): Promise<[number, string]> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return [e.status, e.code];
    throw e;
  }
  return [200, 'answered'];
}

describe('Issue 13 item 4: /verify is bounded', () => {
  it('one runs, one waits, the next is refused busy (503); the one waiting runs when the first ends', async () => {
    const { referee, calls } = heldReferee();
    const v = new Verifier(referee, { running: 1, waiting: 1 });
    const a = v.verify('a', 5);
    const b = v.verify('b', 7);
    expect(await busyCode(v.verify('c', 3))).toEqual([503, 'busy']);
    await settle();
    expect(calls.map((c) => c.game)).toEqual(['a']);
    calls[0]?.end(report(5));
    expect((await a).report).toEqual(report(5));
    await settle();
    expect(calls.map((c) => c.game)).toEqual(['a', 'b']);
    calls[1]?.end(report(7));
    expect((await b).report).toEqual(report(7));
    // Room again.
    const c = v.verify('c', 3);
    await settle();
    calls[2]?.end(report(3));
    expect((await c).report.entries).toBe(3);
  });

  it('the same game at the same length shares one run; a sound result is remembered until the log grows', async () => {
    const { referee, calls } = heldReferee();
    const v = new Verifier(referee, { running: 1, waiting: 0 });
    const first = v.verify('a', 5);
    const second = v.verify('a', 5);
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]?.end(report(5));
    expect(await first).toBe(await second);
    // Remembered: no run, even with no place free for one.
    expect((await v.verify('a', 5)).report).toEqual(report(5));
    expect(calls).toHaveLength(1);
    // The game moved on: verified again.
    const grown = v.verify('a', 6);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.end(report(6));
    expect((await grown).report.entries).toBe(6);
  });

  it('a log that does not verify is not remembered: asking again verifies again', async () => {
    const { referee, calls } = heldReferee();
    const v = new Verifier(referee, { running: 1, waiting: 0 });
    const bad = v.verify('a', 5);
    await settle();
    calls[0]?.end(report(5, false));
    expect((await bad).report.ok).toBe(false);
    const again = v.verify('a', 5);
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]?.end(report(5, false));
    await again;
  });

  it('closed, it refuses what waits and what comes', async () => {
    const { referee, calls } = heldReferee();
    const v = new Verifier(referee, { running: 1, waiting: 1 });
    void v.verify('a', 1).catch(() => undefined);
    const waiting = v.verify('b', 1);
    await settle();
    await v.close();
    expect(await busyCode(waiting)).toEqual([503, 'busy']);
    expect(await busyCode(v.verify('c', 1))).toEqual([503, 'busy']);
    expect(calls).toHaveLength(1);
  });

  describe('through the API', () => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });

    it('a refused verification is 503 busy, with Retry-After, in the error shape', async () => {
      t = await testApp();
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/games',
        payload: { ruleset: 'life', game: 'g1' },
      });
      expect(made.statusCode).toBe(201);
      const full = await buildApp({
        referee: t.referee,
        webRoot: false,
        authLimit: false,
        verify: { running: 0, waiting: 0 },
      });
      try {
        const res = await full.inject({ method: 'GET', url: '/api/games/g1/verify' });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe(String(VERIFY_RETRY_AFTER));
        expect(res.json()).toEqual({ error: { code: 'busy', message: expect.any(String) as string } });
      } finally {
        await full.close();
      }
      // The default server verifies it, and says the same the second time (remembered).
      const once = await t.app.inject({ method: 'GET', url: '/api/games/g1/verify' });
      const twice = await t.app.inject({ method: 'GET', url: '/api/games/g1/verify' });
      expect(once.json()).toMatchObject({ ok: true });
      expect(twice.body).toBe(once.body);
    });
  });
});
