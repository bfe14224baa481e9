// The log in PostgreSQL (the GameLog contract, src/store/log.ts; split from postgres.ts, issue 28 item 2):
// games, their entries, dice secrets, command ids and snapshots. A creation is one transaction of its own; an
// append to an existing game goes in a batch with others (append-batch.ts), each checked under its game's row
// lock. Reads are single statements, long logs read in keyset pages.
import type pg from 'pg';
import type { GameEvent, Json, LogEntry, Visibility } from '../../core/index.js';
import { canonicalJson } from '../../core/index.js';
import type { GameLog } from '../log.js';
import type { Append, CommandRecord, FoldBatch, GameSummary, StoredSnapshot } from '../store.js';
import { checkConsecutive, checkNoticesOf, checkSnapshotOf, StoreError } from '../store.js';
import { AppendBatches } from './append-batch.js';
import type { PgOutbox } from './outbox.js';
import type { PgPool } from './pool.js';

export interface LogRow {
  seq: number;
  nweek: number;
  nday: number;
  event: GameEvent;
  prev: string;
  hash: string;
}

export const toEntry = (r: LogRow): LogEntry => ({
  seq: r.seq,
  at: { nweek: r.nweek, nday: r.nday },
  event: r.event,
  prev: r.prev,
  hash: r.hash,
});

export class PgGameLog implements GameLog {
  readonly batches: AppendBatches;

  constructor(
    private readonly db: PgPool,
    private readonly outbox: PgOutbox,
    /** Entries per page of stream and foldStream. */
    private readonly batch: number,
    appendConcurrency: number,
  ) {
    this.batches = new AppendBatches(db, appendConcurrency);
  }

  async listGames(): Promise<GameSummary[]> {
    const r = await this.db.query<GameSummary>(
      `SELECT id, ruleset, last_seq AS entries FROM ${this.db.t('games')} ORDER BY created_at, id`,
    );
    return r.rows.map((g) => ({ id: g.id, ruleset: g.ruleset, entries: g.entries }));
  }

  async entries(game: string, fromSeq = 1, toSeq?: number): Promise<LogEntry[] | undefined> {
    // One round trip, also when there is nothing new (the Referee's check on every use): the game's row,
    // joined with its entries from fromSeq on, so an unknown game is no row and a known one at least one.
    const r = await this.db.query<LogRow | { [K in keyof LogRow]: null }>(
      toSeq === undefined
        ? {
            name: 'nr_entries',
            text: `SELECT l.seq, l.nweek, l.nday, l.event, l.prev, l.hash FROM ${this.db.t('games')} g
        LEFT JOIN ${this.db.t('log')} l ON l.game = g.id AND l.seq >= $2 WHERE g.id = $1 ORDER BY l.seq`,
            values: [game, fromSeq],
          }
        : {
            name: 'nr_entries_to',
            text: `SELECT l.seq, l.nweek, l.nday, l.event, l.prev, l.hash FROM ${this.db.t('games')} g
        LEFT JOIN ${this.db.t('log')} l ON l.game = g.id AND l.seq >= $2 AND l.seq <= $3 WHERE g.id = $1 ORDER BY l.seq`,
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
      const r = await this.db.query<LogRow>(
        `SELECT seq, nweek, nday, event, prev, hash FROM ${this.db.t('log')} WHERE game = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
        [game, next, this.batch],
      );
      if (r.rows.length === 0) return;
      const page = r.rows.map(toEntry);
      yield page;
      next = (page[page.length - 1] as LogEntry).seq + 1;
    }
  }

  async logLength(game: string): Promise<number> {
    const r = await this.db.query<{ last: number }>(
      `SELECT last_seq AS last FROM ${this.db.t('games')} WHERE id = $1`,
      [game],
    );
    return r.rows[0]?.last ?? 0;
  }

  async *foldStream(game: string, stub: readonly string[], fromSeq = 1): AsyncGenerator<FoldBatch> {
    // The stub types come back as NULL events with their visibility alone, so the driver parses only that
    // (the counts of what each viewer may see are folded from it).
    let next = fromSeq;
    for (;;) {
      const r = await this.db.query<{
        seq: number;
        type: string;
        event: GameEvent | null;
        vis: Visibility | null;
        hash: string;
      }>(
        `SELECT seq, type, CASE WHEN type = ANY($2::text[]) THEN NULL ELSE event END AS event, CASE WHEN type = ANY($2::text[]) THEN event->'vis' END AS vis, hash FROM ${this.db.t('log')} WHERE game = $1 AND seq >= $3 ORDER BY seq LIMIT $4`,
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
    const r = await this.db.query<{ master: Buffer }>({
      name: 'nr_master',
      text: `SELECT master FROM ${this.db.t('game_secrets')} WHERE game = $1`,
      values: [game],
    });
    const row = r.rows[0];
    return row ? new Uint8Array(row.master) : null;
  }

  async snapshot(game: string): Promise<StoredSnapshot | undefined> {
    const r = await this.db.query<Omit<StoredSnapshot, 'game'>>({
      name: 'nr_snapshot',
      text: `SELECT s.seq, s.hash, s.version, s.state, s.tag, l.hash AS logged FROM ${this.db.t('snapshots')} s
        LEFT JOIN ${this.db.t('log')} l ON l.game = s.game AND l.seq = s.seq WHERE s.game = $1`,
      values: [game],
    });
    const row = r.rows[0];
    return row ? { game, ...row } : undefined;
  }

  async command(game: string, id: string): Promise<CommandRecord | undefined> {
    const r = await this.db.query<CommandRecord>({
      name: 'nr_command',
      text: `SELECT first_seq AS first, last_seq AS last FROM ${this.db.t('command_ids')} WHERE game = $1 AND id = $2`,
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
    this.db.open();
    const last = (a.entries[a.entries.length - 1] as LogEntry).seq;
    return this.batches.append(a, first.seq, last);
  }

  /** A new game: its row is inserted (a concurrent creation of the same id waits on the key, then finds it taken). */
  private async create(a: Append, create: NonNullable<Append['create']>, first: LogEntry): Promise<void> {
    const lastEntry = a.entries[a.entries.length - 1] as LogEntry;
    await this.db.tx(async (c) => {
      const made = await c.query(
        `INSERT INTO ${this.db.t('games')} (id, ruleset, last_seq) VALUES ($1, $2, 0) ON CONFLICT (id) DO NOTHING`,
        [a.game, create.ruleset],
      );
      if (made.rowCount !== 1) throw new StoreError('conflict', `the game ${a.game} already exists`);
      if (create.master)
        await c.query(`INSERT INTO ${this.db.t('game_secrets')} (game, master) VALUES ($1, $2)`, [
          a.game,
          Buffer.from(create.master),
        ]);
      if (first.seq !== 1)
        throw new StoreError(
          'conflict',
          `the game ${a.game} moved on (entry 1 expected, ${first.seq} offered)`,
        );
      await this.insertEntries(c, a.game, a.entries);
      await c.query(`UPDATE ${this.db.t('games')} SET last_seq = $2 WHERE id = $1`, [a.game, lastEntry.seq]);
      if (a.commandId !== undefined)
        await c.query(
          `INSERT INTO ${this.db.t('command_ids')} (game, id, first_seq, last_seq) VALUES ($1, $2, $3, $4)`,
          [a.game, a.commandId, first.seq, lastEntry.seq],
        );
      if (a.tokens && a.tokens.length > 0) await this.db.grantIn(c, a.game, a.tokens);
      await this.db.notifyIn(c, a.game, first.seq, lastEntry.seq);
      await this.outbox.writeIn(c, a.notices ?? []);
      const s = a.snapshot;
      if (s)
        await c.query(
          `INSERT INTO ${this.db.t('snapshots')} (game, seq, hash, version, state, tag) VALUES ($1, $2, $3, $4, $5, $6)`,
          [s.game, s.seq, s.hash, s.version, s.state, s.tag],
        );
    });
  }

  /** Inside `c`'s transaction (a creation, a restore: maintenance.ts). */
  async insertEntries(c: pg.PoolClient, game: string, entries: readonly LogEntry[]): Promise<void> {
    await c.query(
      `INSERT INTO ${this.db.t('log')} (game, seq, nweek, nday, type, event, prev, hash)
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
}
