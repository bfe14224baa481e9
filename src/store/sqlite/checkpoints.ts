// Checkpoints of the WAL off the event loop (issue 13, item 4). SQLite checkpoints by itself at the commit
// that takes the WAL past 1,000 pages: inside that commit, on the connection that commits, copying ~4 MB into
// the database file and syncing it. On the server that is the event loop, and a run of big appends (Life
// Initializes of a quarter of a megabyte each) held every game up for 30-40 ms at every fourth megabyte.
// A store told who checkpoints for it (SqliteStore.checkpointWith: the server's checking thread, with a
// connection of its own; src/store/reader.ts) turns SQLite's own off and asks for a checkpoint after a
// commit once CHECKPOINT_EVERY_MS have passed since the last one began, or sooner once CHECKPOINT_CHARS of
// events were written since: one at a time, PASSIVE (never waiting for readers or writers), so the WAL stays
// small without this thread ever copying it. If the checkpointer fails, the store checkpoints here.
import type Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';

/** A checkpoint is asked for after a commit at most this often, in milliseconds... */
export const CHECKPOINT_EVERY_MS = 1000;
/** ... or as soon as this many characters of events were written since the last one. */
export const CHECKPOINT_CHARS = 4_000_000;
/** SQLite's own checkpoint, in WAL pages, where no one else checkpoints (its default). */
const AUTOCHECKPOINT_PAGES = 1000;

export class Checkpoints {
  private checkpointer: (() => Promise<void>) | undefined;
  private running = false;
  private last = Number.NEGATIVE_INFINITY;
  private chars = 0;

  constructor(private readonly db: Database.Database) {}

  /** Has `run` checkpoint the WAL from now on, or SQLite itself on this connection again when undefined. */
  by(run: (() => Promise<void>) | undefined): void {
    this.checkpointer = run;
    this.db.pragma(`wal_autocheckpoint = ${run ? 0 : AUTOCHECKPOINT_PAGES}`);
  }

  /** After a commit that wrote `chars` characters of events: a checkpoint is asked for if one is due. */
  committed(chars: number): void {
    const run = this.checkpointer;
    if (!run) return;
    this.chars += chars;
    const now = performance.now();
    if (this.running || (now - this.last < CHECKPOINT_EVERY_MS && this.chars < CHECKPOINT_CHARS)) return;
    this.running = true;
    this.last = now;
    this.chars = 0;
    run()
      .catch(() => this.here())
      .finally(() => {
        this.running = false;
      });
  }

  /** A PASSIVE checkpoint on this connection, when the checkpointer failed (a checkpoint is never required). */
  private here(): void {
    try {
      if (this.db.open) this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy or closing: SQLite's next checkpoint catches up.
    }
  }
}
