// The thread that verifies games for GET /api/games/{game}/verify (issue 13, item 4), and checks the store's
// file. Re-deciding a long log takes seconds, and reading it, copying it to a thread and SQLite's integrity
// check of the whole file took the event loop tens of milliseconds more per request (the check grows with the
// file, not with the game): on the thread that serves every game, that stalled them all. So this thread opens
// the store itself (a read-only connection: src/store/reader.ts), reads the log page by page, checks the file,
// re-decides with the same verification as `referee verify` (verifyStored: the rulesets this program has, the
// native hashes) and counts what each viewer may check; the server sends a game's name and gets the answer.
// The checking thread also checkpoints the store's WAL (src/store/sqlite/checkpoints.ts), so the event loop
// never copies it.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { VerifyReport } from '../core/index.js';
import { Kernel } from '../core/index.js';
import type { CheckableCounts } from './numbering.js';
import { CheckableCounter, checkableCounts } from './numbering.js';
import { verifyStored } from './verification.js';
import { useNativeHashes } from '../node/native-hash.js';
import { openReader } from '../store/reader.js';
import type { StoreReader } from '../store/reader.js';
import { StoreError } from '../store/store.js';

/** The nice value of a verifying thread (19 is the lowest priority). */
const VERIFY_NICE = 19;

/** How the thread is started. */
export interface VerifyWorkerData {
  /** The store, as `--db` names it. */
  readonly db: string;
  /** Background work (verifications) runs at the lowest priority; a file check someone waits for does not. */
  readonly background: boolean;
}

/** What the server asks: a game verified, or the store's file checked. */
export type VerifyJob =
  | { readonly id: number; readonly kind: 'verify'; readonly game: string }
  | { readonly id: number; readonly kind: 'check-file' }
  /** A checkpoint of the store's WAL (SQLite; src/store/sqlite/checkpoints.ts). */
  | { readonly id: number; readonly kind: 'checkpoint' };

/** What the thread answers: the verification and the counts of it each viewer may be told (numbering.ts). */
export type VerifyAnswer =
  | { readonly id: number; readonly report: VerifyReport; readonly counts: CheckableCounts }
  | { readonly id: number; readonly damage: string | undefined }
  | { readonly id: number; readonly checkpointed: true }
  /** The store refused (its code: the server answers as it answers the store's errors), or a failure. */
  | { readonly id: number; readonly error: string; readonly code?: StoreError['code'] };

const data = workerData as VerifyWorkerData;
useNativeHashes();
if (data.background) {
  // On Linux a thread's nice value is its own, so this lowers this thread alone, and the event loop (every
  // game's requests) gets the cores first when both want them.
  try {
    setPriority(VERIFY_NICE);
  } catch {
    // Not permitted here (or not supported): the worker runs at the server's priority.
  }
}

let reader: Promise<StoreReader> | undefined;
let kernel: Promise<Kernel> | undefined;

/** The rulesets are loaded by the first verification: a thread that only checks the file never needs them. */
async function loadKernel(): Promise<Kernel> {
  const { defaultRegistry } = await import('../rulesets/index.js');
  return new Kernel(defaultRegistry());
}

async function answer(job: VerifyJob): Promise<VerifyAnswer> {
  const store = await (reader ??= openReader(data.db));
  if (job.kind === 'check-file') return { id: job.id, damage: await store.checkFile?.() };
  if (job.kind === 'checkpoint') {
    if (!store.checkpoint) throw new Error('this store has no journal to checkpoint');
    await store.checkpoint();
    return { id: job.id, checkpointed: true };
  }
  const k = await (kernel ??= loadKernel());
  // Verified page by page as it is read (issue 17: a long log is never held whole), counting what each
  // viewer may check in the same pass; a damaged file is a verification of nothing, counted as none.
  const counter = new CheckableCounter();
  let damaged = false;
  const report = await verifyStored(k, store, job.game, {
    observe: (event) => counter.add(event),
    fileDamage: async () => {
      const damage = store.checkFile ? await store.checkFile() : undefined;
      damaged = damage !== undefined;
      return damage;
    },
  });
  return { id: job.id, report, counts: damaged ? checkableCounts([]) : counter.counts };
}

parentPort?.on('message', (job: VerifyJob) => {
  answer(job).then(
    (a) => parentPort?.postMessage(a),
    (e: unknown) =>
      parentPort?.postMessage({
        id: job.id,
        error: (e as Error).message,
        ...(e instanceof StoreError ? { code: e.code } : {}),
      } satisfies VerifyAnswer),
  );
});
