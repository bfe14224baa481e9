// The embedded default store: one SQLite file through better-sqlite3 (synchronous, fast, maintained), many
// games, WAL journal. Appends are committed in groups (one IMMEDIATE transaction for the appends that arrive
// in one round of the event loop), each answered only once its group is on disk (sqlite/group-commit.ts,
// sqlite/durability.ts). This class opens the file and composes the store's contracts, each implemented in a
// file of its own (issue 28 item 2): the log (sqlite/log.ts), the outbox and its leases (sqlite/deliveries.ts),
// the directory (sqlite/directory.ts), the games played by mail (sqlite/by-mail.ts), the address claims
// (sqlite/claims.ts), the mail guards (sqlite/guards.ts) and maintenance (sqlite/maintenance.ts).
import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite/driver.js';
import { closeSync, existsSync, openSync, statSync } from 'node:fs';
import type { LogEntry } from '../core/index.js';
import { StoreError } from './store.js';
import type {
  Append,
  ClaimedNotice,
  CommandRecord,
  FoldBatch,
  GameDump,
  GameSummary,
  Notice,
  PlayerAddress,
  Store,
  StoredLog,
  StoredNotice,
  StoredSnapshot,
  StoreWatcher,
  TokenGrant,
} from './store.js';
import { checkFileHeader, checkPath, checkWithWal, classify, fileRefused, translate } from './sqlite/file.js';
import type { Leases } from './leases.js';
import type { AddressClaim, ClaimConfirmation } from './claims.js';
import type { AnswerBudget, PhraseStanding } from './guards.js';
import { SqliteAddresses } from './sqlite/addresses.js';
import { SqliteAddressClaims, SqliteClaims } from './sqlite/claims.js';
import { SqliteByMail, SqliteMailRoster } from './sqlite/by-mail.js';
import { SqliteGuards, SqliteMailGuards } from './sqlite/guards.js';
import { SqliteOutbox } from './sqlite/outbox.js';
import type { LookoutOptions } from './sqlite/others.js';
import { SqliteSnapshots } from './sqlite/snapshots.js';
import { Checkpoints } from './sqlite/checkpoints.js';
import { SqliteCore } from './sqlite/core.js';
import { SqliteGameLog } from './sqlite/log.js';
import { SqliteDeliveries } from './sqlite/deliveries.js';
import { SqliteDirectory } from './sqlite/directory.js';
import { SqliteMaintenance } from './sqlite/maintenance.js';
import { APPLICATION_ID, migrate, SCHEMA, SCHEMA_VERSION } from './sqlite/schema.js';

export { APPLICATION_ID, SCHEMA_VERSION } from './sqlite/schema.js';

/** How hard a commit waits for the disk: FULL (the default) survives power loss, NORMAL a process crash. */
export type SyncMode = 'full' | 'normal';

export class SqliteStore implements Store, Leases {
  private readonly db: Database.Database;
  private readonly core: SqliteCore;
  private readonly log: SqliteGameLog;
  private readonly outbox: SqliteDeliveries;
  private readonly directory: SqliteDirectory;
  private readonly roster: SqliteMailRoster;
  private readonly claims: SqliteAddressClaims;
  private readonly guards: SqliteMailGuards;
  private readonly maintenance: SqliteMaintenance;

  /** Opens (or creates) a store file. A file that is not ours, damaged, or from a newer version is refused. */
  constructor(
    readonly path: string,
    options: { sync?: SyncMode; lookout?: LookoutOptions } = {},
  ) {
    if (path !== ':memory:') checkPath(path);
    const fresh = path === ':memory:' || !existsSync(path);
    let unfinished: boolean;
    try {
      // The file holds every game's dice secret: created readable by its owner only (SQLite gives the -wal
      // and -shm beside it the same mode), whatever the umask.
      if (fresh && path !== ':memory:') closeSync(openSync(path, 'wx', 0o600));
      unfinished = !fresh && checkFileHeader(path);
    } catch (e) {
      throw fileRefused(e, path) ?? e;
    }
    if (!fresh && existsSync(`${path}-wal`) && statSync(`${path}-wal`).size > 0)
      checkWithWal(path, unfinished);
    let opened: Database.Database | undefined;
    try {
      this.db = opened = openDatabase(path);
      this.db.pragma('busy_timeout = 5000');
      this.prepareFile(fresh);
      this.db.pragma('journal_mode = WAL');
      // FULL is kept by this store itself, not by SQLite: SQLite runs at NORMAL (the WAL synced at each
      // checkpoint), and every write is answered only once the WAL holding it is synced to disk (see
      // durable), off the event loop, so the server keeps serving while the disk syncs.
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('foreign_keys = ON');
      const core = new SqliteCore(
        this.db,
        path,
        options.sync !== 'normal' && path !== ':memory:',
        options.lookout,
      );
      this.core = core;
      const outbox = new SqliteOutbox(this.db);
      const addresses = new SqliteAddresses(this.db);
      const byMail = new SqliteByMail(this.db);
      const guards = new SqliteGuards(this.db);
      const checkpoints = new Checkpoints(this.db);
      this.log = new SqliteGameLog(core, outbox, new SqliteSnapshots(this.db), checkpoints);
      this.outbox = new SqliteDeliveries(core, outbox);
      this.directory = new SqliteDirectory(core, addresses);
      this.roster = new SqliteMailRoster(core, byMail);
      this.claims = new SqliteAddressClaims(core, new SqliteClaims(this.db, addresses));
      this.guards = new SqliteMailGuards(core, guards);
      this.maintenance = new SqliteMaintenance(core, {
        log: this.log,
        outbox,
        addresses,
        guards,
        byMail,
        checkpoints,
      });
    } catch (e) {
      // A refused file is let go at once: no open handle, no -wal or -shm left beside it.
      opened?.close();
      throw translate(e, path);
    }
  }

  private prepareFile(fresh: boolean): void {
    const file = classify(this.db, this.path);
    if (file instanceof StoreError) throw file;
    if (file.kind === 'new') {
      // A new or empty file: make it ours.
      this.db.exec('BEGIN');
      this.db.exec(SCHEMA);
      this.db.pragma(`application_id = ${APPLICATION_ID}`);
      this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      this.db.exec('COMMIT');
      return;
    }
    void fresh;
    migrate(this.db, file.version);
  }

  // The log (sqlite/log.ts).

  listGames(): Promise<GameSummary[]> {
    return this.log.listGames();
  }

  entries(game: string, fromSeq?: number, toSeq?: number): Promise<LogEntry[] | undefined> {
    return this.log.entries(game, fromSeq, toSeq);
  }

  stream(game: string, fromSeq?: number, batch?: number): AsyncGenerator<LogEntry[]> {
    return this.log.stream(game, fromSeq, batch);
  }

  logLength(game: string): Promise<number> {
    return this.log.logLength(game);
  }

  foldStream(
    game: string,
    stub: readonly string[],
    fromSeq?: number,
    batch?: number,
  ): AsyncGenerator<FoldBatch> {
    return this.log.foldStream(game, stub, fromSeq, batch);
  }

  master(game: string): Promise<Uint8Array | null> {
    return this.log.master(game);
  }

  snapshot(game: string): Promise<StoredSnapshot | undefined> {
    return this.log.snapshot(game);
  }

  command(game: string, id: string): Promise<CommandRecord | undefined> {
    return this.log.command(game, id);
  }

  append(a: Append): Promise<void> {
    return this.log.append(a);
  }

  /** The synchronous append, for callers (and benchmarks) that want no promise in the way. */
  appendNow(a: Append): void {
    this.log.commits.appendNow(a);
  }

  // The outbox and its leases (sqlite/deliveries.ts).

  enqueue(notices: readonly Notice[]): Promise<number> {
    return this.outbox.enqueue(notices);
  }

  notices(
    game: string,
    to: string | readonly string[],
    after?: number,
    limit?: number,
  ): Promise<StoredNotice[]> {
    return this.outbox.notices(game, to, after, limit);
  }

  noticeByKey(game: string, key: string): Promise<StoredNotice | undefined> {
    return this.outbox.noticeByKey(game, key);
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
    return this.outbox.claim(channel, now, leaseMs, limit, claimant);
  }

  delivered(channel: string, id: number): Promise<void> {
    return this.outbox.delivered(channel, id);
  }

  deferred(channel: string, id: number, retryAt: number, error: string): Promise<void> {
    return this.outbox.deferred(channel, id, retryAt, error);
  }

  leaseHolders(channel: string, now: number): Promise<string[]> {
    return this.outbox.leaseHolders(channel, now);
  }

  releaseLeases(channel: string, claimant: string, now: number): Promise<number> {
    return this.outbox.releaseLeases(channel, claimant, now);
  }

  undelivered(channel: string, game: string, exceptTopic?: string): Promise<number> {
    return this.outbox.undelivered(channel, game, exceptTopic);
  }

  dueNow(channel: string, now: number): Promise<number> {
    return this.outbox.dueNow(channel, now);
  }

  // The directory (sqlite/directory.ts) and the games played by mail (sqlite/by-mail.ts).

  grantToken(game: string, grant: TokenGrant): Promise<void> {
    return this.directory.grantToken(game, grant);
  }

  tokenHolder(game: string, hash: string): Promise<string | undefined> {
    return this.directory.tokenHolder(game, hash);
  }

  setAddress(game: string, player: string, address: string, phraseHash: string | null): Promise<void> {
    return this.directory.setAddress(game, player, address, phraseHash);
  }

  playerByAddress(game: string, address: string): Promise<PlayerAddress | undefined> {
    return this.directory.playerByAddress(game, address);
  }

  addressOf(game: string, player: string): Promise<string | undefined> {
    return this.directory.addressOf(game, player);
  }

  markByMail(games: readonly string[]): Promise<number> {
    return this.roster.markByMail(games);
  }

  unmarkByMail(games: readonly string[]): Promise<number> {
    return this.roster.unmarkByMail(games);
  }

  gamesByMail(): Promise<string[]> {
    return this.roster.gamesByMail();
  }

  // The address claims (sqlite/claims.ts) and the mail guards (sqlite/guards.ts).

  putClaim(claim: Omit<AddressClaim, 'attempts'>): Promise<void> {
    return this.claims.putClaim(claim);
  }

  claimOf(game: string, player: string): Promise<AddressClaim | undefined> {
    return this.claims.claimOf(game, player);
  }

  claimsOn(address: string): Promise<AddressClaim[]> {
    return this.claims.claimsOn(address);
  }

  missClaim(game: string, player: string, codeHash: string, limit: number): Promise<number> {
    return this.claims.missClaim(game, player, codeHash, limit);
  }

  confirmClaim(game: string, player: string, codeHash: string, now: number): Promise<ClaimConfirmation> {
    return this.claims.confirmClaim(game, player, codeHash, now);
  }

  dropClaim(game: string, player: string, codeHash?: string): Promise<void> {
    return this.claims.dropClaim(game, player, codeHash);
  }

  phraseStanding(game: string, player: string): Promise<PhraseStanding> {
    return this.guards.phraseStanding(game, player);
  }

  phraseFailed(game: string, player: string, at: number): Promise<PhraseStanding> {
    return this.guards.phraseFailed(game, player, at);
  }

  burnPhrase(game: string, player: string, at: number): Promise<void> {
    return this.guards.burnPhrase(game, player, at);
  }

  clearPhraseStanding(game: string, player: string): Promise<boolean> {
    return this.guards.clearPhraseStanding(game, player);
  }

  spendAnswer(game: string, budgets: readonly AnswerBudget[], now: number): Promise<boolean> {
    return this.guards.spendAnswer(game, budgets, now);
  }

  // Maintenance (sqlite/maintenance.ts).

  storedLog(game: string): StoredLog {
    return this.maintenance.storedLog(game);
  }

  watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    return this.maintenance.watch(watcher);
  }

  lookForOthers(): () => void {
    return this.maintenance.lookForOthers();
  }

  /** Whether someone looks out for other connections' commits (see lookForOthers). */
  get lookingForOthers(): boolean {
    return this.core.others.looking;
  }

  checkFile(): Promise<string | undefined> {
    return this.maintenance.checkFile();
  }

  checkpointWith(run: (() => Promise<void>) | undefined): void {
    this.maintenance.checkpointWith(run);
  }

  dumpGame(game: string): Promise<GameDump | undefined> {
    return this.maintenance.dumpGame(game);
  }

  restoreGame(dump: GameDump): Promise<void> {
    return this.maintenance.restoreGame(dump);
  }

  /**
   * Caps the file at `pages` pages (SQLite's max_page_count, never below the current size; null lifts the
   * cap) and answers the cap now in force: an append that would grow the file past it fails with
   * SQLITE_FULL exactly as on a full disk. Only for tests and the damaged-files campaign (a full disk,
   * simulated); the program itself never calls it.
   */
  capPages(pages: number | null): number {
    return this.db.pragma(`max_page_count = ${pages ?? 0xfffffffe}`, { simple: true }) as number;
  }

  async close(): Promise<void> {
    // Appends still waiting for their group are committed before the file is closed (closing checkpoints
    // the WAL into the file and syncs it), and answered before close() is.
    if (this.db.open) this.log.commits.commitWaiting();
    this.core.others.close();
    this.db.close();
    await this.core.disk.close();
  }
}
