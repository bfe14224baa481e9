// The games a Referee holds in memory (split out of referee.ts, issue 28 item 6): each game's state, the hash
// of its last entry and its dice secret, loaded from the store (from a snapshot if one may be used) and
// checked against the store on every read, since another process may have appended. Reads arriving while one
// check runs share the next one; a game another process is known to have moved is marked stale, so the next
// command is decided on the store's state rather than first on the cached one.
import type { GameEvent, GameState, Kernel, LogEntry } from '../core/index.js';
import { FOLD_NOOP_TYPES, GENESIS } from '../core/index.js';
import type { Store } from '../store/store.js';
import { StoreError } from '../store/store.js';
import type { SnapshotKeeper } from './snapshot-keeper.js';

/** A game as held: its state, the hash of its last entry, its dice secret. */
export interface Loaded {
  state: GameState;
  head: string;
  master: Uint8Array | null;
}

/** What the cache reads through and tells (the Referee's). */
export interface CacheDeps {
  readonly store: Store;
  readonly kernel: Kernel;
  readonly snapshots: SnapshotKeeper;
  /** Loads the rulesets events name, if any are missing (undefined when there is nothing to load). */
  ready(events: Iterable<GameEvent>): Promise<void> | undefined;
  /** Tells the append listeners of entries newly held. */
  announce(game: string, entries: readonly LogEntry[]): void;
  /** The replay's progress listener (Referee.replayProgress), as it is now. */
  replayProgress():
    ((game: string, folded: number, done: boolean, after: number) => Promise<void> | void) | undefined;
}

export class GameCache {
  private readonly cache = new Map<string, Loaded>();
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

  constructor(private readonly deps: CacheDeps) {}

  /** The game as last held here, if it is (without asking the store). */
  held(game: string): Loaded | undefined {
    return this.cache.get(game);
  }

  /** The games held here. */
  games(): string[] {
    return [...this.cache.keys()];
  }

  /** Whether another process is known to have appended to the game since it was last read. */
  isStale(game: string): boolean {
    return this.stale.has(game);
  }

  /** Another process appended to the game: the next read asks the store first. */
  behind(game: string): void {
    if (this.cache.has(game)) this.stale.add(game);
  }

  /**
   * After an append committed here: the cache moves on to the state it leaves, unless a read caught it up past
   * these entries meanwhile (and told the listeners of them then). Answers whether it moved on, so that each
   * entry is told once.
   */
  moveOn(game: string, entries: readonly LogEntry[], state: GameState, master: Uint8Array | null): boolean {
    const last = entries[entries.length - 1] as LogEntry;
    if ((this.cache.get(game)?.state.seq ?? 0) >= last.seq) return false;
    this.cache.set(game, { state, head: last.hash, master });
    return true;
  }

  /**
   * The game as the store has it now. A cached state is only a head start: the store is asked for entries
   * after it (another process, or a CLI beside this server, may have appended), and those are folded in and
   * told to the listeners.
   */
  load(game: string): Promise<Loaded> {
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
    const newer = await this.deps.store.entries(game, hit.state.seq + 1);
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
    const loading = this.deps.ready(fresh.map((e) => e.event));
    if (loading) return loading.then(() => this.advance(game, newer));
    let state = now.state;
    let at = first.seq;
    try {
      for (const e of fresh) {
        at = e.seq;
        state = this.deps.kernel.evolve(state, e.event);
      }
    } catch (e) {
      throw unreplayable(game, at, e);
    }
    const next: Loaded = { state, head: (fresh[fresh.length - 1] as LogEntry).hash, master: now.master };
    this.cache.set(game, next);
    this.deps.announce(game, fresh);
    return next;
  }

  private async loadFully(game: string): Promise<Loaded> {
    this.stale.delete(game);
    // From the game's snapshot if one may be used (snapshot-keeper.ts), else from the start; folded batch by
    // batch, the no-op entries unparsed: a game of a million entries loads in about a second without its log
    // ever being in memory whole.
    const master = await this.deps.store.master(game);
    const from = await this.deps.snapshots.usable(game, master);
    let state: GameState | undefined = from?.state;
    let head = from?.hash ?? GENESIS;
    let seq = from?.seq ?? 0;
    const after = seq;
    if (from) await this.deps.kernel.registry.load([from.state.ruleset]);
    for await (const batch of this.deps.store.foldStream(game, FOLD_NOOP_TYPES, seq + 1)) {
      // The rulesets the batch names (its creation, an amendment), before any of it is folded.
      await this.deps.ready(batch.events);
      try {
        for (const e of batch.events) {
          state = this.deps.kernel.evolve(state, e);
          seq++;
        }
      } catch (e) {
        throw unreplayable(game, seq + 1, e);
      }
      head = batch.lastHash;
      await this.deps.replayProgress()?.(game, seq - after, false, after);
    }
    await this.deps.replayProgress()?.(game, seq - after, true, after);
    if (!state) throw new StoreError('unknown-game', `there is no game ${game}`);
    // Two loads of one game may overlap; the one that finishes second must not put an older state back.
    if (this.cache.has(game)) return this.load(game);
    const loaded = { state, head, master };
    this.cache.set(game, loaded);
    return loaded;
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
