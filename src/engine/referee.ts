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
import type { GameSummary, Notice, Snapshot, Store } from '../store/store.js';
import { Doors } from './ports/doors.js';
import { StoreError } from '../store/store.js';
import { admit } from './insides.js';
import { FileSoundness, GameQueues } from './file-soundness.js';
import type { Accepted, CommandNotices, Entropy, RefereeOptions, SubmitOptions } from './submission.js';
import { MAX_ATTEMPTS } from './submission.js';
import { GameCache } from './game-cache.js';
import type { Loaded } from './game-cache.js';
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
import { decideSealed } from './timelock-seal.js';
import { withBeaconInstant } from './instants.js';

export type { AppendListener };
export type { Accepted, CommandNotices, Entropy, RefereeOptions, SubmitOptions } from './submission.js';
export { FILE_CHECK_REUSE_MS, MAX_ATTEMPTS } from './submission.js';

export class Referee extends Doors {
  /** Each game's commands, one at a time in arrival order. */
  private readonly queues = new GameQueues();
  /** The games held in memory, checked against the store on every read (game-cache.ts). */
  private readonly games: GameCache;
  /** The first write's check of each game, and its snapshots (snapshot-keeper.ts). */
  private readonly snapshots: SnapshotKeeper;
  /** The store's file checked before first writes (file-soundness.ts). */
  private readonly file: FileSoundness;
  /** Who decides the commands it takes, if not this thread (see decideWith). */
  private decider: Decider | undefined;
  /** The listeners of appends, and the watching of other processes' (following.ts). */
  private readonly following: Following;
  private readonly now: () => number; // RefereeOptions.now
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
    store: Store,
    registry: Registry,
    private readonly entropy: Entropy,
    options: RefereeOptions = {},
  ) {
    super(store, new Kernel(registry));
    this.file = new FileSoundness(store);
    admit(this, { store, kernel: this.kernel });
    this.now = options.now ?? Date.now;
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
    this.games = new GameCache({
      store,
      kernel: this.kernel,
      snapshots: this.snapshots,
      ready: (events) => this.ready(events),
      announce: (game, entries) => this.announce(game, entries),
      replayProgress: () => this.replayProgress,
    });
    this.following = new Following({
      store,
      cachedSeq: (game) => this.games.held(game)?.state.seq,
      cachedGames: () => this.games.games(),
      serially: (game, work) => this.serially(game, work),
      load: (game) => this.games.load(game),
      behind: (game) => this.games.behind(game),
    });
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
    return (await this.games.load(game)).state;
  }

  /**
   * The game as this process last knew it, without asking the store whether another process has appended
   * since (loaded if it is not cached). For what may lag a command behind without harm — which commands
   * exist and who gives them, to tell a wrong role from a rule's refusal — never for a decision: submit
   * decides on the store's latest state.
   */
  async knownState(game: string): Promise<GameState> {
    if (this.games.isStale(game)) return (await this.games.load(game)).state;
    return this.games.held(game)?.state ?? (await this.games.load(game)).state;
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
    return verifyStored(this.kernel, this.store, game, { ...options, fileDamage: () => this.file.damage() });
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
      return ok((await this.games.load(game)).state);
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
    return this.snapshots.checkSound(game, () => this.file.sound());
  }

  /**
   * Has the store's file checked by `check` instead of by the store itself (Store.checkFile) from now on, or
   * by the store again when undefined. The server checks its SQLite file on a thread of its own: the check
   * reads the whole file, and on the event loop it stalled every game for as long (issue 13, item 4).
   */
  checkFileWith(check: FileCheck | undefined): void {
    this.file.checkWith(check);
  }

  /**
   * Has `decider` decide the commands it takes (on another thread: deciding.ts) from now on, or every command
   * decided here again when undefined.
   */
  decideWith(decider: Decider | undefined): void {
    this.decider = decider;
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
    const hit = this.games.held(game);
    // A cache known to be behind would only have its append refused: the careful way catches it up first.
    if (!hit || command.type === 'create' || this.games.isStale(game)) return undefined;
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
        loaded = await this.games.load(game);
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
      loaded = await this.games.load(game);
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
    // A read may have caught the cache up past these entries while the append was committing (and told the
    // listeners of them then): only a cache still behind them is moved on, so each entry is told once.
    if (this.games.moveOn(game, entries, state, master)) this.announce(game, entries);
  }

  /** The command decided on `loaded` (none: a creation), linked: by the decider if it takes it, else here. */
  private async decideOn(
    loaded: Loaded | undefined,
    command: Command,
    master: Uint8Array | null,
  ): Promise<Result<Linked, RuleError>> {
    const job: DecideJob = {
      state: loaded?.state,
      // B1: a beacon game's tick names the next round from its instant; B13: decideSealed seals its seed
      command: withBeaconInstant(command, loaded?.state.dice.source, this.now()),
      head: loaded?.head ?? GENESIS,
      seq: loaded?.state.seq ?? 0,
      ...(master ? { master } : {}),
    };
    return decideSealed(job, async (j) => {
      const elsewhere = await this.decider?.decide(j);
      if (elsewhere) return elsewhere;
      const decided = decideLinked(this.kernel, j);
      this.decider?.decidedHere(j, decided);
      return decided;
    });
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
    return this.queues.serially(game, work);
  }
}
