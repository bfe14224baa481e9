// "A file that is not ours, or is damaged, gives a clear error and is never overwritten" - through the
// command: whatever verb is given, exit 2, one line on stderr naming the file, and the file byte for byte
// as it was, with nothing created beside it.
import Database from 'better-sqlite3';
import { readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, newManualGrid, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

/** Verbs that read, verbs that write, and one that creates: none may touch a file that is not ours. */
const VERBS: string[][] = [
  ['games'],
  ['show', 'g1'],
  ['log', 'g1', '--json'],
  ['join', 'g1', 'alice'],
  ['new', 'grid-2002-01', '--game', 'g9'],
  ['verify', 'g1'],
];

/** Every verb on `cli`'s database is refused with a line matching `message`, and nothing changes. */
function expectRefusedEverywhere(cli: Cli, message: RegExp): void {
  const bytes = cli.read(cli.db);
  const names = readdirSync(cli.dir).sort();
  for (const verb of VERBS) {
    const line = cli.bad(...verb);
    expect(line).toMatch(message);
    expect(line).toContain(cli.db);
    expect(cli.read(cli.db).equals(bytes), `${verb.join(' ')} changed the file`).toBe(true);
    expect(readdirSync(cli.dir).sort()).toEqual(names);
  }
}

let built: Cli;

beforeAll(() => {
  built = new Cli();
  newManualGrid(built);
  for (let i = 0; i < 24; i++) built.ok('join', 'g1', `player${i}`);
  for (let i = 0; i < 12; i++) built.ok('act', 'g1', `player${i}`, 'enter', String(i + 1), '10');
});

/** A real database with game g1 of many entries (a private copy of one built once). */
const played = (): Cli => built.copy();

describe('damaged or foreign database files through the command', () => {
  it('a text file given as --db: exit 2, one clear line, the file unchanged', () => {
    const cli = new Cli(undefined, 'notes.txt');
    writeFileSync(cli.dbPath, 'Dear diary,\ntoday I refereed a nomic.\n'.repeat(10));
    expectRefusedEverywhere(cli, /^referee: not-our-file: .* is not a nomic-referee database/);
  });

  it("another application's SQLite database: exit 2, one clear line, the file unchanged", () => {
    const cli = new Cli(undefined, 'music.db');
    const db = new Database(cli.dbPath);
    db.exec("CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('Spoon');");
    db.close();
    expectRefusedEverywhere(cli, /^referee: not-our-file: .* some other program/);
  });

  it('a truncated database: exit 2, one clear line, the file unchanged', () => {
    const cli = played();
    const size = statSync(cli.dbPath).size;
    expect(size).toBeGreaterThanOrEqual(8 * 4096);
    truncateSync(cli.dbPath, Math.floor(size / 2));
    expectRefusedEverywhere(cli, /^referee: (damaged|not-our-file): /);
  });

  it('a database from a newer version of the program: exit 2, one clear line, the file unchanged', () => {
    const cli = played();
    const db = new Database(cli.dbPath);
    db.pragma('user_version = 99');
    db.close();
    expectRefusedEverywhere(cli, /^referee: newer-version: /);
  });

  it('control: the undamaged database the damaged ones are made from opens and verifies', () => {
    const cli = played();
    expect(cli.ok('verify', 'g1')).toMatch(/^g1 verifies/);
    expect(cli.json<{ players: unknown[] }>('show', 'g1', '--json').players).toHaveLength(24);
  });
});
