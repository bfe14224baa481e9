// The application service: the only place the pure kernel meets the store. Commands to one game are
// applied one at a time, in arrival order; an accepted command is acknowledged only after its entries are
// committed; a command id seen before returns its first result and appends nothing.
import type {
  Command,
  Decided,
  GameState,
  JsonObject,
  LogEntry,
  LogLine,
  RuleError,
  Result,
  VerifyReport,
  Viewer,
} from '../core/index.js';
import { chain, err, FOLD_NOOP_TYPES, GENESIS, Kernel, ok, ruleError, verifyLog } from '../core/index.js';
import type { Registry } from '../core/index.js';
import type { GameSummary, Store, TokenGrant } from '../store/store.js';
import { StoreError } from '../store/store.js';

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

export class Referee {
  readonly kernel: Kernel;
  private readonly cache = new Map<string, Loaded>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<AppendListener>();

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

  /** Replays the stored log from nothing and re-decides every command with the game's dice secret. */
  async verify(game: string): Promise<VerifyReport> {
    const entries = await this.entries(game);
    const master = await this.store.master(game);
    return verifyLog(this.kernel, entries, master ?? undefined);
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
      this.cache.delete(game);
      this.announce(game, entries);
      return ok((await this.load(game)).state);
    });
  }

  private async apply(
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
    } else if (await this.store.entries(game)) {
      // A retried creation (the same command id) is answered like any repeated command.
      if (command.id === undefined || !(await this.store.command(game, command.id)))
        return err(ruleError('game-exists', `the game ${game} already exists`));
      loaded = await this.load(game);
    }
    if (loaded && command.id !== undefined) {
      const seen = await this.store.command(game, command.id);
      if (seen) {
        const entries = (await this.store.entries(game, seen.first)) ?? [];
        return ok({
          entries: entries.filter((e) => e.seq <= seen.last),
          state: loaded.state,
          duplicate: true,
        });
      }
    }
    const master = creating && command.args.dice !== 'manual' ? this.entropy() : (loaded?.master ?? null);
    const decided = this.kernel.decide(loaded?.state, command, {
      head: loaded?.head ?? GENESIS,
      ...(master ? { master } : {}),
    });
    if (!decided.ok) return decided;
    const entries = this.link(loaded, decided.value);
    try {
      await this.store.append({
        game,
        entries,
        ...(creating ? { create: { ruleset: decided.value.state.ruleset, master } } : {}),
        ...(command.id !== undefined ? { commandId: command.id } : {}),
        ...(options.tokens ? { tokens: options.tokens } : {}),
      });
    } catch (e) {
      // Another process wrote first (or the write failed): forget what we thought we knew and say so.
      this.cache.delete(game);
      throw e;
    }
    const last = entries[entries.length - 1] as LogEntry;
    this.cache.set(game, { state: decided.value.state, head: last.hash, master });
    this.announce(game, entries);
    return ok({ entries, state: decided.value.state, duplicate: false });
  }

  private link(loaded: Loaded | undefined, decided: Decided): LogEntry[] {
    return chain(loaded?.head ?? GENESIS, (loaded?.state.seq ?? 0) + 1, decided.events, decided.ats);
  }

  private async load(game: string): Promise<Loaded> {
    const hit = this.cache.get(game);
    if (hit) return hit;
    // Folded batch by batch, the no-op entries unparsed: a game of a million entries loads in about a
    // second without its log ever being in memory whole.
    let state: GameState | undefined;
    let head = GENESIS;
    for await (const batch of this.store.foldStream(game, FOLD_NOOP_TYPES)) {
      for (const e of batch.events) state = this.kernel.evolve(state, e);
      head = batch.lastHash;
    }
    if (!state) throw new StoreError('unknown-game', `there is no game ${game}`);
    const loaded = { state, head, master: await this.store.master(game) };
    this.cache.set(game, loaded);
    return loaded;
  }

  /**
   * Calls `listener` after every append this referee commits (and, where the store can tell, appends made by
   * other processes): the server's live updates hang on this. Returns the unsubscribe function.
   */
  onAppend(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
