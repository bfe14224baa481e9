// The composition root (issue 28 item 3): the one place that opens a store and builds the rooms over it. Every
// CLI verb and `serve` open their store here and get a Referee wired as every process needs it (the report
// producers of games played by mail: by-mail.ts); the long-running parts (the clock, the couriers and the
// mail channel: serving.ts) are built here too, so a new channel plugs in at one place. Only the engine
// and this room import the store (test/architecture/ports.test.ts); the rooms below get narrow ports.
import { Referee } from '../engine/referee.js';
import type { CliDoor } from '../engine/ports/index.js';
import { programCode } from '../node/code-version.js';
import { systemEntropy } from '../node/entropy.js';
import { lazyRegistry } from '../rulesets/catalogue.js';
import { DEFAULT_DB, defaultSpec, isPostgresSpec, openStore } from '../store/open.js';
import type { SyncMode } from '../store/sqlite.js';
import { redact } from '../store/postgres/connection.js';
import { noticesByMail } from './by-mail.js';
import type { Service, ServiceOptions, ServiceSteps } from './service.js';

export { DEFAULT_DB, defaultSpec, isPostgresSpec };

/** How a house is opened. */
export interface HouseOptions {
  /** SQLite only: how hard a commit waits for the disk. */
  readonly sync?: SyncMode;
  /**
   * 'as-named' (the default): rulesets are loaded as games name them (src/rulesets/catalogue.ts), so a verb
   * on a Grid game loads the Grid alone; 'all': every ruleset at once (a copy of whole games checks any).
   */
  readonly rulesets?: 'as-named' | 'all';
  /**
   * Whether each command of a game played by mail writes its notices (by-mail.ts): true for every process
   * that gives commands; false for a store opened only to be copied from or into.
   */
  readonly byMail?: boolean;
  /** The time a beacon game's tick is decided at (RefereeOptions.now; issue 26): the machine's unless given. */
  readonly now?: () => number;
}

/** A store opened, and the Referee over it, as the command line's door (src/engine/ports/use-cases.ts). */
export interface House {
  readonly referee: CliDoor;
  /**
   * The whole running service over this referee (service.ts: the HTTP app, the channels, the clock): what
   * `referee serve` runs. Its code is loaded only when asked, so the other verbs load no server.
   */
  serve(options: ServiceOptions, steps?: ServiceSteps): Promise<Service>;
  /** Closes the store (after the rooms built over it have stopped). */
  close(): Promise<void>;
}

/** Opens the store a spec names (a SQLite file or PostgreSQL) and builds the Referee over it. */
export async function openHouse(spec: string, options: HouseOptions = {}): Promise<House> {
  const store = await openStore(spec, options.sync ? { sync: options.sync } : {});
  // Every ruleset's code only when asked for (the copy of whole games): a verb on a Grid game initialises the Grid
  // alone (issue 17), which a static import here undid for every verb (~40 ms of zod schemas; docs/benchmarks.md,
  // issue 28 side by side).
  const registry =
    options.rulesets === 'all' ? (await import('../rulesets/index.js')).defaultRegistry() : lazyRegistry();
  const referee = new Referee(store, registry, systemEntropy, {
    snapshots: { code: programCode },
    ...(options.now ? { now: options.now } : {}),
  });
  if (options.byMail !== false) noticesByMail(referee);
  return {
    referee,
    serve: async (serving, steps) => (await import('./service.js')).startService(referee, serving, steps),
    close: () => store.close(),
  };
}

/** A store spec fit to print: a PostgreSQL connection string without its password. */
export const shownSpec = (spec: string): string => (isPostgresSpec(spec) ? redact(spec) : spec);
