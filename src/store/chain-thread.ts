// `referee verify` on two cores (issue 17: a person waits for wall time, and the machine has two): the hash
// chain and the file's integrity check on a thread of their own (chain-worker.ts), beside the re-deciding on
// the main thread, which then hashes nothing. SQLite stores only: a PostgreSQL store is verified in one pass.
import { Worker } from 'node:worker_threads';
import type { ChainFindings } from '../core/index.js';
import { StoreError } from './store.js';

/** What the thread is asked: the log of `game` in the SQLite file at `path`. */
export interface ChainJob {
  readonly path: string;
  readonly game: string;
}

/** What it answers: the chain's findings and the file's damage, if any; or why it could not. */
export type ChainAnswer =
  | { readonly findings: ChainFindings; readonly damage?: string }
  | { readonly error: string; readonly code?: StoreError['code'] };

/** What the chain check found, with SQLite's integrity check of the file (undefined: no damage). */
export interface ChainChecked {
  readonly findings: ChainFindings;
  readonly damage: string | undefined;
}

/**
 * A young generation of 192 MB (V8 sizes it as three semi-spaces: 64 MB each): the thread makes strings of every
 * row it reads, all dying young (with 64 MB semi-spaces, scavenges of the whole verification took 0.3 s, not 1.1 s).
 */
const YOUNG_MB = 192;

/** Checks the chain of `game` in the SQLite file `path` on a thread of its own; a store's refusal as it is. */
export function checkChainOnThread(path: string, game: string): Promise<ChainChecked> {
  return new Promise((resolve, reject) => {
    // By way of ../store/: the same file from this module's folder and from the command line's bundle
    // (dist/src/cli/referee.cjs), which runs this code from another folder.
    const worker = new Worker(new URL('../store/chain-worker.js', import.meta.url), {
      workerData: { path, game } satisfies ChainJob,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    });
    let settled = false;
    worker.once('message', (a: ChainAnswer) => {
      settled = true;
      void worker.terminate();
      if (!('error' in a)) resolve({ findings: a.findings, damage: a.damage });
      else reject(a.code ? new StoreError(a.code, a.error) : new Error(a.error));
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', () => {
      if (!settled) reject(new Error('the chain-checking thread stopped'));
    });
  });
}
