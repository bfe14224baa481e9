// Issue 16: the page's "live" mark must not stay green while the stream has stalled. The watchdog of one
// connection (web/src/liveness.ts) on simulated time: stale after two heartbeats unheard, never before, and
// never once the connection is over.
import { describe, expect, it } from 'vitest';
import { DEFAULT_HEARTBEAT_MS, heartbeatOf, Liveness, MISSED_HEARTBEATS } from '../../web/src/liveness.js';
import { SimulatedTime } from '../support/simulated-time.js';

function watched() {
  const time = new SimulatedTime();
  let stalls = 0;
  const liveness = new Liveness(
    () => stalls++,
    (ms, fn) => time.setTimer(ms, fn),
  );
  return { time, liveness, stalls: () => stalls };
}

describe('the live stream watchdog (issue 16)', () => {
  it('marks a stream stale after two heartbeats unheard, not one', () => {
    const { time, liveness, stalls } = watched();
    liveness.heartbeat(15_000);
    time.advance(15_000 * MISSED_HEARTBEATS - 1);
    expect(stalls()).toBe(0);
    time.advance(1);
    expect(stalls()).toBe(1);
    time.advance(15_000 * 10);
    expect(stalls()).toBe(1); // once
  });

  it('whatever arrives (a heartbeat, an update) starts the count again', () => {
    const { time, liveness, stalls } = watched();
    liveness.heartbeat(1_000);
    for (let i = 0; i < 20; i++) {
      time.advance(1_999);
      liveness.heard();
    }
    expect(stalls()).toBe(0);
    time.advance(2_000);
    expect(stalls()).toBe(1);
  });

  it('uses the default heartbeat until the greeting tells it, and stops with its connection', () => {
    const { time, liveness, stalls } = watched();
    time.advance(DEFAULT_HEARTBEAT_MS * MISSED_HEARTBEATS - 1);
    liveness.stop();
    time.advance(DEFAULT_HEARTBEAT_MS * 10);
    expect(stalls()).toBe(0);
    expect(time.next()).toBeUndefined();
  });

  it('reads the heartbeat from the greeting, and ignores one that makes no sense', () => {
    expect(heartbeatOf({ seq: 3, heartbeat: 15_000 })).toBe(15_000);
    for (const bad of [{ seq: 3 }, { heartbeat: 0 }, { heartbeat: -5 }, { heartbeat: '15000' }, null, 7])
      expect(heartbeatOf(bad)).toBeUndefined();
  });
});
