// The PostgreSQL schema's two functions, each written once and grown version by version (issue 28 item 2:
// the schema as deltas): append_batch (schema 2: an append, or several, in one statement; schema 3 adds the
// appends' notices, schema 4 their thread) and write_notices (schema 3; schema 4 adds the thread). A
// function's arguments cannot be altered, so a version that adds some drops the function of the version
// before and creates its own (replaced); the text a version creates is exactly what it always created.

/** The notices' columns after their game, as both functions take them at schema version `v` (3 or later). */
const noticeColumns = (v: number): string[] => [
  'key',
  'to',
  'topic',
  'subject',
  'text',
  'at',
  ...(v >= 4 ? ['thread'] : []),
];

/** The argument types of append_batch at version `v`, as DROP FUNCTION names it. */
const appendBatchTypes = (v: number): string =>
  [
    'text[], text[], integer[], integer[], integer[], integer[], integer[], integer[]',
    'text[], json[], text[], text[], integer[], text[], text[]',
    ...(v >= 3 ? ['integer[]', ...noticeColumns(v).map(() => 'text[]')] : []),
  ].join(', ');

/** The argument types of write_notices at version `v`. */
const writeNoticesTypes = (v: number): string =>
  ['text[]', ...noticeColumns(v).map(() => 'text[]')].join(', ');

/** Drops append_batch as version `v` made it. */
export const dropAppendBatch = (s: string, v: number): string =>
  `DROP FUNCTION ${s}.append_batch(${appendBatchTypes(v)});`;

/** Drops write_notices as version `v` made it. */
export const dropWriteNotices = (s: string, v: number): string =>
  `DROP FUNCTION ${s}.write_notices(${writeNoticesTypes(v)});`;

/**
 * append_batch at version `v`: for each append i in the order given (sorted by game, so that two batches lock
 * games in the same order and never deadlock): lock the game's row, compare the first offered entry with
 * last_seq and the command id with command_ids, then move last_seq on, record the command id and NOTIFY; the
 * entries and tokens (and since 3 the notices) of the accepted appends are written after the loop. Answers
 * one status per append: 'ok', 'unknown-game', 'duplicate-command' or 'conflict:LAST_SEQ'.
 */
export function appendBatch(s: string, v: number): string {
  const notices = v >= 3 ? noticeColumns(v) : [];
  const noticeArgs =
    notices.length === 0
      ? ''
      : `,\n  n_item integer[], ${notices
          .slice(0, 6)
          .map((c) => `n_${c} text[]`)
          .join(', ')}${
          notices.length > 6
            ? `,\n  ${notices
                .slice(6)
                .map((c) => `n_${c} text[]`)
                .join(', ')}`
            : ''
        }`;
  const writeNotices =
    notices.length === 0
      ? ''
      : `
    IF coalesce(array_length(n_item, 1), 0) > 0 THEN
      PERFORM ${s}.write_notices(
        ${[
          'array(SELECT p_games[x.item] FROM unnest(n_item) WITH ORDINALITY AS x(item, o) WHERE x.item = ANY(accepted) ORDER BY o)',
          ...notices.map(
            (c) =>
              `array(SELECT x.v FROM unnest(n_item, n_${c}) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o)`,
          ),
        ].join(',\n        ')});
    END IF;`;
  return `
CREATE FUNCTION ${s}.append_batch(
  p_games text[], p_command_ids text[], p_firsts integer[], p_lasts integer[],
  e_item integer[], e_seq integer[], e_nweek integer[], e_nday integer[], e_type text[], e_event json[],
  e_prev text[], e_hash text[],
  t_item integer[], t_holder text[], t_hash text[]${noticeArgs}
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
      ON CONFLICT (game, holder) DO UPDATE SET hash = excluded.hash;${writeNotices}
  END IF;
  RETURN status;
END
$fn$;`;
}

/**
 * write_notices at version `v` (3 or later): writes notices of games whose rows the caller has locked; fans
 * each new one out to every channel; NOTIFYs once per game that got a new one. Answers how many were new.
 */
export function writeNotices(s: string, v: number): string {
  const columns = noticeColumns(v);
  const extra = columns.slice(6);
  const stored = columns.map((c) => (c === 'to' ? 'recipient' : c));
  return `
CREATE FUNCTION ${s}.write_notices(
  n_game text[], ${columns
    .slice(0, 6)
    .map((c) => `n_${c} text[]`)
    .join(', ')}${extra.length > 0 ? `,\n  ${extra.map((c) => `n_${c} text[]`).join(', ')}` : ''}
) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  fresh integer;
  games text[];
  g text;
BEGIN
  WITH inserted AS (
    INSERT INTO ${s}.notices (game, ${stored.join(', ')})
      SELECT x.game, ${stored.map((c) => `x.${c}`).join(', ')}
      FROM unnest(n_game, ${columns.map((c) => `n_${c}`).join(', ')}) WITH ORDINALITY
        AS x(game, ${stored.join(', ')}, ord)
      ORDER BY x.ord
      ON CONFLICT (game, key) DO NOTHING
      RETURNING id, game
  ), fanned AS (
    INSERT INTO ${s}.deliveries (channel, notice) SELECT c.name, i.id FROM inserted i CROSS JOIN ${s}.channels c
  )
  SELECT count(*)::integer, coalesce(array_agg(DISTINCT i.game ORDER BY i.game), '{}') INTO fresh, games
    FROM inserted i;
  FOREACH g IN ARRAY games LOOP
    PERFORM pg_notify('nomic_referee_${s}', json_build_object('kind', 'notice', 'game', g)::text);
  END LOOP;
  RETURN fresh;
END
$fn$;`;
}
