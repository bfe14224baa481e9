// Schema 3 → 4 of the PostgreSQL store (issue 15, mail): the players' addresses (private: never in the log;
// lowercased, one player per address in a game, with the hash of the player's secret phrase), and the
// Message-ID a notice answers (`thread`, nullable). write_notices and append_batch take the thread as one
// more array; both are dropped and created again with it (a function's arguments cannot be altered:
// schema-append.ts).
import { appendBatch, dropAppendBatch, dropWriteNotices, writeNotices } from './schema-append.js';

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
${dropAppendBatch(s, 3)}
${dropWriteNotices(s, 3)}${writeNotices(s, 4)}${appendBatch(s, 4)}`;
