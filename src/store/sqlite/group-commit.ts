// Appends to the SQLite file committed in groups (split from sqlite.ts, issue 28 item 2): one IMMEDIATE
// transaction for the appends that arrive in one round of the event loop, each answered only once its group
// is on disk (durability.ts).
import type Database from 'better-sqlite3';
import type { LogEntry } from '../../core/index.js';
import type { Append } from '../store.js';
import { checkConsecutive } from '../store.js';
import type { Checkpoints } from './checkpoints.js';
import type { SqliteCore } from './core.js';
import { translate } from './file.js';

/** An append waiting for its group commit, and who to answer. */
interface WaitingAppend {
  readonly append: Append;
  readonly first: LogEntry;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
}

/** The most a lone append may write and still be synced on the event loop rather than on the thread pool. */
const INLINE_SYNC_BYTES = 16_384;

export class GroupCommit {
  /** Appends waiting for the next group commit (see append). */
  private waiting: WaitingAppend[] = [];
  /** Characters of events written since the last commit group began (see INLINE_SYNC_BYTES). */
  private written = 0;
  private groupTransaction:
    | Database.Transaction<(group: readonly WaitingAppend[], refused: (Error | undefined)[]) => void>
    | undefined;
  private allTransaction: Database.Transaction<(group: readonly WaitingAppend[]) => void> | undefined;

  constructor(
    private readonly core: SqliteCore,
    /** The body of one append's transaction: every check, then every write (log.ts). */
    private readonly write: (a: Append, first: LogEntry) => void,
    private readonly checkpoints: Checkpoints,
  ) {}

  /** One group commit, every append in one transaction: any refusal rolls the whole group back. */
  private get writeAll() {
    this.allTransaction ??= this.core.db.transaction((group: readonly WaitingAppend[]) => {
      for (const w of group) this.write(w.append, w.first);
    });
    return this.allTransaction;
  }

  /**
   * One group commit the careful way: each append in a savepoint of its own (better-sqlite3 makes a nested
   * transaction a savepoint), its refusal recorded in `refused` at its index. An error after which SQLite
   * has ended the whole transaction itself (it may, on a full disk or an I/O error) fails the group.
   */
  private get writeGroup() {
    if (this.groupTransaction) return this.groupTransaction;
    const db = this.core.db;
    const one = db.transaction((a: Append, first: LogEntry) => this.write(a, first));
    this.groupTransaction = db.transaction(
      (group: readonly WaitingAppend[], refused: (Error | undefined)[]) => {
        for (const w of group) {
          try {
            one(w.append, w.first);
            refused.push(undefined);
          } catch (e) {
            if (!db.inTransaction) throw e;
            refused.push(translate(e, this.core.path));
          }
        }
      },
    );
    return this.groupTransaction;
  }

  /**
   * Group commit: appends given while the event loop handles one round of I/O wait for the end of that round
   * (setImmediate) and are committed together, one IMMEDIATE transaction (one WAL sync under FULL) for all of
   * them. Each is checked on its own: one refused append (a conflict, a command id seen before) is rolled back
   * alone and the others commit (see commitWaiting); if the commit itself fails (a full disk), every append of
   * the group is refused and nothing of it is recorded. Nobody is answered before the group is durable (see
   * durability.ts). The referee appends one command per game at a time, so a group holds different games'
   * appends, or one process's appends racing another's, which the per-append checks settle.
   */
  append(a: Append): Promise<void> {
    const first = a.entries[0];
    if (!first) return Promise.resolve();
    try {
      checkConsecutive(a.game, a.entries);
    } catch (e) {
      return Promise.reject(translate(e, this.core.path));
    }
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ append: a, first, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.commitWaiting());
    });
  }

  /** Commits the appends waiting (see append), and answers them once their group is durable. */
  commitWaiting(): void {
    const group = this.waiting;
    this.waiting = [];
    if (group.length === 0) return;
    const { others } = this.core;
    let refused: (Error | undefined)[];
    try {
      // Most groups have no refusal: all of it in one transaction, without a savepoint per append (two
      // statements fewer each). If one is refused the whole transaction is rolled back, and the group is
      // written again the careful way, each append in its own savepoint.
      this.writeAll.immediate(group);
      refused = group.map(() => undefined);
    } catch {
      refused = [];
      try {
        this.writeGroup.immediate(group, refused);
      } catch (e) {
        const error = translate(e, this.core.path);
        for (const w of group) w.reject(error);
        return;
      }
    }
    group.forEach((w, i) => {
      if (!refused[i]) others.committed(w.append.game);
    });
    const answer = (unsynced?: Error) =>
      group.forEach((w, i) => {
        const refusal = refused[i];
        if (refusal) return w.reject(refusal);
        others.settled(w.append.game, !unsynced);
        if (unsynced) return w.reject(unsynced);
        this.core.tellAppend(w.append, w.first.seq);
        w.resolve();
      });
    const written = this.written;
    this.written = 0;
    this.checkpoints.committed(written);
    if (refused.every((e) => e !== undefined)) return answer();
    if (group.length === 1 && this.core.disk.idle && written <= INLINE_SYNC_BYTES) {
      // A lone small append with no other sync under way: syncing here is quick and saves the trip to the
      // thread pool (a client sending one command after another was twice as slow with it). A large one
      // (a Life Initialize of 1,024 rolls, a Quests map) goes to the pool like a group: its sync takes as
      // long as the disk needs for that many bytes, and on this thread every other game would wait (issue 13).
      try {
        this.core.disk.durableNow();
      } catch (e) {
        return answer(e as Error);
      }
      return answer();
    }
    this.core.durable().then(
      () => answer(),
      (e: unknown) => answer(e as Error),
    );
  }

  /** The synchronous append, for callers (and benchmarks) that want no promise in the way. */
  appendNow(a: Append): void {
    const first = a.entries[0];
    if (!first) return;
    checkConsecutive(a.game, a.entries);
    const tx = this.core.db.transaction(() => this.write(a, first));
    try {
      tx.immediate();
    } catch (e) {
      throw translate(e, this.core.path);
    }
    this.core.disk.durableNow();
    this.core.tellAppend(a, first.seq);
  }

  /** Counts what a commit group writes (see INLINE_SYNC_BYTES). */
  counted(text: string): string {
    this.written += text.length;
    return text;
  }
}
