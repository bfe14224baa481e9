// Issue 26 item 2: rounds fetched from configurable relays with time-outs, over real HTTP on the loopback, from
// a chain of the test's own. Missing, late and lying relays each have a test; nothing a relay says is trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { roundTime } from '../../src/core/dice/beacon-chains.js';
import { fetchRound } from '../../src/node/beacon-relays.js';
import { makeTestChain } from './test-chain.js';

const t = makeTestChain('relay-test');
const other = makeTestChain('other');
/** The last round the relays have: rounds after it are "not yet" (404), as drand's relays answer. */
const PUBLISHED = 100;

let server: Server;
let base = '';
const held: (() => void)[] = [];
/** Bytes the huge and trickling relays got written. */
let sent = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const m =
      /^\/(good|lying|other-chain|late|broken|huge|declared|trickle)\/([0-9a-f]+)\/public\/(\d+)$/.exec(
        req.url ?? '',
      );
    if (!m || m[2] !== t.chain.hash) return void res.writeHead(404).end();
    const [, kind, , num] = m;
    const n = Number(num);
    if (kind === 'late') {
      // Never answers until the test ends: the relay that is late.
      held.push(() => res.destroy());
      return;
    }
    if (kind === 'broken') return void res.writeHead(200).end('<html>');
    if (kind === 'declared')
      return void res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) }).end();
    if (kind === 'huge' || kind === 'trickle') {
      // B3: an answer with no end in sight, fast (64 KiB chunks, no length said) or a byte at a time.
      res.writeHead(200, { 'content-type': 'application/json' });
      let closed = false;
      res.on('close', () => (closed = true));
      const chunk = kind === 'huge' ? Buffer.alloc(65_536, 0x20) : Buffer.from(' ');
      const pump = () => {
        while (!closed && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
          if (kind === 'trickle') return void setTimeout(pump, 50);
        }
      };
      held.push(() => res.destroy());
      return pump();
    }
    if (n > PUBLISHED) return void res.writeHead(404).end('{"error":"not found"}');
    const round =
      kind === 'lying'
        ? { ...t.round(n), randomness: t.round(n + 1).randomness }
        : kind === 'other-chain'
          ? other.round(n)
          : t.round(n);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(round));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const h of held) h();
  await new Promise((r) => server.close(r));
});

const after = (n: number): number => roundTime(t.chain, n) + 1;

describe('beacon relays (issue 26)', () => {
  it('fetches a round from a relay and verifies it', async () => {
    const got = await fetchRound(t.chain, 50, { relays: [`${base}/good`], timeoutMs: 5000, now: after(50) });
    expect(got).toEqual({ ok: true, value: t.round(50) });
  });

  it('a lying relay or one serving another chain is refused, and the next relay asked', async () => {
    const got = await fetchRound(t.chain, 51, {
      relays: [`${base}/lying`, `${base}/other-chain`, `${base}/broken`, `${base}/good/`],
      timeoutMs: 5000,
      now: after(51),
    });
    expect(got).toEqual({ ok: true, value: t.round(51) });
    const none = await fetchRound(t.chain, 51, {
      relays: [`${base}/lying`, `${base}/other-chain`, `${base}/broken`],
      timeoutMs: 5000,
      now: after(51),
    });
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.error.reason).toBe('unavailable');
      expect(none.error.relays).toEqual([
        `${base}/lying: refused, round 51's randomness is not the hash of its signature`,
        `${base}/other-chain: refused, round 51's signature does not verify against relay-test's public key`,
        `${base}/broken: answered something that is not JSON`,
      ]);
    }
  });

  it('a late relay times out and the next one answers', async () => {
    const got = await fetchRound(t.chain, 52, {
      relays: [`${base}/late`, `${base}/good`],
      timeoutMs: 1000,
      now: after(52),
    });
    expect(got).toEqual({ ok: true, value: t.round(52) });
    const none = await fetchRound(t.chain, 52, { relays: [`${base}/late`], timeoutMs: 300, now: after(52) });
    expect(none).toEqual({
      ok: false,
      error: {
        reason: 'unavailable',
        relays: [`${base}/late: timed out after 300 ms`],
        due: roundTime(t.chain, 52),
      },
    });
  });

  it('a missing round (not on any relay) and an unreachable relay are unavailable, with what each said', async () => {
    const none = await fetchRound(t.chain, PUBLISHED + 1, {
      relays: [`${base}/good`, 'http://127.0.0.1:1'],
      timeoutMs: 5000,
      now: after(PUBLISHED + 1),
    });
    expect(none.ok).toBe(false);
    if (!none.ok) {
      expect(none.error.reason).toBe('unavailable');
      expect(none.error.relays[0]).toBe(`${base}/good: has no such round yet`);
      expect(none.error.relays[1]).toMatch(/^http:\/\/127\.0\.0\.1:1: could not be reached/);
    }
  });

  it('B3: an answer over 16 KiB, said or sent, is refused and the next relay asked; one trickling is cut at its time-out', async () => {
    sent = 0;
    const got = await fetchRound(t.chain, 53, {
      relays: [`${base}/declared`, `${base}/huge`, `${base}/trickle`, `${base}/good`],
      timeoutMs: 500,
      maxBytes: 16_384,
      now: after(53),
    });
    expect(got).toEqual({ ok: true, value: t.round(53) });
    // The huge relay had what the sockets took before the referee hung up, never its 64 MB.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    const none = await fetchRound(t.chain, 53, {
      relays: [`${base}/declared`, `${base}/huge`, `${base}/trickle`],
      timeoutMs: 500,
      maxBytes: 16_384,
      now: after(53),
    });
    expect(none.ok ? [] : none.error.relays).toEqual([
      `${base}/declared: answered more than 16384 bytes`,
      `${base}/huge: answered more than 16384 bytes`,
      `${base}/trickle: timed out after 500 ms`,
    ]);
  });

  it('a round whose time has not come is not asked for', async () => {
    const got = await fetchRound(t.chain, 60, {
      relays: ['http://127.0.0.1:1'],
      timeoutMs: 5000,
      now: roundTime(t.chain, 60) - 1,
    });
    expect(got).toEqual({ ok: false, error: { reason: 'not-yet', relays: [], due: roundTime(t.chain, 60) } });
  });
});
