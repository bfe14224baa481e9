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
// Tables live in one PostgreSQL schema (default `referee`), created and migrated by the program, with its
// version in `schema_version`.
import pg from 'pg';
import type { GameEvent, LogEntry, StoredEntry, Visibility } from '../core/index.js';
import { canonicalJson } from '../core/index.js';
import type { Json } from '../core/index.js';
import { checkConsecutive, checkGameNames, checkNoticesOf, checkSnapshotOf, StoreError } from './store.js';
import type {
  Append,
  ClaimedNotice,
  CommandIdRecord,
  CommandRecord,
  FoldBatch,
  GameDump,
  GameSummary,
  Notice,
  PlayerAddress,
  Store,
  StoredNotice,
  StoredLog,
  StoredSnapshot,
  StoreWatcher,
  TokenGrant,
} from './store.js';
import { isConnectionError, redact } from './postgres/connection.js';
import { PgListener } from './postgres/listener.js';
import { appendBatchQuery } from './postgres/append-batch.js';
import { PgAddresses } from './postgres/addresses.js';
import { PgClaims } from './postgres/claims.js';
import type { AddressClaim, ClaimConfirmation } from './claims.js';
import { PgGuards } from './postgres/guards.js';
import type { AnswerBudget, PhraseStanding } from './guards.js';
import { PgOutbox } from './postgres/outbox.js';
import { PgLeases } from './postgres/leases.js';
import type { Leases } from './leases.js';
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

/** An append waiting for its batch, and who to tell how it went. */
interface PendingAppend {
  readonly append: Append;
  readonly first: number;
  readonly last: number;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
}

/** At most this many appends in one batch (one statement, one transaction). */
const MAX_BATCH = 64;

interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: GameEvent;
  prev: string;
  hash: string;
}

export class PostgresStore implements Store, Leases {
  private closed = false;
  /** Appends waiting for a batch, and the batches in flight (see pump()). */
  private readonly pending: PendingAppend[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private readonly listener: PgListener;
  private readonly access = {
    t: (name: string) => this.t(name),
    query: <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => this.query<R>(sql, params),
    tx: <T>(work: (c: pg.PoolClient) => Promise<T>) => this.tx(work),
  };
  private readonly outbox = new PgOutbox(this.access);
  private readonly addresses = new PgAddresses(this.access);
  private readonly claims = new PgClaims(this.access, this.addresses);
  private readonly leases: PgLeases;
  private readonly guards = new PgGuards(this.access);

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connection: string,
    readonly schema: string,
    private readonly batch: number,
    private readonly appendConcurrency: number,
  ) {
    // Named after the schema, so an operator (or a test) can tell which connection listens for what.
    this.listener = new PgListener(connection, this.channel, `${APPLICATION} listen ${schema}`);
    this.leases = new PgLeases(this.access, connection, schema);
  }

  /** The qualified name of one of our tables. */
  private t(table: string): string {
    return `${this.schema}.${table}`;
  }

  private get channel(): string {
    return `nomic_referee_${this.schema}`;
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
    const store = new PostgresStore(
      pool,
      connection,
      schema,
      options.batch ?? 5000,
      Math.max(1, options.appendConcurrency ?? 2),
    );
    try {
      await store.prepareSchema();
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw store.translate(e);
    }
    return store;
  }

  private prepareSchema(): Promise<void> {
    return prepareSchema(this.schema, (work) => this.tx(work));
  }

  async listGames(): Promise<GameSummary[]> {
    const r = await this.query<GameSummary>(
      `SELECT id, ruleset, last_seq AS entries FROM ${this.t('games')} ORDER BY created_at, id`,
    );
    return r.rows.map((g) => ({ id: g.id, ruleset: g.ruleset, entries: g.entries }));
  }

  async entries(game: string, fromSeq = 1, toSeq?: number): Promise<LogEntry[] | undefined> {
    // One round trip, also when there is nothing new (the Referee's check on every use): the game's row,
    // joined with its entries from fromSeq on, so an unknown game is no row and a known one at least one.
    const r = await this.query<LogRow | { [K in keyof LogRow]: null }>(
      toSeq === undefined
        ? {
            name: 'nr_entries',
            text: `SELECT l.seq, l.nweek, l.nday, l.event, l.prev, l.hash FROM ${this.t('games')} g
        LEFT JOIN ${this.t('log')} l ON l.game = g.id AND l.seq >= $2 WHERE g.id = $1 ORDER BY l.seq`,
            values: [game, fromSeq],
          }
        : {
            name: 'nr_entries_to',
            text: `SELECT l.seq, l.nweek, l.nday, l.event, l.prev, l.hash FROM ${this.t('games')} g
        LEFT JOIN ${this.t('log')} l ON l.game = g.id AND l.seq >= $2 AND l.seq <= $3 WHERE g.id = $1 ORDER BY l.seq`,
            values: [game, fromSeq, toSeq],
          },
    );
    if (r.rows.length === 0) return undefined;
    return r.rows.filter((row): row is LogRow => row.seq !== null).map(toEntry);
  }

  /** Keyset pages (seq after the last one read): each page is one indexed query, however long the log. */
  async *stream(game: string, fromSeq = 1): AsyncGenerator<LogEntry[]> {
    let next = fromSeq;
    for (;;) {
      const r = await this.query<LogRow>(
        `SELECT seq, nweek, nday, event, prev, hash FROM ${this.t('log')} WHERE game = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
        [game, next, this.batch],
      );
      if (r.rows.length === 0) return;
      const page = r.rows.map(toEntry);
      yield page;
      next = (page[page.length - 1] as LogEntry).seq + 1;
    }
  }

  async logLength(game: string): Promise<number> {
    const r = await this.query<{ last: number }>(
      `SELECT last_seq AS last FROM ${this.t('games')} WHERE id = $1`,
      [game],
    );
    return r.rows[0]?.last ?? 0;
  }

  /**
   * The log as stored, for verification: the event column as its text (`json` keeps the text as written, which
   * for a log written since issue 17 is the canonical JSON its hash covers), in keyset pages.
   */
  storedLog(game: string): StoredLog {
    const pages = async function* (this: PostgresStore): AsyncGenerator<StoredEntry[]> {
      for (let next = 1; ;) {
        const r = await this.query<{
          seq: number;
          nweek: number;
          nday: number;
          event: string;
          prev: string;
          hash: string;
        }>(
          `SELECT seq, nweek, nday, event::text AS event, prev, hash FROM ${this.t('log')} WHERE game = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
          [game, next, this.batch],
        );
        const last = r.rows[r.rows.length - 1];
        if (!last) return;
        yield r.rows.map((x): StoredEntry => [x.seq, x.nweek, x.nday, x.event, x.prev, x.hash]);
        next = last.seq + 1;
      }
    };
    return {
      pages: pages.call(this),
      parse: (text, seq) => {
        let event: unknown;
        try {
          event = JSON.parse(text);
        } catch {
          event = undefined;
        }
        if (typeof event === 'object' && event !== null && typeof (event as GameEvent).type === 'string')
          return event as GameEvent;
        throw new StoreError(
          'damaged',
          `entry ${seq} of the log of ${game} cannot be read: its event is not an event`,
        );
      },
    };
  }

  async *foldStream(game: string, stub: readonly string[], fromSeq = 1): AsyncGenerator<FoldBatch> {
    // The stub types come back as NULL events with their visibility alone, so the driver parses only that
    // (the counts of what each viewer may see are folded from it).
    let next = fromSeq;
    for (;;) {
      const r = await this.query<{
        seq: number;
        type: string;
        event: GameEvent | null;
        vis: Visibility | null;
        hash: string;
      }>(
        `SELECT seq, type, CASE WHEN type = ANY($2::text[]) THEN NULL ELSE event END AS event, CASE WHEN type = ANY($2::text[]) THEN event->'vis' END AS vis, hash FROM ${this.t('log')} WHERE game = $1 AND seq >= $3 ORDER BY seq LIMIT $4`,
        [game, stub, next, this.batch],
      );
      const last = r.rows[r.rows.length - 1];
      if (!last) return;
      const events = r.rows.map((row): GameEvent => row.event ?? { type: row.type, vis: row.vis ?? 'admin' });
      next = last.seq + 1;
      yield { events, lastHash: last.hash };
    }
  }

  async master(game: string): Promise<Uint8Array | null> {
    const r = await this.query<{ master: Buffer }>({
      name: 'nr_master',
      text: `SELECT master FROM ${this.t('game_secrets')} WHERE game = $1`,
      values: [game],
    });
    const row = r.rows[0];
    return row ? new Uint8Array(row.master) : null;
  }

  async snapshot(game: string): Promise<StoredSnapshot | undefined> {
    const r = await this.query<Omit<StoredSnapshot, 'game'>>({
      name: 'nr_snapshot',
      text: `SELECT s.seq, s.hash, s.version, s.state, s.tag, l.hash AS logged FROM ${this.t('snapshots')} s
        LEFT JOIN ${this.t('log')} l ON l.game = s.game AND l.seq = s.seq WHERE s.game = $1`,
      values: [game],
    });
    const row = r.rows[0];
    return row ? { game, ...row } : undefined;
  }

  async command(game: string, id: string): Promise<CommandRecord | undefined> {
    const r = await this.query<CommandRecord>({
      name: 'nr_command',
      text: `SELECT first_seq AS first, last_seq AS last FROM ${this.t('command_ids')} WHERE game = $1 AND id = $2`,
      values: [game, id],
    });
    const row = r.rows[0];
    return row ? { first: row.first, last: row.last } : undefined;
  }

  async append(a: Append): Promise<void> {
    const first = a.entries[0];
    if (!first) return;
    checkConsecutive(a.game, a.entries);
    if (a.notices) checkNoticesOf(a.game, a.notices);
    checkSnapshotOf(a);
    if (a.create) return this.create(a, a.create, first);
    if (this.closed) throw new StoreError('io', 'the store is closed');
    const last = (a.entries[a.entries.length - 1] as LogEntry).seq;
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ append: a, first: first.seq, last, resolve, reject });
      this.pump();
    });
  }

  /** A new game: its row is inserted (a concurrent creation of the same id waits on the key, then finds it taken). */
  private async create(a: Append, create: NonNullable<Append['create']>, first: LogEntry): Promise<void> {
    const lastEntry = a.entries[a.entries.length - 1] as LogEntry;
    await this.tx(async (c) => {
      const made = await c.query(
        `INSERT INTO ${this.t('games')} (id, ruleset, last_seq) VALUES ($1, $2, 0) ON CONFLICT (id) DO NOTHING`,
        [a.game, create.ruleset],
      );
      if (made.rowCount !== 1) throw new StoreError('conflict', `the game ${a.game} already exists`);
      if (create.master)
        await c.query(`INSERT INTO ${this.t('game_secrets')} (game, master) VALUES ($1, $2)`, [
          a.game,
          Buffer.from(create.master),
        ]);
      if (first.seq !== 1)
        throw new StoreError(
          'conflict',
          `the game ${a.game} moved on (entry 1 expected, ${first.seq} offered)`,
        );
      await this.insertEntries(c, a.game, a.entries);
      await c.query(`UPDATE ${this.t('games')} SET last_seq = $2 WHERE id = $1`, [a.game, lastEntry.seq]);
      if (a.commandId !== undefined)
        await c.query(
          `INSERT INTO ${this.t('command_ids')} (game, id, first_seq, last_seq) VALUES ($1, $2, $3, $4)`,
          [a.game, a.commandId, first.seq, lastEntry.seq],
        );
      if (a.tokens && a.tokens.length > 0) await this.grantIn(c, a.game, a.tokens);
      await this.notifyIn(c, a.game, first.seq, lastEntry.seq);
      await this.outbox.writeIn(c, a.notices ?? []);
      const s = a.snapshot;
      if (s)
        await c.query(
          `INSERT INTO ${this.t('snapshots')} (game, seq, hash, version, state, tag) VALUES ($1, $2, $3, $4, $5, $6)`,
          [s.game, s.seq, s.hash, s.version, s.state, s.tag],
        );
    });
  }

  /** Sends batches while fewer than `appendConcurrency` are in flight: what waits meanwhile goes together. */
  private pump(): void {
    while (this.inflight.size < this.appendConcurrency && this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      const running: Promise<void> = this.send(batch).finally(() => {
        this.inflight.delete(running);
        this.pump();
      });
      this.inflight.add(running);
    }
  }

  /** One call of append_batch; each append is answered with its own status. Never rejects. */
  private async send(batch: PendingAppend[]): Promise<void> {
    // Sorted by game (a stable sort: one game's appends stay in order), so that every batch, from any
    // process, locks the games' rows in the same order.
    const items = [...batch].sort((x, y) =>
      x.append.game < y.append.game ? -1 : x.append.game > y.append.game ? 1 : 0,
    );
    let statuses: string[];
    try {
      statuses = await this.appendBatch(items);
    } catch (e) {
      // The server refused the statement, so nothing of it was committed: if several appends went together,
      // each is tried alone, so that one append's error is not another's. A lost connection is different:
      // the batch may have committed, so its outcome is unknown and is reported as it is ('io').
      const refusedByServer =
        !(e instanceof StoreError) &&
        typeof (e as { code?: unknown }).code === 'string' &&
        !isConnectionError(e);
      if (items.length > 1 && refusedByServer) {
        await Promise.all(items.map((p) => this.send([p])));
        return;
      }
      const err = this.translate(e);
      for (const p of items) p.reject(err);
      return;
    }
    items.forEach((p, i) => {
      const status = statuses[i] ?? 'missing';
      const game = p.append.game;
      if (status === 'ok') p.resolve();
      else if (status === 'unknown-game')
        p.reject(new StoreError('unknown-game', `there is no game ${game}`));
      else if (status === 'duplicate-command')
        p.reject(
          new StoreError('duplicate-command', `command ${p.append.commandId ?? ''} was already applied`),
        );
      else if (status.startsWith('conflict:')) {
        const last = Number(status.slice('conflict:'.length));
        p.reject(
          new StoreError(
            'conflict',
            `the game ${game} moved on (entry ${last + 1} expected, ${p.first} offered)`,
          ),
        );
      } else p.reject(new Error(`append_batch answered ${status} for ${game}`));
    });
  }

  private async appendBatch(items: readonly PendingAppend[]): Promise<string[]> {
    if (this.closed) throw new StoreError('io', 'the store is closed');
    const r = await this.pool.query<{ status: string[] }>(appendBatchQuery(this.schema, items));
    return r.rows[0]?.status ?? [];
  }

  private async insertEntries(c: pg.PoolClient, game: string, entries: readonly LogEntry[]): Promise<void> {
    await c.query(
      `INSERT INTO ${this.t('log')} (game, seq, nweek, nday, type, event, prev, hash)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[], $5::text[], $6::json[], $7::text[], $8::text[])`,
      [
        game,
        entries.map((e) => e.seq),
        entries.map((e) => e.at.nweek),
        entries.map((e) => e.at.nday),
        entries.map((e) => e.event.type),
        entries.map((e) => canonicalJson(e.event as unknown as Json)),
        entries.map((e) => e.prev),
        entries.map((e) => e.hash),
      ],
    );
  }

  async grantToken(game: string, grant: TokenGrant): Promise<void> {
    await this.tx(async (c) => {
      if (!(await this.exists(game, c))) throw new StoreError('unknown-game', `there is no game ${game}`);
      await this.grantIn(c, game, [grant]);
    });
  }

  async tokenHolder(game: string, hash: string): Promise<string | undefined> {
    const r = await this.query<{ holder: string }>({
      name: 'nr_token_holder',
      text: `SELECT holder FROM ${this.t('tokens')} WHERE game = $1 AND hash = $2`,
      values: [game, hash],
    });
    return r.rows[0]?.holder;
  }

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
    if (this.closed) throw new StoreError('io', 'the store is closed');
    try {
      await this.leases.enlist(claimant);
    } catch (e) {
      throw this.translate(e);
    }
  }

  sessionsGone(claimants: readonly string[]): Promise<string[]> {
    return this.leases.sessionsGone(claimants);
  }

  delivered(channel: string, id: number): Promise<void> {
    return this.outbox.delivered(channel, id);
  }

  deferred(channel: string, id: number, retryAt: number, error: string): Promise<void> {
    return this.outbox.deferred(channel, id, retryAt, error);
  }

  setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    return this.addresses.set(game, player, address, phraseHash);
  }

  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    return this.addresses.byAddress(game, address);
  }

  addressOf(game: string, player: string): Promise<string | undefined> {
    return this.addresses.of(game, player);
  }

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

  async markByMail(games: readonly string[]): Promise<number> {
    checkGameNames(games);
    return this.tx((c) => this.markIn(c, games));
  }

  async unmarkByMail(games: readonly string[]): Promise<number> {
    checkGameNames(games);
    const r = await this.query(`DELETE FROM ${this.t('mail_games')} WHERE game = ANY($1::text[])`, [
      [...new Set(games)],
    ]);
    return r.rowCount ?? 0;
  }

  async gamesByMail(): Promise<string[]> {
    const r = await this.query<{ game: string }>(
      `SELECT game FROM ${this.t('mail_games')} ORDER BY game COLLATE "C"`,
    );
    return r.rows.map((row) => row.game);
  }

  private async markIn(c: pg.PoolClient, games: readonly string[]): Promise<number> {
    const r = await c.query(
      `INSERT INTO ${this.t('mail_games')} (game) SELECT DISTINCT unnest($1::text[]) ON CONFLICT (game) DO NOTHING`,
      [[...games]],
    );
    return r.rowCount ?? 0;
  }

  async dumpGame(game: string): Promise<GameDump | undefined> {
    // One REPEATABLE READ transaction: the log, command ids and tokens are read from one snapshot.
    const c = await this.connect();
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const g = await c.query<{ ruleset: string }>(`SELECT ruleset FROM ${this.t('games')} WHERE id = $1`, [
        game,
      ]);
      const row = g.rows[0];
      if (!row) return undefined;
      const entries = await c.query<LogRow>(
        `SELECT seq, nweek, nday, event, prev, hash FROM ${this.t('log')} WHERE game = $1 ORDER BY seq`,
        [game],
      );
      const master = await c.query<{ master: Buffer }>(
        `SELECT master FROM ${this.t('game_secrets')} WHERE game = $1`,
        [game],
      );
      const commands = await c.query<CommandIdRecord>(
        `SELECT id, first_seq AS first, last_seq AS last FROM ${this.t('command_ids')} WHERE game = $1 ORDER BY first_seq, id`,
        [game],
      );
      const tokens = await c.query<TokenGrant>(
        `SELECT holder, hash FROM ${this.t('tokens')} WHERE game = $1 ORDER BY holder`,
        [game],
      );
      const notices = await this.outbox.ofGame(c, game);
      const addresses = await this.addresses.ofGame(c, game);
      const byMail = await c.query(`SELECT 1 FROM ${this.t('mail_games')} WHERE game = $1`, [game]);
      const phraseStandings = await this.guards.ofGame(c, game);
      const secret = master.rows[0];
      return {
        game,
        ruleset: row.ruleset,
        entries: entries.rows.map(toEntry),
        master: secret ? new Uint8Array(secret.master) : null,
        commands: commands.rows.map((r) => ({ id: r.id, first: r.first, last: r.last })),
        tokens: tokens.rows.map((r) => ({ holder: r.holder, hash: r.hash })),
        notices,
        addresses,
        byMail: byMail.rows.length > 0,
        phraseStandings,
      };
    } catch (e) {
      throw this.translate(e);
    } finally {
      await c.query('ROLLBACK').catch(() => undefined);
      c.release();
    }
  }

  async restoreGame(dump: GameDump): Promise<void> {
    const first = dump.entries[0];
    if (!first || first.seq !== 1)
      throw new StoreError('conflict', `the copy of ${dump.game} does not start at entry 1`);
    // The entries go in as a creation (same checks, same notification); the rest in the same transaction.
    await this.tx(async (c) => {
      const made = await c.query(
        `INSERT INTO ${this.t('games')} (id, ruleset, last_seq) VALUES ($1, $2, 0) ON CONFLICT (id) DO NOTHING`,
        [dump.game, dump.ruleset],
      );
      if (made.rowCount !== 1) throw new StoreError('conflict', `the game ${dump.game} already exists`);
      if (dump.master)
        await c.query(`INSERT INTO ${this.t('game_secrets')} (game, master) VALUES ($1, $2)`, [
          dump.game,
          Buffer.from(dump.master),
        ]);
      checkConsecutive(dump.game, dump.entries);
      for (let i = 0; i < dump.entries.length; i += this.batch)
        await this.insertEntries(c, dump.game, dump.entries.slice(i, i + this.batch));
      const last = dump.entries[dump.entries.length - 1] as LogEntry;
      await c.query(`UPDATE ${this.t('games')} SET last_seq = $2 WHERE id = $1`, [dump.game, last.seq]);
      if (dump.commands.length > 0)
        await c.query(
          `INSERT INTO ${this.t('command_ids')} (game, id, first_seq, last_seq)
           SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[])`,
          [
            dump.game,
            dump.commands.map((r) => r.id),
            dump.commands.map((r) => r.first),
            dump.commands.map((r) => r.last),
          ],
        );
      if (dump.tokens.length > 0) await this.grantIn(c, dump.game, dump.tokens);
      // History, delivered by the store it comes from: readable here, never sent again.
      checkNoticesOf(dump.game, dump.notices ?? []);
      await this.outbox.writeIn(c, dump.notices ?? [], false);
      await this.addresses.setIn(c, dump.game, dump.addresses ?? []);
      await this.guards.restoreIn(c, dump.game, dump.phraseStandings ?? []);
      if (dump.byMail) await this.markIn(c, [dump.game]);
      await this.notifyIn(c, dump.game, 1, last.seq);
    });
  }

  /**
   * LISTEN on one dedicated connection while anyone watches (postgres/listener.ts): appends and notices
   * committed by any process are told; after a lost connection, 'resync'.
   */
  async watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    if (this.closed) throw new StoreError('io', 'the store is closed');
    try {
      return await this.listener.watch(watcher);
    } catch (e) {
      throw this.translate(e);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Appends already sent are answered first; those still waiting are refused, as after closing.
    for (const p of this.pending.splice(0)) p.reject(new StoreError('io', 'the store is closed'));
    await Promise.all([...this.inflight]);
    await this.listener.close();
    await this.leases.close();
    await this.pool.end();
  }

  private async notifyIn(c: pg.PoolClient, game: string, first: number, last: number): Promise<void> {
    // Part of the transaction: delivered only if it commits. A game id is at most 64 characters, far
    // below NOTIFY's 8000-byte payload limit.
    await c.query('SELECT pg_notify($1, $2)', [this.channel, JSON.stringify({ game, first, last })]);
  }

  private async grantIn(c: pg.PoolClient, game: string, tokens: readonly TokenGrant[]): Promise<void> {
    await c.query(
      `INSERT INTO ${this.t('tokens')} (game, holder, hash) SELECT $1, * FROM unnest($2::text[], $3::text[])
       ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash`,
      [game, tokens.map((t) => t.holder), tokens.map((t) => t.hash)],
    );
  }

  private async exists(game: string, c?: pg.PoolClient): Promise<boolean> {
    const sql = `SELECT 1 FROM ${this.t('games')} WHERE id = $1`;
    const r = c ? await c.query(sql, [game]) : await this.query(sql, [game]);
    return r.rows.length > 0;
  }

  /** One statement on any pooled connection; a named one (hot reads) is parsed once per connection. */
  private async query<R extends pg.QueryResultRow>(
    sql: string | pg.QueryConfig,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new StoreError('io', 'the store is closed');
    try {
      return typeof sql === 'string' ? await this.pool.query<R>(sql, params) : await this.pool.query<R>(sql);
    } catch (e) {
      throw this.translate(e);
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    if (this.closed) throw new StoreError('io', 'the store is closed');
    try {
      return await this.pool.connect();
    } catch (e) {
      throw this.translate(e);
    }
  }

  /** Runs work in one READ COMMITTED transaction; anything thrown rolls it all back. */
  private async tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const c = await this.connect();
    let broken: Error | undefined;
    try {
      await c.query('BEGIN');
      const result = await work(c);
      await c.query('COMMIT');
      return result;
    } catch (e) {
      try {
        await c.query('ROLLBACK');
      } catch (rollback) {
        // The connection itself is gone: the pool must not hand it out again.
        broken = rollback instanceof Error ? rollback : new Error(String(rollback));
      }
      throw this.translate(e);
    } finally {
      c.release(broken);
    }
  }

  /** PostgreSQL's errors as a sentence a user can act on, with the password kept out of it. */
  private translate(e: unknown): Error {
    if (e instanceof StoreError) return e;
    const err = e as { code?: string; constraint?: string; message?: string };
    const code = err.code ?? '';
    const message = err.message ?? String(e);
    if (code === '23505') {
      // The unique keys are the backstop behind the checks made under the game's lock.
      if (err.constraint?.startsWith('command_ids'))
        return new StoreError('duplicate-command', `a command id was already applied (${message})`);
      return new StoreError('conflict', `another append got there first (${message})`);
    }
    if (code === '23503') return new StoreError('unknown-game', `there is no such game (${message})`);
    if (isConnectionError(e))
      return new StoreError('io', `PostgreSQL at ${redact(this.connection)} could not be used: ${message}`);
    return e instanceof Error ? e : new Error(message);
  }
}

const toEntry = (r: LogRow): LogEntry => ({
  seq: r.seq,
  at: { nweek: r.nweek, nday: r.nday },
  event: r.event,
  prev: r.prev,
  hash: r.hash,
});
