// Issue 16, "Preview before doing": `--dry-run` on every verb that gives a command decides it against the game
// as it is and prints what would happen as the Administrator sees it, writing nothing (the full export, dice
// secret and all, is byte for byte what it was, and `games` lists nothing new); its exit code is the real
// command's. Also: `correct` reverses a ledger entry (ruling K12), and `tick --nweek` says loudly what the rules
// did for absent players. The built program (npm run build).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { Cli, CLI_MAIN, removeTempDirs } from '../support/cli.js';
import { deckDraws, keep, sq } from '../support/harness/tunnelers.js';

afterAll(removeTempDirs);

/** Ten Things in the top left corner: nobody in these tests stands on one. */
const FAR_CORNER = '1,20,2,20,3,20,4,20,5,20,1,19,2,19,3,19,4,19,5,19';

describe('--dry-run: what a command would do, nothing written', () => {
  let cli: Cli;
  beforeAll(() => {
    cli = new Cli();
    cli.ok('new', 'grid-2002-01', '--game', 'g1', '--dice', 'manual', '--rolls', FAR_CORNER);
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '3', '4');
  }, 60_000);

  /** Runs the verb with --dry-run; the game is as it was and nothing new exists; answers the run. */
  function dry(...args: string[]) {
    const before = cli.exported('g1');
    const games = cli.ok('games');
    const r = cli.run(...args, '--dry-run');
    expect(cli.exported('g1'), `${args.join(' ')} --dry-run wrote to g1`).toBe(before);
    expect(cli.ok('games'), `${args.join(' ')} --dry-run made a game`).toBe(games);
    return r;
  }

  it('every verb that gives a command: exit 0, "Dry run", what it would do, nothing written', () => {
    const cases: [string[], string][] = [
      [['new', 'grid-2002-01', '--game', 'g2'], 'Game g2 begins under grid-2002-01'],
      [['join', 'g1', 'bob'], 'bob joins the game.'],
      [['act', 'g1', 'alice', 'move', '4', '5'], 'alice announces a move'],
      [['admin', 'g1', 'tick'], 'Nday 1 of nweek 1 ends.'],
      [['dice', 'g1', '3', '4'], 'Dice results queued: 3, 4.'],
      [['tick', 'g1', '--nweek'], 'Nweek 1 ends.'],
      [['repeal', 'g1', 'things'], 'Rule things is repealed.'],
      [
        ['points', 'g1', 'alice', '10', 'opening balance'],
        '10 points from The Bank to alice: opening balance.',
      ],
      [['end', 'g1', 'a test'], 'The game ends: a test.'],
      [['schedule', 'g1', 'every', '2m'], 'The Administrator set the rhythm: an nday ends every 2 min'],
    ];
    for (const [args, said] of cases) {
      const r = dry(...args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(/^Dry run: nothing was written\. Done now, this would do:\n/);
      expect(r.stdout, args.join(' ')).toContain(said);
    }
    // A token is never issued by a dry run (nor shown).
    expect(dry('join', 'g1', 'bob').stdout).toContain("(bob's token would be issued and shown now.)");
    expect(dry('new', 'grid-2002-01', '--game', 'g3').stdout).not.toMatch(/nr_/);
  }, 240_000);

  it('a refusal is the real one: exit 2, the same line on stderr, nothing written', () => {
    for (const args of [
      ['act', 'g1', 'alice', 'move', '9', '9'],
      ['act', 'g1', 'zed', 'enter', '1', '1'],
      ['points', 'g1', 'zed', '1', 'x'],
      ['correct', 'g1', '2', 'x'],
      // Amended into the June text, a manual game needs dice for the new objects: refused as for real.
      ['amend', 'g1', 'grid-2002-06'],
      ['new', 'grid-2002-01', '--game', 'g1'],
      ['tick', 'nosuch'],
    ]) {
      const r = dry(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      // (Run for real, the same refusal: it writes nothing either.)
      expect(cli.run(...args).stderr, args.join(' ')).toBe(r.stderr);
    }
  }, 240_000);

  it('uses no command id', () => {
    expect(dry('admin', 'g1', 'tick', '--id', 'k1').status).toBe(0);
    // The key was not used: the real command is no repeat.
    expect(cli.ok('admin', 'g1', 'tick', '--id', 'k1')).not.toContain('already applied');
    // Now it is: a dry run of it says so, and would do nothing new.
    expect(dry('admin', 'g1', 'tick', '--id', 'k1').stdout).toContain(
      '(this command id was already applied; doing it would do nothing new)',
    );
  }, 240_000);

  it('--json: the preview as data', () => {
    const r = dry('points', 'g1', 'alice', '5', 'a prize', '--json');
    const out = JSON.parse(r.stdout) as {
      ok: boolean;
      dryRun: boolean;
      lines: { type: string; text: string }[];
    };
    expect(out).toMatchObject({ ok: true, dryRun: true });
    expect(out.lines.map((l) => l.type)).toEqual(['command', 'points']);
  }, 240_000);

  it('post --dry-run: each sentence decided in order, as if posted; nothing written', () => {
    const before = cli.exported('g1');
    const post = (...flags: string[]) =>
      spawnSync(process.execPath, [CLI_MAIN, '--db', cli.db, 'post', 'g1', 'alice', ...flags], {
        cwd: cli.dir,
        input: 'Hello all. I move to (4,5). I move to (2,3).',
        encoding: 'utf8',
        timeout: 60_000,
      });
    const r = post('--dry-run');
    // The second move is refused as the real post's would be (one move an nweek): exit 2, as for real.
    expect(r.status).toBe(2);
    expect(r.stdout).toContain('Dry run: nothing was written.');
    expect(r.stdout).toContain('alice announces a move');
    expect(r.stderr).toBe('referee: not-all-accepted: 1 sentence rejected, 0 not understood\n');
    expect(cli.exported('g1')).toBe(before);
    // The real post does what the dry run said.
    const real = post();
    expect(real.status).toBe(2);
    expect(real.stderr).toBe(r.stderr);
    expect(cli.exported('g1')).not.toBe(before);
  }, 240_000);
});

describe('correct: a mistaken ledger entry reversed, with its reason', () => {
  it('log --admin numbers the entries; correct takes the number; the report shows the correction', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-01', '--game', 'c1', '--dice', 'manual', '--rolls', FAR_CORNER);
    cli.ok('join', 'c1', 'alice');
    cli.ok('points', 'c1', 'alice', '10', 'opening balance');
    const line = cli
      .ok('log', 'c1', '--admin')
      .split('\n')
      .find((l) => l.includes('10 points from'));
    const entry = /^#(\d+) /.exec(line ?? '')?.[1];
    expect(entry).toBeDefined();
    // The public's and players' logs carry no numbers (theirs would count hidden entries).
    expect(cli.ok('log', 'c1')).not.toMatch(/^#/m);
    const preview = cli.ok('correct', 'c1', entry as string, 'it was bob who won it', '--dry-run');
    expect(preview).toContain('Correction: 10 points from alice to The Bank');
    const done = cli.ok('correct', 'c1', entry as string, 'it was bob who won it');
    expect(done).toBe(
      'Correction: 10 points from alice to The Bank, reversing the transfer of nday 1 of nweek 1 ("opening balance"): it was bob who won it.\n',
    );
    expect(cli.bad('correct', 'c1', entry as string, 'again')).toBe(
      `referee: already-corrected: entry ${entry} has already been corrected`,
    );
    expect(cli.bad('correct', 'c1', 'x', 'y')).toBe(
      'referee: the entry is its number in the log (log --admin)',
    );
    const report = cli.ok('report', 'c1', '--nweek', '1');
    expect(report).toMatch(/## Corrections\n\n- nday 1: Correction: 10 points from alice to The Bank/);
    expect(cli.ok('verify', 'c1')).toContain('c1 verifies');
  }, 240_000);
});

describe('absent players, said loudly', () => {
  it('tick --nweek in Tunnelers: every turn the rules timed out is listed apart, in the dry run and for real', () => {
    const cli = new Cli();
    cli.ok('new', 'tunnelers', '--game', 't1', '--dice', 'manual');
    for (const p of ['alice', 'bob']) {
      cli.ok('join', 't1', p);
      cli.ok('admin', 't1', 'approve', p);
      cli.ok('points', 't1', p, '4', `${p}'s points in the Main Game`);
      cli.ok('act', 't1', p, 'pay-to-play');
    }
    const rolls = [...keep(2), ...deckDraws('OTQSX QQSSX'), sq('c3'), sq('c6')];
    cli.ok('admin', 't1', 'start', '--rolls', rolls.join(','));
    const before = cli.exported('t1');
    const preview = cli.ok('tick', 't1', '--nweek', '--dry-run');
    expect(cli.exported('t1')).toBe(before);
    const done = cli.ok('tick', 't1', '--nweek');
    for (const out of [preview, done]) {
      const loud = out.split('\n').filter((l) => l.startsWith('!! '));
      // Seven ndays, a deadline of one: six turns end by the deadline, alternately alice's and bob's.
      expect(loud[0]).toBe('!! The rules acted for absent players (6 times):');
      expect(loud.slice(1)).toHaveLength(6);
      expect(loud[1]).toBe(
        `!! The time for alice's turn ran out at the end of nday 2 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").`,
      );
    }
  }, 240_000);
});
