// Maintenance of the PostgreSQL store (the Maintenance contract, src/store/maintenance.ts; split from
// postgres.ts, issue 28 item 2): watching commits (LISTEN: listener.ts), the log as stored for `referee
// verify`, and a game's dump and restore for `referee migrate`. Closing is the store's own (postgres.ts).
import type { GameEvent, LogEntry, StoredEntry } from '../../core/index.js';
import type { Maintenance } from '../maintenance.js';
import type { CommandIdRecord, GameDump, StoredLog, StoreWatcher, TokenGrant } from '../store.js';
import { checkConsecutive, checkNoticesOf, StoreError } from '../store.js';
import type { PgAddresses } from './addresses.js';
import type { PgGuards } from './guards.js';
import type { PgListener } from './listener.js';
import type { LogRow, PgGameLog } from './log.js';
import { toEntry } from './log.js';
import type { PgMailRoster } from './mail-roster.js';
import type { PgOutbox } from './outbox.js';
import type { PgPool } from './pool.js';

/** The store's parts a dump reads and a restore writes. */
export interface PgParts {
  readonly log: PgGameLog;
  readonly outbox: PgOutbox;
  readonly addresses: PgAddresses;
  readonly guards: PgGuards;
  readonly roster: PgMailRoster;
  readonly listener: PgListener;
}

export class PgMaintenance implements Omit<Maintenance, 'close'> {
  constructor(
    private readonly db: PgPool,
    private readonly parts: PgParts,
    /** Entries per page of the stored log and of a restore. */
    private readonly batch: number,
  ) {}

  /**
   * The log as stored, for verification: the event column as its text (`json` keeps the text as written, which
   * for a log written since issue 17 is the canonical JSON its hash covers), in keyset pages.
   */
  storedLog(game: string): StoredLog {
    const pages = async function* (this: PgMaintenance): AsyncGenerator<StoredEntry[]> {
      for (let next = 1; ;) {
        const r = await this.db.query<{
          seq: number;
          nweek: number;
          nday: number;
          event: string;
          prev: string;
          hash: string;
        }>(
          `SELECT seq, nweek, nday, event::text AS event, prev, hash FROM ${this.db.t('log')} WHERE game = $1 AND seq >= $2 ORDER BY seq LIMIT $3`,
          [game, next, this.batch],
        );
        const last = r.rows[r.rows.length - 1];
        if (!last) return;
        yield r.rows.map((x): StoredEntry => [x.seq, x.nweek, x.nday, x.event, x.prev, x.hash]);
        next = last.seq + 1;
      }
    };
    return {
      pages: pages.call(this),
      parse: (text, seq) => {
        let event: unknown;
        try {
          event = JSON.parse(text);
        } catch {
          event = undefined;
        }
        if (typeof event === 'object' && event !== null && typeof (event as GameEvent).type === 'string')
          return event as GameEvent;
        throw new StoreError(
          'damaged',
          `entry ${seq} of the log of ${game} cannot be read: its event is not an event`,
        );
      },
    };
  }

  async dumpGame(game: string): Promise<GameDump | undefined> {
    // One REPEATABLE READ transaction: the log, command ids and tokens are read from one snapshot.
    const c = await this.db.connect();
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const g = await c.query<{ ruleset: string }>(
        `SELECT ruleset FROM ${this.db.t('games')} WHERE id = $1`,
        [game],
      );
      const row = g.rows[0];
      if (!row) return undefined;
      const entries = await c.query<LogRow>(
        `SELECT seq, nweek, nday, event, prev, hash FROM ${this.db.t('log')} WHERE game = $1 ORDER BY seq`,
        [game],
      );
      const master = await c.query<{ master: Buffer }>(
        `SELECT master FROM ${this.db.t('game_secrets')} WHERE game = $1`,
        [game],
      );
      const commands = await c.query<CommandIdRecord>(
        `SELECT id, first_seq AS first, last_seq AS last FROM ${this.db.t('command_ids')} WHERE game = $1 ORDER BY first_seq, id`,
        [game],
      );
      const tokens = await c.query<TokenGrant>(
        `SELECT holder, hash FROM ${this.db.t('tokens')} WHERE game = $1 ORDER BY holder`,
        [game],
      );
      const notices = await this.parts.outbox.ofGame(c, game);
      const addresses = await this.parts.addresses.ofGame(c, game);
      const byMail = await c.query(`SELECT 1 FROM ${this.db.t('mail_games')} WHERE game = $1`, [game]);
      const phraseStandings = await this.parts.guards.ofGame(c, game);
      const secret = master.rows[0];
      return {
        game,
        ruleset: row.ruleset,
        entries: entries.rows.map(toEntry),
        master: secret ? new Uint8Array(secret.master) : null,
        commands: commands.rows.map((r) => ({ id: r.id, first: r.first, last: r.last })),
        tokens: tokens.rows.map((r) => ({ holder: r.holder, hash: r.hash })),
        notices,
        addresses,
        byMail: byMail.rows.length > 0,
        phraseStandings,
      };
    } catch (e) {
      throw this.db.translate(e);
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
    await this.db.tx(async (c) => {
      const made = await c.query(
        `INSERT INTO ${this.db.t('games')} (id, ruleset, last_seq) VALUES ($1, $2, 0) ON CONFLICT (id) DO NOTHING`,
        [dump.game, dump.ruleset],
      );
      if (made.rowCount !== 1) throw new StoreError('conflict', `the game ${dump.game} already exists`);
      if (dump.master)
        await c.query(`INSERT INTO ${this.db.t('game_secrets')} (game, master) VALUES ($1, $2)`, [
          dump.game,
          Buffer.from(dump.master),
        ]);
      checkConsecutive(dump.game, dump.entries);
      for (let i = 0; i < dump.entries.length; i += this.batch)
        await this.parts.log.insertEntries(c, dump.game, dump.entries.slice(i, i + this.batch));
      const last = dump.entries[dump.entries.length - 1] as LogEntry;
      await c.query(`UPDATE ${this.db.t('games')} SET last_seq = $2 WHERE id = $1`, [dump.game, last.seq]);
      if (dump.commands.length > 0)
        await c.query(
          `INSERT INTO ${this.db.t('command_ids')} (game, id, first_seq, last_seq)
           SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[])`,
          [
            dump.game,
            dump.commands.map((r) => r.id),
            dump.commands.map((r) => r.first),
            dump.commands.map((r) => r.last),
          ],
        );
      if (dump.tokens.length > 0) await this.db.grantIn(c, dump.game, dump.tokens);
      // History, delivered by the store it comes from: readable here, never sent again.
      checkNoticesOf(dump.game, dump.notices ?? []);
      await this.parts.outbox.writeIn(c, dump.notices ?? [], false);
      await this.parts.addresses.setIn(c, dump.game, dump.addresses ?? []);
      await this.parts.guards.restoreIn(c, dump.game, dump.phraseStandings ?? []);
      if (dump.byMail) await this.parts.roster.markIn(c, [dump.game]);
      await this.db.notifyIn(c, dump.game, 1, last.seq);
    });
  }

  /**
   * LISTEN on one dedicated connection while anyone watches (postgres/listener.ts): appends and notices
   * committed by any process are told; after a lost connection, 'resync'.
   */
  async watch(watcher: StoreWatcher): Promise<() => Promise<void>> {
    this.db.open();
    try {
      return await this.parts.listener.watch(watcher);
    } catch (e) {
      throw this.db.translate(e);
    }
  }
}
