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
  Decided,
  GameState,
  KernelEvent,
  JsonObject,
  LogEntry,
  LogLine,
  RuleError,
  Result,
  Stream,
  VerifyReport,
  Viewer,
} from '../core/index.js';
import {
  batchCommand,
  chain,
  chainBreak,
  entryHash,
  err,
  FOLD_NOOP_TYPES,
  GENESIS,
  Kernel,
  ok,
  ruleError,
  sha256Hex,
  streamSeed,
  verifyLog,
} from '../core/index.js';
import type { Registry } from '../core/index.js';
import type { GameSummary, Store, StoreChange, TokenGrant } from '../store/store.js';
import { StoreError } from '../store/store.js';
import { reusedId } from './idempotency.js';

/** What an accepted command appended (or, for a repeated command id, what it appended the first time). */
export interface Accepted {
  readonly entries: readonly LogEntry[];
  readonly state: GameState;
  /** True when the command id had been seen: nothing new was appended. */
  readonly duplicate: boolean;
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
}

/** Told of committed entries, in order, once each. */
export type AppendListener = (game: string, entries: readonly LogEntry[]) => void;

/** Fresh randomness for a game's dice secret; supplied by the host (node:crypto), never by the core. */
export type Entropy = () => Uint8Array;

/**
 * How many times one command is decided before the referee gives up: each refused try means another
 * process committed to the game in between, so the game moved on; 32 such races in a row means something
 * is wrong, and the client gets the store's 'conflict'.
 */
export const MAX_ATTEMPTS = 32;

export class Referee {
  readonly kernel: Kernel;
  private readonly cache = new Map<string, Loaded>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per game, the check of the cache against the store under way, and the one queued after it. */
  private readonly checks = new Map<
    string,
    { readonly started: Promise<Loaded>; queued?: Promise<Loaded> }
  >();
  private readonly listeners = new Set<AppendListener>();
  /** Per game, how many listeners follow it alone; `everyGame` counts those that follow every game. */
  private readonly followed = new Map<string, number>();
  private everyGame = 0;
  /** Games whose stored log was found sound (see checkSound) before this referee first wrote to them. */
  private readonly sound = new Set<string>();
  /** Set once the store is (being) watched; see watch(). */
  private watching: Promise<() => Promise<void>> | undefined;

  constructor(
    readonly store: Store,
    registry: Registry,
    private readonly entropy: Entropy,
  ) {
    this.kernel = new Kernel(registry);
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

  async entries(game: string): Promise<LogEntry[]> {
    const entries = await this.store.entries(game);
    if (!entries) throw new StoreError('unknown-game', `there is no game ${game}`);
    return entries;
  }

  /**
   * The command a command id was first accepted with, as the log recorded it (id and dice included), or
   * undefined if the id has not been seen. The forum compares a retried post's sentences with it.
   */
  async recordedCommand(game: string, id: string): Promise<Command | undefined> {
    const seen = await this.store.command(game, id);
    if (!seen) return undefined;
    const entries = (await this.store.entries(game, seen.first)) ?? [];
    const first = entries[0];
    return first ? batchCommand(first.event, entries[1]?.event) : undefined;
  }

  /**
   * Replays the stored log from nothing and re-decides every command with the game's dice secret. `check`
   * does the re-deciding (verifyLog by default): the server passes one that runs it on a worker thread.
   */
  async verify(
    game: string,
    check: (
      entries: readonly LogEntry[],
      master: Uint8Array | undefined,
    ) => Promise<VerifyReport> | VerifyReport = (entries, master) => verifyLog(this.kernel, entries, master),
  ): Promise<VerifyReport> {
    const entries = await this.entries(game);
    const master = await this.store.master(game);
    const damage = await this.fileDamage();
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
   * Writes a verified log into the store as a new game. `master` is the dice secret from a full export.
   * Refused, with nothing written, if the game exists or the log does not verify.
   */
  async import(
    entries: readonly LogEntry[],
    master: Uint8Array | null,
  ): Promise<Result<GameState, RuleError>> {
    const first = entries[0];
    if (!first || first.event.type !== 'game-created')
      return err(ruleError('bad-import', 'the file does not begin with the creation of a game'));
    const game = first.event.game as string;
    return this.serially(game, async () => {
      if (await this.store.entries(game))
        return err(ruleError('game-exists', `the game ${game} already exists here`));
      const report = verifyLog(this.kernel, entries, master ?? undefined);
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
   * Before the first write to a game, its stored log must be sound: nothing is appended on top of a log
   * whose hash chain is broken (an entry altered, lost or moved: a damaged file) or whose dice secret no
   * longer matches the seeds the log committed to. Once per game and process, one pass over the log; the
   * rest of `referee verify` (re-deciding every command) is left to that verb. Refused as 'damaged'.
   */
  private async checkSound(game: string): Promise<void> {
    if (this.sound.has(game)) return;
    let prev = GENESIS;
    let seq = 0;
    let problem: string | undefined;
    const commitments: { stream: Stream; epoch: number; commitment: string }[] = [];
    outer: for await (const batch of this.store.stream(game)) {
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
    if (seq === 0) return; // no such game: the command is refused as unknown-game
    const damage = problem === undefined ? await this.fileDamage() : undefined;
    if (damage) problem = `the file is damaged: ${damage}`;
    const master = problem === undefined ? await this.store.master(game) : null;
    const wrong = commitments.find(
      (c) =>
        master &&
        (c.stream === 'public' || c.stream === 'secret') &&
        sha256Hex(streamSeed(master, c.stream, c.epoch)) !== c.commitment,
    );
    if (wrong)
      problem = `the dice secret does not match the seed committed for ${wrong.stream} ${wrong.epoch}`;
    if (problem !== undefined)
      throw new StoreError(
        'damaged',
        `the stored log of ${game} does not verify (${problem}): nothing was written; \`referee verify ${game}\` tells more`,
      );
    this.sound.add(game);
  }

  /** What the store finds wrong with its own file (Store.checkFile), if it can tell. */
  private async fileDamage(): Promise<string | undefined> {
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
    if (!hit || command.type === 'create') return undefined;
    const decided = this.kernel.decide(hit.state, command, {
      head: hit.head,
      ...(hit.master ? { master: hit.master } : {}),
    });
    if (!decided.ok) return undefined;
    const entries = this.link(hit, decided.value);
    try {
      await this.store.append({
        game,
        entries,
        ...(command.id !== undefined ? { commandId: command.id } : {}),
        ...(options.tokens ? { tokens: options.tokens } : {}),
      });
    } catch (e) {
      if (e instanceof StoreError && (e.code === 'conflict' || e.code === 'duplicate-command'))
        return undefined;
      throw e;
    }
    this.committed(game, entries, decided.value.state, hit.master);
    return ok({ entries, state: decided.value.state, duplicate: false });
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
        const entries = ((await this.store.entries(game, seen.first)) ?? []).filter(
          (e) => e.seq <= seen.last,
        );
        const reused = reusedId(command, entries);
        if (reused) return err(reused);
        return ok({ entries, state: loaded.state, duplicate: true });
      }
    }
    const master = creating && command.args.dice !== 'manual' ? this.entropy() : (loaded?.master ?? null);
    const decided = this.kernel.decide(loaded?.state, command, {
      head: loaded?.head ?? GENESIS,
      ...(master ? { master } : {}),
    });
    if (!decided.ok) return decided;
    const entries = this.link(loaded, decided.value);
    // A refused append wrote nothing and leaves the cache as it was: true of what was committed, and the
    // next load catches it up.
    await this.store.append({
      game,
      entries,
      ...(creating ? { create: { ruleset: decided.value.state.ruleset, master } } : {}),
      ...(command.id !== undefined ? { commandId: command.id } : {}),
      ...(options.tokens ? { tokens: options.tokens } : {}),
    });
    this.committed(game, entries, decided.value.state, master);
    return ok({ entries, state: decided.value.state, duplicate: false });
  }

  /** After an append committed: the cache moves on to the state it leaves, and listeners are told. */
  private committed(
    game: string,
    entries: readonly LogEntry[],
    state: GameState,
    master: Uint8Array | null,
  ): void {
    const last = entries[entries.length - 1] as LogEntry;
    // A read may have caught the cache up past these entries while the append was committing (and told the
    // listeners of them then): only a cache still behind them is moved on, so each entry is told once.
    if ((this.cache.get(game)?.state.seq ?? 0) < last.seq) {
      this.cache.set(game, { state, head: last.hash, master });
      this.announce(game, entries);
    }
  }

  private link(loaded: Loaded | undefined, decided: Decided): LogEntry[] {
    return chain(loaded?.head ?? GENESIS, (loaded?.state.seq ?? 0) + 1, decided.events, decided.ats);
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
    // Folded batch by batch, the no-op entries unparsed: a game of a million entries loads in about a
    // second without its log ever being in memory whole.
    let state: GameState | undefined;
    let head = GENESIS;
    let seq = 0;
    for await (const batch of this.store.foldStream(game, FOLD_NOOP_TYPES)) {
      try {
        for (const e of batch.events) {
          state = this.kernel.evolve(state, e);
          seq++;
        }
      } catch (e) {
        throw unreplayable(game, seq + 1, e);
      }
      head = batch.lastHash;
    }
    if (!state) throw new StoreError('unknown-game', `there is no game ${game}`);
    const master = await this.store.master(game);
    // Two loads of one game may overlap; the one that finishes second must not put an older state back.
    if (this.cache.has(game)) return this.load(game);
    const loaded = { state, head, master };
    this.cache.set(game, loaded);
    return loaded;
  }

  /**
   * Follows the store's appends, whoever commits them (LISTEN/NOTIFY on PostgreSQL): cached games are caught
   * up and the onAppend listeners told of the new entries, without waiting for a command or a read.
   * Resolves once the store listens; idempotent. onAppend starts it; call it to know it works (it rejects if
   * the store cannot listen). A store without watch() resolves at once: reads still catch up on their own.
   */
  async watch(): Promise<void> {
    const store = this.store;
    if (!store.watch) return;
    this.watching ??= store.watch((change) => this.changed(change));
    try {
      await this.watching;
    } catch (e) {
      this.watching = undefined;
      throw e;
    }
  }

  /** Stops following the store (the store itself stays open: its owner closes it). */
  async unwatch(): Promise<void> {
    const watching = this.watching;
    this.watching = undefined;
    if (!watching) return;
    const stop = await watching.catch(() => undefined);
    await stop?.();
  }

  private changed(change: StoreChange): void {
    const games = change.kind === 'append' ? [change.game] : [...this.cache.keys()];
    for (const game of games) {
      // In the game's queue, so a catch-up never interleaves with a command being decided here; a failure
      // is left for the next load, which catches up the same way.
      this.serially(game, () => this.follow(game, change)).catch(() => undefined);
    }
  }

  private async follow(game: string, change: StoreChange): Promise<void> {
    // Nobody here listens to this game: nothing to tell. A cached state left behind is caught up by the
    // next read or command, which asks the store anyway; following it now would make every process read
    // every other process's appends.
    if (this.everyGame === 0 && !this.followed.has(game)) return;
    const hit = this.cache.get(game);
    if (hit) {
      if (change.kind === 'resync' || hit.state.seq < change.last) await this.load(game);
      return;
    }
    // A game this process has not loaded: nothing to catch up, but listeners may follow it.
    if (change.kind !== 'append' || this.listeners.size === 0) return;
    const entries = ((await this.store.entries(game, change.first)) ?? []).filter(
      (e) => e.seq <= change.last,
    );
    if (!this.cache.has(game) && entries.length > 0) this.announce(game, entries);
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
    // One function per subscription, so the same listener given twice is two subscriptions.
    const subscribed: AppendListener =
      game === undefined
        ? listener
        : (g, entries) => {
            if (g === game) listener(g, entries);
          };
    this.listeners.add(subscribed);
    if (game === undefined) this.everyGame++;
    else this.followed.set(game, (this.followed.get(game) ?? 0) + 1);
    // Live updates must come from every process: start following the store (errors: see watch()).
    this.watch().catch(() => undefined);
    let subscribedNow = true;
    return () => {
      if (!subscribedNow) return;
      subscribedNow = false;
      this.listeners.delete(subscribed);
      if (game === undefined) this.everyGame--;
      else {
        const left = (this.followed.get(game) ?? 1) - 1;
        if (left > 0) this.followed.set(game, left);
        else this.followed.delete(game);
      }
    };
  }

  /** Tells every listener; a listener that throws is a bug of its own and must not undo the append. */
  protected announce(game: string, entries: readonly LogEntry[]): void {
    for (const listener of this.listeners) {
      try {
        listener(game, entries);
      } catch {
        // Deliberately ignored: the entries are committed whatever a listener does.
      }
    }
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
