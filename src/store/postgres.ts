// The store for several processes: PostgreSQL through `pg` (node-postgres: the maintained, pure-JavaScript
// driver with pooling and LISTEN/NOTIFY; no native build). Same contract as the SQLite file, plus what only a
// shared server needs:
// - ordering: an append locks its game's row (`SELECT … FOR NO KEY UPDATE` on `games`) before comparing the
//   offered first entry with `games.last_seq`, so appends to one game from any number of connections are
//   serialised by the database and a stale one is refused ('conflict'); the primary key (game, seq) is the
//   backstop. Appends to different games never wait for each other.
// - idempotency: command ids are a primary key (game, id), checked in the same locked transaction.
// - notifications: the append transaction also runs pg_notify(channel, {game, first, last}); PostgreSQL
//   delivers it only if and when the transaction commits, in commit order, to every listening connection.
// - group commit: appends to existing games go through one PL/pgSQL function, append_batch (schema 2), one
//   round trip for any number of appends: the appends waiting while the previous batch is in flight are
//   sent together and committed by one transaction. PostgreSQL serialises every committing transaction that
//   NOTIFYs (a database-wide lock held through the commit's WAL flush), so one NOTIFYing commit per append
//   capped the whole cluster at one append per fsync, however many processes; one commit per batch does not.
//   Each append in a batch is still checked on its own under its game's row lock (games are locked in one
//   order, so batches never deadlock) and refused on its own; the others commit.
// This class opens the store and composes its contracts, each implemented in a file of its own (issue 28 item
// 2): the log (postgres/log.ts, batches: append-batch.ts), the outbox (outbox.ts) and its leases (leases.ts),
// the directory (directory.ts), the games played by mail (mail-roster.ts), the address claims (claims.ts), the
// mail guards (guards.ts) and maintenance (maintenance.ts), over one pool (pool.ts).
// Tables live in one PostgreSQL schema (default `referee`), created and migrated by the program, with its
// version in `schema_version`.
import pg from 'pg';
import type { LogEntry } from '../core/index.js';
import { StoreError } from './store.js';
import type {
  Append,
  ClaimedNotice,
  CommandRecord,
  FoldBatch,
  GameDump,
  GameSummary,
  Notice,
  PlayerAddress,
  Store,
  StoredLog,
  StoredNotice,
  StoredSnapshot,
  StoreWatcher,
  TokenGrant,
} from './store.js';
import type { AddressClaim, ClaimConfirmation } from './claims.js';
import type { AnswerBudget, PhraseStanding } from './guards.js';
import type { Leases } from './leases.js';
import { PgAddresses } from './postgres/addresses.js';
import { PgClaims } from './postgres/claims.js';
import { PgDirectory } from './postgres/directory.js';
import { PgGuards } from './postgres/guards.js';
import { PgLeases } from './postgres/leases.js';
import { PgListener } from './postgres/listener.js';
import { PgGameLog } from './postgres/log.js';
import { PgMailRoster } from './postgres/mail-roster.js';
import { PgMaintenance } from './postgres/maintenance.js';
import { PgOutbox } from './postgres/outbox.js';
import { PgPool } from './postgres/pool.js';
import { APPLICATION, prepareSchema } from './postgres/schema.js';

export { parsePostgresUrl, redact } from './postgres/connection.js';
export { PG_SCHEMA_VERSION } from './postgres/schema.js';

export const DEFAULT_PG_SCHEMA = 'referee';

/** Lower case, digits and _, so it needs no quoting and the notification channel stays under 63 bytes. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

export interface PostgresOptions {
  /** The PostgreSQL schema (namespace) holding the tables; default `referee`. */
  readonly schema?: string;
  /** Connections in the pool; default 10. */
  readonly poolSize?: number;
  /** Entries per page of stream/foldStream; default 5000. */
  readonly batch?: number;
  /**
   * Batches of appends in flight at once (each on its own connection); default 2. Appends arriving while
   * they are all busy wait and go together in the next batch: one round trip and one commit for all of them.
   */
  readonly appendConcurrency?: number;
}

export class PostgresStore implements Store, Leases {
  private readonly listener: PgListener;
  private readonly log: PgGameLog;
  private readonly outbox: PgOutbox;
  private readonly leases: PgLeases;
  private readonly directory: PgDirectory;
  private readonly roster: PgMailRoster;
  private readonly claims: PgClaims;
  private readonly guards: PgGuards;
  private readonly maintenance: PgMaintenance;

  private constructor(
    private readonly db: PgPool,
    batch: number,
    appendConcurrency: number,
  ) {
    const { connection, schema } = db;
    // Named after the schema, so an operator (or a test) can tell which connection listens for what.
    this.listener = new PgListener(connection, db.channel, `${APPLICATION} listen ${schema}`);
    this.outbox = new PgOutbox(db);
    this.log = new PgGameLog(db, this.outbox, batch, appendConcurrency);
    this.leases = new PgLeases(db, connection, schema);
    const addresses = new PgAddresses(db);
    this.directory = new PgDirectory(db, addresses);
    this.roster = new PgMailRoster(db);
    this.claims = new PgClaims(db, addresses);
    this.guards = new PgGuards(db);
    this.maintenance = new PgMaintenance(
      db,
      {
        log: this.log,
        outbox: this.outbox,
        addresses,
        guards: this.guards,
        roster: this.roster,
        listener: this.listener,
      },
      batch,
    );
  }

  /** The PostgreSQL schema (namespace) holding the tables. */
  get schema(): string {
    return this.db.schema;
  }

  /**
   * Connects, then creates or migrates the schema. Refused: a schema holding another program's tables
   * ('not-our-file'), one written by a newer version ('newer-version'), a server that cannot be reached ('io').
   */
  static async open(connection: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const schema = options.schema ?? DEFAULT_PG_SCHEMA;
    if (!SCHEMA_NAME.test(schema))
      throw new StoreError(
        'not-our-file',
        `"${schema}" cannot be our PostgreSQL schema: lower-case letters, digits and _, at most 48`,
      );
    const pool = new pg.Pool({
      connectionString: connection,
      max: options.poolSize ?? 10,
      application_name: APPLICATION,
    });
    // An idle pooled connection that dies (server restart) is dropped by the pool; without a handler the
    // 'error' event would end the process. The next query takes a fresh connection.
    pool.on('error', () => undefined);
    const db = new PgPool(pool, connection, schema);
    try {
      await prepareSchema(schema, (work) => db.tx(work));
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw db.translate(e);
    }
    return new PostgresStore(db, options.batch ?? 5000, Math.max(1, options.appendConcurrency ?? 2));
  }

  // The log (postgres/log.ts).

  listGames(): Promise<GameSummary[]> {
    return this.log.listGames();
  }

  entries(game: string, fromSeq?: number, toSeq?: number): Promise<LogEntry[] | undefined> {
    return this.log.entries(game, fromSeq, toSeq);
  }

  stream(game: string, fromSeq?: number): AsyncGenerator<LogEntry[]> {
    return this.log.stream(game, fromSeq);
  }

  logLength(game: string): Promise<number> {
    return this.log.logLength(game);
  }

  foldStream(game: string, stub: readonly string[], fromSeq?: number): AsyncGenerator<FoldBatch> {
    return this.log.foldStream(game, stub, fromSeq);
  }

  master(game: string): Promise<Uint8Array | null> {
    return this.log.master(game);
  }

  snapshot(game: string): Promise<StoredSnapshot | undefined> {
    return this.log.snapshot(game);
  }

  command(game: string, id: string): Promise<CommandRecord | undefined> {
    return this.log.command(game, id);
  }

  append(a: Append): Promise<void> {
    return this.log.append(a);
  }

  // The outbox (postgres/outbox.ts) and its leases (postgres/leases.ts).

  enqueue(notices: readonly Notice[]): Promise<number> {
    return this.outbox.enqueue(notices);
  }

  notices(game: string, to: string | readonly string[], after = 0, limit = 100): Promise<StoredNotice[]> {
    return this.outbox.notices(game, typeof to === 'string' ? [to] : to, after, limit);
  }

  noticeByKey(game: string, key: string): Promise<StoredNotice | undefined> {
    return this.outbox.byKey(game, key);
  }

  openChannel(channel: string): Promise<void> {
    return this.outbox.openChannel(channel);
  }

  claim(
    channel: string,
    now: number,
    leaseMs: number,
    limit: number,
    claimant?: string,
  ): Promise<ClaimedNotice[]> {
    return this.outbox.claim(channel, now, leaseMs, limit, claimant ?? null);
  }

  delivered(channel: string, id: number): Promise<void> {
    return this.outbox.delivered(channel, id);
  }

  deferred(channel: string, id: number, retryAt: number, error: string): Promise<void> {
    return this.outbox.deferred(channel, id, retryAt, error);
  }

  leaseHolders(channel: string, now: number): Promise<string[]> {
    return this.leases.leaseHolders(channel, now);
  }

  releaseLeases(channel: string, claimant: string, now: number): Promise<number> {
    return this.leases.releaseLeases(channel, claimant, now);
  }

  dueNow(channel: string, now: number): Promise<number> {
    return this.leases.dueNow(channel, now);
  }

  undelivered(channel: string, game: string, exceptTopic?: string): Promise<number> {
    return this.leases.undelivered(channel, game, exceptTopic);
  }

  async enlist(claimant: string): Promise<void> {
    this.db.open();
    try {
      await this.leases.enlist(claimant);
    } catch (e) {
      throw this.db.translate(e);
    }
  }

  sessionsGone(claimants: readonly string[]): Promise<string[]> {
    return this.leases.sessionsGone(claimants);
  }

  // The directory (postgres/directory.ts) and the games played by mail (postgres/mail-roster.ts).

  grantToken(game: string, grant: TokenGrant): Promise<void> {
    return this.directory.grantToken(game, grant);
  }

  tokenHolder(game: string, hash: string): Promise<string | undefined> {
    return this.directory.tokenHolder(game, hash);
  }

  setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    return this.directory.setAddress(game, player, address, phraseHash);
  }

  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    return this.directory.playerByAddress(game, address);
  }

  addressOf(game: string, player: string): Promise<string | undefined> {
    return this.directory.addressOf(game, player);
  }

  markByMail(games: readonly string[]): Promise<number> {
    return this.roster.markByMail(games);
  }

  unmarkByMail(games: readonly string[]): Promise<number> {
    return this.roster.unmarkByMail(games);
  }

  gamesByMail(): Promise<string[]> {
    return this.roster.gamesByMail();
  }

  // The address claims (postgres/claims.ts) and the mail guards (postgres/guards.ts).

  putClaim(claim: Omit<AddressClaim, 'attempts'>): Promise<void> {
    return this.claims.put(claim);
  }

  claimOf(game: string, player: string): Promise<AddressClaim | undefined> {
    return this.claims.of(game, player);
  }

  claimsOn(address: string): Promise<AddressClaim[]> {
    return this.claims.on(address);
  }

  missClaim(game: string, player: string, codeHash: string, limit: number): Promise<number> {
    return this.claims.miss(game, player, codeHash, limit);
  }

  confirmClaim(game: string, player: string, codeHash: string, now: number): Promise<ClaimConfirmation> {
    return this.claims.confirm(game, player, codeHash, now);
  }

  dropClaim(game: string, player: string, codeHash?: string): Promise<void> {
    return this.claims.drop(game, player, codeHash);
  }

  phraseStanding(game: string, player: string): Promise<PhraseStanding> {
    return this.guards.standing(game, player);
  }

  phraseFailed(game: string, player: string, at: number): Promise<PhraseStanding> {
    return this.guards.failed(game, player, at);
  }

  burnPhrase(game: string, player: string, at: number): Promise<void> {
    return this.guards.burn(game, player, at);
  }

  clearPhraseStanding(game: string, player: string): Promise<boolean> {
    return this.guards.clear(game, player);
  }

  spendAnswer(game: string, budgets: readonly AnswerBudget[], now: number): Promise<boolean> {
    return this.guards.spend(game, budgets, now);
  }

  // Maintenance (postgres/maintenance.ts).

  storedLog(game: string): StoredLog {
    return this.maintenance.storedLog(game);
  }

  watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    return this.maintenance.watch(watcher);
  }

  dumpGame(game: string): Promise<GameDump | undefined> {
    return this.maintenance.dumpGame(game);
  }

  restoreGame(dump: GameDump): Promise<void> {
    return this.maintenance.restoreGame(dump);
  }

  async close(): Promise<void> {
    if (this.db.closed) return;
    this.db.closed = true;
    // Appends already sent are answered first; those still waiting are refused, as after closing.
    await this.log.batches.close();
    await this.listener.close();
    await this.leases.close();
    await this.db.pool.end();
  }
}
