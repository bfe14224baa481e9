// One call of append_batch (schema 4) for a batch of appends: every entry, token and notice of the batch as
// one array per column, each row tagged with its append's place in the batch (1-based). A batch in which an
// append carries a snapshot calls append_batch_snapshots (schema 6) instead, with the snapshots as six more
// arrays. The appends waiting while earlier batches are in flight go together in the next one (AppendBatches).
import type pg from 'pg';
import type { Append, Notice, Snapshot } from '../store.js';
import { StoreError } from '../store.js';
import { isConnectionError } from './connection.js';
import type { PgPool } from './pool.js';
import { noticeColumns } from './outbox.js';
import { canonicalJson } from '../../core/index.js';
import type { Json } from '../../core/index.js';

/** The statement, for appends in the order given (sorted by game by the caller). */
export function appendBatchQuery(
  schema: string,
  items: readonly { readonly append: Append; readonly first: number; readonly last: number }[],
): pg.QueryConfig {
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
  const n: { item: number[]; notices: Notice[] } = { item: [], notices: [] };
  const s: { item: number[]; snapshots: Snapshot[] } = { item: [], snapshots: [] };
  items.forEach((p, i) => {
    for (const entry of p.append.entries) {
      e.item.push(i + 1);
      e.seq.push(entry.seq);
      e.nweek.push(entry.at.nweek);
      e.nday.push(entry.at.nday);
      e.type.push(entry.event.type);
      e.event.push(canonicalJson(entry.event as unknown as Json));
      e.prev.push(entry.prev);
      e.hash.push(entry.hash);
    }
    for (const token of p.append.tokens ?? []) {
      t.item.push(i + 1);
      t.holder.push(token.holder);
      t.hash.push(token.hash);
    }
    for (const notice of p.append.notices ?? []) {
      n.item.push(i + 1);
      n.notices.push(notice);
    }
    if (p.append.snapshot) {
      s.item.push(i + 1);
      s.snapshots.push(p.append.snapshot);
    }
  });
  const columns = `$1::text[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[],
      $7::int[], $8::int[], $9::text[], $10::json[], $11::text[], $12::text[], $13::int[], $14::text[],
      $15::text[], $16::int[], $17::text[], $18::text[], $19::text[], $20::text[], $21::text[],
      $22::text[], $23::text[]`;
  const values = [
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
    n.item,
    // The notice's game is its append's (checked before): the columns from key on.
    ...noticeColumns(n.notices).slice(1),
  ];
  if (s.item.length === 0)
    return {
      name: 'nr_append_batch',
      text: `SELECT ${schema}.append_batch(${columns}) AS status`,
      values,
    };
  return {
    name: 'nr_append_batch_snapshots',
    text: `SELECT ${schema}.append_batch_snapshots(${columns}, $24::int[], $25::int[], $26::text[],
      $27::text[], $28::text[], $29::text[]) AS status`,
    values: [
      ...values,
      s.item,
      s.snapshots.map((x) => x.seq),
      s.snapshots.map((x) => x.hash),
      s.snapshots.map((x) => x.version),
      s.snapshots.map((x) => x.state),
      s.snapshots.map((x) => x.tag),
    ],
  };
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

/**
 * Appends to existing games, sent in batches (postgres.ts's header): while `concurrency` batches are in
 * flight (each on its own connection), the appends arriving wait and go together in the next batch: one
 * round trip and one commit for all of them.
 */
export class AppendBatches {
  /** Appends waiting for a batch, and the batches in flight (see pump()). */
  private readonly pending: PendingAppend[] = [];
  private readonly inflight = new Set<Promise<void>>();

  constructor(
    private readonly db: PgPool,
    private readonly concurrency: number,
  ) {}

  /** Answered once the append's batch is committed, or with its own refusal. */
  append(append: Append, first: number, last: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ append, first, last, resolve, reject });
      this.pump();
    });
  }

  /** Appends already sent are answered first; those still waiting are refused, as after closing. */
  async close(): Promise<void> {
    for (const p of this.pending.splice(0)) p.reject(new StoreError('io', 'the store is closed'));
    await Promise.all([...this.inflight]);
  }

  /** Sends batches while fewer than `concurrency` are in flight: what waits meanwhile goes together. */
  private pump(): void {
    while (this.inflight.size < this.concurrency && this.pending.length > 0) {
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
      const err = this.db.translate(e);
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
    this.db.open();
    const r = await this.db.pool.query<{ status: string[] }>(appendBatchQuery(this.db.schema, items));
    return r.rows[0]?.status ?? [];
  }
}
