// Whether a stored game can be trusted: the whole verification (`referee verify`, GET …/verify), and the
// lighter check that a log is sound before anything is appended on top of it. Both only read the store, so
// they run as well on a read-only connection of their own (the server's verifying thread opens one: see
// src/engine/verify-worker.ts) as on the Referee's.
import type { GameEvent, Kernel, KernelEvent, LogEntry, VerifyReport } from '../core/index.js';
import {
  chainBreak,
  entryHash,
  GENESIS,
  LogVerifier,
  sha256Hex,
  streamSeed,
  verifyLog,
} from '../core/index.js';
import type { ChainChecked } from '../store/chain-thread.js';
import type { Store } from '../store/store.js';
import { StoreError } from '../store/store.js';

/** What verifying reads: a store, or a read-only connection to one. */
export type LogSource = Pick<Store, 'stream' | 'storedLog' | 'master' | 'checkFile'>;

/** Re-decides a whole log (verifyLog by default); the server may run it on another thread. */
export type LogCheck = (
  entries: readonly LogEntry[],
  master: Uint8Array | undefined,
) => Promise<VerifyReport> | VerifyReport;

/** What the store finds wrong with its own file, if it can tell (undefined: nothing, or it cannot). */
export type FileCheck = () => Promise<string | undefined>;

/**
 * The hash chain and the store's check of its own file, run elsewhere (a second thread: store/chain-thread.ts)
 * over its own read of the log, while this one re-decides; a store's refusal rejects as it is.
 */
export type ChainCheck = (game: string) => Promise<ChainChecked>;

/** Told after each page of a verification: how many entries have been checked so far. */
export type VerifyProgress = (entries: number) => void;

export interface VerifyOptions {
  /**
   * Re-decides the whole log, read first into memory, instead of the streaming verification (the server's
   * in-process harness counts what each viewer may check in the same pass).
   */
  readonly check?: LogCheck;
  /** The store's check of its own file (by default the source's own checkFile). */
  readonly fileDamage?: FileCheck;
  readonly progress?: VerifyProgress;
  /** Shown every entry's event once, in order, as the log is verified page by page (not with `check`). */
  readonly observe?: (event: GameEvent) => void;
  /**
   * The chain and the file checked elsewhere (`fileDamage` is then not asked): the stored log is re-decided
   * here without hashing anything, the same report (LogVerifier.finish). Not with `check`, nor for a store that
   * does not give its log as stored.
   */
  readonly chainCheck?: ChainCheck;
}

/** A game's whole log, read page by page; unknown-game if there is none. */
export async function readLog(
  source: LogSource,
  game: string,
  progress?: VerifyProgress,
): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for await (const page of source.stream(game)) {
    for (const e of page) entries.push(e);
    progress?.(entries.length);
  }
  if (entries.length === 0) throw new StoreError('unknown-game', `there is no game ${game}`);
  return entries;
}

/**
 * Replays the stored log from nothing and re-decides every command with the game's dice secret. A damaged
 * file (the store's own check) is a problem found without re-deciding anything: what it reads back cannot be
 * trusted.
 *
 * A store that gives its log as stored (Store.storedLog) is verified page by page as it is read (LogVerifier:
 * the stored text hashed as it is, each command re-decided as its events come in), in bounded memory: a
 * million-entry log is never held whole (issue 17). Otherwise, or with `check`, the log is read whole first.
 */
export async function verifyStored(
  kernel: Kernel,
  source: LogSource,
  game: string,
  options: VerifyOptions = {},
): Promise<VerifyReport> {
  const fileDamage =
    options.fileDamage ?? (async () => (source.checkFile ? await source.checkFile() : undefined));
  if (options.check || !source.storedLog) {
    const check = options.check ?? ((entries, master) => verifyLog(kernel, entries, master));
    const entries = await readLog(source, game, options.progress);
    const master = await source.master(game);
    const damage = await fileDamage();
    if (damage) return damageReport(entries.length, damage);
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
  const master = await source.master(game);
  const log = source.storedLog(game);
  const elsewhere = options.chainCheck?.(game);
  // Waited for below; a refusal that comes while this thread still reads is not left unhandled meanwhile.
  elsewhere?.catch(() => undefined);
  const verifier = new LogVerifier(
    kernel,
    master ?? undefined,
    (text, seq) => log.parse(text, seq),
    options.observe,
    elsewhere !== undefined,
  );
  // A check that throws (a roll or a seed no longer of its shape: only an altered log gets there) is said
  // as a problem found, naming the chain's first break if there is one, so the rest of the log is still read
  // and its chain checked. A store's refusal (an entry it cannot read) is no finding: it goes up as it is.
  const guarded = <T>(work: () => T, after: () => T): T => {
    try {
      return work();
    } catch (e) {
      if (e instanceof StoreError) throw e;
      verifier.abandon(e);
      return after();
    }
  };
  for await (const page of log.pages) {
    guarded(
      () => verifier.add(page),
      () => verifier.add([]),
    );
    options.progress?.(verifier.entries);
  }
  if (verifier.entries === 0) throw new StoreError('unknown-game', `there is no game ${game}`);
  // A store's refusal goes up as it is; a thread that failed (not a finding about the log) is done without.
  const chain = elsewhere
    ? await elsewhere.catch((e: unknown) => {
        if (e instanceof StoreError) throw e;
        return undefined;
      })
    : undefined;
  if (elsewhere && (!chain || chain.findings.entries !== verifier.entries)) {
    // The thread failed, or the log grew between the two reads (a server appending to it): verified again
    // in one pass instead.
    const { chainCheck: _, ...onePass } = options;
    return verifyStored(kernel, source, game, onePass);
  }
  const report = guarded(
    () => verifier.finish(chain?.findings),
    () => verifier.finish(chain?.findings),
  );
  const damage = chain ? chain.damage : await fileDamage();
  if (damage) return damageReport(verifier.entries, damage);
  return report;
}

/**
 * verifyLog over a log held in memory (an import, a game being migrated), a page at a time with a turn of the
 * event loop between pages, telling `progress` how far it has got: the same report, thrown or returned as
 * verifyLog's, with a progress bar able to draw meanwhile.
 */
export async function verifyEntries(
  kernel: Kernel,
  entries: readonly LogEntry[],
  master: Uint8Array | undefined,
  progress?: VerifyProgress,
): Promise<VerifyReport> {
  const verifier = new LogVerifier(kernel, master);
  for (let i = 0; i < entries.length; i += PAGE) {
    verifier.add(entries.slice(i, i + PAGE));
    progress?.(verifier.entries);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return verifier.finish();
}

/** Entries verified between two turns of the event loop (verifyEntries). */
const PAGE = 2000;

/** The report on a store whose file is damaged: nothing it reads back can be trusted, nothing re-decided. */
function damageReport(entries: number, damage: string): VerifyReport {
  const problems = [`the store's file is damaged (${damage}): what it reads back cannot be trusted`];
  return { ok: false, entries, commands: 0, fairRolls: 0, manualRolls: 0, problems };
}

/** A point of a game's log: an entry's number and its hash. */
export interface ChainPoint {
  readonly seq: number;
  readonly hash: string;
}

/**
 * Checks a stretch of a game's log as it is read from the store: numbered one after another, each entry's
 * hash that of its content and each linked to the one before, and every seed it commits to the one the
 * game's dice secret gives. From the start (`after` undefined), or from the entry after a point already
 * checked (each entry's `prev` must then follow it), or from a point already checked itself (`at`: a usable
 * snapshot's entry, whose own content and hash are checked, but not its link to the entry before). Up to
 * entry `upTo` if given, else to the end. Answers the last entry checked (undefined if none was read), or
 * where the chain breaks (`broken`: the walk stops there), and the first seed that does not match (`seed`).
 */
async function checkChain(
  store: Pick<Store, 'stream'>,
  game: string,
  master: Uint8Array | null,
  from: { readonly after?: ChainPoint; readonly at?: ChainPoint },
  upTo = Infinity,
): Promise<{ readonly last?: ChainPoint; readonly broken?: string; readonly seed?: string }> {
  const first = from.at ? from.at.seq : (from.after?.seq ?? 0) + 1;
  let prev: string | undefined = from.at ? undefined : (from.after?.hash ?? GENESIS);
  let seq = first - 1;
  let last: ChainPoint | undefined;
  let seed: string | undefined;
  const found = () => ({ ...(last ? { last } : {}), ...(seed !== undefined ? { seed } : {}) });
  for await (const batch of store.stream(game, first)) {
    for (const e of batch) {
      if (e.seq > upTo) return found();
      seq++;
      if (
        e.seq !== seq ||
        (prev !== undefined && e.prev !== prev) ||
        (from.at && seq === from.at.seq && e.hash !== from.at.hash) ||
        entryHash(e.seq, e.at, e.event, e.prev) !== e.hash
      )
        return { broken: `entry ${seq} does not match the hash chain` };
      prev = e.hash;
      last = { seq: e.seq, hash: e.hash };
      const k = e.event as KernelEvent;
      if (
        seed === undefined &&
        k.type === 'seed-committed' &&
        master &&
        (k.stream === 'public' || k.stream === 'secret') &&
        sha256Hex(streamSeed(master, k.stream, k.epoch)) !== k.commitment
      )
        seed = `the dice secret does not match the seed committed for ${k.stream} ${k.epoch}`;
    }
  }
  return found();
}

/**
 * Before the first write to a game, its stored log must be sound: nothing is appended on top of a log whose
 * hash chain is broken (an entry altered, lost or moved: a damaged file) or whose dice secret no longer
 * matches the seeds the log committed to. One pass over the log; the rest of `referee verify` (re-deciding
 * every command) is left to that verb. With `from`, a usable snapshot's entry (snapshots.ts), the pass starts
 * there: the entries before it were checked so by the process that made the snapshot, and its hash names
 * them all (a forger would need an entry with the same SHA-256, or the game's secret to tag another
 * snapshot). Throws 'damaged'; answers undefined if there is no such game (the command is then refused as
 * unknown-game), else the last entry checked.
 */
export async function checkSound(
  store: Store,
  game: string,
  fileDamage: FileCheck,
  from?: ChainPoint,
): Promise<ChainPoint | undefined> {
  const master = await store.master(game);
  const checked = await checkChain(store, game, master, from ? { at: from } : {});
  let problem = checked.broken;
  if (problem === undefined && !checked.last) {
    if (!from) return undefined;
    problem = `entry ${from.seq} is missing`;
  }
  const damage = problem === undefined ? await fileDamage() : undefined;
  if (damage) problem = `the file is damaged: ${damage}`;
  problem ??= checked.seed;
  if (problem !== undefined || !checked.last)
    throw new StoreError(
      'damaged',
      `the stored log of ${game} does not verify (${problem ?? 'it is empty'}): nothing was written; \`referee verify ${game}\` tells more`,
    );
  return checked.last;
}

/**
 * Whether the entries after `after` up to `to` (both points this process holds: the last it checked, and the
 * head of the state it is about to snapshot) are sound as checkSound has it: read from the store, chained from
 * `after` to exactly `to`. A process that folded other processes' entries checks them so before it vouches for
 * them in a snapshot.
 */
export async function soundBetween(
  store: Store,
  game: string,
  master: Uint8Array | null,
  after: ChainPoint,
  to: ChainPoint,
): Promise<boolean> {
  if (to.seq === after.seq) return to.hash === after.hash;
  const checked = await checkChain(store, game, master, { after }, to.seq);
  return (
    checked.broken === undefined &&
    checked.seed === undefined &&
    checked.last?.seq === to.seq &&
    checked.last.hash === to.hash
  );
}
