// Verifying a whole log (issue 17): one pass re-decides every command and compares what the rules give with
// what was recorded, while the hash chain and the dice are checked entry by entry. The entry's two shapes
// live in verify-entry.ts, the chain's own check in verify-chain.ts, the dice's in verify-dice.ts and the
// command a batch opens with in batch-command.ts; this file puts them together into one report.
import type { GameEvent, LogEntry } from './events.js';
import type { GameState } from './state.js';
import type { Kernel } from './kernel.js';
import type { Json } from './json.js';
import { canonicalJson, GENESIS, isCanonicalOf, sha256Hex } from './hash.js';
import { batchCommand } from './batch-command.js';
import { DiceChecks } from './verify-dice.js';
import type { ChainFindings, Runs } from './verify-chain.js';
import { firstIn, pushRun } from './verify-chain.js';
import type { EventParser, StoredEntry } from './verify-entry.js';
import { parseEventText, Pending, sameAt } from './verify-entry.js';

// What callers of verification name, from where it now lives (the core's index exports this file).
export { batchCommand } from './batch-command.js';
export type { EventParser, StoredEntry } from './verify-entry.js';

/** What verification found. `ok` only if there are no problems. */
export interface VerifyReport {
  readonly ok: boolean;
  readonly entries: number;
  readonly commands: number;
  readonly fairRolls: number;
  readonly manualRolls: number;
  readonly problems: readonly string[];
}

/**
 * Checks a whole log: the hash chain is unbroken; every roll's result follows from its draws; every revealed
 * seed matches its commitment; and, re-deciding every command in order against the state before it (with the
 * game's dice secret, so every fair roll is derived again), the rules produce exactly the recorded events.
 * Any edit to an event - a roll, a point, a position - fails one of these.
 */
export function verifyLog(
  kernel: Kernel,
  entries: readonly LogEntry[],
  master: Uint8Array | undefined,
): VerifyReport {
  const verifier = new LogVerifier(kernel, master);
  verifier.add(entries);
  return verifier.finish();
}

/** A command re-decided whose events are not all read yet. */
interface Decided {
  readonly type: string;
  readonly startSeq: number;
  readonly events: readonly GameEvent[];
  readonly ats: readonly LogEntry['at'][];
  readonly state: GameState;
}

/** Entries settled before the window is compacted (so the queue is not shifted one entry at a time). */
const COMPACT_AT = 4096;

/**
 * `verifyLog` one page at a time, for logs too long to hold (issue 17): `add` the entries in order, as
 * LogEntry objects or as stored (`StoredEntry`), then `finish`. It does every check verifyLog does, with the
 * same report, holding only the entries of the command being re-decided.
 *
 * One pass does it all: each entry's hash is checked as it arrives (a stored entry's by hashing its stored
 * text as it is, which for a log written since issue 17 is its canonical JSON; any other text is parsed and
 * written canonically, as before); each command is re-decided once its events are in, and each event the
 * rules give is compared, as canonical JSON, with the recorded one, so an event is written canonically once
 * instead of three times and, when it matches, never parsed; its rolls and seeds are checked from it. Once any
 * problem is found nothing more is re-decided (the rest is checked entry by entry, parsed), as verifyLog
 * re-decided only a log with no problem of chain, roll or seed.
 */
export class LogVerifier {
  private count = 0;
  private prev = GENESIS;
  /** The first break of the hash chain (the earliest found: an entry is confirmed after later ones). */
  private broken: { readonly position: number; readonly problem: string } | undefined;
  /** The rolls and seeds, checked entry by entry (their problems in the log's order). */
  private readonly dice = new DiceChecks();
  private decideProblem: string | undefined;
  private commands = 0;
  private state: GameState | undefined;
  /** The hash before the next command (the `head` it was decided on). */
  private head = GENESIS;
  private lastCommand: string | undefined;
  private decided: Decided | undefined;
  private readonly window: Pending[] = [];
  private next = 0;
  /** Whether hashing the stored text as it is found the last entry tried (a log from before: mostly not). */
  private textHashes = true;
  private sinceTried = 0;
  /** Set by `abandon`: only the chain is checked from then on. */
  private abandoned: string | undefined;

  /** Entries shown to `observe` so far (an entry settled again after a check threw is not shown twice). */
  private observed = 0;
  /**
   * With the chain checked elsewhere: the positions whose stored text is not canonical (the chain check says
   * which of them it hashed as they are: those were altered).
   */
  private readonly notCanonical: Runs = [];

  /**
   * `parse` reads a stored event's text (a store's own reader names the damaged file); `observe` is shown
   * every entry's event once, in the log's order (the rules' own when it matched: the same data).
   */
  constructor(
    private readonly kernel: Kernel,
    private readonly master: Uint8Array | undefined,
    private readonly parse: EventParser = parseEventText,
    private readonly observe?: (event: GameEvent) => void,
    /**
     * The hash chain is checked elsewhere (ChainChecker, on another thread, over its own read of the same
     * rows), its findings given to `finish`: stored entries are taken as their text and nothing is hashed here.
     */
    private readonly chainElsewhere = false,
  ) {}

  /** The next entries of the log, in order. */
  add(entries: readonly (LogEntry | StoredEntry)[]): void {
    for (const e of entries) this.window.push(this.chained(e));
    this.pump(false);
  }

  /** Entries read so far. */
  get entries(): number {
    return this.count;
  }

  /**
   * The report, once every entry has been added; with the chain checked elsewhere, what that check found over
   * the same entries (its break, and the texts it hashed as they are: any of them found not canonical here,
   * before the break, was altered), which a verification with the chain checked here would have found itself.
   */
  finish(chain?: ChainFindings): VerifyReport {
    this.pump(true);
    if (this.chainElsewhere) this.takeChain(chain);
    const base = { entries: this.count, fairRolls: this.dice.fairRolls, manualRolls: this.dice.manualRolls };
    if (this.abandoned !== undefined) {
      const problem = this.broken?.problem ?? `the log cannot be checked: ${this.abandoned}`;
      return {
        ok: false,
        entries: this.count,
        commands: 0,
        fairRolls: 0,
        manualRolls: 0,
        problems: [problem],
      };
    }
    const structural = [...(this.broken ? [this.broken.problem] : []), ...this.dice.problems];
    if (structural.length > 0) return { ok: false, ...base, commands: 0, problems: structural };
    const problems = this.decideProblem !== undefined ? [this.decideProblem] : [];
    return { ok: problems.length === 0, ...base, commands: this.commands, problems };
  }

  /**
   * After a check threw (a roll or a seed no longer of its shape: only an altered log gets there), only the
   * chain is checked from now on, and the report says so, naming the chain's first break if there is one.
   */
  abandon(error: unknown): void {
    this.abandoned = error instanceof Error ? error.message : String(error);
    this.decided = undefined;
  }

  private takeChain(chain: ChainFindings | undefined): void {
    if (!chain || chain.entries !== this.count)
      throw new Error('the hash chain was checked over another count of entries than were re-decided');
    if (chain.broken) this.breakAt(chain.broken.position, chain.broken.problem);
    const before = chain.broken?.position ?? Infinity;
    let first = Infinity;
    for (const [a, b] of this.notCanonical) {
      const hit = firstIn(chain.textHits, a, b);
      if (hit !== undefined && hit < first) first = hit;
    }
    if (first < before)
      this.breakAt(first, `entry ${first} was altered: its hash does not match its content`);
  }

  /** Makes an entry pending, checking its place in the hash chain (verifyLog's chainBreak, entry by entry). */
  private chained(e: LogEntry | StoredEntry): Pending {
    const position = ++this.count;
    const p = new Pending(position, e, Array.isArray(e));
    if (this.chainElsewhere && p.stored) {
      p.canon = p.text;
      p.unconfirmed = true;
      return p;
    }
    if (this.broken) return p;
    const prev = p.prev;
    if (p.seq !== position)
      this.breakAt(
        position,
        `entry ${position} is numbered ${p.seq}: an entry was deleted, inserted or moved`,
      );
    else if (prev !== this.prev) this.breakAt(position, `entry ${p.seq} does not follow the entry before it`);
    else {
      if (p.text !== undefined && this.tryText()) {
        const hit = sha256Hex(p.textOf(p.text)) === p.hash;
        this.textHashes = hit;
        this.sinceTried = 0;
        if (hit) {
          p.canon = p.text;
          p.unconfirmed = true;
        }
      }
      if (p.canon === undefined) {
        const canon = canonicalJson(this.eventOf(p) as unknown as Json);
        if (sha256Hex(p.textOf(canon)) === p.hash) p.canon = canon;
        else this.breakAt(position, `entry ${p.seq} was altered: its hash does not match its content`);
      }
    }
    this.prev = p.hash;
    return p;
  }

  /** Hash stored text as it is while that works; after a miss, try again only now and then (an old log). */
  private tryText(): boolean {
    return this.textHashes || ++this.sinceTried >= 64;
  }

  private breakAt(position: number, problem: string): void {
    if (!this.broken || position < this.broken.position) this.broken = { position, problem };
  }

  private eventOf(p: Pending): GameEvent {
    p.event ??= this.parse(p.text as string, p.seq);
    return p.event;
  }

  private stopped(): boolean {
    return (
      this.abandoned !== undefined ||
      this.broken !== undefined ||
      this.dice.problems.length > 0 ||
      this.decideProblem !== undefined
    );
  }

  /** Settles what can be settled: re-deciding while nothing is wrong, else entry by entry. */
  private pump(ended: boolean): void {
    const w = this.window;
    while (this.next < w.length) {
      if (this.stopped()) {
        this.decided = undefined;
        const p = w[this.next] as Pending;
        this.settle(p, this.eventOf(p), false);
        this.next++;
        continue;
      }
      if (!this.decided && !this.decide(ended)) break;
      const d = this.decided;
      if (!d) continue;
      const need = d.events.length;
      if (!ended && w.length - this.next < need) break;
      this.decided = undefined;
      let k = 0;
      for (; k < need; k++) {
        const p = w[this.next + k];
        const mine = d.events[k] as GameEvent;
        if (!p || !this.matches(p, mine) || !sameAt(p, d.ats[k])) {
          const says = p ? JSON.stringify(this.eventOf(p)) : 'nothing';
          this.decideProblem = `entry ${d.startSeq + k}: the log says ${says}, the rules give ${JSON.stringify(mine)}`;
          break;
        }
      }
      if (k < need) continue;
      for (k = 0; k < need; k++) this.settle(w[this.next + k] as Pending, d.events[k] as GameEvent, true);
      this.next += need;
      this.head = (w[this.next - 1] as Pending).hash;
      this.state = d.state;
      this.lastCommand = d.type;
    }
    if (this.next >= COMPACT_AT || this.next === w.length) {
      w.splice(0, this.next);
      this.next = 0;
    }
  }

  /**
   * Whether an entry is the event the rules give, as canonical JSON. With the chain checked elsewhere a stored
   * entry is taken as its text; if that is not canonical (a log written before issue 17, or an altered one) it
   * is compared as its canonical JSON, as the chain check here would have had it.
   */
  private matches(p: Pending, mine: GameEvent): boolean {
    if (p.canon !== undefined && isCanonicalOf(mine as unknown as Json, p.canon)) return true;
    if (!this.chainElsewhere || !p.unconfirmed) return false;
    p.unconfirmed = false;
    const canon = canonicalJson(this.eventOf(p) as unknown as Json);
    if (canon === p.canon) return false;
    pushRun(this.notCanonical, p.position);
    p.canon = canon;
    return isCanonicalOf(mine as unknown as Json, canon);
  }

  /**
   * Re-decides the command that opens the next batch; false if that must wait for the next entry (to see
   * whether it brings the command's dice). A problem found is recorded and stops re-deciding.
   */
  private decide(ended: boolean): boolean {
    const w = this.window;
    const start = w[this.next] as Pending;
    const after = w[this.next + 1];
    if (!after && !ended) return false;
    const command = batchCommand(
      this.eventOf(start),
      after && this.mayBringDice(after) ? this.eventOf(after) : undefined,
    );
    if (!command) {
      this.decideProblem =
        this.lastCommand === undefined
          ? `entry ${start.seq} (${this.eventOf(start).type}) is not the start of a command`
          : `entry ${start.seq}: an event the command "${this.lastCommand}" did not produce`;
      return true;
    }
    this.commands++;
    let decided;
    try {
      const env = this.master ? { head: this.head, master: this.master } : { head: this.head };
      decided = this.kernel.decide(this.state, command, env);
    } catch (e) {
      this.decideProblem = `entry ${start.seq}: re-deciding "${command.type}" failed: ${(e as Error).message}`;
      return true;
    }
    if (!decided.ok) {
      this.decideProblem = `entry ${start.seq}: the rules now reject "${command.type}" (${decided.error.code}: ${decided.error.message})`;
      return true;
    }
    const { events, ats, state } = decided.value;
    this.decided = { type: command.type, startSeq: start.seq, events, ats, state };
    return true;
  }

  /**
   * Whether an entry may be the dice a command brought (`dice-queued`): its stored text is parsed only then. A
   * text written canonically names the type as it is; one with any escape is parsed to be sure.
   */
  private mayBringDice(p: Pending): boolean {
    return p.text === undefined || p.text.includes('dice-queued') || p.text.includes('\\');
  }

  /**
   * Checks what concerns an entry alone, in the log's order: its rolls and seeds (from the event the rules
   * gave when it matched, the same data; else from the recorded one), and, for a text the chain check hashed
   * as it is, that it is canonical (a text that matched the rules' is).
   */
  private settle(p: Pending, event: GameEvent, matched: boolean): void {
    if (p.unconfirmed && !matched && canonicalJson(this.eventOf(p) as unknown as Json) !== p.canon) {
      if (this.chainElsewhere) pushRun(this.notCanonical, p.position);
      else this.breakAt(p.position, `entry ${p.seq} was altered: its hash does not match its content`);
    }
    p.unconfirmed = false;
    if (this.observe && p.position > this.observed) {
      this.observed = p.position;
      this.observe(event);
    }
    if (this.abandoned !== undefined) return;
    this.dice.check(event);
  }
}
