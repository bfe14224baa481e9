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
import type { GameEvent, LogEntry, Visibility } from '../core/index.js';
import { checkConsecutive, StoreError } from './store.js';
import type {
  Append,
  CommandIdRecord,
  CommandRecord,
  FoldBatch,
  GameDump,
  GameSummary,
  Store,
  StoreChange,
  StoreWatcher,
  TokenGrant,
} from './store.js';

/** The version of the tables this program writes; a schema with a higher one is refused. */
export const PG_SCHEMA_VERSION = 2;
export const DEFAULT_PG_SCHEMA = 'referee';
/** Written into schema_version: a schema holding tables of another program is never adopted. */
const APPLICATION = 'nomic-referee';
/** Lower case, digits and _, so it needs no quoting and the notification channel stays under 63 bytes. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,47}$/;

/**
 * Migrations, in order: MIGRATIONS[v] takes a schema from version v to v + 1, in the transaction that also
 * records the new version, so a schema is always at one version or the next.
 */
const MIGRATIONS: readonly ((s: string) => string)[] = [
  (s) => `
CREATE TABLE ${s}.games (
  id text PRIMARY KEY,
  ruleset text NOT NULL,
  -- The number of the game's last entry: what an append is checked against, under the row's lock.
  last_seq integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TABLE ${s}.game_secrets (
  game text PRIMARY KEY REFERENCES ${s}.games(id),
  master bytea NOT NULL
);
CREATE TABLE ${s}.log (
  game text NOT NULL REFERENCES ${s}.games(id),
  seq integer NOT NULL,
  nweek integer NOT NULL,
  nday integer NOT NULL,
  type text NOT NULL,
  -- json, not jsonb: json keeps the text as written (key order included), so what is read back is exactly
  -- what was written; jsonb would reorder keys.
  event json NOT NULL,
  prev text NOT NULL,
  hash text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (game, seq)
);
CREATE TABLE ${s}.command_ids (
  game text NOT NULL REFERENCES ${s}.games(id),
  id text NOT NULL,
  first_seq integer NOT NULL,
  last_seq integer NOT NULL,
  PRIMARY KEY (game, id)
);
CREATE TABLE ${s}.tokens (
  game text NOT NULL REFERENCES ${s}.games(id),
  holder text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (game, holder),
  UNIQUE (game, hash)
);`,
  // 1 → 2: append_batch, the whole of an append (or of several, each checked on its own) in one statement,
  // so one round trip and one commit. For each append i in the order given (sorted by game, so that two
  // batches lock games in the same order and never deadlock): lock the game's row, compare the first
  // offered entry with last_seq and the command id with command_ids, then move last_seq on, record the
  // command id and NOTIFY; the entries and tokens of the accepted appends are inserted after the loop.
  // Answers one status per append: 'ok', 'unknown-game', 'duplicate-command' or 'conflict:LAST_SEQ'.
  (s) => `
CREATE FUNCTION ${s}.append_batch(
  p_games text[], p_command_ids text[], p_firsts integer[], p_lasts integer[],
  e_item integer[], e_seq integer[], e_nweek integer[], e_nday integer[], e_type text[], e_event json[],
  e_prev text[], e_hash text[],
  t_item integer[], t_holder text[], t_hash text[]
) RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  i integer;
  cur integer;
  status text[] := '{}';
  accepted integer[] := '{}';
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_games, 1), 0) LOOP
    SELECT g.last_seq INTO cur FROM ${s}.games g WHERE g.id = p_games[i] FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      status := status || 'unknown-game'::text;
    ELSIF p_firsts[i] <> cur + 1 THEN
      status := status || ('conflict:' || cur);
    ELSIF p_command_ids[i] IS NOT NULL AND EXISTS (
      SELECT 1 FROM ${s}.command_ids c WHERE c.game = p_games[i] AND c.id = p_command_ids[i]
    ) THEN
      status := status || 'duplicate-command'::text;
    ELSE
      UPDATE ${s}.games SET last_seq = p_lasts[i] WHERE id = p_games[i];
      IF p_command_ids[i] IS NOT NULL THEN
        INSERT INTO ${s}.command_ids (game, id, first_seq, last_seq)
          VALUES (p_games[i], p_command_ids[i], p_firsts[i], p_lasts[i]);
      END IF;
      PERFORM pg_notify('nomic_referee_${s}',
        json_build_object('game', p_games[i], 'first', p_firsts[i], 'last', p_lasts[i])::text);
      accepted := accepted || i;
      status := status || 'ok'::text;
    END IF;
  END LOOP;
  IF array_length(accepted, 1) > 0 THEN
    INSERT INTO ${s}.log (game, seq, nweek, nday, type, event, prev, hash)
      SELECT p_games[x.item], x.seq, x.nweek, x.nday, x.type, x.event, x.prev, x.hash
      FROM unnest(e_item, e_seq, e_nweek, e_nday, e_type, e_event, e_prev, e_hash)
        AS x(item, seq, nweek, nday, type, event, prev, hash)
      WHERE x.item = ANY(accepted);
    INSERT INTO ${s}.tokens (game, holder, hash)
      SELECT p_games[x.item], x.holder, x.hash
      FROM unnest(t_item, t_holder, t_hash) AS x(item, holder, hash)
      WHERE x.item = ANY(accepted)
      ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash;
  END IF;
  RETURN status;
END
$fn$;`,
];

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

/** A failure of the connection (or the server going away), as opposed to the server refusing a statement. */
function isConnectionError(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  const code = err.code ?? '';
  const message = err.message ?? String(e);
  return (
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/.test(code) ||
    code.startsWith('08') ||
    code.startsWith('28') ||
    code.startsWith('3D') ||
    code.startsWith('53') ||
    code.startsWith('57P') ||
    /Connection terminated|connection (is )?closed/i.test(message)
  );
}

interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: GameEvent;
  prev: string;
  hash: string;
}

/** `postgres://…?schema=NAME`: the connection string without our own parameter, and the schema it names. */
export function parsePostgresUrl(spec: string): { url: string; schema?: string } {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new StoreError('not-our-file', `${spec} is not a PostgreSQL connection string`);
  }
  const schema = url.searchParams.get('schema') ?? undefined;
  url.searchParams.delete('schema');
  return { url: url.toString(), ...(schema !== undefined ? { schema } : {}) };
}

/** A connection string fit for messages: the password replaced. */
export function redact(connection: string): string {
  try {
    const url = new URL(connection);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(a PostgreSQL connection string)';
  }
}

export class PostgresStore implements Store {
  private readonly watchers = new Set<StoreWatcher>();
  /** The connection that LISTENs, while anyone watches. */
  private listener: Promise<pg.Client> | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private closed = false;
  /** Appends waiting for a batch, and the batches in flight (see pump()). */
  private readonly pending: PendingAppend[] = [];
  private readonly inflight = new Set<Promise<void>>();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connection: string,
    readonly schema: string,
    private readonly batch: number,
    private readonly appendConcurrency: number,
  ) {}

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

  /**
   * One transaction under an advisory lock named after the schema, so processes starting at once do not
   * race: one creates or migrates, the others wait and then find it done.
   */
  private async prepareSchema(): Promise<void> {
    await this.tx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${APPLICATION}:${this.schema}`]);
      const exists = await c.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1',
        [this.schema],
      );
      if (exists.rows[0]?.n === 0) await c.query(`CREATE SCHEMA ${this.schema}`);
      const marked = await c.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [
        this.t('schema_version'),
      ]);
      if (marked.rows[0]?.t == null) {
        const tables = await c.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm')",
          [this.schema],
        );
        if ((tables.rows[0]?.n ?? 0) > 0)
          throw new StoreError(
            'not-our-file',
            `the PostgreSQL schema ${this.schema} holds tables of some other program; it was left untouched`,
          );
        await c.query(
          `CREATE TABLE ${this.t('schema_version')} (one boolean PRIMARY KEY DEFAULT true CHECK (one), application text NOT NULL, version integer NOT NULL)`,
        );
        await c.query(`INSERT INTO ${this.t('schema_version')} (application, version) VALUES ($1, 0)`, [
          APPLICATION,
        ]);
      }
      const row = (
        await c.query<{ application: string; version: number }>(
          `SELECT application, version FROM ${this.t('schema_version')}`,
        )
      ).rows[0];
      if (!row || row.application !== APPLICATION)
        throw new StoreError(
          'not-our-file',
          `the PostgreSQL schema ${this.schema} belongs to ${row?.application ?? 'no one we know'}; it was left untouched`,
        );
      if (row.version > PG_SCHEMA_VERSION)
        throw new StoreError(
          'newer-version',
          `the PostgreSQL schema ${this.schema} was written by a newer nomic-referee (schema ${row.version}; this one knows ${PG_SCHEMA_VERSION})`,
        );
      for (let v = row.version; v < PG_SCHEMA_VERSION; v++) {
        const step = MIGRATIONS[v];
        if (!step) throw new Error(`no migration from schema ${v}`);
        await c.query(step(this.schema));
      }
      if (row.version < PG_SCHEMA_VERSION)
        await c.query(`UPDATE ${this.t('schema_version')} SET version = $1`, [PG_SCHEMA_VERSION]);
    });
  }

  async listGames(): Promise<GameSummary[]> {
    const r = await this.query<GameSummary>(
      `SELECT id, ruleset, last_seq AS entries FROM ${this.t('games')} ORDER BY created_at, id`,
    );
    return r.rows.map((g) => ({ id: g.id, ruleset: g.ruleset, entries: g.entries }));
  }

  async entries(game: string, fromSeq = 1): Promise<LogEntry[] | undefined> {
    // One round trip, also when there is nothing new (the Referee's check on every use): the game's row,
    // joined with its entries from fromSeq on, so an unknown game is no row and a known one at least one.
    const r = await this.query<LogRow | { [K in keyof LogRow]: null }>({
      name: 'nr_entries',
      text: `SELECT l.seq, l.nweek, l.nday, l.event, l.prev, l.hash FROM ${this.t('games')} g
        LEFT JOIN ${this.t('log')} l ON l.game = g.id AND l.seq >= $2 WHERE g.id = $1 ORDER BY l.seq`,
      values: [game, fromSeq],
    });
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

  async *foldStream(game: string, stub: readonly string[]): AsyncGenerator<FoldBatch> {
    // The stub types come back as NULL events with their visibility alone, so the driver parses only that
    // (the counts of what each viewer may see are folded from it).
    let next = 1;
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
    const e: {
      item: number[];
      seq: number[];
      nweek: number[];
      nday: number[];
      type: string[];
      event: string[];
      prev: string[];
      hash: string[];
    } = { item: [], seq: [], nweek: [], nday: [], type: [], event: [], prev: [], hash: [] };
    const t: { item: number[]; holder: string[]; hash: string[] } = { item: [], holder: [], hash: [] };
    items.forEach((p, i) => {
      for (const entry of p.append.entries) {
        e.item.push(i + 1);
        e.seq.push(entry.seq);
        e.nweek.push(entry.at.nweek);
        e.nday.push(entry.at.nday);
        e.type.push(entry.event.type);
        e.event.push(JSON.stringify(entry.event));
        e.prev.push(entry.prev);
        e.hash.push(entry.hash);
      }
      for (const token of p.append.tokens ?? []) {
        t.item.push(i + 1);
        t.holder.push(token.holder);
        t.hash.push(token.hash);
      }
    });
    const r = await this.pool.query<{ status: string[] }>({
      name: 'nr_append_batch',
      text: `SELECT ${this.t('append_batch')}($1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[],
        $7::int[], $8::int[], $9::text[], $10::json[], $11::text[], $12::text[], $13::int[], $14::text[],
        $15::text[]) AS status`,
      values: [
        items.map((p) => p.append.game),
        items.map((p) => p.append.commandId ?? null),
        items.map((p) => p.first),
        items.map((p) => p.last),
        e.item,
        e.seq,
        e.nweek,
        e.nday,
        e.type,
        e.event,
        e.prev,
        e.hash,
        t.item,
        t.holder,
        t.hash,
      ],
    });
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
        entries.map((e) => JSON.stringify(e.event)),
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
      const secret = master.rows[0];
      return {
        game,
        ruleset: row.ruleset,
        entries: entries.rows.map(toEntry),
        master: secret ? new Uint8Array(secret.master) : null,
        commands: commands.rows.map((r) => ({ id: r.id, first: r.first, last: r.last })),
        tokens: tokens.rows.map((r) => ({ holder: r.holder, hash: r.hash })),
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
      await this.notifyIn(c, dump.game, 1, last.seq);
    });
  }

  /**
   * LISTEN on one dedicated connection while anyone watches. If that connection is lost, it is opened again
   * (every second until it works) and watchers are told to 'resync', since notifications sent meanwhile
   * were missed.
   */
  async watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    if (this.closed) throw new StoreError('io', 'the store is closed');
    this.watchers.add(watcher);
    try {
      await this.listen();
    } catch (e) {
      this.watchers.delete(watcher);
      throw this.translate(e);
    }
    return async () => {
      this.watchers.delete(watcher);
      if (this.watchers.size === 0) await this.unlisten();
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watchers.clear();
    // Appends already sent are answered first; those still waiting are refused, as after closing.
    for (const p of this.pending.splice(0)) p.reject(new StoreError('io', 'the store is closed'));
    await Promise.all([...this.inflight]);
    await this.unlisten();
    await this.pool.end();
  }

  private listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      // Named after the schema, so an operator (or a test) can tell which connection listens for what.
      const client = new pg.Client({
        connectionString: this.connection,
        application_name: `${APPLICATION} listen ${this.schema}`,
      });
      const lost = () => {
        if (this.listener === current) {
          this.listener = undefined;
          this.scheduleReconnect();
        }
      };
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (msg) => {
        if (msg.channel !== this.channel || msg.payload === undefined) return;
        let change: StoreChange;
        try {
          const p = JSON.parse(msg.payload) as { game: string; first: number; last: number };
          change = { kind: 'append', game: p.game, first: p.first, last: p.last };
        } catch {
          return; // Not one of ours: someone else NOTIFYing on our channel.
        }
        this.tell(change);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
      } catch (e) {
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        throw e;
      }
      return client;
    })();
    const current = this.listener;
    current.catch(() => {
      if (this.listener === current) this.listener = undefined;
    });
    return current;
  }

  private scheduleReconnect(): void {
    if (this.closed || this.watchers.size === 0 || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      if (this.closed || this.watchers.size === 0) return;
      this.listen().then(
        () => this.tell({ kind: 'resync' }),
        () => this.scheduleReconnect(),
      );
    }, 1000);
    // A store waiting to listen again must not keep a process alive that has nothing else to do.
    this.reconnect.unref();
  }

  private async unlisten(): Promise<void> {
    if (this.reconnect) clearTimeout(this.reconnect);
    this.reconnect = undefined;
    const listener = this.listener;
    this.listener = undefined;
    if (!listener) return;
    const client = await listener.catch(() => undefined);
    if (!client) return;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  }

  /** Tells every watcher; a watcher that throws is its own bug and must not stop the others. */
  private tell(change: StoreChange): void {
    for (const watcher of this.watchers) {
      try {
        watcher(change);
      } catch {
        // Deliberately ignored, as the Referee's own listeners are.
      }
    }
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
