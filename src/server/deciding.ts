// Heavy commands decided on a worker thread (issue 13, item 4). A Life Initialize of 1,024 squares (a roll per
// square, each a fair-dice HMAC, and one entry of a quarter of a megabyte hashed) or a Quests game created on
// a map of hundreds of rooms is one synchronous block of tens of milliseconds; on the event loop that serves
// every game, each such request held up all the others (the cost campaign's light load missed its 100 ms p99
// while they ran). So `referee serve` has the Referee (Referee.decideWith) send such commands to a thread of
// src/engine/decide-worker.ts, which decides them with the same kernel and rulesets and answers the entries and state:
// the same as deciding here (src/engine/deciding.ts), so the log is the same either way. The Referee still
// applies commands to one game one at a time, so nothing else changes.
//
// Which commands are heavy is learned, per ruleset and command type, from what their decisions weigh
// (weightOf: entries and rolls, counted from the result, so the same commands are routed the same way however
// busy the machine; timing them routed light ones to the thread whenever the machine was loaded): one that
// weighed HEAVY_WEIGHT or more (here or there) has the next ones of its kind decided there, until
// LIGHT_STREAK decisions there in a row weighed little again; and a command whose arguments hold more than
// HEAVY_ARGS_VALUES JSON values (a big map) goes there from the first. Sending a light command costs more
// than deciding it (its state is copied to the thread and back, and it would wait behind heavy ones), so
// light ones stay here.
import { Worker } from 'node:worker_threads';
import type { Json, Result, RuleError } from '../core/index.js';
import type { Decider, DecideJob, Linked } from '../engine/deciding.js';
import { weightOf } from '../engine/deciding.js';
import type { DecideAnswer, DecideRequest } from '../engine/decide-worker.js';

/** A decision weighing this much (weightOf: ~3 ms of work) has the next ones of its kind decided on the thread. */
export const HEAVY_WEIGHT = 200;
/** Decisions on the thread in a row weighing under a quarter of HEAVY_WEIGHT that bring a kind back here. */
export const LIGHT_STREAK = 8;
/** Arguments holding more JSON values than this are decided on the thread from the first. */
export const HEAVY_ARGS_VALUES = 2000;
/** Heavy kinds remembered (ruleset × command type; the one found first is forgotten first). */
const KINDS_REMEMBERED = 256;
/** The thread's heap, in MB: a decision that needs more fails there and is made here. */
const WORKER_HEAP_MB = 512;

/** Whether `value` holds more than `limit` JSON values, counted without walking further than that. */
export function holdsMore(value: Json | undefined, limit: number): boolean {
  let count = 0;
  const walk = (v: Json | undefined): boolean => {
    if (++count > limit) return true;
    if (v === null || typeof v !== 'object') return false;
    const items: readonly Json[] = Array.isArray(v) ? (v as readonly Json[]) : Object.values(v);
    for (const item of items) if (walk(item)) return true;
    return false;
  };
  return walk(value);
}

/** The kind a job's command is of: its ruleset (for a creation, the one asked for) and its type. */
function kindOf(job: DecideJob): string {
  const asked = job.command.args.ruleset;
  const ruleset = job.state?.ruleset ?? (typeof asked === 'string' ? asked : '');
  return `${ruleset}\0${job.command.type}`;
}

/** One worker thread of decide-worker.ts; once it fails, every job sent to it answers undefined. */
class DecideThread {
  private readonly worker: Worker;
  private next = 1;
  private readonly pending = new Map<number, (answer: DecideAnswer | undefined) => void>();
  dead = false;

  constructor() {
    // By way of ../engine/: the same file from this module's folder and from the command line's bundle
    // (dist/src/cli/referee.cjs, scripts/bundle-cli.js), which runs this code from another folder.
    this.worker = new Worker(new URL('../engine/decide-worker.js', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.worker.unref();
    this.worker.on('message', (answer: DecideAnswer) => {
      const resolve = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      resolve?.(answer);
    });
    // Out of memory, or stopped: what was sent is decided on the server's thread.
    this.worker.on('error', () => this.fail());
    this.worker.on('exit', () => this.fail());
  }

  run(job: DecideJob): Promise<DecideAnswer | undefined> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      try {
        this.worker.postMessage({ id, job } satisfies DecideRequest);
      } catch {
        // Something in the job cannot be copied to the thread: it is decided on the server's.
        this.pending.delete(id);
        resolve(undefined);
      }
    });
  }

  async terminate(): Promise<void> {
    this.fail();
    await this.worker.terminate();
  }

  private fail(): void {
    this.dead = true;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of waiting) resolve(undefined);
  }
}

/** Decides heavy commands on a worker thread (see the top of this file); the Referee decides the rest. */
export class ThreadDecider implements Decider {
  private thread: DecideThread | undefined;
  /** The kinds found heavy, each with its quick decisions on the thread in a row since. */
  private readonly heavy = new Map<string, number>();
  private closed = false;

  decide(job: DecideJob): Promise<Result<Linked, RuleError> | undefined> | undefined {
    if (this.closed) return undefined;
    const kind = kindOf(job);
    if (!this.heavy.has(kind) && !holdsMore(job.command.args, HEAVY_ARGS_VALUES)) return undefined;
    if (!this.thread || this.thread.dead) this.thread = new DecideThread();
    return this.thread.run(job).then((answer) => {
      if (!answer || 'failed' in answer) return undefined;
      this.learn(kind, weightOf(answer.decided));
      return answer.decided;
    });
  }

  decidedHere(job: DecideJob, decided: Result<Linked, RuleError>): void {
    const weight = weightOf(decided);
    if (weight >= HEAVY_WEIGHT) this.learn(kindOf(job), weight);
  }

  /** Stops the thread; decisions under way there are made on the server's thread instead. */
  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = undefined;
    await thread?.terminate();
  }

  private learn(kind: string, weight: number): void {
    const streak = this.heavy.get(kind);
    if (weight >= HEAVY_WEIGHT) {
      if (streak === undefined && this.heavy.size >= KINDS_REMEMBERED)
        this.heavy.delete(this.heavy.keys().next().value as string);
      this.heavy.set(kind, 0);
    } else if (streak === undefined) return;
    else if (weight >= HEAVY_WEIGHT / 4) this.heavy.set(kind, 0);
    else if (streak + 1 >= LIGHT_STREAK) this.heavy.delete(kind);
    else this.heavy.set(kind, streak + 1);
  }
}
