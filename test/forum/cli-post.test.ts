// `referee post` on the built program, the message on standard input, and `referee report --format
// markdown` keeping hidden things hidden (as test/cli/hidden-information.test.ts does for the text outputs).
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Cli,
  CLI_MAIN,
  FAR_CORNER,
  newManualGrid,
  oneLine,
  playScript,
  removeTempDirs,
} from '../support/cli.js';
import type { Run } from '../support/cli.js';

afterAll(removeTempDirs);

/** `referee --db DB post …` with `input` on standard input. */
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

const MESSAGE = `Hello all,

I enter the Grid at (21,4). Then I will enter the Grid at (3,4).
I mvoe to (4,5) please.
I move to (4,5).

-- alice
`;

describe('referee post', () => {
  it('reads the post from stdin and prints one line per sentence; exit 2 when any was rejected or not understood', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1');
    cli.ok('join', 'g1', 'alice');
    const r = post(cli, MESSAGE, 'g1', 'alice');
    expect(r.status).toBe(2);
    expect(r.stdout.split('\n')).toEqual([
      'ignored: Hello all,',
      'rejected: I enter the Grid at (21,4). → enter 21 4 (off-grid) alice cannot enter at (21,4): that unit is not on the Grid',
      'accepted: Then I will enter the Grid at (3,4). → enter 3 4',
      'not understood: I mvoe to (4,5) please. — did you mean: I move to (4, 5)?',
      'accepted: I move to (4,5). → move 4 5',
      '',
    ]);
    expect(oneLine(r.stderr)).toBe('referee: not-all-accepted: 1 sentence rejected, 1 not understood');
    // What was accepted is in the log, as the player's own announcements.
    expect(cli.ok('log', 'g1', '--as', 'alice')).toContain('alice announces a move to (4,5)');

    const fine = post(cli, "I'm leaving the Grid. Thanks!", 'g1', 'alice');
    expect(fine).toEqual({
      status: 0,
      stdout: 'accepted: I’m leaving the Grid. → leave\nignored: Thanks!\n'.replace('’', "'"),
      stderr: '',
    });
  });

  it('gives the same log as referee act with the same actions', () => {
    const acted = new Cli();
    newManualGrid(acted, 'g1');
    for (const p of ['alice', 'bob']) acted.ok('join', 'g1', p);
    const posted = acted.copy();
    acted.ok('act', 'g1', 'alice', 'enter', '3', '4');
    acted.ok('act', 'g1', 'bob', 'enter', '10', '10');
    acted.ok('act', 'g1', 'alice', 'move', '4', '5');
    acted.ok('act', 'g1', 'bob', 'leave');
    expect(post(posted, 'I enter the Grid at (3,4).', 'g1', 'alice').status).toBe(0);
    expect(post(posted, 'Please, I will enter the Grid at 10, 10', 'g1', 'bob').status).toBe(0);
    expect(post(posted, 'I announce that I will move to (4, 5).', 'g1', 'alice').status).toBe(0);
    expect(post(posted, 'I go back to Limbo.', 'g1', 'bob').status).toBe(0);
    expect(posted.exported('g1')).toBe(acted.exported('g1'));
  });

  it('--key: the same post twice acts once', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1');
    cli.ok('join', 'g1', 'alice');
    const first = post(cli, 'I enter the Grid at (3,4). I move to (4,5).', 'g1', 'alice', '--key', 'msg-9');
    expect(first.status).toBe(0);
    const before = cli.exported('g1');
    const again = post(cli, 'I enter the Grid at (3,4). I move to (4,5).', 'g1', 'alice', '--key', 'msg-9');
    expect(again.status).toBe(0);
    expect(again.stdout).toBe(
      'accepted: I enter the Grid at (3,4). → enter 3 4 (already applied by this key)\naccepted: I move to (4,5). → move 4 5 (already applied by this key)\n',
    );
    expect(cli.exported('g1')).toBe(before);
  });

  it('refuses a bad player name or an unknown game with one line and exit 2, writing nothing', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1');
    const before = cli.exported('g1');
    const bad = post(cli, 'I enter the Grid at (3,4).', 'g1', '9lives');
    expect(bad.status).toBe(2);
    expect(oneLine(bad.stderr)).toContain('bad-player');
    const unknown = post(cli, 'I enter the Grid at (3,4).', 'nope', 'alice');
    expect(unknown.status).toBe(2);
    expect(oneLine(unknown.stderr)).toContain('unknown-game');
    expect(cli.exported('g1')).toBe(before);
  });
});

/** Ten units in the bottom right corner: the other game's Things. */
const OTHER_CORNER: readonly (readonly [number, number])[] = [
  [20, 1],
  [19, 1],
  [18, 1],
  [17, 1],
  [16, 1],
  [20, 2],
  [19, 2],
  [18, 2],
  [17, 2],
  [16, 2],
];

describe('referee report --format markdown', () => {
  it('is the same for two games that differ only in where the hidden Things are, and names none of them', () => {
    const reports = [FAR_CORNER, OTHER_CORNER].map((things) => {
      const cli = new Cli();
      newManualGrid(cli, 'g1', things);
      playScript(cli, 'g1');
      const out = [1, 2, 3, 4].map((w) =>
        cli.ok('report', 'g1', '--nweek', String(w), '--format', 'markdown'),
      );
      out.push(cli.ok('report', 'g1', '--format', 'markdown'));
      // The Administrator does know where they are: the comparison below could fail.
      expect(cli.ok('show', 'g1', '--admin')).toContain(`Shiny Thing 1 at (${things[0]?.join(',')})`);
      return out;
    });
    const [a, b] = reports as [string[], string[]];
    expect(b).toEqual(a);
    for (const text of a) {
      expect(text).toMatch(/^## g1 \(grid-2002-01\): nweek \d/);
      expect(text).toContain('### Standings');
      expect(text).not.toMatch(/shiny|scary|"things"/i);
      for (const [x, y] of [...FAR_CORNER, ...OTHER_CORNER]) expect(text).not.toContain(`(${x},${y})`);
    }
    expect(a[1]).toContain('| alice |');
  });

  it('in the June Grid leaves out a Bonus Box only the Administrator knows of; text stays the default', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'j1', '--dice', 'manual', '--rolls', '1,1,1');
    cli.ok('join', 'j1', 'alice');
    cli.ok('act', 'j1', 'alice', 'enter', '3', '3');
    cli.ok('admin', 'j1', 'place', 'bonus-box', '17', '13', 'points-plus');
    expect(cli.ok('show', 'j1', '--admin')).toContain('(17,13)');
    cli.ok('tick', 'j1', '--nweek', '--rolls', '2');
    const md = cli.ok('report', 'j1', '--nweek', '1', '--format', 'markdown');
    expect(md).toContain('alice is at (3,3) (alice enters the Grid)');
    expect(md).not.toContain('17,13');
    expect(md).not.toMatch(/bonus|points-plus/i);
    expect(cli.ok('report', 'j1', '--nweek', '1')).toBe(
      cli.ok('report', 'j1', '--nweek', '1', '--format', 'text'),
    );
    expect(cli.bad('report', 'j1', '--format', 'html')).toContain('--format is text or markdown');
  });
});
