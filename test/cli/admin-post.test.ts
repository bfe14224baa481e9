// Issue 24 item 5 on the command line: `referee post GAME --administrator < message.txt` reads the
// Administrator's post with the amendment phrases (README, Forum text): each sentence eir command, a bad one
// rejected with the rules' message (exit 2), --dry-run writing nothing; a player's name and --administrator
// together, or neither, is a usage error.
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, CLI_MAIN, newManualGrid, oneLine, removeTempDirs } from '../support/cli.js';
import type { Run } from '../support/cli.js';

afterAll(removeTempDirs);

function post(cli: Cli, input: string, ...args: string[]): Run {
  const env = { ...process.env };
  delete env.REFEREE_DB;
  delete env.REFEREE_SYNC;
  delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, [CLI_MAIN, '--db', cli.db, 'post', ...args], {
    cwd: cli.dir,
    env,
    input,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const AMEND = `Dear all,

The rules are amended: Grid size 25 and Move distance 2 from the next nweek, by Proposal 4521.
The rules are amended: Grid size 99, by Proposal 4522.

-- the Administrator
`;

describe('referee post --administrator', () => {
  it('amends the rules in words; a bad value is rejected with the rules` message (exit 2); the rules show it', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1');
    const before = cli.exported('g1');
    const dry = post(cli, AMEND, 'g1', '--administrator', '--dry-run');
    expect(dry.stdout).toContain(
      'The rules are amended (amendment 1): Grid size 25; Move distance 2 from the next nweek, by Proposal 4521.',
    );
    expect(cli.exported('g1')).toBe(before);
    const r = post(cli, AMEND, 'g1', '--administrator');
    expect(r.status).toBe(2);
    expect(r.stdout.split('\n')).toEqual([
      'ignored: Dear all,',
      'accepted: The rules are amended: Grid size 25 and Move distance 2 from the next nweek, by Proposal 4521. → amend-rules "Grid size=25" "Move distance=2"',
      'rejected: The rules are amended: Grid size 99, by Proposal 4522. → amend-rules "Grid size=99" (bad-parameter) Grid size is a whole number from 2 to 63, not 99',
      '',
    ]);
    expect(cli.ok('rules', 'g1')).toContain(
      '  1. Grid size 25; Move distance 2 from the next nweek, by Proposal 4521',
    );
  });

  it('a player`s name with --administrator, or neither, is a usage error; nothing is written', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1');
    cli.ok('join', 'g1', 'alice');
    const before = cli.exported('g1');
    const both = post(cli, AMEND, 'g1', 'alice', '--administrator');
    expect(both.status).toBe(2);
    expect(oneLine(both.stderr)).toContain('not both');
    const neither = post(cli, AMEND, 'g1');
    expect(neither.status).toBe(2);
    expect(oneLine(neither.stderr)).toContain('name the player who posted it');
    expect(cli.exported('g1')).toBe(before);
  });
});
