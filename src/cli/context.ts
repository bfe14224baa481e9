// What every verb needs: the store (a SQLite file or PostgreSQL), the referee over it, and the viewer a flag names.
import type { Command as Program } from 'commander';
import type { GameState, Viewer } from '../core/index.js';
import { ADMIN, knownSpelling, PUBLIC, PLAYER_NAME, player } from '../core/index.js';
import { StoreError } from '../engine/ports/index.js';
import type { GameLog } from '../engine/ports/index.js';
import type { CliDoor, Reading } from '../engine/ports/index.js';
import { defaultSpec, DEFAULT_DB as STORE_DEFAULT_DB, openHouse, shownSpec } from '../house/house.js';
import type { House } from '../house/house.js';
import { UsageError } from './fail.js';
import { cliNow } from './now.js';
import { mayDraw, NO_PROGRESS, openProgress } from './progress.js';
import type { Progress } from './progress.js';

export const DEFAULT_DB = STORE_DEFAULT_DB;

/**
 * The --db value: the flag, else REFEREE_DB, else DATABASE_URL (a postgres:// one), else ./referee.db. A
 * SQLite file path, `sqlite:PATH`, or a PostgreSQL connection string.
 */
export function dbPath(program: Program): string {
  const opts = program.opts<{ db?: string }>();
  return opts.db ?? defaultSpec();
}

/**
 * Opens the house (src/house/house.ts: the store and the Referee over it), runs the work, and always closes
 * the store. The Referee has every command of a game the store marks as played by mail write the notices
 * `serve --mail` would (src/house/by-mail.ts), whatever the verb. Its registry loads a ruleset when a game
 * names it (src/rulesets/catalogue.ts): a verb on a Grid game loads the Grid alone.
 */
export async function withReferee<T>(
  program: Program,
  work: (referee: CliDoor, house: House) => Promise<T>,
  flags: { json?: boolean } = {},
): Promise<T> {
  const sync = program.opts<{ sync?: string }>().sync ?? process.env.REFEREE_SYNC ?? 'full';
  if (sync !== 'full' && sync !== 'normal') throw new UsageError('--sync is full or normal');
  const house = await openHouse(dbPath(program), { sync, now: cliNow });
  const { referee } = house;
  const bars = new Map<string, Promise<Progress>>();
  try {
    if (mayDraw(flags))
      // A long log replayed to load a game (any verb): a bar while it is (progress.ts), cleared at its end.
      // Drawn against what is left after the snapshot the replay starts from, so a game with one gets none.
      referee.replayProgress = async (game, folded, done, after) => {
        let opening = bars.get(game);
        if (!opening) {
          const left = async () => {
            const length = await logLength(referee.gameLog, game);
            return length === undefined ? undefined : length - after;
          };
          opening = openProgress(`replaying ${game}`, left, flags);
          bars.set(game, opening);
        }
        const bar = await opening;
        bar.update(folded);
        if (done) bar.stop();
      };
    return await work(referee, house);
  } finally {
    for (const bar of bars.values()) (await bar.catch(() => NO_PROGRESS)).stop();
    await house.close();
  }
}

/** How many entries a game's log has, if the store can tell cheaply (what a progress bar is drawn against). */
export async function logLength(store: GameLog, game: string): Promise<number | undefined> {
  return store.logLength ? await store.logLength(game) : undefined;
}

export interface ViewerFlags {
  as?: string;
  admin?: boolean;
  public?: boolean;
}

/** --as NAME is that player's view, --admin the Administrator's, neither the public's. */
export function viewerOf(flags: ViewerFlags): Viewer {
  if (flags.as !== undefined && flags.admin) throw new UsageError('choose one of --as NAME and --admin');
  if (flags.admin) return ADMIN;
  if (flags.as !== undefined) {
    if (!PLAYER_NAME.test(flags.as)) throw new UsageError(`"${flags.as}" is not a player name`);
    return player(flags.as);
  }
  return PUBLIC;
}

/**
 * The game, or undefined if there is none: for what a verb looks up before its command (a name's spelling, K13),
 * leaving an unknown game to the command's own refusal.
 */
export async function gameIfAny(
  referee: Pick<Reading, 'state'>,
  game: string,
): Promise<GameState | undefined> {
  try {
    return await referee.state(game);
  } catch (e) {
    if (e instanceof StoreError && e.code === 'unknown-game') return undefined;
    throw e;
  }
}

/** A name as the game knows it (K13: "ALICE" is alice), or as given where the game does not hold it. */
export const spelt = (state: GameState | undefined, name: string): string =>
  state ? knownSpelling(state, name) : name;

/** "12,7,3" (or "12 7 3") as dice results. */
export function parseRolls(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(/[\s,]+/).filter((p) => p.length > 0);
  return parts.map((p) => {
    if (!/^\d+$/.test(p) || Number(p) < 1)
      throw new UsageError(`"${p}" is not a dice result (a whole number from 1)`);
    return Number(p);
  });
}

/** The store as it may be printed: a PostgreSQL connection string without its password. */
export function shownDb(program: Program): string {
  return shownSpec(dbPath(program));
}
