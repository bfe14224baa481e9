// The second thread of `referee verify` on a SQLite store (issue 17): while the main thread re-decides every
// command, this one reads the same log over a read-only connection of its own, checks its hash chain
// (ChainChecker: each stored text hashed as it is, each link to the entry before) and runs SQLite's integrity
// check of the file (as SqliteStore.checkFile), then answers once (chain-thread.ts starts it and waits).
// It imports only what it uses (no kernel, no PostgreSQL driver): outside the command line's bundle, every
// module is resolved and compiled when the thread starts.
import { hash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { useHashFunctions } from '../core/hash.js';
import { shortHmacSha256 } from '../core/hmac.js';
import { ChainChecker } from '../core/verify-chain.js';
import type { ChainAnswer, ChainJob } from './chain-thread.js';
import { openDatabase } from './sqlite/driver.js';
import { translate } from './sqlite/file.js';
import { sqliteStoredLog, storedPage } from './sqlite/stored-log.js';
import { StoreError } from './store.js';

// SHA-256 as Node computes it (src/node/native-hash.ts: the same digest, faster); no HMAC is computed here.
useHashFunctions({ sha256Hex: (data) => hash('sha256', data, 'hex'), hmacSha256: shortHmacSha256 });

async function answer(job: ChainJob): Promise<ChainAnswer> {
  let db;
  try {
    db = openDatabase(job.path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
  } catch (e) {
    throw translate(e, job.path);
  }
  try {
    const log = sqliteStoredLog(job.path, storedPage(db), job.game);
    const checker = new ChainChecker((text, seq) => log.parse(text, seq));
    for await (const page of log.pages) checker.add(page);
    const result = String(db.pragma('integrity_check(log)', { simple: true }));
    const damage = result === 'ok' ? undefined : result.replace(/\s+/g, ' ');
    return { findings: checker.findings, ...(damage !== undefined ? { damage } : {}) };
  } finally {
    db.close();
  }
}

answer(workerData as ChainJob).then(
  (a) => parentPort?.postMessage(a),
  (e: unknown) =>
    parentPort?.postMessage({
      error: (e as Error).message,
      ...(e instanceof StoreError ? { code: e.code } : {}),
    } satisfies ChainAnswer),
);
