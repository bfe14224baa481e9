// The peer's side of bench/peer.ts: boardgame.io 0.50.2's game reducer running the walk of
// ../shared/peers/bgio-walk-bench.js (MODE=reducer): a 20 × 20 grid, 4 players, each move one step in a
// direction given by random.D4 from bgio's seeded PRNG, one move a turn. The game below is that file's, copied
// (the file runs itself when loaded). boardgame.io is installed as run-bgio.sh installs it, into a scratch
// folder outside this repository (never a dependency of the project): see `ensureBgio`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BGIO_VERSION = '0.50.2';

/** run-bgio.sh's scratch folder: $BGIO_DIR, or bgio-peer in the temporary directory. */
export const defaultBgioDir = (): string => process.env.BGIO_DIR ?? join(tmpdir(), 'bgio-peer');

/**
 * boardgame.io 0.50.2 in `dir`, installed from the npm registry with npm if it is not there yet (as
 * run-bgio.sh does, pinned to the exact version). Throws if another version is found.
 */
export function ensureBgio(dir: string): void {
  const installed = join(dir, 'node_modules', 'boardgame.io', 'package.json');
  if (!existsSync(installed)) {
    mkdirSync(dir, { recursive: true });
    const pkg = {
      name: 'bgio-peer',
      private: true,
      type: 'commonjs',
      dependencies: { 'boardgame.io': BGIO_VERSION },
    };
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', `boardgame.io@${BGIO_VERSION}`], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const version = (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version;
  if (version !== BGIO_VERSION) throw new Error(`${dir} holds boardgame.io ${version}, not ${BGIO_VERSION}`);
}

interface BgioState {
  G: { players: Record<string, { x: number; y: number; steps: number }>; total: number };
  ctx: { currentPlayer: string; turn: number };
}
type Reducer = (state: BgioState, action: unknown) => BgioState;
interface BgioInternal {
  CreateGameReducer(o: { game: unknown }): Reducer;
  InitializeGame(o: { game: unknown; numPlayers: number }): BgioState;
}

const W = 20;
const H = 20;

/** bgio-walk-bench.js's game, as it is there. */
const WALK = {
  name: 'grid-walk',
  seed: 'bench-seed',
  setup: ({ ctx }: { ctx: { numPlayers: number } }) => {
    const cells: (string | null)[] = Array<string | null>(W * H).fill(null);
    const players: Record<string, { x: number; y: number; steps: number }> = {};
    for (let i = 0; i < ctx.numPlayers; i++) {
      const x = (i * 5) % W;
      const y = (i * 7) % H;
      players[String(i)] = { x, y, steps: 0 };
      cells[y * W + x] = String(i);
    }
    return { cells, players, total: 0 };
  },
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    step: ({
      G,
      ctx,
      random,
    }: {
      G: {
        cells: (string | null)[];
        players: Record<string, { x: number; y: number; steps: number }>;
        total: number;
      };
      ctx: { currentPlayer: string };
      random: { D4(): number };
    }) => {
      const p = G.players[ctx.currentPlayer];
      if (!p) return;
      const d = random.D4();
      const dx = d === 1 ? 1 : d === 2 ? -1 : 0;
      const dy = d === 3 ? 1 : d === 4 ? -1 : 0;
      const nx = Math.min(W - 1, Math.max(0, p.x + dx));
      const ny = Math.min(H - 1, Math.max(0, p.y + dy));
      if (G.cells[p.y * W + p.x] === ctx.currentPlayer) G.cells[p.y * W + p.x] = null;
      p.x = nx;
      p.y = ny;
      p.steps++;
      G.cells[ny * W + nx] = ctx.currentPlayer;
      G.total++;
    },
  },
};

/** The reducer loop of bgio-walk-bench.js: `moves(n)` makes n moves on one game, kept between calls. */
export function bgioWalk(dir: string): { moves(n: number): number; check(): void } {
  const require = createRequire(join(dir, 'package.json'));
  const bgio = require('boardgame.io/internal') as BgioInternal;
  const reducer = bgio.CreateGameReducer({ game: WALK });
  let state = bgio.InitializeGame({ game: WALK, numPlayers: 4 });
  let made = 0;
  return {
    moves(n) {
      for (let i = 0; i < n; i++) {
        // The action the singleplayer Client dispatches (playerID = ctx.currentPlayer), as the peer script does.
        state = reducer(state, {
          type: 'MAKE_MOVE',
          payload: { type: 'step', args: [], playerID: state.ctx.currentPlayer },
        });
      }
      made += n;
      return n;
    },
    check() {
      if (state.G.total !== made) throw new Error(`bgio made ${state.G.total} moves of ${made}`);
    },
  };
}
