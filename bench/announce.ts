// The in-memory measurement itself, importing only the kernel and The Grid, so that a process can measure it
// without loading every other ruleset (whose schemas slow zod's shared code paths: docs/benchmarks.md).
import { GENESIS } from '../src/core/index.js';
import type { GameState, Kernel } from '../src/core/index.js';
import { createCommand, moveCommands, setupCommands } from './grid-game.js';
import { rate } from './harness.js';

export const MASTER = new Uint8Array(32).fill(7);

export function startedGame(kernel: Kernel): GameState {
  let state: GameState | undefined;
  for (const c of [createCommand('bench'), ...setupCommands()]) {
    const r = kernel.decide(state, c, { head: GENESIS, master: MASTER });
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  if (!state) throw new Error('no game');
  return state;
}

/** Move announcements decided and applied per second by a kernel (which knows at least The Grid). */
export async function announceRate(kernel: Kernel): Promise<number> {
  const start = startedGame(kernel);
  const env = { head: GENESIS, master: MASTER };
  // The commands as an edge (CLI, HTTP) hands them over: built once, outside the timing.
  const commands = moveCommands(start);
  // Long runs: V8 needs a few hundred thousand decisions to tier this path up fully.
  return rate(5, () => {
    let n = 0;
    for (let round = 0; round < 10_000; round++) {
      let state = start;
      for (const c of commands) {
        const r = kernel.decide(state, c, env);
        if (!r.ok) throw new Error(r.error.message);
        state = r.value.state;
        n++;
      }
    }
    return n;
  });
}
