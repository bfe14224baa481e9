// When a commit to the SQLite file is on disk (split from sqlite.ts, issue 28 item 2). SQLite runs at NORMAL
// (the WAL synced at each checkpoint); under FULL this store itself answers a write only once the WAL holding
// it is synced, off the event loop, so the server keeps serving while the disk syncs.
import { close, closeSync, fdatasync, fdatasyncSync, open, openSync } from 'node:fs';
import { unsynced } from './file.js';

export class Durability {
  /** The WAL syncs under way (see durable), and the WAL file they sync (see walFile). */
  private readonly syncs = new Set<Promise<void>>();
  private walFd: number | undefined;

  constructor(
    private readonly path: string,
    /** FULL: no write is answered before the WAL holding it is on disk (see durable). */
    private readonly syncEveryWrite: boolean,
  ) {}

  /** Whether no sync is under way (a lone small append may then sync on the event loop: group-commit.ts). */
  get idle(): boolean {
    return this.syncs.size === 0;
  }

  /**
   * Resolves once everything committed before the call is on disk. Under FULL that is an fdatasync of the
   * WAL (where SQLite wrote the commit) on libuv's thread pool, so the event loop goes on meanwhile and
   * other groups commit behind it; under NORMAL at once. Each call starts a sync of its own, after its
   * commit, so it covers that commit; syncs of several groups may run at once (waiting for the one under
   * way before starting the next made the server a fifth slower). A sync that fails is an `io` StoreError:
   * the write is committed but the disk did not confirm it, so it is not acknowledged.
   */
  durable(): Promise<void> {
    if (!this.syncEveryWrite) return Promise.resolve();
    const sync = this.syncWal().finally(() => this.syncs.delete(sync));
    this.syncs.add(sync);
    return sync;
  }

  /** durable() for the synchronous paths: the same sync, on this thread. */
  durableNow(): void {
    if (!this.syncEveryWrite) return;
    try {
      const wal = this.walFile();
      if (wal !== undefined) return fdatasyncSync(wal);
      const fd = openSync(this.path, 'r');
      try {
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      throw unsynced(this.path, e);
    }
  }

  /** After the database is closed: the syncs under way are waited for, and the WAL file let go. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.syncs]);
    if (this.walFd !== undefined) closeSync(this.walFd);
    this.walFd = undefined;
  }

  /**
   * The WAL file, opened once and kept: opening it for every sync cost three trips to the thread pool
   * instead of one. It is the same file for as long as this connection is open (SQLite removes the WAL only
   * when the last connection closes, and reuses it in place after a checkpoint). Undefined while there is
   * no WAL file yet.
   */
  private walFile(): number | undefined {
    if (this.walFd === undefined) {
      try {
        this.walFd = openSync(`${this.path}-wal`, 'r');
      } catch (e) {
        if ((e as { code?: string }).code === 'ENOENT') return undefined;
        throw e;
      }
    }
    return this.walFd;
  }

  /** fdatasync of the WAL file (or of the database file, while there is no WAL). */
  private syncWal(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const done = (e: Error | null) => (e ? reject(unsynced(this.path, e)) : resolve());
      try {
        const wal = this.walFile();
        if (wal !== undefined) return fdatasync(wal, done);
        open(this.path, 'r', (e, fd) => {
          if (e) return done(e);
          fdatasync(fd, (synced) => close(fd, (closed) => done(synced ?? closed)));
        });
      } catch (e) {
        done(e as Error);
      }
    });
  }
}
