// Whole nweeks of a busy Grid game (20 players announcing every nweek: grid-game.ts) through the whole
// Referee on the durable SQLite store, as a deployment runs them, on `fair` dice and on `beacon` dice, side by
// side in one run (issue 26, "Done means"). Each command is submitted, decided, chained and committed in its
// own transaction. A beacon nweek pays, beyond a fair one: its tick's seed sealed in its timelock (the engine's
// tlock encryption, decideSealed), its anchor round recorded (`beacon`), and the round the last nweek's
// timelock opens at recorded (`beacon`, as the clock records it when due, B14). The rounds are cached (each
// verified once, by a warm-up game on the same simulated instants), as in a running referee every round is
// verified once when it is recorded. Time is simulated (the Referee's `now`), a week an nweek. Games
// alternate fair and beacon, so a busy machine weighs on both alike.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ADMIN } from '../src/core/index.js';
import type { Command } from '../src/core/index.js';
import { roundAt, roundTime } from '../src/core/dice/beacon-chains.js';
import { Referee } from '../src/engine/referee.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { SyncMode } from '../src/store/sqlite.js';
import { defaultRegistry } from '../src/rulesets/index.js';
import { systemEntropy } from '../src/node/entropy.js';
import { benchChain } from './beacon-nweeks.js';
import { createCommand, moveCommands, setupCommands, tickNweek } from './grid-game.js';

const DAY = 86_400_000;

interface Played {
  /** ms for the game's nweeks (creation and setup not counted). */
  readonly ms: number;
  /** ms of those spent in the ticks (a beacon tick seals its seed). */
  readonly tickMs: number;
  /** ms of those spent recording rounds (`beacon`). */
  readonly roundMs: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Median ms per nweek, fair and beacon, through the Referee on SQLite; games alternate, `runs` of each. */
export async function beaconReferee(
  nweeks = 20,
  runs = 5,
  sync: SyncMode = 'full',
): Promise<{
  fairMs: number;
  beaconMs: number;
  beaconTickMs: number;
  fairTickMs: number;
  roundMs: number;
  nweeks: number;
  runs: number;
  sync: SyncMode;
}> {
  const b = benchChain();
  const t0 = roundTime(b.chain, 1000);
  let clock = t0;
  const dir = mkdtempSync(join(tmpdir(), 'referee-beacon-bench-'));
  const store = new SqliteStore(join(dir, 'bench.db'), { sync });
  const referee = new Referee(store, defaultRegistry(), systemEntropy, { now: () => clock });
  let n = 0;
  const ack = async (game: string, c: Command): Promise<void> => {
    const r = await referee.submit(game, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.error.message}`);
  };
  const record = (game: string, round: number) =>
    ack(game, { type: 'beacon', by: ADMIN, args: { round, json: { ...b.round(round) } } });

  async function play(dice: 'fair' | 'beacon'): Promise<Played> {
    const game = `${dice}${n++}`;
    clock = t0;
    const create = createCommand(game);
    await ack(game, {
      ...create,
      args: {
        ...create.args,
        dice,
        ...(dice === 'beacon' ? { beacon: { ...b.chain }, at: new Date(clock).toISOString() } : {}),
      },
    });
    /** The anchor the game waits for, and the timelock rounds now due (as the clock records them). */
    const rounds = async () => {
      const beacon = (await referee.state(game)).dice.beacon;
      if (!beacon) return;
      if (beacon.randomness === null) await record(game, beacon.round);
      for (const r of beacon.sealed ?? []) if (r <= roundAt(b.chain, clock)) await record(game, r);
    };
    clock += 60_000;
    await rounds();
    for (const c of setupCommands()) await ack(game, c);
    let tickMs = 0;
    let roundMs = 0;
    const start = performance.now();
    for (let w = 1; w <= nweeks; w++) {
      for (const c of moveCommands(await referee.state(game))) await ack(game, c);
      clock = t0 + w * 7 * DAY;
      let t = performance.now();
      await ack(game, tickNweek);
      tickMs += performance.now() - t;
      clock += 60_000;
      t = performance.now();
      await rounds();
      roundMs += performance.now() - t;
    }
    return { ms: performance.now() - start, tickMs, roundMs };
  }

  try {
    // Warm-up: one game of each, which also verifies (so caches) every round the timed games record.
    await play('fair');
    await play('beacon');
    const fair: Played[] = [];
    const beacon: Played[] = [];
    for (let i = 0; i < runs; i++) {
      fair.push(await play('fair'));
      beacon.push(await play('beacon'));
    }
    const per = (xs: Played[], f: (p: Played) => number) => median(xs.map(f)) / nweeks;
    return {
      fairMs: per(fair, (p) => p.ms),
      beaconMs: per(beacon, (p) => p.ms),
      fairTickMs: per(fair, (p) => p.tickMs),
      beaconTickMs: per(beacon, (p) => p.tickMs),
      roundMs: per(beacon, (p) => p.roundMs),
      nweeks,
      runs,
      sync,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
