// The application service: the only place the pure kernel meets the store. Commands to one game are
// applied one at a time, in arrival order; an accepted command is acknowledged only after its entries are
// committed; a command id seen before returns its first result and appends nothing.
//
// Several processes may share one store (PostgreSQL; or a CLI beside a server on one SQLite file). The store
// refuses an append that does not follow its game's last entry ('conflict'), so nothing is ever committed
// out of order; this service then catches up from the store and decides the command again, so the client
// never sees the race. The cache is checked against the store on every read (one indexed query, usually
// empty; reads arriving while one check runs share the next), and watching the store (LISTEN/NOTIFY on
// PostgreSQL) tells onAppend listeners of entries other processes committed. A command is first decided on
// the cached state without that check: if the decision is to append, the store's own checks (the next
// entry, the command id) accept it only if the cache was the store's latest state and the id is new; a
// refused append, and every rule refusal, is decided again the careful way (fresh state, command id looked
// up), so no answer ever rests on a state older than the store.
import type {
  Command,
  GameState,
  JsonObject,
  LogEntry,
  LogLine,
  RuleError,
  Result,
  VerifyReport,
  Viewer,
} from '../core/index.js';
import {
  batchCommand,
  err,
  FOLD_NOOP_TYPES,
  foldCode,
  GENESIS,
  Kernel,
  ok,
  ruleError,
  rulesetNamedByCommand,
  snapshotVersion,
  verifyLog,
} from '../core/index.js';
import type { GameEvent, Registry } from '../core/index.js';
import type { GameSummary, Notice, Snapshot, Store, TokenGrant } from '../store/store.js';
import type { AddressClaims } from '../store/claims.js';
import type { MailGuards } from '../store/guards.js';
import type { Directory, GameLog, MailDesk, MailRoster, Maintenance, Outbox, Rules } from './ports/index.js';
import { StoreError } from '../store/store.js';
import { admit } from './insides.js';
import type { AppendListener } from './following.js';
import { Following } from './following.js';
import type { FileCheck, LogCheck, VerifyProgress } from './verification.js';
import { verifyEntries, verifyStored } from './verification.js';
import type { ChainCheck } from './verification.js';
import { commandEntries, reusedId } from './idempotency.js';
import { SnapshotKeeper } from './snapshot-keeper.js';
import { SNAPSHOT_EVERY } from './snapshots.js';
import type { Decider, DecideJob, Linked } from './deciding.js';
import { decideLinked } from './deciding.js';

/** What an accepted command appended (or, for a repeated command id, what it appended the first time). */
export interface Accepted {
  readonly entries: readonly LogEntry[];
  readonly state: GameState;
  /** True when the command id had been seen: nothing new was appended. */
  readonly duplicate: boolean;
  /** The state the command was decided on (absent for a repeated command id, and for a creation). */
  readonly before?: GameState;
}

interface Loaded {
  state: GameState;
  head: string;
  master: Uint8Array | null;
}

/** What else an accepted command writes in its transaction. */
export interface SubmitOptions {
  /** Tokens granted if (and only if) the command is accepted: the admin's at creation, a player's on joining. */
  readonly tokens?: readonly TokenGrant[];
  /**
   * The notices the command causes (issue 14: reminders, deadlines, "your turn"), made from the entries it
   * appends, the state after them and the state it was decided on, each from its recipient's view only. Called once the command is
   * decided, again on each retry (its result must depend on nothing else), and written in the same
   * transaction as the entries: a refused command leaves no notice, an accepted one all of them.
   */
  readonly notices?: (
    entries: readonly LogEntry[],
    state: GameState,
    before: GameState | undefined,
  ) => Notice[];
}

export type { AppendListener };

/**
 * The notices every command causes, beside its own (Referee.setNotices): the host's producers (issue 15's
 * private news and nweek reports, src/channels/producers.ts). Unlike SubmitOptions.notices it may read the
 * store (an nweek's report covers the whole nweek), so it answers a promise; it is called as often and on
 * the same terms (once the command is decided, again on each retry, before the append).
 */
export type CommandNotices = (
  game: string,
  entries: readonly LogEntry[],
  state: GameState,
  before: GameState | undefined,
) => Notice[] | Promise<Notice[]>;

/** Fresh randomness for a game's dice secret; supplied by the host (node:crypto), never by the core. */
export type Entropy = () => Uint8Array;

/** How a Referee is set up beyond its store, rulesets and entropy. */
export interface RefereeOptions {
  /**
   * Snapshots of games' states (issue 17; snapshots.ts): written with the append that takes a game `every`
   * entries (default SNAPSHOT_EVERY) past its last one, and used to open a game and check it before its first
   * write. `code` is the host's fingerprint of its own code (src/node/code-version.ts), beside the text of
   * the folds the registry holds: a snapshot folded by other code is never used. `false`: none.
   */
  readonly snapshots?: false | { readonly every?: number; readonly code?: () => string };
}

/**
 * How many times one command is decided before the referee gives up: each refused try means another
 * process committed to the game in between, so the game moved on; 32 such races in a row means something
 * is wrong, and the client gets the store's 'conflict'.
 */
export const MAX_ATTEMPTS = 32;

/** How long a sound check of the whole file serves other games' first writes (see Referee.soundFile). */
export const FILE_CHECK_REUSE_MS = 60_000;

export class Referee {
  private readonly kernel: Kernel;
  private readonly cache = new Map<string, Loaded>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per game, the check of the cache against the store under way, and the one queued after it. */
  private readonly checks = new Map<
    string,
    { readonly started: Promise<Loaded>; queued?: Promise<Loaded> }
  >();
  /**
   * Cached games another process has appended to since (told by the store, for a game nobody here
   * follows): the next command is decided on the store's state, not first on the cached one.
   */
  private readonly stale = new Set<string>();
  /** The first write's check of each game, and its snapshots (snapshot-keeper.ts). */
  private readonly snapshots: SnapshotKeeper;
  /** Who checks the store's file, if not the store itself (see checkFileWith). */
  private fileCheck: FileCheck | undefined;
  /** Who decides the commands it takes, if not this thread (see decideWith). */
  private decider: Decider | undefined;
  /** The listeners of appends, and the watching of other processes' (following.ts). */
  private readonly following: Following;
  /** The file's last sound check for first writes, shared for FILE_CHECK_REUSE_MS (see soundFile). */
  private fileChecked: { readonly at: number; readonly damage: Promise<string | undefined> } | undefined;
  /** The notices of every command, beside a command's own (see setNotices). */
  private commandNotices: CommandNotices | undefined;
  /**
   * Told, while a game's log is replayed to load it, how many entries have been folded (after each batch, and
   * `done` once the replay is over), and the entry it started after (a snapshot's, else 0): the command line
   * draws a progress bar from it for a long replay (issue 17). Nothing else uses it.
   */
  replayProgress:
    ((game: string, folded: number, done: boolean, after: number) => Promise<void> | void) | undefined;

  constructor(
    private readonly store: Store,
    registry: Registry,
    private readonly entropy: Entropy,
    options: RefereeOptions = {},
  ) {
    this.kernel = new Kernel(registry);
    admit(this, { store, kernel: this.kernel });
    const snapshots = options.snapshots ?? {};
    this.snapshots = new SnapshotKeeper(
      store,
      snapshots === false
        ? undefined
        : {
            every: snapshots.every ?? SNAPSHOT_EVERY,
            // Over every ruleset's folds, whatever this process has loaded (a registry may load only what
            // its games name: src/rulesets/catalogue.ts), so that every process agrees on it.
            version: async () =>
              snapshotVersion(`${foldCode(await registry.loadAll())}\n${snapshots.code?.() ?? ''}`),
          },
    );
    this.following = new Following({
      store,
      cachedSeq: (game) => this.cache.get(game)?.state.seq,
      cachedGames: () => [...this.cache.keys()],
      serially: (game, work) => this.serially(game, work),
      load: (game) => this.load(game),
      behind: (game) => {
        if (this.cache.has(game)) this.stale.add(game);
      },
    });
  }

  // The narrow ports (issue 28 item 1; ports/): each room outside the engine is handed the one it needs.

  /** The rules' reads (views, renderings, logs, the commands a game takes), never a decision or a fold. */
  get rules(): Rules {
    return this.kernel;
  }

  /** Reading logs as the store has them (the page's catching up, an nweek's report, an export). */
  get gameLog(): GameLog {
    return this.store;
  }

  /** The notices written and their deliveries (the clock, the channels, the page's notices). */
  get outbox(): Outbox {
    return this.store;
  }

  /** Tokens and mail addresses. */
  get directory(): Directory {
    return this.store;
  }

  /** The games played by mail. */
  get roster(): MailRoster {
    return this.store;
  }

  /** Pending claims of mail addresses (issue 21). */
  get claims(): AddressClaims {
    return this.store;
  }

  /** The mail edge's guards: phrase standings and answer budgets (issue 23). */
  get guards(): MailGuards {
    return this.store;
  }

  /** Registering a player's mail address: the directory, the claims, the guards and the outbox together. */
  get mailDesk(): MailDesk {
    return this.store;
  }

  /** The store's upkeep (its file's check, checkpoints, a game copied whole). */
  get maintenance(): Maintenance {
    return this.store;
  }

  /**
   * Has every command from now on also write the notices `notices` makes (merged after the command's own
   * SubmitOptions.notices; a key both make is stored once), or none beside its own when undefined.
   */
  setNotices(notices: CommandNotices | undefined): void {
    this.commandNotices = notices;
  }

  /**
   * Loads the rulesets these events name and the registry has not loaded yet (a registry that loads rulesets
   * as games name them: src/rulesets/catalogue.ts). Whatever folds or describes events runs after it: the
   * kernel's own work is synchronous. Undefined when there is nothing to load, so a fold loop need not wait.
   */
  private ready(events: Iterable<GameEvent>): Promise<void> | undefined {
    const missing = this.kernel.registry.missing(events);
    return missing.length > 0 ? this.kernel.registry.load(missing) : undefined;
  }

  /** Loads the ruleset a command names (the kernel's create and amend), if any, before it is decided. */
  async prepare(command: Command): Promise<void> {
    const named = rulesetNamedByCommand(command);
    if (named !== undefined) await this.kernel.registry.load([named]);
  }

  /** The notices a decided command writes: its own, then those of every command. */
  private async noticesOf(
    game: string,
    options: SubmitOptions,
    entries: readonly LogEntry[],
    state: GameState,
    before: GameState | undefined,
  ): Promise<{ notices?: Notice[] }> {
    const own = options.notices ? options.notices(entries, state, before) : [];
    const every = this.commandNotices ? await this.commandNotices(game, entries, state, before) : [];
    if (!options.notices && every.length === 0) return {};
    return { notices: [...own, ...every] };
  }

  listGames(): Promise<GameSummary[]> {
    return this.store.listGames();
  }

  /** Applies one command to a game (or creates it), strictly after every command before it. */
  submit(game: string, command: Command, options: SubmitOptions = {}): Promise<Result<Accepted, RuleError>> {
    return this.serially(game, () => this.apply(game, command, options));
  }

  async state(game: string): Promise<GameState> {
    return (await this.load(game)).state;
  }

  /**
   * The game as this process last knew it, without asking the store whether another process has appended
   * since (loaded if it is not cached). For what may lag a command behind without harm — which commands
   * exist and who gives them, to tell a wrong role from a rule's refusal — never for a decision: submit
   * decides on the store's latest state.
   */
  async knownState(game: string): Promise<GameState> {
    if (this.stale.has(game)) return (await this.load(game)).state;
    return this.cache.get(game)?.state ?? (await this.load(game)).state;
  }

  async view(game: string, viewer: Viewer): Promise<JsonObject> {
    return this.kernel.view(await this.state(game), viewer);
  }

  async render(game: string, viewer: Viewer): Promise<string> {
    const state = await this.state(game);
    return this.kernel.render(state, this.kernel.view(state, viewer));
  }

  async log(game: string, viewer: Viewer): Promise<LogLine[]> {
    const entries = await this.entries(game);
    return this.kernel.logView(entries, viewer, await this.state(game));
  }

  /** The game's whole log, with every ruleset it names loaded (to describe or replay it). */
  async entries(game: string): Promise<LogEntry[]> {
    const entries = await this.store.entries(game);
    if (!entries) throw new StoreError('unknown-game', `there is no game ${game}`);
    await this.ready(entries.map((e) => e.event));
    return entries;
  }

  /**
   * The command a command id was first accepted with, as the log recorded it (id and dice included), or
   * undefined if the id has not been seen. The forum compares a retried post's sentences with it.
   */
  async recordedCommand(game: string, id: string): Promise<Command | undefined> {
    const seen = await this.store.command(game, id);
    if (!seen) return undefined;
    const entries = await commandEntries(this.store, game, seen);
    const first = entries[0];
    return first ? batchCommand(first.event, entries[1]?.event) : undefined;
  }

  /**
   * Replays the stored log from nothing and re-decides every command with the game's dice secret, page by
   * page; `check` re-decides the whole log read first instead, `progress` is told how far it has got. See
   * verification.ts.
   */
  async verify(
    game: string,
    options: { check?: LogCheck; progress?: VerifyProgress; chainCheck?: ChainCheck } = {},
  ): Promise<VerifyReport> {
    // The log is checked as it is read, page by page: every ruleset it may name (its creation, any amendment)
    // is loaded first (issue 17: the CLI loads rulesets as games name them).
    await this.kernel.registry.loadAll();
    return verifyStored(this.kernel, this.store, game, { ...options, fileDamage: () => this.fileDamage() });
  }

  /** Re-decides a log read whole (core's verifyLog): the server's check of a game on its own thread. */
  verifyLog(entries: readonly LogEntry[], master: Uint8Array | undefined): VerifyReport {
    return verifyLog(this.kernel, entries, master);
  }

  /** Re-decides a log page by page, telling `progress` (`referee migrate` checks a game before copying it). */
  verifyEntries(
    entries: readonly LogEntry[],
    master: Uint8Array | undefined,
    progress?: VerifyProgress,
  ): Promise<VerifyReport> {
    return verifyEntries(this.kernel, entries, master, progress);
  }

  /**
   * Writes a verified log into the store as a new game. `master` is the dice secret from a full export.
   * Refused, with nothing written, if the game exists or the log does not verify.
   */
  async import(
    entries: readonly LogEntry[],
    master: Uint8Array | null,
    progress?: VerifyProgress,
  ): Promise<Result<GameState, RuleError>> {
    const first = entries[0];
    if (!first || first.event.type !== 'game-created')
      return err(ruleError('bad-import', 'the file does not begin with the creation of a game'));
    const game = first.event.game as string;
    return this.serially(game, async () => {
      if (await this.store.entries(game))
        return err(ruleError('game-exists', `the game ${game} already exists here`));
      await this.ready(entries.map((e) => e.event));
      const report = await verifyEntries(this.kernel, entries, master ?? undefined, progress);
      if (!report.ok)
        return err(ruleError('bad-import', `the log does not verify: ${report.problems[0] ?? ''}`));
      await this.store.append({ game, entries, create: { ruleset: first.event.ruleset as string, master } });
      this.announce(game, entries);
      return ok((await this.load(game)).state);
    });
  }

  /**
   * Decides and appends, again and again while another process wins the race to append (the store refused
   * and wrote nothing): each try starts from the log as the store now has it, so the command is decided
   * against every command committed before it, whichever process took that one.
   */
  private async apply(
    game: string,
    command: Command,
    options: SubmitOptions,
  ): Promise<Result<Accepted, RuleError>> {
    if (command.type !== 'create') await this.checkSound(game);
    await this.prepare(command);
    const quick = await this.optimistic(game, command, options);
    if (quick) return quick;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.attempt(game, command, options);
      } catch (e) {
        // 'duplicate-command': another process applied this very command id meanwhile; the next try finds
        // it and answers with its first result.
        const raced = e instanceof StoreError && (e.code === 'conflict' || e.code === 'duplicate-command');
        if (!raced || attempt >= MAX_ATTEMPTS) throw e;
      }
    }
  }

  /**
   * Before the first write to a game, its stored log must be sound (verification.ts, checkSound): once per
   * game and process, from its usable snapshot if it has one (snapshot-keeper.ts). Refused as 'damaged'.
   */
  private checkSound(game: string): Promise<void> {
    return this.snapshots.checkSound(game, () => this.soundFile());
  }

  /**
   * Has the store's file checked by `check` instead of by the store itself (Store.checkFile) from now on, or
   * by the store again when undefined. The server checks its SQLite file on a thread of its own: the check
   * reads the whole file, and on the event loop it stalled every game for as long (issue 13, item 4).
   */
  checkFileWith(check: FileCheck | undefined): void {
    this.fileCheck = check;
  }

  /**
   * Has `decider` decide the commands it takes (on another thread: deciding.ts) from now on, or every command
   * decided here again when undefined.
   */
  decideWith(decider: Decider | undefined): void {
    this.decider = decider;
  }

  /**
   * The file check before a game's first write, shared: SQLite's check reads the whole log (every game's), so
   * checking it again for each game made a process's first writes to N games cost N whole-file reads, on the
   * event loop (10,000 scheduled games' first ticks stalled the clock for minutes; bench/clock.ts). A sound
   * answer serves the first writes of the next FILE_CHECK_REUSE_MS; a damaged one is never reused, and
   * `referee verify` always checks afresh.
   */
  private async soundFile(): Promise<string | undefined> {
    const now = performance.now();
    if (!this.fileChecked || now - this.fileChecked.at > FILE_CHECK_REUSE_MS)
      this.fileChecked = { at: now, damage: this.fileDamage() };
    const checked = this.fileChecked;
    const damage = await checked.damage.catch((e: unknown) => {
      if (this.fileChecked === checked) this.fileChecked = undefined;
      throw e;
    });
    if (damage !== undefined && this.fileChecked === checked) this.fileChecked = undefined;
    return damage;
  }

  /** What the store finds wrong with its own file (Store.checkFile), if it can tell. */
  private async fileDamage(): Promise<string | undefined> {
    if (this.fileCheck) return this.fileCheck();
    return this.store.checkFile ? await this.store.checkFile() : undefined;
  }

  /**
   * The common case in one store call: decided on the cached state, appended with the store checking that
   * the entries follow its last one and that the command id is new. Undefined when the careful way must
   * answer: no cached state, a creation, a rule's refusal (which must rest on the store's latest state and
   * may be a repeated command id), or an append the store refused (the cache was behind, or the id seen).
   */
  private async optimistic(
    game: string,
    command: Command,
    options: SubmitOptions,
  ): Promise<Result<Accepted, RuleError> | undefined> {
    const hit = this.cache.get(game);
    // A cache known to be behind would only have its append refused: the careful way catches it up first.
    if (!hit || command.type === 'create' || this.stale.has(game)) return undefined;
    const decided = await this.decideOn(hit, command, hit.master);
    if (!decided.ok) return undefined;
    const { entries } = decided.value;
    const notices = await this.noticesOf(game, options, entries, decided.value.state, hit.state);
    const snapshot = await this.snapshots.due(game, hit, entries, decided.value.state, hit.master);
    try {
      await this.store.append({
        game,
        entries,
        ...(command.id !== undefined ? { commandId: command.id } : {}),
        ...(options.tokens ? { tokens: options.tokens } : {}),
        ...notices,
        ...(snapshot ? { snapshot } : {}),
      });
    } catch (e) {
      if (e instanceof StoreError && (e.code === 'conflict' || e.code === 'duplicate-command'))
        return undefined;
      throw e;
    }
    this.committed(game, entries, decided.value.state, hit.master, snapshot);
    return ok({ entries, state: decided.value.state, duplicate: false, before: hit.state });
  }

  private async attempt(
    game: string,
    command: Command,
    options: SubmitOptions,
  ): Promise<Result<Accepted, RuleError>> {
    const creating = command.type === 'create';
    let loaded: Loaded | undefined;
    if (!creating) {
      try {
        loaded = await this.load(game);
      } catch (e) {
        if (e instanceof StoreError && e.code === 'unknown-game')
          return err(ruleError('unknown-game', e.message));
        throw e;
      }
    } else if (await this.store.entries(game, 1 << 30)) {
      // (Asking for entries past any real end: the answer says whether the game exists, reading nothing.)
      // A retried creation (the same command id) is answered like any repeated command.
      if (command.id === undefined || !(await this.store.command(game, command.id)))
        return err(ruleError('game-exists', `the game ${game} already exists`));
      loaded = await this.load(game);
    }
    if (loaded && command.id !== undefined) {
      const seen = await this.store.command(game, command.id);
      if (seen) {
        const entries = await commandEntries(this.store, game, seen);
        // Compared as the rules read them (K13): "ALICE" again is alice's command again.
        const state = loaded.state;
        const reused = reusedId(command, entries, (c) => this.kernel.spelt(state, c));
        if (reused) return err(reused);
        return ok({ entries, state: loaded.state, duplicate: true });
      }
    }
    const master = creating && command.args.dice !== 'manual' ? this.entropy() : (loaded?.master ?? null);
    const decided = await this.decideOn(loaded, command, master);
    if (!decided.ok) return decided;
    const { entries } = decided.value;
    const notices = await this.noticesOf(game, options, entries, decided.value.state, loaded?.state);
    const snapshot = await this.snapshots.due(game, loaded, entries, decided.value.state, master);
    // A refused append wrote nothing and leaves the cache as it was: true of what was committed, and the
    // next load catches it up.
    await this.store.append({
      game,
      entries,
      ...(creating ? { create: { ruleset: decided.value.state.ruleset, master } } : {}),
      ...(command.id !== undefined ? { commandId: command.id } : {}),
      ...(options.tokens ? { tokens: options.tokens } : {}),
      ...notices,
      ...(snapshot ? { snapshot } : {}),
    });
    this.committed(game, entries, decided.value.state, master, snapshot);
    return ok({
      entries,
      state: decided.value.state,
      duplicate: false,
      ...(loaded && !creating ? { before: loaded.state } : {}),
    });
  }

  /** After an append committed: the cache moves on to the state it leaves, and listeners are told. */
  private committed(
    game: string,
    entries: readonly LogEntry[],
    state: GameState,
    master: Uint8Array | null,
    snapshot: Snapshot | undefined,
  ): void {
    this.snapshots.committed(game, entries, snapshot);
    const last = entries[entries.length - 1] as LogEntry;
    // A read may have caught the cache up past these entries while the append was committing (and told the
    // listeners of them then): only a cache still behind them is moved on, so each entry is told once.
    if ((this.cache.get(game)?.state.seq ?? 0) < last.seq) {
      this.cache.set(game, { state, head: last.hash, master });
      this.announce(game, entries);
    }
  }

  /**
   * The command decided on `loaded` (none: a creation) and linked onto its log: by the decider if it takes
   * it (decideWith), else here.
   */
  private async decideOn(
    loaded: Loaded | undefined,
    command: Command,
    master: Uint8Array | null,
  ): Promise<Result<Linked, RuleError>> {
    const job: DecideJob = {
      state: loaded?.state,
      command,
      head: loaded?.head ?? GENESIS,
      seq: loaded?.state.seq ?? 0,
      ...(master ? { master } : {}),
    };
    const elsewhere = await this.decider?.decide(job);
    if (elsewhere) return elsewhere;
    const decided = decideLinked(this.kernel, job);
    this.decider?.decidedHere(job, decided);
    return decided;
  }

  /**
   * The game as the store has it now. A cached state is only a head start: the store is asked for entries
   * after it (another process, or a CLI beside this server, may have appended), and those are folded in and
   * told to the listeners.
   */
  private load(game: string): Promise<Loaded> {
    if (!this.cache.has(game)) return this.loadFully(game);
    const slot = this.checks.get(game);
    if (!slot) return this.check(game);
    // A check under way may have read before this call began, and missed what was committed since: this
    // call waits for the next one, which starts when that one ends and serves every call arriving meanwhile.
    slot.queued ??= slot.started.then(
      () => this.check(game),
      () => this.check(game),
    );
    return slot.queued;
  }

  /** One check of the cache against the store, starting now. */
  private check(game: string): Promise<Loaded> {
    const started = this.catchUp(game);
    const slot = { started };
    this.checks.set(game, slot);
    const done = () => {
      if (this.checks.get(game) === slot) this.checks.delete(game);
    };
    started.then(done, done);
    return started;
  }

  private async catchUp(game: string): Promise<Loaded> {
    // What was appended before this read is read now; anything told after it marks the game again.
    this.stale.delete(game);
    const hit = this.cache.get(game);
    if (!hit) return this.loadFully(game);
    const newer = await this.store.entries(game, hit.state.seq + 1);
    if (!newer || newer.length === 0) return this.cache.get(game) ?? hit;
    return this.advance(game, newer);
  }

  /** Folds entries read from the store into the cached state, if they follow it; tells the listeners. */
  private advance(game: string, newer: readonly LogEntry[]): Loaded | Promise<Loaded> {
    const now = this.cache.get(game);
    if (!now) return this.loadFully(game);
    // Another caller may have moved the cache on since these were read: keep only what is still new.
    const fresh = newer.filter((e) => e.seq > now.state.seq);
    const first = fresh[0];
    if (!first) return now;
    if (first.seq !== now.state.seq + 1 || first.prev !== now.head) {
      // Not a continuation of what we hold (cannot happen with an append-only store): start again.
      this.cache.delete(game);
      return this.loadFully(game);
    }
    // Another process amended the game into a ruleset not loaded here: loaded first, then folded.
    const loading = this.ready(fresh.map((e) => e.event));
    if (loading) return loading.then(() => this.advance(game, newer));
    let state = now.state;
    let at = first.seq;
    try {
      for (const e of fresh) {
        at = e.seq;
        state = this.kernel.evolve(state, e.event);
      }
    } catch (e) {
      throw unreplayable(game, at, e);
    }
    const next: Loaded = { state, head: (fresh[fresh.length - 1] as LogEntry).hash, master: now.master };
    this.cache.set(game, next);
    this.announce(game, fresh);
    return next;
  }

  private async loadFully(game: string): Promise<Loaded> {
    this.stale.delete(game);
    // From the game's snapshot if one may be used (snapshot-keeper.ts), else from the start; folded batch by
    // batch, the no-op entries unparsed: a game of a million entries loads in about a second without its log
    // ever being in memory whole.
    const master = await this.store.master(game);
    const from = await this.snapshots.usable(game, master);
    let state: GameState | undefined = from?.state;
    let head = from?.hash ?? GENESIS;
    let seq = from?.seq ?? 0;
    const after = seq;
    if (from) await this.kernel.registry.load([from.state.ruleset]);
    for await (const batch of this.store.foldStream(game, FOLD_NOOP_TYPES, seq + 1)) {
      // The rulesets the batch names (its creation, an amendment), before any of it is folded.
      await this.ready(batch.events);
      try {
        for (const e of batch.events) {
          state = this.kernel.evolve(state, e);
          seq++;
        }
      } catch (e) {
        throw unreplayable(game, seq + 1, e);
      }
      head = batch.lastHash;
      await this.replayProgress?.(game, seq - after, false, after);
    }
    await this.replayProgress?.(game, seq - after, true, after);
    if (!state) throw new StoreError('unknown-game', `there is no game ${game}`);
    // Two loads of one game may overlap; the one that finishes second must not put an older state back.
    if (this.cache.has(game)) return this.load(game);
    const loaded = { state, head, master };
    this.cache.set(game, loaded);
    return loaded;
  }

  /**
   * Follows the store's appends, whoever commits them (LISTEN/NOTIFY on PostgreSQL); see following.ts.
   * Resolves once the store listens; idempotent; rejects if the store cannot listen.
   */
  watch(): Promise<void> {
    return this.following.watch();
  }

  /** Stops following the store (the store itself stays open: its owner closes it). */
  unwatch(): Promise<void> {
    return this.following.unwatch();
  }

  /**
   * Calls `listener` after every append this referee commits and, once the store is watched (see watch()),
   * every append other processes commit: the server's live updates hang on this. Per game, entries are told
   * in order and once each: every entry committed after the game was loaded here, and for a game not loaded
   * here, what the store notifies (entries committed before a load are in the loaded state, and are told
   * only if their notification was handled before the load finished). With `game`, that game's appends
   * alone: other processes' appends to games nobody here listens to are then not read at all. Returns the
   * unsubscribe function.
   */
  onAppend(listener: AppendListener, game?: string): () => void {
    return this.following.onAppend(listener, game);
  }

  /** Tells every listener; a listener that throws is a bug of its own and must not undo the append. */
  protected announce(game: string, entries: readonly LogEntry[]): void {
    this.following.announce(game, entries);
  }

  /** Runs work for one game after all work queued before it for that game. */
  private serially<T>(game: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(game) ?? Promise.resolve();
    const run = before.then(work, work);
    const settled = run.catch(() => undefined);
    this.queues.set(game, settled);
    void settled.then(() => {
      if (this.queues.get(game) === settled) this.queues.delete(game);
    });
    return run;
  }
}

/**
 * A stored event the rules cannot fold (they never produce it: an altered log, a damaged file), said as such
 * in one line rather than as the rules' internal error.
 */
function unreplayable(game: string, seq: number, e: unknown): StoreError {
  const why = (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ');
  return new StoreError(
    'damaged',
    `the stored log of ${game} cannot be replayed at entry ${seq} (${why}); \`referee verify ${game}\` tells more`,
  );
}
