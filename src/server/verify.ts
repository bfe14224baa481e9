// GET /api/games/{game}/verify at a bounded cost (issue 13, item 4). Re-deciding a whole log is the heaviest
// thing a public request can ask for (a Grid game: about 18 ms per 1,000 entries on 2 × EPYC; a 160 × 160
// Life match took 1.9-7 s, and four at once stalled every game). So:
// - the re-deciding runs on a worker thread (verify-worker.ts) when the server is the built program, so the
//   thread that serves every game only reads the log and hands it over;
// - a log found sound is remembered per game with its length: asking again before the game moves on costs
//   nothing, and requests for the same game and length while one runs share it;
// - at most VERIFY_RUNNING run at once and VERIFY_WAITING wait; past that the answer is 503 `busy` with
//   Retry-After, so a storm of verifications of different games queues no unbounded work.
import { Worker } from 'node:worker_threads';
import type { LogEntry, VerifyReport } from '../core/index.js';
import { verifyLog } from '../core/index.js';
import type { CheckableCounts } from '../engine/numbering.js';
import { checkableCounts } from '../engine/numbering.js';
import type { Referee } from '../engine/referee.js';
import { HttpError } from './errors.js';
import type { VerifyJob } from './verify-worker.js';

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
   * Re-decide on a worker thread. Needs the compiled program (dist/), so `referee serve` turns it on; the
   * in-process test harness (buildApp from the sources) re-decides on its own thread, with the same limits.
   */
  readonly worker?: boolean;
  readonly running?: number;
  readonly waiting?: number;
}

/** One worker thread, one job at a time. */
class VerifyThread {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, { resolve(r: VerifyReport): void; reject(e: Error): void }>();
  dead = false;

  constructor() {
    this.worker = new Worker(new URL('./verify-worker.js', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.worker.unref();
    this.worker.on('message', (m: { id: number; report?: VerifyReport; error?: string }) => {
      const job = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.report) job?.resolve(m.report);
      else job?.reject(new Error(m.error ?? 'the log cannot be checked'));
    });
    const fail = (e: Error): void => {
      this.dead = true;
      for (const job of this.pending.values()) job.reject(new WorkerFailed(e.message));
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('the verifying thread stopped')));
  }

  run(entries: readonly LogEntry[], master: Uint8Array | undefined): Promise<VerifyReport> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, entries, master } satisfies VerifyJob);
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
  private closed = false;

  constructor(
    private readonly referee: Referee,
    private readonly options: VerifierOptions = {},
  ) {
    this.running = options.running ?? VERIFY_RUNNING;
    this.waiting = options.waiting ?? VERIFY_WAITING;
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

  /** Stops the worker threads (a verification under way is dropped: its request is answered 503). */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.queue.splice(0)) wake();
    await Promise.all([...this.threads].map((t) => t.terminate()));
  }

  private async run(game: string): Promise<Verified> {
    if (this.active >= this.running) await new Promise<void>((resolve) => this.queue.push(resolve));
    if (this.closed) throw busy();
    this.active++;
    let failed: WorkerFailed | undefined;
    const thread = this.options.worker ? this.thread() : undefined;
    let counts = NO_COUNTS;
    try {
      const report = await this.referee.verify(game, (entries, master) => {
        counts = checkableCounts(entries);
        if (!thread) return verifyLog(this.referee.kernel, entries, master);
        return thread.run(entries, master).catch((e: unknown) => {
          if (e instanceof WorkerFailed) failed = e;
          throw e;
        });
      });
      if (failed) throw busy(`the verification could not be finished (${failed.message}); try again later`);
      const verified = { report, counts };
      if (report.ok) {
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

  private thread(): VerifyThread {
    const ready = this.idle.pop();
    if (ready) return ready;
    const fresh = new VerifyThread();
    this.threads.add(fresh);
    return fresh;
  }
}

function busy(message = 'too many verifications are under way; try again shortly'): HttpError {
  return new HttpError(503, 'busy', message);
}
