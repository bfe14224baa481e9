// The games played by mail in the SQLite file (schema 5, issue 15): names marked by `serve --mail`, `mail
// import`, `mail watch` and `mail on`, unmarked only by `mail off`. Every process's commands read it
// (src/cli/by-mail.ts) to know whether a game's commands write their notices.
import type Database from 'better-sqlite3';
import type { MailRoster } from '../directory.js';
import { checkGameNames } from '../store.js';
import type { SqliteCore } from './core.js';

export class SqliteByMail {
  private readonly stmts;

  constructor(db: Database.Database) {
    this.stmts = {
      mark: db.prepare(
        'INSERT INTO mail_games (game, marked_at) VALUES (?, ?) ON CONFLICT (game) DO NOTHING',
      ),
      unmark: db.prepare('DELETE FROM mail_games WHERE game = ?'),
      all: db.prepare<[], string>('SELECT game FROM mail_games ORDER BY game').pluck(),
      one: db.prepare<[string], number>('SELECT 1 FROM mail_games WHERE game = ?').pluck(),
    };
  }

  /** Inside the caller's transaction; answers how many were new. */
  mark(games: readonly string[]): number {
    const at = new Date().toISOString();
    let fresh = 0;
    for (const g of games) fresh += this.stmts.mark.run(g, at).changes;
    return fresh;
  }

  /** Inside the caller's transaction; answers how many were marked. */
  unmark(games: readonly string[]): number {
    let gone = 0;
    for (const g of games) gone += this.stmts.unmark.run(g).changes;
    return gone;
  }

  all(): string[] {
    return this.stmts.all.all();
  }

  has(game: string): boolean {
    return this.stmts.one.get(game) !== undefined;
  }
}

/** The MailRoster contract (src/store/directory.ts) over the table: each change in an IMMEDIATE transaction. */
export class SqliteMailRoster implements MailRoster {
  constructor(
    private readonly core: SqliteCore,
    private readonly byMail: SqliteByMail,
  ) {}

  markByMail(games: readonly string[]): Promise<number> {
    return this.change(games, (g) => this.byMail.mark(g));
  }

  unmarkByMail(games: readonly string[]): Promise<number> {
    return this.change(games, (g) => this.byMail.unmark(g));
  }

  gamesByMail(): Promise<string[]> {
    return this.core.run(() => this.byMail.all());
  }

  private async change(games: readonly string[], change: (g: readonly string[]) => number): Promise<number> {
    const changed = await this.core.run(() => {
      checkGameNames(games);
      return this.core.db.transaction(() => change(games)).immediate();
    });
    await this.core.durable();
    return changed;
  }
}
