// Tiny measurement helpers for `npm run bench`: run a piece of work several times and keep the median.
import { performance } from 'node:perf_hooks';

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly target?: string;
  readonly note?: string;
}

/** Runs `work` (which returns how many operations it did) `runs` times after one warm-up; median ops/s. */
export async function rate(runs: number, work: () => number | Promise<number>): Promise<number> {
  await work();
  const rates: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const ops = await work();
    rates.push(ops / ((performance.now() - start) / 1000));
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)] ?? 0;
}

export const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
