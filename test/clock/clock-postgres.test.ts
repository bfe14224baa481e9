// Issue 14, "several processes on PostgreSQL never tick a boundary twice": two Referees over two PostgresStores
// on one schema (as two server processes would be), each running a Clockwork on the same simulated time, race
// on every boundary of the same games; each boundary is ticked once, and a restart catches up once.
import { afterEach, describe, expect, it } from 'vitest';
import { SimulatedTime } from '../../src/clock/time.js';
import type { Clockwork } from '../../src/clock/clockwork.js';
import type { PostgresStore } from '../../src/store/postgres.js';
import { pgBackend } from '../store/pg-support.js';
import {
  clockOver,
  countIn,
  firedIn,
  instants,
  iso,
  MIN,
  pass,
  refereeOver,
  S,
  scheduledGame,
  T0,
} from './support.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
});

async function stores(n: number): Promise<PostgresStore[]> {
  const backend = await pgBackend();
  cleanup.push(() => backend.dispose());
  const out: PostgresStore[] = [];
  for (let i = 0; i < n; i++) {
    const store = await backend.open();
    cleanup.push(() => store.close());
    out.push(store);
  }
  return out;
}

async function running(clock: Clockwork): Promise<Clockwork> {
  cleanup.push(() => clock.stop());
  await clock.start();
  return clock;
}

describe('two clocks on PostgreSQL', () => {
  it('race on the same boundaries: each boundary ticks once', async () => {
    const [a, b] = await stores(2);
    const time = new SimulatedTime(T0);
    const ra = refereeOver(a!);
    const rb = refereeOver(b!);
    await scheduledGame(ra, 'g1', { every: 10, since: iso(T0) });
    await scheduledGame(rb, 'g2', { every: 15, since: iso(T0 + 1 * S) });
    const one = clockOver(ra, time);
    const two = clockOver(rb, time);
    await running(one.clock);
    await running(two.clock);
    await pass(time, 2 * MIN, one.clock, two.clock);
    for (const r of [ra, rb]) {
      expect(await firedIn(r, 'g1')).toEqual(instants(T0 + 10 * S, T0 + 120 * S, 10 * S));
      expect(await firedIn(r, 'g2')).toEqual(instants(T0 + 16 * S, T0 + 106 * S, 15 * S));
      expect(await countIn(r, 'g1', 'nday-ended')).toBe(12);
      expect(await countIn(r, 'g2', 'nday-ended')).toBe(7);
    }
    // Both clocks fired every boundary (one of each pair answered with the other's tick): the store kept one.
    const told = [...one.reports, ...two.reports].filter((x) => x.kind === 'fired' && x.game === 'g1');
    expect(told).toHaveLength(24);
    expect(told.filter((x) => x.text.includes('by another process'))).toHaveLength(12);
  });

  it('after downtime two clocks starting together catch up each missed boundary once', async () => {
    const [a, b] = await stores(2);
    const time = new SimulatedTime(T0);
    const ra = refereeOver(a!);
    const rb = refereeOver(b!);
    await scheduledGame(ra, 'g1', { every: 30, since: iso(T0) });
    time.advance(5 * MIN);
    const one = clockOver(ra, time);
    const two = clockOver(rb, time);
    await Promise.all([running(one.clock), running(two.clock)]);
    await pass(time, 0, one.clock, two.clock);
    expect(await firedIn(rb, 'g1')).toEqual(instants(T0 + 30 * S, T0 + 5 * MIN, 30 * S));
    expect(await countIn(rb, 'g1', 'nday-ended')).toBe(10);
  });
});
