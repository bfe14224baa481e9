// Who holds the outbox's leases, and deferred deliveries made due again (issue 23, items 6 and 9): a narrow
// contract beside Store (issue 28 wants the store split so), implemented by both stores (schema 7's
// LEASE_HOLDERS: the deliveries' claimed_by).
//
// A claim records its claimant, an id of the claiming process (src/channels/claimant.ts: host, boot, pid
// namespace, pid and the process's start). Whether that process is gone is not the store's to judge but the
// courier's, which can look at the machine; the store only answers who holds leases and gives back those of a
// claimant judged gone. On PostgreSQL, whose claimants may be on other machines, each claimant also holds a
// session lock while its store is open, and the store answers whose lock is free: their session is gone.
import type { Store } from './store.js';

export interface Leases {
  /** The claimants holding leases on `channel` that have not run out at `now` (ms); leases of no claimant are not named. */
  leaseHolders(channel: string, now: number): Promise<string[]>;
  /**
   * Gives back at once every unexpired lease `claimant` holds on `channel` (its process is known to be gone):
   * the deliveries are due again, their attempt counted, the reason kept for the operator. Answers how many.
   */
  releaseLeases(channel: string, claimant: string, now: number): Promise<number>;
  /**
   * Makes every delivery of `channel` that waits for its retry time due at `now` (issue 23 item 9: the
   * receiver answers again, so what waited for it need not wait out its backoff). Answers how many.
   */
  dueNow(channel: string, now: number): Promise<number>;
  /**
   * How many of a game's notices `channel` has not delivered yet, those of topic `exceptTopic` left out (what
   * the Administrator is told waits).
   */
  undelivered(channel: string, game: string, exceptTopic?: string): Promise<number>;
  /**
   * PostgreSQL: holds a session lock named after `claimant` for as long as this store is open (again: nothing
   * happens), so that another process can tell that the claimant's session lives.
   */
  enlist?(claimant: string): Promise<void>;
  /** PostgreSQL: of these claimants, those no session holds the lock of (their process, or its connection, is gone). */
  sessionsGone?(claimants: readonly string[]): Promise<string[]>;
}

/** The store's Leases, if it keeps them (both stores do; a store of another kind may not). */
export function leasesOf(store: Store): (Store & Leases) | undefined {
  const s = store as Store & Partial<Leases>;
  return typeof s.leaseHolders === 'function' &&
    typeof s.releaseLeases === 'function' &&
    typeof s.dueNow === 'function' &&
    typeof s.undelivered === 'function'
    ? (s as Store & Leases)
    : undefined;
}
