// Schema 5 → 6 of the PostgreSQL store (issue 17): snapshots of games' states, one per game, replaced by each
// newer one (the engine decides whether one may be used: src/engine/snapshots.ts). An append that carries a
// snapshot goes through append_batch_snapshots, which runs append_batch and then writes the snapshots of the
// appends it accepted, in the same statement and transaction: a refused append leaves no snapshot. Appends
// without one (nearly all) still call append_batch itself.
export const SNAPSHOTS_MIGRATION = (s: string): string => `
CREATE TABLE ${s}.snapshots (
  game text PRIMARY KEY REFERENCES ${s}.games(id),
  seq integer NOT NULL,
  hash text NOT NULL,
  version text NOT NULL,
  state text NOT NULL,
  tag text NOT NULL
);
CREATE FUNCTION ${s}.append_batch_snapshots(
  p_games text[], p_command_ids text[], p_firsts integer[], p_lasts integer[],
  e_item integer[], e_seq integer[], e_nweek integer[], e_nday integer[], e_type text[], e_event json[],
  e_prev text[], e_hash text[],
  t_item integer[], t_holder text[], t_hash text[],
  n_item integer[], n_key text[], n_to text[], n_topic text[], n_subject text[], n_text text[], n_at text[],
  n_thread text[],
  s_item integer[], s_seq integer[], s_hash text[], s_version text[], s_state text[], s_tag text[]
) RETURNS text[] LANGUAGE plpgsql AS $fn$
DECLARE
  status text[];
BEGIN
  status := ${s}.append_batch(p_games, p_command_ids, p_firsts, p_lasts, e_item, e_seq, e_nweek, e_nday,
    e_type, e_event, e_prev, e_hash, t_item, t_holder, t_hash, n_item, n_key, n_to, n_topic, n_subject,
    n_text, n_at, n_thread);
  -- The latest of each game's accepted snapshots (one row may be written once per statement).
  INSERT INTO ${s}.snapshots (game, seq, hash, version, state, tag)
    SELECT DISTINCT ON (p_games[x.item]) p_games[x.item], x.seq, x.hash, x.version, x.state, x.tag
    FROM unnest(s_item, s_seq, s_hash, s_version, s_state, s_tag) AS x(item, seq, hash, version, state, tag)
    WHERE status[x.item] = 'ok'
    ORDER BY p_games[x.item], x.seq DESC
    ON CONFLICT (game) DO UPDATE SET seq = excluded.seq, hash = excluded.hash, version = excluded.version,
      state = excluded.state, tag = excluded.tag;
  RETURN status;
END
$fn$;`;
