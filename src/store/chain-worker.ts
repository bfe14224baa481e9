// The second thread of `referee verify` on a SQLite store (issue 17): while the main thread re-decides every
// command, this one reads the same log over a read-only connection of its own (reader.ts), checks its hash
// chain (ChainChecker: each stored text hashed as it is, each link to the entry before) and runs SQLite's
// integrity check of the file, then answers once (chain-thread.ts starts it and waits for that answer).
import { parentPort, workerData } from 'node:worker_threads';
import { ChainChecker } from '../core/index.js';
import { useNativeHashes } from '../node/native-hash.js';
import type { ChainAnswer, ChainJob } from './chain-thread.js';
import { SqliteReader } from './reader.js';
import { StoreError } from './store.js';

async function answer(job: ChainJob): Promise<ChainAnswer> {
  const reader = new SqliteReader(job.path);
  try {
    const log = reader.storedLog(job.game);
    const checker = new ChainChecker((text, seq) => log.parse(text, seq));
    for await (const page of log.pages) checker.add(page);
    const damage = await reader.checkFile();
    return { findings: checker.findings, ...(damage !== undefined ? { damage } : {}) };
  } finally {
    await reader.close();
  }
}

useNativeHashes();
answer(workerData as ChainJob).then(
  (a) => parentPort?.postMessage(a),
  (e: unknown) =>
    parentPort?.postMessage({
      error: (e as Error).message,
      ...(e instanceof StoreError ? { code: e.code } : {}),
    } satisfies ChainAnswer),
);
