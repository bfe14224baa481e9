// In memory: Grid move announcements decided and applied per second (the pure kernel, no store, no hashing).
import { GENESIS, Kernel } from '../src/core/index.js';
import type { GameState } from '../src/core/index.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from './grid-game.js';
import { rate } from './harness.js';

const MASTER = new Uint8Array(32).fill(7);

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

/** Returns [announcements decided+applied per second, whole nweeks (announcements + end-of-nweek moves) per second]. */
export async function inMemory(): Promise<{ announce: number; nweekMoves: number }> {
  const kernel = new Kernel(defaultRegistry());
  const start = startedGame(kernel);
  const env = { head: GENESIS, master: MASTER };
  const announce = await rate(7, () => {
    let n = 0;
    for (let round = 0; round < 2500; round++) {
      let state = start;
      for (const c of moveCommands(start)) {
        const r = kernel.decide(state, c, env);
        if (!r.ok) throw new Error(r.error.message);
        state = r.value.state;
        n++;
      }
    }
    return n;
  });
  const nweekMoves = await rate(5, () => {
    let state = start;
    let moves = 0;
    for (let week = 0; week < 400; week++) {
      for (const c of moveCommands(state)) {
        const r = kernel.decide(state, c, env);
        if (!r.ok) throw new Error(r.error.message);
        state = r.value.state;
        moves++;
      }
      const r = kernel.decide(state, tickNweek, env);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
    }
    return moves;
  });
  return { announce, nweekMoves };
}
