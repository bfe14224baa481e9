// What the snapshot tests share (issue 17): both stores, with a way in beside the store (SQL run as someone
// who can write the database but does not know any game's secret), Referees that snapshot every few entries,
// a January Grid game played in rounds, and a store that records where its reads of a log start.
import { expect } from 'vitest';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, foldCode, Kernel, player, PUBLIC, snapshotVersion } from '../../src/core/index.js';
import type { Command, GameState } from '../../src/core/index.js';
import type { Accepted } from '../../src/engine/referee.js';
import { Referee } from '../../src/engine/referee.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { PostgresStore } from '../../src/store/postgres.js';
import type { Store } from '../../src/store/store.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import type { GridState } from '../../src/rulesets/grid-2002-01/index.js';
import { positionOf } from '../../src/rulesets/grid-2002-01/index.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/index.js';
import { locationOf } from '../../src/rulesets/grid-2002-06/index.js';
import { systemEntropy } from '../../src/node/entropy.js';
import { readSnapshot } from '../../src/engine/snapshots.js';
import { adminQuery, dropSchema, freshSchemaName, PG_URL, requirePostgres } from '../store/pg-support.js';

/** Where one store lives, and a way into its database that goes around the store. */
export interface Backend {
  open(): Promise<Store>;
  /** A table's name as SQL must say it. */
  t(table: string): string;
  /** Runs one statement (`?` for each parameter) straight on the database; answers the rows it reads. */
  sql(statement: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  dispose(): Promise<void>;
}

export const BACKENDS: readonly { readonly name: string; make(): Promise<Backend> }[] = [
  {
    name: 'SQLite',
    make: () => {
      const dir = mkdtempSync(join(tmpdir(), 'referee-snapshots-'));
      const path = join(dir, 'games.db');
      return Promise.resolve({
        open: () => Promise.resolve(new SqliteStore(path)),
        t: (table) => table,
        sql: (statement, params = []) => {
          const db = new Database(path);
          try {
            db.pragma('busy_timeout = 5000');
            const s = db.prepare(statement);
            return Promise.resolve(
              s.reader ? (s.all(...params) as Record<string, unknown>[]) : (s.run(...params), []),
            );
          } finally {
            db.close();
          }
        },
        dispose: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
      });
    },
  },
  {
    name: 'PostgreSQL',
    make: async () => {
      await requirePostgres();
      const schema = freshSchemaName();
      return {
        open: () => PostgresStore.open(PG_URL, { schema }),
        t: (table) => `${schema}.${table}`,
        sql: (statement, params = []) => {
          let n = 0;
          return adminQuery(
            statement.replace(/\?/g, () => `$${++n}`),
            [...params],
          );
        },
        dispose: () => dropSchema(schema).then(() => undefined),
      };
    },
  },
];

export const kernel = new Kernel(defaultRegistry());

/** Snapshots every EVERY entries, so that a test's game of a few dozen entries has some. */
export const EVERY = 10;

/** A Referee as a process would have one; `code` stands for another build of the program (another version). */
export function refereeOn(store: Store, options: { every?: number; code?: string } = {}): Referee {
  const code = options.code;
  return new Referee(store, defaultRegistry(), systemEntropy, {
    snapshots: { every: options.every ?? EVERY, ...(code !== undefined ? { code: () => code } : {}) },
  });
}

/** Why the game's stored snapshot is not used by a Referee of `refereeOn` (undefined: it is used). */
export async function ignoredBecause(store: Store, game: string, code = ''): Promise<string | undefined> {
  const version = () => snapshotVersion(`${foldCode(defaultRegistry())}\n${code}`);
  const reading = await readSnapshot(store, game, await store.master(game), version);
  return reading.usable ? undefined : reading.why;
}

export async function must(referee: Referee, game: string, command: Command): Promise<Accepted> {
  const r = await referee.submit(game, command);
  if (!r.ok) throw new Error(`${command.type}: ${r.error.message}`);
  return r.value;
}

export const PLAYERS = ['alice', 'bob', 'carol'];

/** A January Grid game with fair dice: three players joined and on the Grid, far apart. */
export async function newGridGame(referee: Referee, game: string, ruleset = 'grid-2002-01'): Promise<void> {
  await must(referee, game, { type: 'create', by: ADMIN, args: { game, ruleset, dice: 'fair' } });
  for (const [i, p] of PLAYERS.entries()) {
    await must(referee, game, { type: 'join', by: player(p), args: {} });
    await must(referee, game, { type: 'enter', by: player(p), args: { x: 4 + 6 * i, y: 10 } });
  }
}

/**
 * The moves of one nweek: each player one unit up in even nweeks, down in odd ones (`dx` to the side), on
 * the January Grid (announced, made when the nweek ends) or the June Grid (made at once).
 */
export function movesOf(state: GameState, dx = 0): Command[] {
  const dy = state.clock.nweek % 2 === 0 ? 1 : -1;
  return PLAYERS.map((p): Command => {
    const at = (state.ruleset === 'grid-2002-06'
      ? locationOf(state.rules as JuneState, p)
      : positionOf(state.rules as GridState, p)) ?? [1, 1];
    return { type: 'move', by: player(p), args: { x: at[0] + dx, y: at[1] + dy } };
  });
}

/** `n` nweeks of play: every player announces a move, then the nweek ends. */
export async function rounds(referee: Referee, game: string, n: number, dx = 0): Promise<void> {
  for (let i = 0; i < n; i++) {
    for (const c of movesOf(await referee.state(game), dx)) await must(referee, game, c);
    await must(referee, game, { type: 'tick', by: ADMIN, args: { nweek: true } });
  }
}

/** The state the game's whole log folds to, read from the store. */
export async function replayed(store: Store, game: string): Promise<GameState> {
  const entries = (await store.entries(game)) ?? [];
  const state = kernel.replay(entries.map((e) => e.event));
  if (!state) throw new Error(`no game ${game}`);
  return state;
}

/** A state is the log's: deep and strict equality, and the same view for everyone. */
export function expectSameGame(state: GameState, log: GameState): void {
  expect(state).toStrictEqual(log);
  for (const v of [ADMIN, PUBLIC, ...log.players.map((p) => player(p))])
    expect(kernel.view(state, v)).toStrictEqual(kernel.view(log, v));
}

/** A store that records where each of its reads of a log starts (stream: the first write's check; foldStream: a load). */
export function recording(store: Store): { store: Store; streams: number[]; folds: number[] } {
  const streams: number[] = [];
  const folds: number[] = [];
  const recorded = Object.create(store) as Store;
  recorded.stream = (game, fromSeq) => {
    streams.push(fromSeq ?? 1);
    return store.stream(game, fromSeq);
  };
  recorded.foldStream = (game, stub, fromSeq) => {
    folds.push(fromSeq ?? 1);
    return store.foldStream(game, stub, fromSeq);
  };
  return { store: recorded, streams, folds };
}
