// The SQLite file's schema: its tables, its version (user_version) and the migrations from older versions.
import type Database from 'better-sqlite3';

/** 'NREF' in the SQLite header's application_id: marks a file as ours. */
export const APPLICATION_ID = 0x4e524546;
export const SCHEMA_VERSION = 9;
export const SQLITE_MAGIC = 'SQLite format 3\0';

// Version 2: access tokens for the server, hashed; one per holder, so issuing again rotates.
const TOKENS = `
CREATE TABLE tokens (
  game TEXT NOT NULL REFERENCES games(id),
  holder TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (game, holder)
) WITHOUT ROWID;
CREATE UNIQUE INDEX tokens_by_hash ON tokens (game, hash);
`;

const BASE = `
CREATE TABLE games (
  id TEXT PRIMARY KEY,
  ruleset TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE game_secrets (
  game TEXT PRIMARY KEY REFERENCES games(id),
  master BLOB NOT NULL
);
CREATE TABLE log (
  game TEXT NOT NULL REFERENCES games(id),
  seq INTEGER NOT NULL,
  nweek INTEGER NOT NULL,
  nday INTEGER NOT NULL,
  type TEXT NOT NULL,
  event TEXT NOT NULL,
  prev TEXT NOT NULL,
  hash TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE command_ids (
  game TEXT NOT NULL REFERENCES games(id),
  id TEXT NOT NULL,
  first_seq INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (game, id)
) WITHOUT ROWID;
${TOKENS}`;
// Version 3: the durable outbox (issue 14). A notice is stored once per (game, key). Each channel (the page
// is no channel: it reads the notices; 'mail', 'chat', … are) is registered in `channels`, and each notice
// written while a channel is registered gets a row in `deliveries` for it, in the same transaction: so a
// channel registered today is never handed the notices of before (no flood of history), and one registered
// is never missing one (the row is there from the notice's commit on).
export const OUTBOX = `
CREATE TABLE notices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  game TEXT NOT NULL REFERENCES games(id),
  key TEXT NOT NULL,
  recipient TEXT NOT NULL,
  topic TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  at TEXT NOT NULL,
  UNIQUE (game, key)
);
CREATE INDEX notices_by_recipient ON notices (game, recipient, id);
CREATE TABLE channels (
  name TEXT PRIMARY KEY,
  registered_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE deliveries (
  channel TEXT NOT NULL REFERENCES channels(name),
  notice INTEGER NOT NULL REFERENCES notices(id),
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch, on the deliverers' clock: leased to a worker until, claimable again from.
  claimed_until INTEGER NOT NULL DEFAULT 0,
  retry_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  delivered_at TEXT,
  PRIMARY KEY (channel, notice)
) WITHOUT ROWID;
CREATE INDEX deliveries_due ON deliveries (channel, notice) WHERE delivered_at IS NULL;
`;

// Version 4: mail (issue 15). The players' addresses, private (never in the log): lowercased, one player per
// address in a game, with the hash of the player's secret phrase; and the Message-ID a notice answers.
export const MAIL = `
ALTER TABLE notices ADD COLUMN thread TEXT;
CREATE TABLE addresses (
  game TEXT NOT NULL REFERENCES games(id),
  player TEXT NOT NULL,
  address TEXT NOT NULL,
  phrase_hash TEXT,
  PRIMARY KEY (game, player),
  UNIQUE (game, address)
) WITHOUT ROWID;
`;

// Version 5: the games played by mail (issue 15, src/store/sqlite/by-mail.ts). A game named here has every
// command, from any process, write its notices (private news, nweek reports): `serve --mail`, `mail import`
// and `mail watch` mark the games their settings name, `mail on`/`mail off` the operator's own word. Names,
// not references to `games`: settings may name a game before it is created.
export const BY_MAIL = `
CREATE TABLE mail_games (
  game TEXT PRIMARY KEY,
  marked_at TEXT NOT NULL
) WITHOUT ROWID;
`;

// Version 6: snapshots of games' states (issue 17, src/store/sqlite/snapshots.ts), one per game, replaced by
// each newer one; written by an append, read with the hash the log holds at the snapshot's entry. A rowid
// table: a state is kilobytes, too large a row for WITHOUT ROWID.
export const SNAPSHOTS = `
CREATE TABLE snapshots (
  game TEXT PRIMARY KEY REFERENCES games(id),
  seq INTEGER NOT NULL,
  hash TEXT NOT NULL,
  version TEXT NOT NULL,
  state TEXT NOT NULL,
  tag TEXT NOT NULL
);
`;

// Version 7: pending claims of mail addresses (issue 23 item 3, src/store/sqlite/claims.ts): an address
// counts only once confirmed; until then it is a claim, one per player of a game, with the hash of its
// confirmation code (never the code), its times (ms on the caller's clock) and the wrong codes given.
export const ADDRESS_CLAIMS = `
CREATE TABLE address_claims (
  game TEXT NOT NULL REFERENCES games(id),
  player TEXT NOT NULL,
  address TEXT NOT NULL,
  phrase_hash TEXT,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (game, player)
) WITHOUT ROWID;
CREATE INDEX address_claims_by_address ON address_claims (address);
`;

// Version 8: who holds a delivery's lease (issue 23 item 6, src/store/leases.ts): the claiming process's id,
// so that a restarted referee gives back at once the leases of a process known to be gone, instead of
// waiting them out. Indexed over the rows leased and not settled (claimed_until is 0 once a delivery is
// marked), which are few: at most a batch per live courier, and what dead ones left.
export const LEASE_HOLDERS = `
ALTER TABLE deliveries ADD COLUMN claimed_by TEXT;
CREATE INDEX deliveries_leased ON deliveries (channel, claimed_by) WHERE claimed_until > 0;
`;

// Version 9: the mail edge's guards (issue 23, items 4 and 5; src/store/sqlite/guards.ts). Each player's
// phrase standing (wrong phrases since it was registered, the last one's instant, when it was seen on the
// list), and the answer budgets (answers spent per key until the window's end, in ms). Names, not
// references: a row outlives nothing it needs. IF NOT EXISTS: the migration tests make an older file by
// dropping only the tables of their own version.
export const MAIL_GUARDS = `
CREATE TABLE IF NOT EXISTS phrase_standing (
  game TEXT NOT NULL,
  player TEXT NOT NULL,
  failures INTEGER NOT NULL,
  last_failure_at INTEGER,
  burned_at INTEGER,
  PRIMARY KEY (game, player)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS answer_budgets (
  game TEXT NOT NULL,
  key TEXT NOT NULL,
  used INTEGER NOT NULL,
  until INTEGER NOT NULL,
  PRIMARY KEY (game, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS answer_budgets_until ON answer_budgets (game, until);
`;

/** The whole schema of a new file. */
export const SCHEMA = `${BASE}${OUTBOX}${MAIL}${BY_MAIL}${SNAPSHOTS}${ADDRESS_CLAIMS}${LEASE_HOLDERS}${MAIL_GUARDS}`;

/**
 * Takes a file of ours from `version` to SCHEMA_VERSION: every step and the version bump in one transaction,
 * so a file is at one version or the other.
 */
export function migrate(db: Database.Database, version: number): void {
  if (version >= SCHEMA_VERSION) return;
  db.exec('BEGIN');
  try {
    if (version < 2) db.exec(TOKENS);
    if (version < 3) db.exec(OUTBOX);
    if (version < 4) db.exec(MAIL);
    if (version < 5) db.exec(BY_MAIL);
    if (version < 6) db.exec(SNAPSHOTS);
    if (version < 7) db.exec(ADDRESS_CLAIMS);
    if (version < 8 && !hasColumn(db, 'deliveries', 'claimed_by')) db.exec(LEASE_HOLDERS);
    if (version < 9) db.exec(MAIL_GUARDS);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
    db.exec('COMMIT');
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}

/**
 * Whether a table has a column: a step that adds one is skipped on a file that has it (a file an older
 * version's test made from today's, with only the later tables dropped), so each step stands on its own.
 */
function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return (db.pragma(`table_info(${table})`) as { name: string }[]).some((c) => c.name === column);
}
