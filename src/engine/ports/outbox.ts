// The outbox (issue 14/15's notices) as the rooms that write and deliver notices use it (issue 28 item 1): the
// clock and the channels enqueue, the couriers claim and settle deliveries, the page reads a viewer's own. A
// structural subset of the store's contract, named here so no room outside the engine names the store.
import type { Store } from '../../store/store.js';
import type { Leases } from '../../store/leases.js';
import { leasesOf } from '../../store/leases.js';

/** Writing notices and reading them back. */
export type NoticeBox = Pick<Store, 'enqueue' | 'noticeByKey' | 'notices'>;

/** What a courier needs of the outbox: its channel's deliveries, and word of notices other processes write. */
export type Outbox = NoticeBox &
  Pick<Store, 'openChannel' | 'claim' | 'delivered' | 'deferred' | 'watch' | 'lookForOthers'>;

/** The outbox with the shared store's leases (PostgreSQL), or undefined where one process delivers alone. */
export function leasesOfOutbox(outbox: Outbox): (Outbox & Leases) | undefined {
  // The outbox is the store itself (Referee.outbox): the store answers whether it keeps leases.
  return leasesOf(outbox as Store);
}
