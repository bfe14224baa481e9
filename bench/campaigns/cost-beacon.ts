// The cost campaign's beacon phase (issue 26; rulings B3, B8, B9): the served referee is given relays that
// cost it what they can — one answers a byte at a time and never ends, one answers a body of 64 MB as fast
// as it is taken — before an honest one, and a game on beacon dice waits for its round. Each relay must cost
// at most its time-out and 16 KiB of reading: the round is fetched from the honest relay, the slow answer is
// cut at the time-out, the huge one after its first 16 KiB (the bytes the relay managed to send, kernel
// buffers included, are counted), and the light load is answered throughout. Real HTTP on the loopback, the
// rounds signed by a chain of the campaign's own (period 1 s, so the round is due within 2 s).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BeaconChain } from '../../src/core/dice/beacon-chains.js';
import { makeTestChain } from '../../test/beacon/test-chain.js';

export interface BeaconCost {
  /** The game's round was recorded (fetched by the referee itself past the costly relays). */
  readonly recorded: boolean;
  /** Requests each relay had. */
  readonly asked: { readonly slow: number; readonly huge: number; readonly good: number };
  /** Bytes the huge relay got written before the referee hung up (of 64 MB offered). */
  readonly hugeBytesSent: number;
  /** Slow answers the referee cut (closed before the relay ended them: it never does). */
  readonly slowCut: number;
}

const HUGE = 64 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

export interface CostlyRelays {
  readonly chain: BeaconChain;
  /** The relays in the order the referee is to ask them: slow, huge, then the honest one. */
  readonly urls: readonly string[];
  figures(recorded: boolean): BeaconCost;
  close(): Promise<void>;
}

/** Starts the relays on the loopback; the chain's genesis a day ago, a round every second. */
export async function costlyRelays(): Promise<CostlyRelays> {
  const t = makeTestChain(
    'costtest',
    Uint8Array.from({ length: 48 }, (_, i) => i + 13),
    Math.floor(Date.now() / 1000) - 86_400,
    1,
  );
  const asked = { slow: 0, huge: 0, good: 0 };
  let hugeBytesSent = 0;
  let slowCut = 0;
  const server = createServer((req, res) => {
    const m = /^\/(slow|huge|good)\/[0-9a-f]+\/public\/(\d+)$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    const kind = m[1] as 'slow' | 'huge' | 'good';
    asked[kind]++;
    if (kind === 'good')
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(t.round(Number(m[2]))));
    res.writeHead(200, { 'content-type': 'application/json' });
    let closed = false;
    res.on('close', () => {
      closed = true;
      if (kind === 'slow') slowCut++;
    });
    if (kind === 'slow') {
      res.write('{');
      const tick = setInterval(() => (closed ? clearInterval(tick) : res.write(' ')), 100);
      return;
    }
    // As fast as it is taken: the next chunk once the last drained, until 64 MB or the referee hangs up.
    const pump = () => {
      while (!closed && hugeBytesSent < HUGE) {
        hugeBytesSent += CHUNK.length;
        if (!res.write(CHUNK)) return void res.once('drain', pump);
      }
      if (!closed) res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    chain: t.chain,
    urls: [`${base}/slow`, `${base}/huge`, `${base}/good`],
    figures: (recorded) => ({ recorded, asked: { ...asked }, hugeBytesSent, slowCut }),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** What is wrong with the phase's figures (the referee must have stopped reading each costly relay). */
export function beaconFailures(b: BeaconCost): string[] {
  const out: string[] = [];
  if (!b.recorded) out.push('beacon relays: the round was not fetched past the costly relays');
  if (b.asked.slow === 0 || b.asked.huge === 0) out.push('beacon relays: the costly relays were never asked');
  if (b.asked.slow > 0 && b.slowCut < b.asked.slow) out.push('beacon relays: a slow answer was not cut');
  if (b.hugeBytesSent >= HUGE) out.push('beacon relays: the huge answer was read whole');
  return out;
}
