// When a stored snapshot may stand in for the log it folds (issue 17), and how one is made. A snapshot is used
// only if every one of these holds, and is otherwise ignored (the log is folded from its start, as before):
// - the game has a dice secret (a manual-dice game has none the store keeps apart, so nothing could tell a
//   forged snapshot from a true one: such games are never snapshotted);
// - it was folded by this very code (its version: src/core/snapshot.ts, snapshotVersion);
// - its tag, an HMAC keyed from the game's secret over everything it says, is right: damaged bytes, or a
//   state rewritten by someone who can write the database but not read the secret, are told apart;
// - the log still holds, at the snapshot's entry, the entry it names (its hash): a snapshot of a log that was
//   since replaced or cut short is stale;
// - its text reads back as a state of that game at that entry.
// A snapshot is made only of a state whose whole log this process has checked (or written) itself: the chain
// from the start or from a usable snapshot, and the seed commitments (verification.ts).
import type { GameState } from '../core/index.js';
import { decodeState, encodeState, sameTag, snapshotTag, UnsnapshottableState } from '../core/index.js';
import type { Snapshot, Store } from '../store/store.js';

/** How often snapshots are written, and the version they carry. */
export interface SnapshotPolicy {
  /**
   * A snapshot is written with the append that takes a game this many entries (or more) past the last one
   * written (or used). The first write of a process then checks and folds at most about this many entries.
   */
  readonly every: number;
  /**
   * The version a usable snapshot carries (snapshotVersion of this program's code): asked only once a game
   * has a snapshot to read or write, since working it out may read the program's files (and load every
   * ruleset, for a registry that loads them as games name them).
   */
  readonly version: () => string | Promise<string>;
}

/** The default: a snapshot each 1,000 entries (see docs/benchmarks.md, "Snapshots"). */
export const SNAPSHOT_EVERY = 1000;

/** A stored snapshot found usable: the state it folds, at entry `seq` whose hash is `hash`. */
export interface UsableSnapshot {
  readonly usable: true;
  readonly seq: number;
  readonly hash: string;
  readonly state: GameState;
}

/** Why a game's snapshot is not used (or that it has none). */
export interface IgnoredSnapshot {
  readonly usable: false;
  readonly why: string;
}

export type SnapshotReading = UsableSnapshot | IgnoredSnapshot;

/** The game's stored snapshot, checked (see above); `master` is the game's dice secret. */
export async function readSnapshot(
  store: Pick<Store, 'snapshot'>,
  game: string,
  master: Uint8Array | null,
  version: () => string | Promise<string>,
): Promise<SnapshotReading> {
  const ignored = (why: string): IgnoredSnapshot => ({ usable: false, why });
  if (!master) return ignored('the game has no dice secret to check a snapshot with');
  const s = await store.snapshot(game);
  if (!s) return ignored('the game has no snapshot');
  if (s.version !== (await version())) return ignored(`the snapshot was folded by other code (${s.version})`);
  if (!sameTag(s.tag, snapshotTag(master, s)))
    return ignored('the snapshot is damaged or forged: its tag is wrong');
  if (s.logged !== s.hash)
    return ignored(`the snapshot is stale: the log's entry ${s.seq} is not the one it folds`);
  let state: GameState;
  try {
    state = decodeState(s.state);
  } catch (e) {
    return ignored(`the snapshot cannot be read (${(e as Error).message})`);
  }
  if (state.game !== game || state.seq !== s.seq)
    return ignored(`the snapshot holds another state (${state.game} at entry ${state.seq})`);
  return { usable: true, seq: s.seq, hash: s.hash, state };
}

/**
 * The snapshot of `state` (the fold up to its entry `state.seq`, whose hash is `hash`), or undefined when the
 * game has no secret or its state holds something that is not data.
 */
export function makeSnapshot(
  state: GameState,
  hash: string,
  master: Uint8Array | null,
  version: string,
): Snapshot | undefined {
  if (!master) return undefined;
  let text: string;
  try {
    text = encodeState(state);
  } catch (e) {
    if (e instanceof UnsnapshottableState) return undefined;
    throw e;
  }
  const fields = { game: state.game, seq: state.seq, hash, version, state: text };
  return { ...fields, tag: snapshotTag(master, fields) };
}
