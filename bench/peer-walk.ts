// Our side of the peer comparison (bench/peer.ts): the January Grid played as boardgame.io's walk is played in
// ../shared/peers/bgio-walk-bench.js — a 20 × 20 grid, 4 players starting on the same squares, each moving
// one unit in a direction given by a D4 — as whole nweeks: every player announces eir move, then the
// Administrator's tick ends the nweek, making the moves in the order announced (with the Things' checks after
// each, their teleports rolled on the secret stream, and the nweek's seed revealed and the next committed).
//
// The kernel is loaded from a build's root (`dist` of this checkout or of another, for `--before`), so this
// file imports only types from src/core.
import type { Command, GameState, Kernel } from '../src/core/index.js';
import type { GridState } from '../src/rulesets/grid-2002-01/index.js';

/** What the walk needs from a build: its kernel, The Grid, and the kernel's helpers. */
export interface KernelBuild {
  readonly Kernel: new (registry: unknown) => Kernel;
  readonly Registry: new (rulesets: readonly unknown[]) => unknown;
  readonly grid200201Ruleset: unknown;
  readonly GENESIS: string;
  readonly positionOf: (rules: GridState, player: string) => readonly [number, number] | undefined;
  readonly useNativeHashes: () => void;
}

/** Loads a build (the root holding `src/`, e.g. `dist`) with the native hashes installed, as `referee` runs. */
export async function loadBuild(root: string): Promise<KernelBuild> {
  const at = (path: string): Promise<Record<string, unknown>> =>
    import(new URL(path, `file://${root.replace(/\/?$/, '/')}`).href) as Promise<Record<string, unknown>>;
  const [core, grid, native] = await Promise.all([
    at('src/core/index.js'),
    at('src/rulesets/grid-2002-01/index.js'),
    at('src/node/native-hash.js'),
  ]);
  const build = { ...core, ...grid, useNativeHashes: native.useNativeHashes } as unknown as KernelBuild;
  build.useNativeHashes();
  return build;
}

const SIZE = 20;
export const WALKERS = ['p0', 'p1', 'p2', 'p3'];
/** The master secret of the benchmark's game (fair dice): fixed, so every run plays the same game. */
export const WALK_MASTER = new Uint8Array(32).fill(7);

/**
 * The D4 the walkers' directions come from: mulberry32, seeded, so every run (and every build) plays the same
 * game. The January Grid's rules roll no die for a move (a player announces where e goes), so the die is the
 * players' here, as boardgame.io's is its move function's (its seeded PRNG, not a cryptographic one).
 */
export function d4(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % 4) + 1;
  };
}

/**
 * A walker's announcement from a D4, as bgio's move reads it (1: x+1, 2: x−1, 3: y+1, 4: y−1). bgio clamps a
 * step off the board and the token stays; the Grid has no move to one's own unit ("the units surround[ing]
 * eir current location"), so a step off the Grid goes the other way instead.
 */
export function stepFrom(at: readonly [number, number], d: number): [number, number] {
  const dx = d === 1 ? 1 : d === 2 ? -1 : 0;
  const dy = d === 3 ? 1 : d === 4 ? -1 : 0;
  let x = at[0] + dx;
  let y = at[1] + dy;
  if (x < 1 || x > SIZE) x = at[0] - dx;
  if (y < 1 || y > SIZE) y = at[1] - dy;
  return [x, y];
}

/** The game: created with fair dice, the four walkers joined and entered on bgio's squares (made 1-based). */
export function walkGame(b: KernelBuild, kernel: Kernel): GameState {
  const admin = { role: 'admin' } as const;
  const commands: Command[] = [
    { type: 'create', by: admin, args: { game: 'walk', ruleset: 'grid-2002-01', dice: 'fair' } },
    ...WALKERS.map((p): Command => ({ type: 'join', by: { role: 'player', name: p }, args: {} })),
    ...WALKERS.map((p, i): Command => ({
      type: 'enter',
      by: { role: 'player', name: p },
      args: { x: ((i * 5) % SIZE) + 1, y: ((i * 7) % SIZE) + 1 },
    })),
  ];
  let state: GameState | undefined;
  for (const c of commands) {
    const r = kernel.decide(state, c, { head: b.GENESIS, master: WALK_MASTER });
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  if (!state) throw new Error('no game');
  return state;
}

const TICK: Command = { type: 'tick', by: { role: 'admin' }, args: { nweek: true } };

/**
 * Plays `nweeks` whole nweeks from `start`: each walker announces a step (the D4's), then the tick makes the
 * moves. Returns the moves announced and the state after. Only the kernel's work is in the loop: the commands
 * are what an edge would hand over (built here from the state, as a player reads the board).
 */
export function playNweeks(
  b: KernelBuild,
  kernel: Kernel,
  start: GameState,
  nweeks: number,
  die: () => number,
): { moves: number; state: GameState } {
  const env = { head: b.GENESIS, master: WALK_MASTER };
  let state = start;
  let moves = 0;
  for (let w = 0; w < nweeks; w++) {
    for (const name of WALKERS) {
      const at = b.positionOf(state.rules as GridState, name);
      if (!at) throw new Error(`${name} is not on the Grid`);
      const [x, y] = stepFrom(at, die());
      const r = kernel.decide(state, { type: 'move', by: { role: 'player', name }, args: { x, y } }, env);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      moves++;
    }
    const r = kernel.decide(state, TICK, env);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  return { moves, state };
}

/** The four announcements of one nweek decided from the same state, `rounds` times (no tick): announcements alone. */
export function announceOnly(b: KernelBuild, kernel: Kernel, start: GameState, rounds: number): number {
  const env = { head: b.GENESIS, master: WALK_MASTER };
  const die = d4(1);
  const commands = WALKERS.map((name): Command => {
    const at = b.positionOf(start.rules as GridState, name) ?? [1, 1];
    const [x, y] = stepFrom(at, die());
    return { type: 'move', by: { role: 'player', name }, args: { x, y } };
  });
  let n = 0;
  for (let i = 0; i < rounds; i++) {
    let state = start;
    for (const c of commands) {
      const r = kernel.decide(state, c, env);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      n++;
    }
  }
  return n;
}

const PLAYERS = Array.from({ length: 20 }, (_, i) => `p${i + 1}`);

/**
 * bench/in-memory.ts's game (bench/grid-game.ts, written out here as data, since importing that file would load
 * this checkout's kernel beside the build's): 20 players walking up and down in a band of the Grid.
 */
export function bandGame(b: KernelBuild, kernel: Kernel): GameState {
  const setup: Command[] = [
    { type: 'create', by: { role: 'admin' }, args: { game: 'bench', ruleset: 'grid-2002-01', dice: 'fair' } },
    ...PLAYERS.map((p): Command => ({ type: 'join', by: { role: 'player', name: p }, args: {} })),
    ...PLAYERS.map((p, i): Command => ({
      type: 'enter',
      by: { role: 'player', name: p },
      args: { x: i + 1, y: 5 + 2 * (i % 2) },
    })),
  ];
  let state: GameState | undefined;
  for (const c of setup) {
    const r = kernel.decide(state, c, { head: b.GENESIS, master: WALK_MASTER });
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  if (!state) throw new Error('no game');
  return state;
}

/** bench/grid-game.ts's announcements, each player's position read with the build's own Grid. */
function bandMoves(b: KernelBuild, state: GameState): Command[] {
  const dy = state.clock.nweek % 2 === 0 ? 1 : -1;
  return PLAYERS.map((name): Command => {
    const at = b.positionOf(state.rules as GridState, name) ?? [1, 1];
    return { type: 'move', by: { role: 'player', name }, args: { x: at[0], y: at[1] + dy } };
  });
}

/** bench/in-memory.ts's whole nweeks: every player announces, then the tick. */
export function bandNweeks(
  b: KernelBuild,
  kernel: Kernel,
  start: GameState,
  nweeks: number,
): { moves: number; state: GameState } {
  const env = { head: b.GENESIS, master: WALK_MASTER };
  let state = start;
  let moves = 0;
  for (let w = 0; w < nweeks; w++) {
    for (const c of bandMoves(b, state)) {
      const r = kernel.decide(state, c, env);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      moves++;
    }
    const r = kernel.decide(state, TICK, env);
    if (!r.ok) throw new Error(r.error.message);
    state = r.value.state;
  }
  return { moves, state };
}

/** bench/announce.ts's loop: one nweek's 20 announcements decided from the same state, `rounds` times. */
export function bandAnnounce(b: KernelBuild, kernel: Kernel, start: GameState, rounds: number): number {
  const env = { head: b.GENESIS, master: WALK_MASTER };
  const commands = bandMoves(b, start);
  let n = 0;
  for (let i = 0; i < rounds; i++) {
    let state = start;
    for (const c of commands) {
      const r = kernel.decide(state, c, env);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value.state;
      n++;
    }
  }
  return n;
}
