// What other connections commit to the SQLite file (issue 16): the CLI beside `referee serve`, a second
// server, a shell's `referee tick` beside `serve --mail`. SQLite tells a connection nothing of another's
// commits, but `PRAGMA data_version` changes when another connection has committed (and never for this
// connection's own commits). So while someone looks out (Store.lookForOthers: a page's live stream, the
// clock, a Courier), the store asks it every POLL_MS: one PRAGMA per interval per store, whatever the number
// of games, watchers or lookouts, and no timer at all while nobody looks out. Only when it changed does the
// store read what changed: each game's last entry (one statement, an index seek per game) against the last
// it told, and the games of the notices written since the last it saw (an indexed range of ids). It tells
// its watchers as PostgreSQL's NOTIFY would: an 'append' per game with the range of its new entries (in
// order, once each, its own appends included: see told), then a 'notice' per game.
import type Database from 'better-sqlite3';
import type { StoreChange } from '../store.js';

/**
 * How often the file is asked whether another connection committed: a change made by the CLI reaches open
 * pages within about this long. The PRAGMA reads a counter in the WAL's shared memory (a microsecond or two).
 */
export const POLL_MS = 250;

/** Calls `fn` once after `ms`; answers the function that cancels it (src/clock/time.ts's shape). */
export type SetTimer = (ms: number, fn: () => void) => () => void;

/** Real time: unref'd, so looking out never keeps a process alive. */
export const systemTimer: SetTimer = (ms, fn) => {
  const handle = setTimeout(fn, ms);
  handle.unref();
  return () => clearTimeout(handle);
};

/** How a store looks out for other connections' commits; both optional (tests simulate time). */
export interface LookoutOptions {
  readonly pollMs?: number;
  readonly setTimer?: SetTimer;
}

export class Others {
  private readonly dataVersion: Database.Statement<[], number>;
  private readonly lastEntries: Database.Statement<[], { game: string; last: number | null }>;
  private readonly noticesSince: Database.Statement<[number], { game: string; id: number }>;
  private readonly lastNotice: Database.Statement<[], number | null>;
  private readonly pollMs: number;
  private readonly setTimer: SetTimer;
  /** How many lookouts are held: the timer runs while there is one. */
  private holds = 0;
  private cancel: (() => void) | undefined;
  /** What the file said when last asked, and what was told up to then (meaningful while looking out). */
  private version = 0;
  /** Per game, the last entry told (or found when looking out began). */
  private readonly told = new Map<string, number>();
  /** The last notice id seen. */
  private noticeId = 0;
  /**
   * Per game, this connection's commits not yet told (committed, waiting for the disk): the scan leaves
   * those games to the next one, so their entries are told in order and once, by the append itself.
   */
  private readonly untold = new Map<string, number>();
  /** The next poll reads what changed even if the file's counter did not move (a game was left over). */
  private rescan = false;

  constructor(
    private readonly db: Database.Database,
    private readonly tell: (change: StoreChange) => void,
    options: LookoutOptions = {},
  ) {
    this.pollMs = options.pollMs ?? POLL_MS;
    this.setTimer = options.setTimer ?? systemTimer;
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.lastEntries = db.prepare<[], { game: string; last: number | null }>(
      'SELECT g.id AS game, (SELECT max(seq) FROM log WHERE game = g.id) AS last FROM games g',
    );
    this.noticesSince = db.prepare<[number], { game: string; id: number }>(
      'SELECT game, max(id) AS id FROM notices WHERE id > ? GROUP BY game',
    );
    this.lastNotice = db.prepare<[], number | null>('SELECT max(id) FROM notices').pluck();
  }

  /** Whether the file is being watched for other connections' commits (for tests: is a timer set?). */
  get looking(): boolean {
    return this.holds > 0;
  }

  /** Looks out until the answer is called (see Store.lookForOthers); the first lookout starts the timer. */
  hold(): () => void {
    if (this.holds++ === 0) this.begin();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--this.holds === 0) this.end();
    };
  }

  /** Stops for good (the store closes). */
  close(): void {
    this.holds = 0;
    this.end();
  }

  /** This connection committed an append of `game`; it is told once the disk has it (see settled). */
  committed(game: string): void {
    if (this.holds === 0) return;
    this.untold.set(game, (this.untold.get(game) ?? 0) + 1);
  }

  /**
   * An append of this connection committed (see committed) is told, or (`told` false) failed to reach the
   * disk and is not: then the next scan finds it, as committed it is.
   */
  settled(game: string, told: boolean): void {
    const left = (this.untold.get(game) ?? 0) - 1;
    if (left > 0) this.untold.set(game, left);
    else this.untold.delete(game);
    if (!told) this.rescan = true;
  }

  /**
   * This connection's own append of `first..last` is about to be told. Answers the changes to tell before
   * it: entries of the game another connection committed in between that no scan has told yet (an append
   * decided again after losing a race to them), so every entry is told, in order.
   */
  before(game: string, first: number, last: number): StoreChange[] {
    if (this.holds === 0) return [];
    const told = this.told.get(game) ?? 0;
    this.told.set(game, Math.max(told, last));
    return told + 1 < first ? [{ kind: 'append', game, first: told + 1, last: first - 1 }] : [];
  }

  private begin(): void {
    this.version = this.dataVersion.get() ?? 0;
    this.told.clear();
    for (const { game, last } of this.lastEntries.all()) if (last !== null) this.told.set(game, last);
    this.noticeId = this.lastNotice.get() ?? 0;
    this.untold.clear();
    this.rescan = false;
    this.arm();
  }

  private end(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.told.clear();
    this.untold.clear();
  }

  private arm(): void {
    this.cancel = this.setTimer(this.pollMs, () => {
      this.cancel = undefined;
      if (this.holds === 0 || !this.db.open) return;
      try {
        this.poll();
      } catch {
        // The file unreadable for a moment (or closed under us): the next poll reads again.
        this.rescan = true;
      }
      if (this.holds > 0 && this.db.open) this.arm();
    });
  }

  /** One look: the counter, and what changed if it moved. */
  poll(): void {
    const version = this.dataVersion.get() ?? 0;
    if (version === this.version && !this.rescan) return;
    this.version = version;
    this.rescan = false;
    const changes: StoreChange[] = [];
    for (const { game, last } of this.lastEntries.all()) {
      if (last === null) continue;
      if (this.untold.has(game)) {
        // This connection's own append is on its way to the disk and its watchers: after it.
        this.rescan = true;
        continue;
      }
      const told = this.told.get(game) ?? 0;
      if (last <= told) continue;
      this.told.set(game, last);
      changes.push({ kind: 'append', game, first: told + 1, last });
    }
    for (const { game, id } of this.noticesSince.all(this.noticeId)) {
      this.noticeId = Math.max(this.noticeId, id);
      changes.push({ kind: 'notice', game });
    }
    for (const change of changes) this.tell(change);
  }
}
