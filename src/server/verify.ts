// GET /api/games/{game}/verify at a bounded cost (issue 13, item 4). Re-deciding a whole log is the heaviest
// thing a public request can ask for (a Grid game: about 18 ms per 1,000 entries on 2 × EPYC; a 160 × 160
// Life match took 1.9-7 s, and four at once stalled every game). So:
// - when the server is the built program, a worker thread (src/engine/verify-worker.ts) does all of it: it opens the
//   store itself (a read-only connection), reads the log, checks the file, re-decides and counts what each
//   viewer may check; the thread that serves every game sends a game's name and gets a small answer back.
//   (It used to read the log and copy it to the thread itself, and run SQLite's integrity check of the whole
//   file: 30-50 ms of the event loop per verification on a 35 MB file, growing with the file.)
// - a log found sound is remembered per game with its length: asking again before the game moves on costs
//   nothing, and requests for the same game and length while one runs share it;
// - at most VERIFY_RUNNING run at once and VERIFY_WAITING wait; past that the answer is 503 `busy` with
//   Retry-After, so a storm of verifications of different games queues no unbounded work.
// The same kind of thread checks the store's file for the Referee before its first write to each game
// (Referee.checkFileWith), so that check does not stall every game either, and checkpoints the store's WAL
// (SqliteStore.checkpointWith), which SQLite otherwise does inside a commit on the event loop.
import { Worker } from 'node:worker_threads';
import type { VerifyReport } from '../core/index.js';
import type { CheckableCounts } from '../engine/numbering.js';
import { checkableCounts } from '../engine/numbering.js';
import type { Verifying } from '../engine/ports/index.js';
import { isPostgresSpec } from '../engine/ports/index.js';
import { StoreError } from '../engine/ports/index.js';
import { HttpError } from './errors.js';
import type { VerifyAnswer, VerifyJob, VerifyWorkerData } from '../engine/verify-worker.js';

/** Verifications running at once: one worker thread, on a server that has two cores and one event loop. */
export const VERIFY_RUNNING = 1;
/** Verifications waiting for it; more get 503 busy. Each holds only a request (the log is read when it starts). */
export const VERIFY_WAITING = 8;
/** The Retry-After of a 503 busy, in seconds. */
export const VERIFY_RETRY_AFTER = 2;
/** Games whose last sound verification is remembered (the least recently verified is forgotten first). */
export const VERIFY_REMEMBERED = 256;
/** A worker's heap, in MB: a log that needs more fails its verification (503) without harming the server. */
const WORKER_HEAP_MB = 1024;

export interface VerifierOptions {
  /**
   * Verify on a worker thread that opens the store `db` names (as --db does) itself, and check the store's
   * file there too. Needs the compiled program (dist/), so `referee serve` turns it on; the in-process test
   * harness (buildApp from the sources) verifies on its own thread, through its Referee, with the same
   * limits. A SQLite store in memory cannot be opened twice: it is verified the same way.
   */
  readonly worker?: { readonly db: string };
  readonly running?: number;
  readonly waiting?: number;
}

/** A job as sent, without its id. */
type Job = VerifyJob extends infer J ? (J extends { id: number } ? Omit<J, 'id'> : never) : never;

/** One worker thread of src/engine/verify-worker.ts, one job at a time. */
class VerifyThread {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, { resolve(a: VerifyAnswer): void; reject(e: Error): void }>();
  dead = false;

  constructor(data: VerifyWorkerData) {
    // By way of ../engine/: the same file from this module's folder and from the command line's bundle
    // (dist/src/cli/referee.cjs, scripts/bundle-cli.js), which runs this code from another folder.
    this.worker = new Worker(new URL('../engine/verify-worker.js', import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.worker.unref();
    this.worker.on('message', (m: VerifyAnswer) => {
      const job = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!('error' in m)) job?.resolve(m);
      else if (m.code) job?.reject(new StoreError(m.code, m.error));
      else job?.reject(new Error(m.error));
    });
    const fail = (e: Error): void => {
      this.dead = true;
      for (const job of this.pending.values()) job.reject(new WorkerFailed(e.message));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('the verifying thread stopped')));
  }

  run(job: Job): Promise<VerifyAnswer> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...job, id });
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

/** The worker failed (out of memory, or stopped): not a finding about the log. */
class WorkerFailed extends Error {}

/**
 * A verification and, counted in the same read of the log, what each viewer can check of it, so a request
 * answered from a shared or remembered verification reads nothing again (numbering.ts, verifyFor).
 */
export interface Verified {
  readonly report: VerifyReport;
  readonly counts: CheckableCounts;
}

const NO_COUNTS: CheckableCounts = checkableCounts([]);

export class Verifier {
  private readonly running: number;
  private readonly waiting: number;
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private readonly sound = new Map<string, Verified>();
  private readonly shared = new Map<string, Promise<Verified>>();
  private readonly idle: VerifyThread[] = [];
  private readonly threads = new Set<VerifyThread>();
  /** The store a worker opens, when verifications run on worker threads. */
  private readonly db: string | undefined;
  /** The thread that checks the store's file, and the check under way and the one queued after it. */
  private fileThread: VerifyThread | undefined;
  private fileCheck:
    { started: Promise<string | undefined>; queued?: Promise<string | undefined> } | undefined;
  private closed = false;

  constructor(
    private readonly referee: Verifying,
    options: VerifierOptions = {},
  ) {
    this.running = options.running ?? VERIFY_RUNNING;
    this.waiting = options.waiting ?? VERIFY_WAITING;
    const db = options.worker?.db;
    this.db = db === undefined || db === ':memory:' || db === 'sqlite::memory:' ? undefined : db;
    // PostgreSQL has no file to check (its Store has no checkFile); a SQLite file is checked on a thread,
    // and its WAL checkpointed there too (src/store/sqlite/checkpoints.ts).
    if (this.db !== undefined && !isPostgresSpec(this.db)) {
      referee.checkFileWith(() => this.checkFile());
      referee.maintenance.checkpointWith?.(() => this.checkpoint());
    }
  }

  /**
   * The verification of `game`, whose log the caller has just seen at `seq` entries: remembered if that log
   * was verified sound before, shared with one running for it, else run when a place is free; 503 `busy` if
   * VERIFY_WAITING already wait.
   */
  verify(game: string, seq: number): Promise<Verified> {
    const known = this.sound.get(game);
    if (known && known.report.entries === seq) {
      // Most recently used last, so the least recently used is forgotten first.
      this.sound.delete(game);
      this.sound.set(game, known);
      return Promise.resolve(known);
    }
    const key = `${game}@${seq}`;
    const running = this.shared.get(key);
    if (running) return running;
    if (this.closed || (this.active >= this.running && this.queue.length >= this.waiting))
      return Promise.reject(busy());
    const job = this.run(game).finally(() => this.shared.delete(key));
    this.shared.set(key, job);
    return job;
  }

  /**
   * The store's check of its own file, on a thread of its own (not the verifications': a join must not wait
   * behind someone's long verification). Checks asked for while one runs share the next one, which starts
   * when that one ends: each caller gets a check that began after it asked, and a burst of first writes to
   * many games costs two checks, not one each.
   */
  checkFile(): Promise<string | undefined> {
    const slot = this.fileCheck;
    if (!slot) return this.startFileCheck();
    slot.queued ??= slot.started.then(
      () => this.startFileCheck(),
      () => this.startFileCheck(),
    );
    return slot.queued;
  }

  /** Stops the worker threads (a verification under way is dropped: its request is answered 503). */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.queue.splice(0)) wake();
    if (this.db !== undefined) {
      this.referee.checkFileWith(undefined);
      this.referee.maintenance.checkpointWith?.(undefined);
    }
    const threads = [...this.threads, ...(this.fileThread ? [this.fileThread] : [])];
    await Promise.all(threads.map((t) => t.terminate()));
  }

  private startFileCheck(): Promise<string | undefined> {
    const started = this.fileCheckOnThread();
    const slot = { started };
    this.fileCheck = slot;
    const done = () => {
      if (this.fileCheck === slot) this.fileCheck = undefined;
    };
    started.then(done, done);
    return started;
  }

  private async fileCheckOnThread(): Promise<string | undefined> {
    const own = async () =>
      this.referee.maintenance.checkFile ? await this.referee.maintenance.checkFile() : undefined;
    // Closed, or the thread failed (out of memory, stopped): the store checks its file itself, as without one.
    if (this.closed || this.db === undefined) return own();
    try {
      const answer = await this.checkingThread(this.db).run({ kind: 'check-file' });
      if ('damage' in answer) return answer.damage;
      throw new Error('the checking thread answered something else');
    } catch (e) {
      if (e instanceof WorkerFailed) return own();
      throw e;
    }
  }

  /** The thread that checks the store's file and checkpoints its WAL (started again if it failed). */
  private checkingThread(db: string): VerifyThread {
    if (!this.fileThread || this.fileThread.dead)
      this.fileThread = new VerifyThread({ db, background: false });
    return this.fileThread;
  }

  /**
   * A checkpoint of the store's WAL on the checking thread (its connection, not the event loop's). Fails if
   * closed or the thread failed: the store then checkpoints itself.
   */
  private async checkpoint(): Promise<void> {
    if (this.closed || this.db === undefined) throw new Error('the checking thread is stopped');
    const answer = await this.checkingThread(this.db).run({ kind: 'checkpoint' });
    if (!('checkpointed' in answer)) throw new Error('the checking thread answered something else');
  }

  private async run(game: string): Promise<Verified> {
    if (this.active >= this.running) await new Promise<void>((resolve) => this.queue.push(resolve));
    if (this.closed) throw busy();
    this.active++;
    const thread = this.db !== undefined ? this.thread(this.db) : undefined;
    try {
      const verified = thread ? await this.onThread(thread, game) : await this.here(game);
      if (verified.report.ok) {
        this.sound.delete(game);
        this.sound.set(game, verified);
        if (this.sound.size > VERIFY_REMEMBERED) this.sound.delete(this.sound.keys().next().value as string);
      }
      return verified;
    } finally {
      if (thread) {
        if (thread.dead) this.threads.delete(thread);
        else this.idle.push(thread);
      }
      this.active--;
      this.queue.shift()?.();
    }
  }

  /** On a worker thread: the game's name goes, the report and the counts come back. */
  private async onThread(thread: VerifyThread, game: string): Promise<Verified> {
    let answer: VerifyAnswer;
    try {
      answer = await thread.run({ kind: 'verify', game });
    } catch (e) {
      if (e instanceof WorkerFailed)
        throw busy(`the verification could not be finished (${e.message}); try again later`);
      throw e;
    }
    if (!('report' in answer)) throw new Error('the verifying thread answered something else');
    return { report: answer.report, counts: answer.counts };
  }

  /** On this thread, through the Referee (the in-process harness). */
  private async here(game: string): Promise<Verified> {
    let counts = NO_COUNTS;
    const report = await this.referee.verify(game, {
      check: (entries, master) => {
        counts = checkableCounts(entries);
        return this.referee.verifyLog(entries, master);
      },
    });
    return { report, counts };
  }

  private thread(db: string): VerifyThread {
    const ready = this.idle.pop();
    if (ready) return ready;
    const fresh = new VerifyThread({ db, background: true });
    this.threads.add(fresh);
    return fresh;
  }
}

function busy(message = 'too many verifications are under way; try again shortly'): HttpError {
  return new HttpError(503, 'busy', message);
}
