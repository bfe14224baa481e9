// The mail edge's guards in the SQLite file (issue 23, items 4 and 5; the contract is src/store/guards.ts):
// each player's phrase standing, and the answer budgets. Statements run inside the caller's transaction.
import type Database from 'better-sqlite3';
import type { AnswerBudget, MailGuards, PhraseStanding, PlayerStanding } from '../guards.js';
import type { SqliteCore } from './core.js';
import { CLEAN_STANDING } from '../guards.js';

interface StandingRow {
  failures: number;
  lastFailureAt: number | null;
  burnedAt: number | null;
}

interface Moment {
  game: string;
  player: string;
  at: number;
}

export class SqliteGuards {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      standing: db.prepare<[string, string], StandingRow>(
        `SELECT failures, last_failure_at AS lastFailureAt, burned_at AS burnedAt
         FROM phrase_standing WHERE game = ? AND player = ?`,
      ),
      failed: db.prepare<[Moment]>(
        `INSERT INTO phrase_standing (game, player, failures, last_failure_at) VALUES (@game, @player, 1, @at)
         ON CONFLICT (game, player) DO UPDATE SET failures = failures + 1, last_failure_at = @at`,
      ),
      burn: db.prepare<[Moment]>(
        `INSERT INTO phrase_standing (game, player, failures, burned_at) VALUES (@game, @player, 0, @at)
         ON CONFLICT (game, player) DO UPDATE SET burned_at = coalesce(burned_at, @at)`,
      ),
      ofGame: db.prepare<[string], PlayerStanding>(
        `SELECT player, failures, last_failure_at AS lastFailureAt, burned_at AS burnedAt
         FROM phrase_standing WHERE game = ? ORDER BY player`,
      ),
      put: db.prepare<[PlayerStanding & { game: string }]>(
        `INSERT INTO phrase_standing (game, player, failures, last_failure_at, burned_at)
         VALUES (@game, @player, @failures, @lastFailureAt, @burnedAt)
         ON CONFLICT (game, player) DO UPDATE SET failures = excluded.failures,
           last_failure_at = excluded.last_failure_at, burned_at = excluded.burned_at`,
      ),
      clear: db.prepare<[string, string]>('DELETE FROM phrase_standing WHERE game = ? AND player = ?'),
      prune: db.prepare<[string, number]>('DELETE FROM answer_budgets WHERE game = ? AND until < ?'),
      used: db
        .prepare<[string, string], number>('SELECT used FROM answer_budgets WHERE game = ? AND key = ?')
        .pluck(),
      spend: db.prepare<[string, string, number]>(
        `INSERT INTO answer_budgets (game, key, used, until) VALUES (?, ?, 1, ?)
         ON CONFLICT (game, key) DO UPDATE SET used = used + 1`,
      ),
    };
  }

  standing(game: string, player: string): PhraseStanding {
    return this.stmts.standing.get(game, player) ?? CLEAN_STANDING;
  }

  failed(game: string, player: string, at: number): PhraseStanding {
    this.stmts.failed.run({ game, player, at });
    return this.standing(game, player);
  }

  burn(game: string, player: string, at: number): void {
    this.stmts.burn.run({ game, player, at });
  }

  ofGame(game: string): PlayerStanding[] {
    return this.stmts.ofGame.all(game);
  }

  /** A copy from another store (restoreGame), inside its transaction, after the addresses. */
  restore(game: string, rows: readonly PlayerStanding[]): void {
    for (const r of rows)
      this.stmts.put.run({
        game,
        player: r.player,
        failures: r.failures,
        lastFailureAt: r.lastFailureAt,
        burnedAt: r.burnedAt,
      });
  }

  clear(game: string, player: string): boolean {
    return this.stmts.clear.run(game, player).changes > 0;
  }

  spend(game: string, budgets: readonly AnswerBudget[], now: number): boolean {
    this.stmts.prune.run(game, now);
    if (budgets.some((b) => (this.stmts.used.get(game, b.key) ?? 0) >= b.limit)) return false;
    for (const b of budgets) this.stmts.spend.run(game, b.key, b.until);
    return true;
  }
}

/** The MailGuards contract over the tables: each write one IMMEDIATE transaction, answered once durable. */
export class SqliteMailGuards implements MailGuards {
  constructor(
    private readonly core: SqliteCore,
    private readonly guards: SqliteGuards,
  ) {}

  phraseStanding(game: string, player: string): Promise<PhraseStanding> {
    return this.core.run(() => this.guards.standing(game, player));
  }

  phraseFailed(game: string, player: string, at: number): Promise<PhraseStanding> {
    return this.core.immediate(() => this.guards.failed(game, player, at));
  }

  burnPhrase(game: string, player: string, at: number): Promise<void> {
    return this.core.immediate(() => this.guards.burn(game, player, at));
  }

  clearPhraseStanding(game: string, player: string): Promise<boolean> {
    return this.core.immediate(() => this.guards.clear(game, player));
  }

  spendAnswer(game: string, budgets: readonly AnswerBudget[], now: number): Promise<boolean> {
    return this.core.immediate(() => this.guards.spend(game, budgets, now));
  }
}
