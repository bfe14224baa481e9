// One call of append_batch (schema 4) for a batch of appends: every entry, token and notice of the batch as
// one array per column, each row tagged with its append's place in the batch (1-based). A batch in which an
// append carries a snapshot calls append_batch_snapshots (schema 6) instead, with the snapshots as six more
// arrays.
import type pg from 'pg';
import type { Append, Notice, Snapshot } from '../store.js';
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
