// The store's file as sound before a game's first write (split out of referee.ts, issue 28 item 6): who checks
// it (the store itself, or the server's checking thread: Referee.checkFileWith), and the one answer shared by
// the first writes of a while.
import type { Store } from '../store/store.js';
import { FILE_CHECK_REUSE_MS } from './submission.js';
import type { FileCheck } from './verification.js';

export class FileSoundness {
  /** Who checks the store's file, if not the store itself (see checkWith). */
  private fileCheck: FileCheck | undefined;
  /** The file's last sound check for first writes, shared for FILE_CHECK_REUSE_MS (see sound). */
  private fileChecked: { readonly at: number; readonly damage: Promise<string | undefined> } | undefined;

  constructor(private readonly store: Pick<Store, 'checkFile'>) {}

  /** Has the file checked by `check` from now on, or by the store again when undefined. */
  checkWith(check: FileCheck | undefined): void {
    this.fileCheck = check;
  }

  /**
   * The file check before a game's first write, shared: SQLite's check reads the whole log (every game's), so
   * checking it again for each game made a process's first writes to N games cost N whole-file reads, on the
   * event loop (10,000 scheduled games' first ticks stalled the clock for minutes; bench/clock.ts). A sound
   * answer serves the first writes of the next FILE_CHECK_REUSE_MS; a damaged one is never reused, and
   * `referee verify` always checks afresh.
   */
  async sound(): Promise<string | undefined> {
    const now = performance.now();
    if (!this.fileChecked || now - this.fileChecked.at > FILE_CHECK_REUSE_MS)
      this.fileChecked = { at: now, damage: this.damage() };
    const checked = this.fileChecked;
    const damage = await checked.damage.catch((e: unknown) => {
      if (this.fileChecked === checked) this.fileChecked = undefined;
      throw e;
    });
    if (damage !== undefined && this.fileChecked === checked) this.fileChecked = undefined;
    return damage;
  }

  /** What the store finds wrong with its own file (Store.checkFile), if it can tell. */
  async damage(): Promise<string | undefined> {
    if (this.fileCheck) return this.fileCheck();
    return this.store.checkFile ? await this.store.checkFile() : undefined;
  }
}

/** Runs work for one game after all work queued before it for that game. */
export class GameQueues {
  private readonly queues = new Map<string, Promise<unknown>>();

  serially<T>(game: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(game) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.queues.set(game, settled);
    void settled.then(() => {
      if (this.queues.get(game) === settled) this.queues.delete(game);
    });
    return run;
  }
}
