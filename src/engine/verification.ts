// Whether a stored game can be trusted: the whole verification (`referee verify`, GET …/verify), and the
// lighter check that a log is sound before anything is appended on top of it. Both only read the store, so
// they run as well on a read-only connection of their own (the server's verifying thread opens one: see
// src/server/verify-worker.ts) as on the Referee's.
import type { Kernel, KernelEvent, LogEntry, Stream, VerifyReport } from '../core/index.js';
import { chainBreak, entryHash, GENESIS, sha256Hex, streamSeed, verifyLog } from '../core/index.js';
import type { Store } from '../store/store.js';
import { StoreError } from '../store/store.js';

/** What verifying reads: a store, or a read-only connection to one. */
export type LogSource = Pick<Store, 'stream' | 'master' | 'checkFile'>;

/** Re-decides a whole log (verifyLog by default); the server may run it on another thread. */
export type LogCheck = (
  entries: readonly LogEntry[],
  master: Uint8Array | undefined,
) => Promise<VerifyReport> | VerifyReport;

/** What the store finds wrong with its own file, if it can tell (undefined: nothing, or it cannot). */
export type FileCheck = () => Promise<string | undefined>;

/** A game's whole log, read page by page; unknown-game if there is none. */
export async function readLog(source: LogSource, game: string): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for await (const page of source.stream(game)) for (const e of page) entries.push(e);
  if (entries.length === 0) throw new StoreError('unknown-game', `there is no game ${game}`);
  return entries;
}

/**
 * Replays the stored log from nothing and re-decides every command with the game's dice secret. A damaged
 * file (the store's own check) is a problem found without re-deciding anything: what it reads back cannot be
 * trusted.
 */
export async function verifyStored(
  kernel: Kernel,
  source: LogSource,
  game: string,
  check: LogCheck = (entries, master) => verifyLog(kernel, entries, master),
  fileDamage: FileCheck = async () => (source.checkFile ? await source.checkFile() : undefined),
): Promise<VerifyReport> {
  const entries = await readLog(source, game);
  const master = await source.master(game);
  const damage = await fileDamage();
  if (damage) {
    const problems = [`the store's file is damaged (${damage}): what it reads back cannot be trusted`];
    return { ok: false, entries: entries.length, commands: 0, fairRolls: 0, manualRolls: 0, problems };
  }
  try {
    return await check(entries, master ?? undefined);
  } catch (e) {
    // Only an altered log gets here (a roll or a seed no longer of its shape): said as a problem found.
    const why = chainBreak(entries) ?? `the log cannot be checked: ${(e as Error).message}`;
    return {
      ok: false,
      entries: entries.length,
      commands: 0,
      fairRolls: 0,
      manualRolls: 0,
      problems: [why],
    };
  }
}

/**
 * Before the first write to a game, its stored log must be sound: nothing is appended on top of a log whose
 * hash chain is broken (an entry altered, lost or moved: a damaged file) or whose dice secret no longer
 * matches the seeds the log committed to. One pass over the log; the rest of `referee verify` (re-deciding
 * every command) is left to that verb. Throws 'damaged'; answers false if there is no such game (the command
 * is then refused as unknown-game), true if the log is sound.
 */
export async function checkSound(store: Store, game: string, fileDamage: FileCheck): Promise<boolean> {
  let prev = GENESIS;
  let seq = 0;
  let problem: string | undefined;
  const commitments: { stream: Stream; epoch: number; commitment: string }[] = [];
  outer: for await (const batch of store.stream(game)) {
    for (const e of batch) {
      seq++;
      if (e.seq !== seq || e.prev !== prev || entryHash(e.seq, e.at, e.event, e.prev) !== e.hash) {
        problem = `entry ${seq} does not match the hash chain`;
        break outer;
      }
      prev = e.hash;
      const k = e.event as KernelEvent;
      if (k.type === 'seed-committed') commitments.push(k);
    }
  }
  if (seq === 0) return false;
  const damage = problem === undefined ? await fileDamage() : undefined;
  if (damage) problem = `the file is damaged: ${damage}`;
  const master = problem === undefined ? await store.master(game) : null;
  const wrong = commitments.find(
    (c) =>
      master &&
      (c.stream === 'public' || c.stream === 'secret') &&
      sha256Hex(streamSeed(master, c.stream, c.epoch)) !== c.commitment,
  );
  if (wrong) problem = `the dice secret does not match the seed committed for ${wrong.stream} ${wrong.epoch}`;
  if (problem !== undefined)
    throw new StoreError(
      'damaged',
      `the stored log of ${game} does not verify (${problem}): nothing was written; \`referee verify ${game}\` tells more`,
    );
  return true;
}
