// Schema 7 → 8 of the PostgreSQL store (issue 23 item 6, src/store/leases.ts): who holds a delivery's lease,
// the claiming process's id, so that a lease of a process known to be gone (by /proc on its own machine, by its
// free advisory lock on any: postgres/leases.ts) is given back at once instead of waited out. Indexed over the
// rows leased and not settled (claimed_until is 0 once a delivery is marked), which are few.
export const LEASE_HOLDERS = (s: string): string => `
ALTER TABLE ${s}.deliveries ADD COLUMN claimed_by text;
CREATE INDEX deliveries_leased ON ${s}.deliveries (channel, claimed_by) WHERE claimed_until > 0;`;
