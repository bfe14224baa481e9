// Issue 14 on PostgreSQL: two Couriers of one channel, each on its own connection pool (as two processes
// would be), woken by the store's NOTIFY, deliver every notice written by a third, and never one notice
// at the same time: claims lease with FOR UPDATE SKIP LOCKED. Real HTTP to a real receiver.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { Courier } from '../../src/channels/courier.js';
import { WebhookChannel } from '../../src/channels/webhook.js';
import type { Store } from '../../src/store/store.js';
import { pgBackend } from '../store/pg-support.js';
import { entriesAfter } from '../store/store-contract.js';
import { notice } from '../store/outbox-contract.js';
import { SimulatedTime } from '../support/simulated-time.js';

const cleanups = cleanupsAfterEach();

describe('Courier on PostgreSQL: issue 14, several processes on one outbox', () => {
  it('two couriers on one channel deliver every notice once and never one notice concurrently', async () => {
    const inFlight = new Map<string, number>();
    const sends = new Map<string, number>();
    let overlaps = 0;
    let wake: () => void = () => undefined;
    const server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const id = (JSON.parse(body) as { id: string }).id;
        if ((inFlight.get(id) ?? 0) > 0) overlaps++;
        inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
        sends.set(id, (sends.get(id) ?? 0) + 1);
        // Answered on a later turn of the loop, so the two couriers' requests overlap in time.
        setImmediate(() => {
          inFlight.set(id, (inFlight.get(id) ?? 1) - 1);
          res.writeHead(204).end();
          wake();
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;

    const backend = await pgBackend();
    cleanups.push(() => backend.dispose());
    const open = async (): Promise<Store> => {
      const s = await backend.open();
      cleanups.push(() => s.close());
      return s;
    };
    const [writer, a, b] = [await open(), await open(), await open()];
    await writer.append({
      game: 'g1',
      entries: entriesAfter(undefined, 1),
      create: { ruleset: 'r', master: null },
    });
    const time = new SimulatedTime();
    const couriers = [a, b].map(
      (s) => new Courier(s, new WebhookChannel({ url, name: 'webhook' }), time, { batch: 2 }),
    );
    for (const c of couriers) {
      await c.start();
      cleanups.push(() => c.stop());
    }
    const expected = Array.from({ length: 60 }, (_, i) => `g1/n${i}`);
    const all = new Promise<void>((resolve) => {
      wake = () => {
        if (sends.size === expected.length) resolve();
      };
    });
    for (let i = 0; i < 60; i += 6)
      await writer.enqueue(Array.from({ length: 6 }, (_, k) => notice('g1', `n${i + k}`)));
    await all;
    await Promise.all(couriers.map((c) => c.idle()));
    expect(overlaps).toBe(0);
    expect([...sends.keys()].sort()).toEqual([...expected].sort());
    expect([...sends.values()].every((n) => n === 1)).toBe(true);
    // Both took part (each woken by the NOTIFY of the writer's commits).
    expect(couriers.map((c) => c.delivered).every((n) => n > 0)).toBe(true);
    expect(couriers[0]!.delivered + couriers[1]!.delivered).toBe(60);
  });
});
