// Issue 23 item 8 through the built program (`npm run build` first): `--db ""` ended in "internal error" with a
// stack trace. Every --db (and REFEREE_DB, and migrate's --from/--to) that cannot be a database file is one
// line on stderr, exit 2, and nothing made: empty and blank paths, a device, a pipe, a link to nothing, a path
// ending in a slash, a name too long, a file this user may not read.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, CLI_MAIN, removeTempDirs, tempDir } from '../support/cli.js';
import type { Run } from '../support/cli.js';

afterAll(removeTempDirs);

/** One line on stderr naming the refusal, exit 2, nothing on stdout, no stack trace. */
function refused(r: Run, what: RegExp): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(r.stderr).toMatch(what);
}

describe('issue 23 item 8: a --db that names no database file', () => {
  it('issue 23 item 8: --db "" (and blank, and sqlite: with nothing after it) is a clear refusal, exit 2, not an internal error', () => {
    const dir = tempDir();
    const cli = new Cli(dir);
    for (const db of ['', ' ', '\t', 'sqlite:', 'sqlite:  ']) {
      refused(cli.bare(['--db', db, 'games']), /^referee: bad-path: the database .*is empty/);
      refused(cli.bare(['--db', db, 'new', 'grid-2002-01', '--game', 'g1']), /bad-path: .*empty/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('issue 23 item 8: REFEREE_DB set but empty is refused, not taken as ./referee.db', () => {
    const dir = tempDir();
    const cli = new Cli(dir);
    for (const value of ['', '  '])
      refused(cli.bare(['games'], { REFEREE_DB: value }), /^referee: bad-path: REFEREE_DB is set but empty/);
    expect(readdirSync(dir)).toEqual([]);
    // A --db given wins over it, as over any REFEREE_DB.
    expect(cli.bare(['--db', 'flag.db', 'games'], { REFEREE_DB: '' }).status).toBe(0);
  });

  it('issue 23 item 8: migrate --from "" or --to "" is a usage error', () => {
    const cli = new Cli(tempDir());
    refused(cli.bare(['migrate', '--from', '', '--to', 'x.db']), /--from is empty/);
    refused(cli.bare(['migrate', '--from', 'x.db', '--to', 'sqlite:']), /--to is empty/);
  });

  it('issue 23 item 8: a device, a pipe, a link to nothing, a trailing slash, a name too long: bad-path, nothing made', () => {
    const dir = tempDir();
    spawnSync('mkfifo', [join(dir, 'pipe.db')]);
    symlinkSync(join(dir, 'nowhere', 'x.db'), join(dir, 'dangling.db'));
    const cli = new Cli(dir);
    refused(cli.bare(['--db', '/dev/null', 'games']), /bad-path: \/dev\/null is not a regular file/);
    refused(cli.bare(['--db', 'pipe.db', 'games']), /bad-path: pipe\.db is not a regular file/);
    refused(cli.bare(['--db', 'dangling.db', 'games']), /bad-path: dangling\.db is a link to nothing/);
    refused(cli.bare(['--db', 'newfolder/', 'games']), /bad-path: newfolder\/ names a folder/);
    refused(cli.bare(['--db', `${'a'.repeat(300)}.db`, 'games']), /bad-path: a+ cannot be .*too long/);
    expect(readdirSync(dir).sort()).toEqual(['dangling.db', 'pipe.db']);
  });

  it('issue 23 item 8: a database file this user may not read and write is bad-path, exit 2', () => {
    // Root reads every file, so the refusal is seen as another user, where the machine lets us be one.
    if (process.getuid?.() !== 0) return;
    const dir = tempDir();
    chmodSync(dir, 0o755);
    const cli = new Cli(dir);
    cli.ok('new', 'grid-2002-01', '--game', 'g1');
    mkdirSync(join(dir, 'copy'), { mode: 0o777 });
    chmodSync(join(dir, 'copy'), 0o777);
    copyFileSync(cli.dbPath, join(dir, 'copy', 'theirs.db'));
    chmodSync(join(dir, 'copy', 'theirs.db'), 0o600);
    const r = spawnSync(process.execPath, [CLI_MAIN, '--db', 'theirs.db', 'games'], {
      cwd: join(dir, 'copy'),
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });
    refused(
      { status: r.status, stdout: r.stdout, stderr: r.stderr },
      /bad-path: theirs\.db cannot be read and written by this user/,
    );
  });

  it('issue 23 item 8: other empty paths of the same kind (import, --settings) are one clear line, exit 2', () => {
    const cli = new Cli(tempDir());
    refused(cli.bare(['--db', 'x.db', 'import', '']), /^referee: the file to import is empty/);
    refused(
      cli.bare(['--db', 'x.db', 'mail', 'send', '--settings', ' ']),
      /^referee: bad-settings: the mail settings path is empty/,
    );
    refused(
      cli.bare(['--db', 'x.db', 'mail', 'import', 'x', '--settings', '']),
      /bad-settings: the mail settings path is empty/,
    );
  });
});
