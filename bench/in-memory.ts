// In memory: Grid move announcements decided and applied per second (the pure kernel, no store, no hashing).
import { GENESIS, Kernel } from '../src/core/index.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { moveCommands, tickNweek } from './grid-game.js';
import { announceRate, MASTER, startedGame } from './announce.js';
import { rate } from './harness.js';

/** With every ruleset the program ships loaded, as in the `referee` command. */
export async function inMemory(): Promise<{ announce: number; nweekMoves: number }> {
  const kernel = new Kernel(defaultRegistry());
  const start = startedGame(kernel);
  const env = { head: GENESIS, master: MASTER };
  const announce = await announceRate(kernel);
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
