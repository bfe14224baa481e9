// Replay: events per second rebuilding a game from a 1,000,000-entry log stored in SQLite, the way the
// referee loads a game (streamed in batches, parsed, folded), with the peak heap while doing it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chain, FOLD_NOOP_TYPES, GENESIS, Kernel } from '../src/core/index.js';
import type { GameEvent, GameState, LogEntry } from '../src/core/index.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from './grid-game.js';

const MASTER = new Uint8Array(32).fill(3);

/** Plays a game until its log has at least `size` entries, writing them to the store as it goes. */
function buildLog(kernel: Kernel, store: SqliteStore, size: number): number {
  let state: GameState | undefined;
  let head = GENESIS;
  let seq = 0;
  let pending: LogEntry[] = [];
  let created = false;
  const flush = () => {
    if (pending.length === 0) return;
    store.appendNow({
      game: 'replay',
      entries: pending,
      ...(created ? {} : { create: { ruleset: 'grid-2002-01', master: MASTER } }),
    });
    created = true;
    pending = [];
  };
  const apply = (events: readonly GameEvent[], ats: readonly LogEntry['at'][]) => {
    const linked = chain(head, seq + 1, events, ats);
    seq += linked.length;
    head = (linked[linked.length - 1] as LogEntry).hash;
    pending.push(...linked);
    if (pending.length >= 20_000) flush();
  };
  const decide = (c: Parameters<Kernel['decide']>[1]) => {
    const r = kernel.decide(state, c, { head, master: MASTER });
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
    apply(r.value.events, r.value.ats);
  };
  for (const c of [createCommand('replay'), ...setupCommands()]) decide(c);
  while (seq < size) {
    if (!state) break;
    for (const c of moveCommands(state)) decide(c);
    decide(tickNweek);
  }
  flush();
  return seq;
}

export async function replay(
  size = 1_000_000,
): Promise<{ entries: number; perSecond: number; peakHeapMB: number; buildSeconds: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-replay-'));
  const store = new SqliteStore(join(dir, 'replay.db'), { sync: 'normal' });
  const kernel = new Kernel(defaultRegistry());
  try {
    const t0 = performance.now();
    const entries = buildLog(kernel, store, size);
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
