// What one Referee knows of its games' snapshots (snapshots.ts): which entry of each game it has found sound
// (and so may vouch for in a snapshot), and where each game's last snapshot is, so that the append that takes
// a game SnapshotPolicy.every entries past it carries a new one. The Referee asks it three things: the first
// write's check (from the game's usable snapshot, if any), the snapshot to start a load from, and the
// snapshot due with an append.
import type { GameState, LogEntry } from '../core/index.js';
import type { Snapshot, Store } from '../store/store.js';
import type { ChainPoint, FileCheck } from './verification.js';
import { checkSound, soundBetween } from './verification.js';
import type { SnapshotPolicy, UsableSnapshot } from './snapshots.js';
import { makeSnapshot, readSnapshot } from './snapshots.js';

export class SnapshotKeeper {
  /**
   * Per game, the last entry up to which this process has found the log sound: by the first write's check,
   * by checking what others appended since (soundBetween), or by appending on top of it itself. Only a
   * state up to such an entry is snapshotted: a snapshot vouches for every entry before it.
   */
  private readonly trusted = new Map<string, ChainPoint>();
  /** Per game, the entry of the last snapshot this process used or wrote (none: 0). */
  private readonly latest = new Map<string, number>();
  private knownVersion: Promise<string> | undefined;

  constructor(
    private readonly store: Store,
    private readonly policy: SnapshotPolicy | undefined,
  ) {}

  private readonly version = (): Promise<string> => {
    const policy = this.policy;
    if (!policy) throw new Error('snapshots are off');
    // A version that could not be worked out (a ruleset that would not load) is tried again next time.
    return (this.knownVersion ??= (async () => policy.version())().catch((e: unknown) => {
      this.knownVersion = undefined;
      throw e;
    }));
  };

  /**
   * Before the first write to a game (once per game and process): its log must be sound (verification.ts,
   * checkSound), checked from its usable snapshot if it has one, else from its start. Throws 'damaged'.
   */
  async checkSound(game: string, fileDamage: FileCheck): Promise<void> {
    if (this.trusted.has(game)) return;
    const from = await this.usable(game, await this.store.master(game));
    const last = await checkSound(
      this.store,
      game,
      fileDamage,
      from ? { seq: from.seq, hash: from.hash } : undefined,
    );
    if (last) this.trusted.set(game, last);
  }

  /** The game's snapshot if it may be used now (snapshots.ts, readSnapshot); none when snapshots are off. */
  async usable(game: string, master: Uint8Array | null): Promise<UsableSnapshot | undefined> {
    if (!this.policy || !master) return undefined;
    const reading = await readSnapshot(this.store, game, master, this.version);
    if (!reading.usable) return undefined;
    if (reading.seq > (this.latest.get(game) ?? 0)) this.latest.set(game, reading.seq);
    return reading;
  }

  /**
   * The snapshot to write with `entries`, decided on `before` (the state and its head) and leaving `after`:
   * one when they take the game `every` entries past its last snapshot and this process may vouch for the
   * log up to them; else undefined.
   */
  async due(
    game: string,
    before: { readonly state: GameState; readonly head: string } | undefined,
    entries: readonly LogEntry[],
    after: GameState,
    master: Uint8Array | null,
  ): Promise<Snapshot | undefined> {
    const last = entries[entries.length - 1];
    if (!this.policy || !master || !before || !last) return undefined;
    if (last.seq - (this.latest.get(game) ?? 0) < this.policy.every) return undefined;
    const snapshot = (await this.vouch(game, { seq: before.state.seq, hash: before.head }, master))
      ? makeSnapshot(after, last.hash, master, await this.version())
      : undefined;
    // None can be made (a log this process cannot vouch for, a state that is not data): the next try is
    // `every` entries on, not at every command from here.
    if (!snapshot) this.latest.set(game, last.seq);
    return snapshot;
  }

  /** Whether the log up to `head` is sound as far as this process knows, checking what it has not yet. */
  private async vouch(game: string, head: ChainPoint, master: Uint8Array): Promise<boolean> {
    const known = this.trusted.get(game);
    if (!known || known.seq > head.seq) return false;
    if (known.seq === head.seq) return known.hash === head.hash;
    if (!(await soundBetween(this.store, game, master, known, head))) return false;
    this.trusted.set(game, head);
    return true;
  }

  /** After an append committed: entries written on top of a log found sound are sound too. */
  committed(game: string, entries: readonly LogEntry[], snapshot: Snapshot | undefined): void {
    const known = this.trusted.get(game);
    const first = entries[0];
    const last = entries[entries.length - 1];
    if (known && first && last && first.seq === known.seq + 1 && first.prev === known.hash)
      this.trusted.set(game, { seq: last.seq, hash: last.hash });
    if (snapshot) this.latest.set(game, snapshot.seq);
  }
}
