// `referee export` / `referee import`: a full export carried into a second database is the same game - it
// verifies, every view of it is identical, and it goes on exactly as the original would. Only a full export
// can be imported, only once, and only if it verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, playScript, removeTempDirs, SCRIPT_PLAYERS } from '../support/cli.js';

afterAll(removeTempDirs);

let original: Cli;
let full: string;

beforeAll(() => {
  original = new Cli();
  original.ok('new', 'grid-2002-01', '--game', 'g1', '--dice', 'fair');
  playScript(original, 'g1');
  full = original.exported('g1');
});

const VIEWS: string[][] = [[], ['--admin'], ...SCRIPT_PLAYERS.map(([p]) => ['--as', p])];

/** A second, empty database with the file `name` holding `text`. */
function elsewhere(name: string, text: string): Cli {
  const cli = new Cli();
  cli.write(name, text);
  return cli;
}

describe('export and import', () => {
  it('the full export starts with a header naming the game, and holds the dice secret and every entry', () => {
    const [head, ...entries] = full.trimEnd().split('\n');
    expect(JSON.parse(head ?? '')).toMatchObject({
      format: 'nomic-referee/log',
      version: 1,
      game: 'g1',
      ruleset: 'grid-2002-01',
      viewer: 'admin',
      master: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
    });
    expect(entries.map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual(entries.map((_, i) => i + 1));
  });

  it('round trip: imported into a second database, the game verifies and every show --json and log --json is identical', () => {
    const copy = elsewhere('g1.jsonl', full);
    const entries = full.trimEnd().split('\n').length - 1;
    expect(copy.ok('import', 'g1.jsonl')).toBe(
      `imported g1 (grid-2002-01), ${entries} log entries, verified\n`,
    );
    expect(copy.ok('verify', 'g1')).toBe(original.ok('verify', 'g1'));
    for (const view of VIEWS) {
      expect(copy.ok('show', 'g1', '--json', ...view)).toBe(original.ok('show', 'g1', '--json', ...view));
      expect(copy.ok('log', 'g1', '--json', ...view)).toBe(original.ok('log', 'g1', '--json', ...view));
    }
    expect(copy.ok('show', 'g1')).toBe(original.ok('show', 'g1'));
    expect(copy.exported('g1')).toBe(full);
  });

  it('the imported game goes on exactly as the original: the same commands give the same log, fair rolls and all', () => {
    const a = original.copy();
    const b = elsewhere('g1.jsonl', full);
    b.ok('import', 'g1.jsonl');
    for (const cli of [a, b]) {
      cli.ok('join', 'g1', 'erin');
      cli.ok('act', 'g1', 'erin', 'enter', '3', '3');
      cli.ok('act', 'g1', 'erin', 'move', '4', '4');
      cli.ok('tick', 'g1', '--nweek');
    }
    expect(b.exported('g1')).toBe(a.exported('g1'));
    expect(b.ok('verify', 'g1')).toMatch(/^g1 verifies/);
  });

  it('importing a game that already exists is refused (exit 2) and changes nothing', () => {
    const copy = elsewhere('g1.jsonl', full);
    copy.ok('import', 'g1.jsonl');
    const file = copy.read(copy.db);
    expect(copy.bad('import', 'g1.jsonl')).toMatch(/game-exists/);
    expect(copy.read(copy.db).equals(file)).toBe(true);
    expect(copy.exported('g1')).toBe(full);
  });

  it('importing a --public export is refused (exit 2): it lacks the hidden entries and the dice secret', () => {
    const copy = elsewhere('public.jsonl', original.ok('export', 'g1', '--public'));
    expect(copy.bad('import', 'public.jsonl')).toMatch(/public export; only a full export can be imported/);
    expect(copy.ok('games')).toBe('');
  });

  it("importing a player's export (--as) is refused (exit 2)", () => {
    const copy = elsewhere('alice.jsonl', original.ok('export', 'g1', '--as', 'alice'));
    expect(copy.bad('import', 'alice.jsonl')).toMatch(/only a full export can be imported/);
    expect(copy.ok('games')).toBe('');
  });

  it('importing an edited full export is refused (exit 2): it does not verify, and nothing is written', () => {
    // Move Shiny Thing 1 in the file, hashes and all left alone (an event's keys are in canonical order).
    const edited = full.replace(
      /(\{"at":\[)(\d+)(,\d+\],"kind":"shiny","n":1,)/,
      (_, pre: string, x: string, post: string) => `${pre}${(Number(x) % 20) + 1}${post}`,
    );
    expect(edited).not.toBe(full);
    const copy = elsewhere('edited.jsonl', edited);
    expect(copy.bad('import', 'edited.jsonl')).toMatch(/bad-import: the log does not verify/);
    expect(copy.ok('games')).toBe('');
  });

  it('importing a full export without its dice secret is refused (exit 2): its fair rolls cannot be checked', () => {
    const stripped = full.replace(/,"master":"[0-9a-f]{64}"/, '');
    expect(stripped).not.toBe(full);
    const copy = elsewhere('stripped.jsonl', stripped);
    expect(copy.bad('import', 'stripped.jsonl')).toMatch(/bad-import/);
    expect(copy.ok('games')).toBe('');
  });

  it('importing a file that is not an export, or is missing, is refused (exit 2)', () => {
    const copy = elsewhere('notes.txt', 'not json at all\n');
    copy.write('other.jsonl', '{"format":"something-else"}\n');
    expect(copy.bad('import', 'notes.txt')).toMatch(/cannot read notes.txt/);
    expect(copy.bad('import', 'other.jsonl')).toMatch(/not a nomic-referee export/);
    expect(copy.bad('import', 'missing.jsonl')).toMatch(/cannot read missing.jsonl/);
    expect(copy.ok('games')).toBe('');
  });
});
