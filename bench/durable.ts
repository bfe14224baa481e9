// Durable: commands acknowledged per second into a SQLite file, each one its own committed transaction,
// through the whole referee (decide, hash chain, append). Measured in both synchronous modes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Referee } from '../src/engine/referee.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { SyncMode } from '../src/store/sqlite.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { systemEntropy } from '../src/node/entropy.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from './grid-game.js';
import { rate } from './harness.js';

export async function durable(sync: SyncMode): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'referee-bench-'));
  const store = new SqliteStore(join(dir, 'bench.db'), { sync });
  const referee = new Referee(store, defaultRegistry(), systemEntropy);
  let n = 0;
  const ack = async (game: string, c: Parameters<Referee['submit']>[1]) => {
    const r = await referee.submit(game, c);
    if (!r.ok) throw new Error(r.error.message);
  };
  try {
    return await rate(3, async () => {
      const game = `g${n++}`;
      let acknowledged = 0;
      for (const c of [createCommand(game), ...setupCommands()]) {
        await ack(game, c);
        acknowledged++;
      }
      for (let week = 0; week < 100; week++) {
        for (const c of moveCommands(await referee.state(game))) {
          await ack(game, c);
          acknowledged++;
        }
        await ack(game, tickNweek);
        acknowledged++;
      }
      return acknowledged;
    });
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
