// The CLI tests run the built program in one long-lived process per test file (test/support/cli.ts, issue 17);
// these run it as its own process too, the way a person does: its exit codes (0, 1 and 2), what it writes to
// stdout and stderr, --help and --version, and the environment and working folder it is given. Each command is
// run both ways, and both must answer the same, byte for byte: the shared process is as good a witness as a
// real one. (Signals are real-process only, in their own files: SIGTERM to `serve` in serve-stop.test.ts, to
// `clock` in test/clock/clock-cli.test.ts; standard input to `post` in test/forum/cli-post.test.ts.)
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, FAR_CORNER, placementRolls, removeTempDirs } from '../support/cli.js';
import type { Run } from '../support/cli.js';

afterAll(removeTempDirs);

/** The same game, as its own processes and in the shared one. */
function pair(): { real: Cli; shared: Cli } {
  // One instant for both (REFEREE_NOW): a game records when it was created (K16), and the two must be alike.
  const now = '2026-11-24T12:00:00Z';
  const real = new Cli(undefined, undefined, { process: true, now });
  const shared = new Cli(undefined, undefined, { process: false, now });
  expect(real.process).toBe(true);
  expect(shared.process).toBe(false);
  return { real, shared };
}

/** Runs `args` on both and expects the same answer; returns it. */
function same(clis: { real: Cli; shared: Cli }, ...args: string[]): Run {
  const real = clis.real.run(...args);
  const shared = clis.shared.run(...args);
  expect(shared, `referee ${args.join(' ')}`).toEqual(real);
  return real;
}

/** Alters the last log entry of the database in place, leaving its hash as it was. */
function alterLastEntry(path: string): number {
  const db = new Database(path);
  try {
    const row = db
      .prepare<[], { seq: number; event: string }>('SELECT seq, event FROM log ORDER BY seq DESC LIMIT 1')
      .get();
    if (!row) throw new Error('no log entry');
    const altered = row.event.replace('10', '11');
    expect(altered).not.toBe(row.event);
    db.prepare('UPDATE log SET event = ? WHERE seq = ?').run(altered, row.seq);
    return row.seq;
  } finally {
    db.close();
  }
}

describe('the built program as its own process and in the shared one', () => {
  it('exit 0 with its output, exit 2 with one line on stderr: the same both ways', () => {
    const clis = pair();
    const made = same(
      clis,
      'new',
      'grid-2002-01',
      '--game',
      'g1',
      '--dice',
      'manual',
      '--rolls',
      placementRolls(FAR_CORNER),
    );
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Game g1 begins under grid-2002-01');
    expect(made.stderr).toBe('');
    for (const p of ['alice', 'bob']) expect(same(clis, 'join', 'g1', p).status).toBe(0);
    expect(same(clis, 'act', 'g1', 'alice', 'enter', '10', '10').stdout).toBe(
      'alice enters the Grid at (10,10).\n',
    );
    const views = [
      ['show', 'g1'],
      ['show', 'g1', '--json', '--as', 'alice'],
      ['show', 'g1', '--admin'],
      ['log', 'g1', '--admin'],
      ['log', 'g1', '--json'],
      ['tick', 'g1', '--nweek'],
      ['report', 'g1', '--nweek', '1'],
      ['verify', 'g1'],
      ['games'],
      ['rulesets'],
      ['commands'],
    ];
    for (const args of views) {
      const r = same(clis, ...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.length).toBeGreaterThan(0);
    }
    // Refused: exit 2, nothing on stdout, one line on stderr; the same line both ways.
    const refused = [
      ['act', 'g1', 'alice', 'enter', '30', '10'],
      ['act', 'g1', 'carol', 'enter', '3', '3'],
      ['show', 'nope'],
      ['report', 'g1', '--nweek', '9'],
      ['new', 'no-such-ruleset', '--game', 'g2'],
      ['show', 'g1', '--as', 'alice', '--admin'],
    ];
    for (const args of refused) {
      const r = same(clis, ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^referee: [^\n]+\n$/);
    }
    // Words commander itself refuses: exit 2 and its own message on stderr.
    for (const args of [['nosuch'], ['show'], ['show', 'g1', '--bogus']]) {
      const r = same(clis, ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: /);
    }
    // Nothing refused changed the log.
    expect(clis.shared.exported('g1').split('\n').length).toBe(clis.real.exported('g1').split('\n').length);
  });

  it('exit 1 when the log does not verify, the problems on stderr', () => {
    const clis = pair();
    for (const cli of [clis.real, clis.shared]) {
      cli.ok(
        'new',
        'grid-2002-01',
        '--game',
        'g1',
        '--dice',
        'manual',
        '--rolls',
        placementRolls(FAR_CORNER),
      );
      cli.ok('join', 'g1', 'alice');
      cli.ok('act', 'g1', 'alice', 'enter', '10', '10');
    }
    const seq = alterLastEntry(clis.real.dbPath);
    expect(alterLastEntry(clis.shared.dbPath)).toBe(seq);
    const r = same(clis, 'verify', 'g1');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `referee: entry ${seq} was altered: its hash does not match its content\nreferee: g1 does NOT verify\n`,
    );
  });

  it('--help, help VERB, VERB --help and --version: exit 0, on stdout', () => {
    const clis = pair();
    for (const args of [
      ['--help'],
      ['help', 'act'],
      ['act', '--help'],
      ['mail', '--help'],
      ['--version'],
      ['-V'],
    ]) {
      const r = clis.real.bare(args);
      expect(clis.shared.bare(args), args.join(' ')).toEqual(r);
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.length).toBeGreaterThan(0);
    }
    expect(clis.real.bare(['--version']).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(clis.real.bare(['--help']).stdout).toMatch(/^Usage: referee /);
  });

  it('each command has exactly its own environment and working folder, nothing left from the one before', () => {
    const clis = pair();
    for (const cli of [clis.real, clis.shared]) {
      // REFEREE_DB names the store when no --db does; the next command without it is back to ./referee.db.
      expect(cli.bare(['new', 'grid-2002-01', '--game', 'a'], { REFEREE_DB: 'env.db' }).status).toBe(0);
      expect(cli.bare(['games']).stdout).toBe('');
      expect(cli.bare(['games'], { REFEREE_DB: 'env.db' }).stdout).toMatch(/^a\tgrid-2002-01\t/);
      // A bad REFEREE_SYNC is refused for that command only.
      const bad = cli.bare(['games'], { REFEREE_SYNC: 'sometimes' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toBe('referee: --sync is full or normal\n');
      expect(cli.bare(['games'], { REFEREE_DB: 'env.db' }).status).toBe(0);
    }
    // Two folders in turn: each command's relative --db is in its own.
    const other = pair();
    clis.shared.ok('new', 'grid-2002-01', '--game', 'here');
    other.shared.ok('new', 'grid-2002-01', '--game', 'there');
    expect(clis.shared.ok('games')).toMatch(/^here\t/);
    expect(other.shared.ok('games')).toMatch(/^there\t/);
  });
});
