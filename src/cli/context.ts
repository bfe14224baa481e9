// What every verb needs: the store (a SQLite file or PostgreSQL), the referee over it, and the viewer a flag names.
import type { Command as Program } from 'commander';
import type { Viewer } from '../core/index.js';
import { ADMIN, PUBLIC, PLAYER_NAME, player } from '../core/index.js';
import { Referee } from '../engine/referee.js';
import { defaultSpec, DEFAULT_DB as STORE_DEFAULT_DB, isPostgresSpec, openStore } from '../store/open.js';
import { redact } from '../store/postgres/connection.js';
import { lazyRegistry } from '../rulesets/catalogue.js';
import { systemEntropy } from '../node/entropy.js';
import { programCode } from '../node/code-version.js';
import { UsageError } from './fail.js';
import { noticesByMail } from './by-mail.js';

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
 * Opens the store, runs the work, and always closes the store. The Referee has every command of a game the
 * store marks as played by mail write the notices `serve --mail` would (by-mail.ts), whatever the verb. Its
 * registry loads a ruleset when a game names it (src/rulesets/catalogue.ts): a verb on a Grid game loads
 * the Grid alone.
 */
export async function withReferee<T>(program: Program, work: (referee: Referee) => Promise<T>): Promise<T> {
  const sync = program.opts<{ sync?: string }>().sync ?? process.env.REFEREE_SYNC ?? 'full';
  if (sync !== 'full' && sync !== 'normal') throw new UsageError('--sync is full or normal');
  const store = await openStore(dbPath(program), { sync });
  try {
    const referee = new Referee(store, lazyRegistry(), systemEntropy, {
      snapshots: { code: programCode },
    });
    noticesByMail(referee);
    return await work(referee);
  } finally {
    await store.close();
  }
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
  const spec = dbPath(program);
  return isPostgresSpec(spec) ? redact(spec) : spec;
}
