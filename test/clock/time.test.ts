// The clock's time sources: simulated time runs timers in order at their instants and jumps the wall clock
// alone; the heap gives the earliest first.
import { describe, expect, it } from 'vitest';
import { SimulatedTime, systemTime } from '../../src/clock/time.js';
import { MinHeap } from '../../src/clock/heap.js';

describe('SimulatedTime', () => {
  it('runs due timers in order of their instants, each at its own instant', () => {
    const time = new SimulatedTime('2026-01-01T00:00:00Z');
    const seen: [string, number, number][] = [];
    const at = (name: string) => () => seen.push([name, time.now(), time.monotonic()]);
    time.setTimer(300, at('c'));
    time.setTimer(100, at('a'));
    time.setTimer(100, at('a2'));
    const cancel = time.setTimer(200, at('never'));
    cancel();
    time.advance(250);
    const start = Date.parse('2026-01-01T00:00:00Z');
    expect(seen).toEqual([
      ['a', start + 100, 100],
      ['a2', start + 100, 100],
    ]);
    expect(time.monotonic()).toBe(250);
    time.advance(50);
    expect(seen.map((s) => s[0])).toEqual(['a', 'a2', 'c']);
  });

  it('runs a timer set by a timer within the same advance', () => {
    const time = new SimulatedTime(0);
    const seen: number[] = [];
    time.setTimer(10, () => {
      seen.push(time.monotonic());
      time.setTimer(10, () => seen.push(time.monotonic()));
    });
    time.advance(100);
    expect(seen).toEqual([10, 20]);
  });

  it('jump moves the wall clock and not the monotonic one, and runs no timer', () => {
    const time = new SimulatedTime(1_000_000);
    let ran = false;
    time.setTimer(10, () => (ran = true));
    time.jump(3_600_000);
    expect(time.now()).toBe(4_600_000);
    expect(time.monotonic()).toBe(0);
    expect(ran).toBe(false);
    time.jump(-7_200_000);
    expect(time.now()).toBe(1_000_000 - 3_600_000);
  });

  it('run waits for the work each timer starts before the next timer', async () => {
    const time = new SimulatedTime(0);
    const done: number[] = [];
    let pending: Promise<void> = Promise.resolve();
    const tick = () => {
      pending = Promise.resolve().then(() => {
        done.push(time.now());
        if (done.length < 3) time.setTimer(1000, tick);
      });
    };
    time.setTimer(1000, tick);
    await time.run(10_000, () => pending);
    expect(done).toEqual([1000, 2000, 3000]);
    expect(time.now()).toBe(10_000);
  });

  it('refuses a negative advance and a start that is not an instant', () => {
    expect(() => new SimulatedTime('not a date')).toThrow(/not an instant/);
    expect(() => new SimulatedTime(0).advance(-1)).toThrow(/not a duration/);
  });
});

describe('systemTime', () => {
  it('reads the machine clocks and cancels a timer', () => {
    expect(Math.abs(systemTime.now() - Date.now())).toBeLessThan(1000);
    const a = systemTime.monotonic();
    expect(systemTime.monotonic()).toBeGreaterThanOrEqual(a);
    const cancel = systemTime.setTimer(1_000_000, () => {
      throw new Error('must not run');
    });
    cancel();
  });
});

describe('MinHeap', () => {
  it('pops in order', () => {
    const heap = new MinHeap<number>((a, b) => a < b);
    const values = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000);
    for (const v of values) heap.push(v);
    const out: number[] = [];
    for (let v = heap.pop(); v !== undefined; v = heap.pop()) out.push(v);
    expect(out).toEqual([...values].sort((a, b) => a - b));
    expect(heap.size).toBe(0);
  });
});
