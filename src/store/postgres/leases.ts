// Who holds the outbox's leases on PostgreSQL (issue 23 item 6, schema 7; the contract is src/store/leases.ts),
// and the deliveries made due again when the receiver answers (item 9).
//
// A claimant on another machine cannot be looked up in /proc, so each claimant holds a session-level advisory
// lock named after it, on one connection of its own, for as long as its store is open: PostgreSQL releases a
// session's locks the moment the session ends (the process killed, its machine gone: the server sees the
// connection drop, or its TCP keepalive gives up), so a lock that another session can take is a claimant
// gone. An advisory lock rather than pg_stat_activity: a process's pooled connections come and go (an idle
// one is closed after 10 s), so "no session of this process right now" would not mean "gone", and
// application names in pg_stat_activity are the client's to claim; a lock is held by exactly one session.
import pg from 'pg';
import type { PgAccess } from './outbox.js';

/** The first key of the claimants' advisory locks ('NREF' as a number), apart from the schema's own lock. */
const CLAIMANTS = 0x4e524546;

export class PgLeases {
  /** The connection that holds this process's claimants' locks, and the claimants it holds. */
  private holder: pg.Client | undefined;
  private readonly held = new Set<string>();
  private closed = false;

  constructor(
    private readonly db: PgAccess,
    private readonly connection: string,
    private readonly schema: string,
  ) {}

  async leaseHolders(channel: string, now: number): Promise<string[]> {
    const r = await this.db.query<{ claimed_by: string }>(
      `SELECT DISTINCT claimed_by FROM ${this.db.t('deliveries')}
       WHERE channel = $1 AND claimed_until > 0 AND claimed_until > $2 AND claimed_by IS NOT NULL
         AND delivered_at IS NULL`,
      [channel, now],
    );
    return r.rows.map((row) => row.claimed_by);
  }

  async releaseLeases(channel: string, claimant: string, now: number): Promise<number> {
    const r = await this.db.query(
      `UPDATE ${this.db.t('deliveries')} SET claimed_until = 0, last_error = $4
       WHERE channel = $1 AND claimed_by = $2 AND claimed_until > 0 AND claimed_until > $3
         AND delivered_at IS NULL`,
      [channel, claimant, now, `taken back: the process that held it (${claimant}) is gone`.slice(0, 2000)],
    );
    return r.rowCount ?? 0;
  }

  async undelivered(channel: string, game: string, exceptTopic = ''): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.db.t('deliveries')} d JOIN ${this.db.t('notices')} n ON n.id = d.notice
       WHERE d.channel = $1 AND d.delivered_at IS NULL AND n.game = $2 AND n.topic <> $3`,
      [channel, game, exceptTopic],
    );
    return r.rows[0]?.n ?? 0;
  }

  async dueNow(channel: string, now: number): Promise<number> {
    const r = await this.db.query(
      `UPDATE ${this.db.t('deliveries')} SET retry_at = $2
       WHERE channel = $1 AND retry_at > $2 AND claimed_until = 0 AND delivered_at IS NULL`,
      [channel, now],
    );
    return r.rowCount ?? 0;
  }

  /**
   * Takes the claimant's lock on the holding connection (opened on first use, and again if it was lost: its
   * locks went with it, so every claimant is locked again).
   */
  async enlist(claimant: string): Promise<void> {
    if (this.closed) return;
    if (this.holder && this.held.has(claimant)) return;
    if (!this.holder) {
      const client = new pg.Client({
        connectionString: this.connection,
        application_name: `nomic-referee leases ${this.schema}`,
        keepAlive: true,
      });
      // A lost connection: forgotten, so the next enlist opens another and locks again.
      const lost = () => {
        if (this.holder === client) this.holder = undefined;
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      this.holder = client;
      for (const c of this.held) await this.lock(client, c);
    }
    await this.lock(this.holder, claimant);
    this.held.add(claimant);
  }

  private async lock(client: pg.Client, claimant: string): Promise<void> {
    // Session-level. Tried, never waited for: a lock held by another session can only be another claimant's
    // whose name hashes alike (hashtext is 32 bits), and that claimant's lock then speaks for this one too:
    // neither is ever judged gone while the other lives, which errs on the side of waiting out the lease.
    await client.query('SELECT pg_try_advisory_lock($1, hashtext($2))', [CLAIMANTS, this.key(claimant)]);
  }

  /** Of these claimants, those whose lock no session holds: tried (and let go at once) on one connection. */
  async sessionsGone(claimants: readonly string[]): Promise<string[]> {
    if (claimants.length === 0) return [];
    return this.db.tx(async (c) => {
      const gone: string[] = [];
      for (const claimant of claimants) {
        const key = this.key(claimant);
        const r = await c.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS got', [
          CLAIMANTS,
          key,
        ]);
        if (!r.rows[0]?.got) continue;
        await c.query('SELECT pg_advisory_unlock($1, hashtext($2))', [CLAIMANTS, key]);
        // Our own claimants' locks are held by the holding connection, never free: a free one is not ours.
        if (!this.held.has(claimant)) gone.push(claimant);
      }
      return gone;
    });
  }

  /** The lock's name: the schema's, so two schemas on one server never mistake each other's claimants. */
  private key(claimant: string): string {
    return `${this.schema}/${claimant}`;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.holder;
    this.holder = undefined;
    await client?.end().catch(() => undefined);
  }
}
