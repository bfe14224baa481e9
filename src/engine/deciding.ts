// Where a command is decided (issue 13, item 4). Deciding is the kernel's pure work: the same state, command,
// log head and dice secret give the same events, whichever thread runs it. Most commands take well under a
// millisecond and are decided on the Referee's own thread; a few are one long synchronous block (a Life
// Initialize of 1,024 squares records a roll per square: a fair-dice HMAC each, one event of a quarter of a
// megabyte to hash; a Quests game created on a map of hundreds of rooms). On the server's only event loop
// that block held up every other game's requests, so a host may have such commands decided elsewhere (the
// server: a worker thread, src/server/deciding.ts) and sent back decided and linked onto the log. The
// Referee still applies them one at a time per game, appends and caches exactly as if decided here.
import type { Command, GameState, LogEntry, Result, RuleError } from '../core/index.js';
import { chain, ok } from '../core/index.js';
import type { Kernel } from '../core/index.js';

/** Everything a decision depends on: the state decided on (none for a creation) and where its log stands. */
export interface DecideJob {
  readonly state: GameState | undefined;
  readonly command: Command;
  /** The hash of the log's last entry (GENESIS for a creation). */
  readonly head: string;
  /** The number of the log's last entry (0 for a creation). */
  readonly seq: number;
  /** The game's dice secret (fair dice). */
  readonly master?: Uint8Array;
}

/** A command decided and its entries linked onto the log: what the Referee appends. */
export interface Linked {
  readonly entries: readonly LogEntry[];
  readonly state: GameState;
}

/** Decides `job` on this thread and links its events onto the log (the hash of each entry). */
export function decideLinked(kernel: Kernel, job: DecideJob): Result<Linked, RuleError> {
  const decided = kernel.decide(job.state, job.command, {
    head: job.head,
    ...(job.master ? { master: job.master } : {}),
  });
  if (!decided.ok) return decided;
  const { events, ats, state } = decided.value;
  return ok({ entries: chain(job.head, job.seq + 1, events, ats), state });
}

/**
 * Decides some commands elsewhere (Referee.decideWith). It must give what decideLinked gives on the same job:
 * the same kernel and rulesets on another thread.
 */
export interface Decider {
  /**
   * The decision of `job` made elsewhere, or undefined to have it decided here. The promise answers
   * undefined too if it could not be made there after all (the thread failed): it is then decided here.
   */
  decide(job: DecideJob): Promise<Result<Linked, RuleError> | undefined> | undefined;
  /** What a decision made here gave (the decider learns which commands are heavy). */
  decidedHere(job: DecideJob, decided: Result<Linked, RuleError>): void;
}

/**
 * What a decision weighs: an entry for each event and one more for each roll it carries (each a fair-dice
 * HMAC, and the bulk of what is hashed and stored). A Life Initialize of 1,024 squares weighs about 1,030; an
 * announcement in a Grid game a few; a refusal nothing. Counted from the result, so the same commands are
 * always weighed the same, however busy the machine.
 */
export function weightOf(decided: Result<Linked, RuleError>): number {
  if (!decided.ok) return 0;
  let weight = 0;
  for (const e of decided.value.entries) weight += 1 + (e.event.rolls?.length ?? 0);
  return weight;
}
