// The thread that decides heavy commands for `referee serve` (issue 13, item 4; src/server/deciding.ts): the
// same kernel, rulesets and native hashes as the server's own thread, so a job decided here gives exactly
// the entries and state it would have given there (src/engine/deciding.ts). It keeps nothing between jobs.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { Result, RuleError } from '../core/index.js';
import { Kernel } from '../core/index.js';
import type { DecideJob, Linked } from './deciding.js';
import { decideLinked } from './deciding.js';
import { useNativeHashes } from '../node/native-hash.js';
import { defaultRegistry } from '../rulesets/index.js';

/** What the server sends: a job to decide. */
export interface DecideRequest {
  readonly id: number;
  readonly job: DecideJob;
}

/**
 * What the thread answers: the decision, or why it could not be made here (a program error: the server then
 * decides the job itself, and fails as it would have).
 */
export type DecideAnswer =
  | { readonly id: number; readonly decided: Result<Linked, RuleError> }
  | { readonly id: number; readonly failed: string };

/**
 * The nice value of the deciding thread: below the event loop's, so every game's requests get the cores
 * first when both want them (a heavy command waits a little longer instead); above /verify's (19).
 */
const DECIDE_NICE = 10;

useNativeHashes();
try {
  // On Linux a thread's nice value is its own, so this lowers this thread alone.
  setPriority(DECIDE_NICE);
} catch {
  // Not permitted here (or not supported): the thread runs at the server's priority.
}
const kernel = new Kernel(defaultRegistry());

parentPort?.on('message', ({ id, job }: DecideRequest) => {
  let answer: DecideAnswer;
  try {
    answer = { id, decided: decideLinked(kernel, job) };
  } catch (e) {
    answer = { id, failed: (e as Error).message };
  }
  try {
    parentPort?.postMessage(answer);
  } catch (e) {
    // Something in the answer cannot be copied to the server's thread: it decides the job itself.
    parentPort?.postMessage({ id, failed: (e as Error).message } satisfies DecideAnswer);
  }
});
