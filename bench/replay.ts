// Replay: events per second rebuilding a game from a 1,000,000-entry log stored in SQLite, the way the
// referee loads a game (streamed in batches, parsed, folded), with the peak heap while doing it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FOLD_NOOP_TYPES, Kernel } from '../src/core/index.js';
import type { GameState } from '../src/core/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { buildGridLog } from './grid-log.js';

export async function replay(
  size = 1_000_000,
): Promise<{ entries: number; perSecond: number; peakHeapMB: number; buildSeconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-replay-'));
  const store = new SqliteStore(join(dir, 'replay.db'), { sync: 'normal' });
  const kernel = new Kernel(defaultRegistry());
  try {
    const t0 = performance.now();
    const entries = buildGridLog(kernel, store, 'replay', size);
    const buildSeconds = (performance.now() - t0) / 1000;
    globalThis.gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const start = performance.now();
    let state: GameState | undefined;
    let folded = 0;
    // Exactly what Referee.load does.
    for await (const batch of store.foldStream('replay', FOLD_NOOP_TYPES)) {
      for (const e of batch.events) state = kernel.evolve(state, e);
      folded += batch.events.length;
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const seconds = (performance.now() - start) / 1000;
    if (folded !== entries || !state) throw new Error('replay lost entries');
    return { entries, perSecond: folded / seconds, peakHeapMB: peak / 2 ** 20, buildSeconds };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
