// Following the store's appends, whoever commits them: the Referee's own, and (once the store is watched:
// LISTEN/NOTIFY on PostgreSQL; on SQLite, the store's lookout for other connections' commits, held while
// someone listens) other processes'. The server's live updates hang on this. The Referee owns one
// Following and gives it what it needs of its cache and its per-game queue.
import type { LogEntry } from '../core/index.js';
import type { Store, StoreChange } from '../store/store.js';

/** Told of committed entries, in order, once each. */
export type AppendListener = (game: string, entries: readonly LogEntry[]) => void;

/** What following needs of the Referee. */
export interface FollowedReferee {
  readonly store: Store;
  /** The seq of the game's cached state, or undefined if this process has not loaded it. */
  cachedSeq(game: string): number | undefined;
  cachedGames(): string[];
  /** Runs work for one game after all work queued before it for that game. */
  serially<T>(game: string, work: () => Promise<T>): Promise<T>;
  /** Catches the cached game up from the store (and tells the listeners what it finds). */
  load(game: string): Promise<unknown>;
  /** The cached game is behind the store (another process appended): decide nothing on it unchecked. */
  behind(game: string): void;
}

export class Following {
  private readonly listeners = new Set<AppendListener>();
  /** Per game, how many listeners follow it alone; `everyGame` counts those that follow every game. */
  private readonly followed = new Map<string, number>();
  private everyGame = 0;
  /** Set once the store is (being) watched; see watch(). */
  private watching: Promise<() => Promise<void>> | undefined;
  /** The store's lookout for other processes' commits (Store.lookForOthers), held while anyone listens. */
  private lookout: (() => void) | undefined;

  constructor(private readonly referee: FollowedReferee) {}

  /**
   * Follows the store's appends, whoever commits them (LISTEN/NOTIFY on PostgreSQL): cached games are caught
   * up and the onAppend listeners told of the new entries, without waiting for a command or a read.
   * Resolves once the store listens; idempotent. onAppend starts it; call it to know it works (it rejects if
   * the store cannot listen). A store without watch() resolves at once: reads still catch up on their own.
   */
  async watch(): Promise<void> {
    const store = this.referee.store;
    if (!store.watch) return;
    this.watching ??= store.watch((change) => this.changed(change));
    this.lookOut();
    try {
      await this.watching;
    } catch (e) {
      this.watching = undefined;
      this.lookOut();
      throw e;
    }
  }

  /** Stops following the store (the store itself stays open: its owner closes it). */
  async unwatch(): Promise<void> {
    const watching = this.watching;
    this.watching = undefined;
    this.lookOut();
    if (!watching) return;
    const stop = await watching.catch(() => undefined);
    await stop?.();
  }

  /** See Referee.onAppend. */
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
      this.lookOut();
    };
  }

  /**
   * Holds the store's lookout (SQLite: a poll of the file for other connections' commits) exactly while the
   * store is watched and someone listens: a process where nobody follows a game runs no timer.
   */
  private lookOut(): void {
    const wanted = this.watching !== undefined && this.listeners.size > 0;
    if (wanted && !this.lookout) this.lookout = this.referee.store.lookForOthers?.();
    else if (!wanted && this.lookout) {
      this.lookout();
      this.lookout = undefined;
    }
  }

  /** Tells every listener; a listener that throws is a bug of its own and must not undo the append. */
  announce(game: string, entries: readonly LogEntry[]): void {
    for (const listener of this.listeners) {
      try {
        listener(game, entries);
      } catch {
        // Deliberately ignored: the entries are committed whatever a listener does.
      }
    }
  }

  private changed(change: StoreChange): void {
    // A notice changes no game's log; whoever delivers notices watches for it.
    if (change.kind === 'notice') return;
    const games = change.kind === 'append' ? [change.game] : this.referee.cachedGames();
    for (const game of games) {
      // In the game's queue, so a catch-up never interleaves with a command being decided here; a failure
      // is left for the next load, which catches up the same way.
      this.referee.serially(game, () => this.follow(game, change)).catch(() => undefined);
    }
  }

  private async follow(game: string, change: Exclude<StoreChange, { kind: 'notice' }>): Promise<void> {
    const seq = this.referee.cachedSeq(game);
    // Nobody here listens to this game: nothing to tell. A cached state left behind is caught up by the
    // next read or command, which asks the store anyway; following it now would make every process read
    // every other process's appends. It is marked, so the next command is decided on the fresh state at
    // once rather than first on the old one (which the store would refuse).
    if (this.everyGame === 0 && !this.followed.has(game)) {
      if (seq !== undefined && (change.kind === 'resync' || seq < change.last)) this.referee.behind(game);
      return;
    }
    if (seq !== undefined) {
      if (change.kind === 'resync' || seq < change.last) await this.referee.load(game);
      return;
    }
    // A game this process has not loaded: nothing to catch up, but listeners may follow it.
    if (change.kind !== 'append' || this.listeners.size === 0) return;
    const entries = ((await this.referee.store.entries(game, change.first)) ?? []).filter(
      (e) => e.seq <= change.last,
    );
    if (this.referee.cachedSeq(game) === undefined && entries.length > 0) this.announce(game, entries);
  }
}
