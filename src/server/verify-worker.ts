// The worker thread that re-decides a game's log for GET /api/games/{game}/verify (issue 13, item 4): a long
// log takes seconds to verify, and on the server's one thread that would stall every game. It runs the same
// verifyLog as the CLI's `referee verify`, with the rulesets this program has and the native hashes.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { LogEntry } from '../core/index.js';
import { Kernel, verifyLog } from '../core/index.js';
import { defaultRegistry } from '../rulesets/index.js';
import { useNativeHashes } from '../node/native-hash.js';

/** The nice value of the verifying thread (19 is the lowest priority). */
const VERIFY_NICE = 19;

/** What the server sends: one log to verify. */
export interface VerifyJob {
  readonly id: number;
  readonly entries: readonly LogEntry[];
  readonly master: Uint8Array | undefined;
}

useNativeHashes();
// Verifying is background work: on Linux a thread's nice value is its own, so this lowers this thread alone,
// and the event loop (every game's requests) gets the cores first when both want them.
try {
  setPriority(VERIFY_NICE);
} catch {
  // Not permitted here (or not supported): the worker runs at the server's priority.
}
const kernel = new Kernel(defaultRegistry());

parentPort?.on('message', (job: VerifyJob) => {
  try {
    parentPort?.postMessage({ id: job.id, report: verifyLog(kernel, job.entries, job.master) });
  } catch (e) {
    // An altered log that cannot even be checked: the Referee says so as a problem found.
    parentPort?.postMessage({ id: job.id, error: (e as Error).message });
  }
});
