// Schema 3 → 4 of the PostgreSQL store (issue 15, mail): the players' addresses (private: never in the log;
// lowercased, one player per address in a game, with the hash of the player's secret phrase), and the
// Message-ID a notice answers (`thread`, nullable). write_notices and append_batch take the thread as one
// more array; both are dropped and created again with it (a function's arguments cannot be altered).
export const MAIL_MIGRATION = (s: string): string => `
ALTER TABLE ${s}.notices ADD COLUMN thread text;
CREATE TABLE ${s}.addresses (
  game text NOT NULL REFERENCES ${s}.games(id),
  player text NOT NULL,
  address text NOT NULL,
  phrase_hash text,
  PRIMARY KEY (game, player),
  UNIQUE (game, address)
);
DROP FUNCTION ${s}.append_batch(text[], text[], integer[], integer[], integer[], integer[], integer[], integer[],
  text[], json[], text[], text[], integer[], text[], text[], integer[], text[], text[], text[], text[], text[],
  text[]);
DROP FUNCTION ${s}.write_notices(text[], text[], text[], text[], text[], text[], text[]);
CREATE FUNCTION ${s}.write_notices(
  n_game text[], n_key text[], n_to text[], n_topic text[], n_subject text[], n_text text[], n_at text[],
  n_thread text[]
) RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  fresh integer;
  games text[];
  g text;
BEGIN
  WITH inserted AS (
    INSERT INTO ${s}.notices (game, key, recipient, topic, subject, text, at, thread)
      SELECT x.game, x.key, x.recipient, x.topic, x.subject, x.text, x.at, x.thread
      FROM unnest(n_game, n_key, n_to, n_topic, n_subject, n_text, n_at, n_thread) WITH ORDINALITY
        AS x(game, key, recipient, topic, subject, text, at, thread, ord)
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
$fn$;
CREATE FUNCTION ${s}.append_batch(
  p_games text[], p_command_ids text[], p_firsts integer[], p_lasts integer[],
  e_item integer[], e_seq integer[], e_nweek integer[], e_nday integer[], e_type text[], e_event json[],
  e_prev text[], e_hash text[],
  t_item integer[], t_holder text[], t_hash text[],
  n_item integer[], n_key text[], n_to text[], n_topic text[], n_subject text[], n_text text[], n_at text[],
  n_thread text[]
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
    IF coalesce(array_length(n_item, 1), 0) > 0 THEN
      PERFORM ${s}.write_notices(
        array(SELECT p_games[x.item] FROM unnest(n_item) WITH ORDINALITY AS x(item, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_key) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_to) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_topic) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_subject) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_text) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_at) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o),
        array(SELECT x.v FROM unnest(n_item, n_thread) WITH ORDINALITY AS x(item, v, o) WHERE x.item = ANY(accepted) ORDER BY o));
    END IF;
  END IF;
  RETURN status;
END
$fn$;`;
