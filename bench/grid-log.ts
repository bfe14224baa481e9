// A long, real Grid game written straight into a SQLite store for the benchmarks that read one back (replay,
// verify): the busy game of grid-game.ts decided by the kernel in-process with a fair dice secret, each batch
// linked onto the hash chain exactly as the Referee links it, and appended in big transactions (`appendNow`,
// no sync per command), so a million entries take seconds rather than a million acknowledged commands. What
// it writes is a game `referee verify` passes: every command re-decides to exactly its recorded events.
import { chain, GENESIS } from '../src/core/index.js';
import type { Command, GameEvent, GameState, Kernel, LogEntry } from '../src/core/index.js';
import type { SqliteStore } from '../src/store/sqlite.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from './grid-game.js';

/** The dice secret of the benchmarks' games (any 32 bytes: the log commits to it, verify derives from it). */
export const BENCH_MASTER = new Uint8Array(32).fill(3);

/** Entries gathered before each append: one transaction of this many rows. */
const APPEND_BATCH = 20_000;

/**
 * Plays `game` until its log has at least `size` entries (whole nweeks: announcements, then the tick that
 * makes them), writing them to `store` as it goes; answers the number of entries written.
 */
export function buildGridLog(kernel: Kernel, store: SqliteStore, game: string, size: number): number {
  let state: GameState | undefined;
  let head = GENESIS;
  let seq = 0;
  let pending: LogEntry[] = [];
  let created = false;
  const flush = () => {
    if (pending.length === 0) return;
    store.appendNow({
      game,
      entries: pending,
      ...(created ? {} : { create: { ruleset: 'grid-2002-01', master: BENCH_MASTER } }),
    });
    created = true;
    pending = [];
  };
  const apply = (events: readonly GameEvent[], ats: readonly LogEntry['at'][]) => {
    const linked = chain(head, seq + 1, events, ats);
    seq += linked.length;
    head = (linked[linked.length - 1] as LogEntry).hash;
    for (const e of linked) pending.push(e);
    if (pending.length >= APPEND_BATCH) flush();
  };
  const decide = (c: Command) => {
    const r = kernel.decide(state, c, { head, master: BENCH_MASTER });
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
    apply(r.value.events, r.value.ats);
  };
  for (const c of [createCommand(game), ...setupCommands()]) decide(c);
  while (seq < size) {
    if (!state) break;
    for (const c of moveCommands(state)) decide(c);
    decide(tickNweek);
  }
  flush();
  return seq;
}
