import type { Command } from './commands.js';
import type { GameEvent, KernelEvent, LogEntry } from './events.js';
import type { GameState } from './state.js';
import type { Kernel } from './kernel.js';
import type { Json } from './json.js';
import { canonicalJson, GENESIS, isCanonicalOf, sha256Hex } from './hash.js';
import { atText, entryText } from './log.js';
import { checkRollResult, checkSeedReveal } from './dice/verify-roll.js';
import type { ChainFindings, Runs } from './verify-chain.js';
import { pushRun, storedEntryHashText } from './verify-chain.js';

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
 * A log entry as a store keeps it, with its event still the stored JSON text: `[seq, nweek, nday, event,
 * prev, hash]`, a row as the database hands it over. Verification hashes that text as it is (a log written
 * since issue 17 keeps each event as its canonical JSON: see `chain`) and parses it only when it must.
 */
export type StoredEntry = readonly [
  seq: number,
  nweek: number,
  nday: number,
  event: string,
  prev: string,
  hash: string,
];

/** Reads a stored event's text (a store's own reader says which file is damaged where). */
export type EventParser = (text: string, seq: number) => GameEvent;

/**
 * The command that opened a batch of the log: a 'command' entry, or the game's creation, with the dice
 * results it brought along (recorded in the Administrator-only entry right after it).
 */
export function batchCommand(event: GameEvent, next?: GameEvent): Command | undefined {
  const e = event as KernelEvent;
  const n = next as KernelEvent | undefined;
  const rolls = n?.type === 'dice-queued' && n.withCommand ? { rolls: n.values } : {};
  if (e.type === 'command') return { ...e.command, ...rolls };
  if (e.type === 'game-created') {
    return {
      type: 'create',
      by: { role: 'admin' },
      // K4: the edition the game was created under (none recorded: 1), so it is decided again under it.
      args: {
        game: e.game,
        ruleset: e.ruleset,
        config: e.config,
        ndays: e.ndays,
        dice: e.dice,
        edition: e.edition ?? 1,
        kernelEdition: e.kernelEdition ?? 1,
        ...(e.joins ? { joins: e.joins } : {}),
        // K16: the creation instant and rhythm floor an edition-3 game recorded.
        ...(e.created !== undefined ? { at: e.created } : {}),
        ...(e.rhythmFloor !== undefined ? { rhythmFloor: e.rhythmFloor } : {}),
      },
      ...rolls,
    };
  }
  return undefined;
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

/**
 * An entry read and not yet settled (re-decided, or checked on its own once re-deciding has stopped): the
 * entry as given, and what has been learnt of it. Small, since one is made for every entry of the log.
 */
class Pending {
  /** The event's canonical JSON, once the chain check has it (undefined if the chain broke before). */
  canon: string | undefined = undefined;
  /** The event, once parsed (a LogEntry's from the start). */
  event: GameEvent | undefined;
  /**
   * The chain check hashed the stored text as it is: the text is the canonical JSON the hash covers only if it
   * is canonical, which is confirmed by its equal the rules give, or else by parsing and writing it again.
   */
  unconfirmed = false;

  constructor(
    /** Where it is in the log (1-based). */
    readonly position: number,
    readonly entry: LogEntry | StoredEntry,
    readonly stored: boolean,
  ) {
    this.event = stored ? undefined : (entry as LogEntry).event;
  }

  get seq(): number {
    return this.stored ? (this.entry as StoredEntry)[0] : (this.entry as LogEntry).seq;
  }
  /** A stored entry's event text (undefined for a LogEntry). */
  get text(): string | undefined {
    return this.stored ? (this.entry as StoredEntry)[3] : undefined;
  }
  get prev(): string {
    return this.stored ? (this.entry as StoredEntry)[4] : (this.entry as LogEntry).prev;
  }
  get hash(): string {
    return this.stored ? (this.entry as StoredEntry)[5] : (this.entry as LogEntry).hash;
  }
  /**
   * The canonical JSON of the whole entry, given its event's: what its hash covers. Asked only once the chain
   * check has found the entry numbered by its place and its `prev` the hash of the entry before, which this
   * verification computed (or GENESIS): both plain, so a stored entry's text is put together as it is.
   */
  textOf(eventText: string): string {
    const e = this.entry;
    if (!this.stored)
      return entryText((e as LogEntry).seq, (e as LogEntry).at, eventText, (e as LogEntry).prev);
    return storedEntryHashText(e as StoredEntry, eventText);
  }
  /** Its `at` (a stored entry's made from its columns, only when it is needed). */
  get at(): unknown {
    const e = this.entry;
    return this.stored ? { nweek: (e as StoredEntry)[1], nday: (e as StoredEntry)[2] } : (e as LogEntry).at;
  }
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
  /** Roll and seed problems, in the log's order. */
  private readonly shape: string[] = [];
  private decideProblem: string | undefined;
  private commands = 0;
  private fairRolls = 0;
  private manualRolls = 0;
  private readonly commitments = new Map<string, string>();
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
    const base = { entries: this.count, fairRolls: this.fairRolls, manualRolls: this.manualRolls };
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
    const structural = [...(this.broken ? [this.broken.problem] : []), ...this.shape];
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
      this.shape.length > 0 ||
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
    const rolls = event.rolls;
    if (rolls !== undefined)
      for (const r of rolls) {
        if (r.source === 'fair') this.fairRolls++;
        else this.manualRolls++;
        const wrong = checkRollResult(r);
        if (wrong) this.shape.push(wrong);
      }
    const k = event as KernelEvent;
    if (k.type === 'seed-committed') this.commitments.set(`${k.stream}|${k.epoch}`, k.commitment);
    else if (k.type === 'seed-revealed') {
      const wrong = checkSeedReveal(k, this.commitments.get(`${k.stream}|${k.epoch}`));
      if (wrong) this.shape.push(wrong);
    }
  }
}

/**
 * Whether a recorded entry's time is the one the rules give, as canonical JSON compares them. The rules' is
 * always the kernel's plain `{nweek, nday}` of whole numbers; a stored entry's comes from two number columns,
 * compared as numbers (the same as comparing their canonical text).
 */
function sameAt(p: Pending, at: LogEntry['at'] | undefined): boolean {
  if (at === undefined) return false;
  if (p.stored) {
    const row = p.entry as StoredEntry;
    if (Number.isFinite(row[1]) && Number.isFinite(row[2])) return row[1] === at.nweek && row[2] === at.nday;
  }
  return atText(p.at) === atText(at);
}

/** The first position in `runs` (in order) from `a` to `b`, if any. */
function firstIn(runs: Runs, a: number, b: number): number | undefined {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((runs[mid] as [number, number])[1] < a) lo = mid + 1;
    else hi = mid;
  }
  const r = runs[lo];
  if (!r || r[0] > b) return undefined;
  return Math.max(r[0], a);
}

/** A stored event's text as JSON (a store gives its own parser, which names the damaged file). */
function parseEventText(text: string, seq: number): GameEvent {
  try {
    return JSON.parse(text) as GameEvent;
  } catch {
    throw new Error(`entry ${seq} cannot be read: its event is not JSON`);
  }
}
