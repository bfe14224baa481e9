// Issue 16, "The command line": "Accept what forum text accepts (`move 6,6`); `show --as zed` for someone not in
// the game is exit 2; … the text `show` says nweek and nday; `games` lists ruleset, nweek, players, status".
// Through the built program, and the word reader (src/cli/args.ts) on its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWords, shapeOf } from '../../src/cli/args.js';
import { rulesetCommands } from '../../src/cli/commands-table.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import { Cli, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

const june = new Map(
  rulesetCommands(defaultRegistry(), 'grid-2002-06').map((e) => [e.name, shapeOf(e.name, e.rule)]),
);
const shape = (name: string) => {
  const s = june.get(name);
  if (!s) throw new Error(`no command ${name}`);
  return s;
};

describe('issue 16: a square written as forum text writes it', () => {
  it('"6,6" and "(6, 6)" give X and Y where both take a number', () => {
    expect(readWords(shape('move'), ['6,6'])).toEqual(readWords(shape('move'), ['6', '6']));
    expect(readWords(shape('enter'), ['(7,7)'])).toEqual({
      x: 7,
      y: 7,
    });
    expect(readWords(shape('throw'), ['big-rock', '(3, 4)'])).toEqual(
      readWords(shape('throw'), ['big-rock', '3', '4']),
    );
  });

  it('a pair where one number is wanted is refused with the usage, as before', () => {
    expect(() => readWords(shape('move'), ['6', '6,6'])).toThrow(/usage: move X Y/);
  });
});

describe('issue 16: looking at a game', () => {
  let cli: Cli;
  beforeAll(() => {
    cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'j1');
    cli.ok('join', 'j1', 'alice');
    cli.ok('join', 'j1', 'bob');
    cli.ok('act', 'j1', 'alice', 'enter', '6,6');
  }, 60_000);

  it('`act … enter 6,6` was taken as (6,6)', () => {
    expect(cli.ok('show', 'j1', '--as', 'alice')).toContain('A alice: (6,6), 0 points');
  });

  it('`show --as zed` and `log --as zed` for someone not in the game: exit 2, one line, nothing on stdout', () => {
    for (const verb of ['show', 'log']) {
      const r = cli.run(verb, 'j1', '--as', 'zed');
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe('referee: unknown-player: zed is not a player of j1 (its players: alice, bob)\n');
    }
  });

  it('the text `show` begins with the game, its ruleset, nweek and nday', () => {
    expect(cli.ok('show', 'j1').split('\n')[0]).toBe(
      'j1: The Grid (Spoon, as amended 28 Jun 2002), nweek 1, nday 1',
    );
  });

  it('`games` lists each game with its ruleset, where it stands and how many play', () => {
    const [line] = cli.ok('games').split('\n');
    expect(line?.split('\t').slice(0, 4)).toEqual(['j1', 'grid-2002-06', 'nweek 1, nday 1', '2 players']);
  });
});

describe('issue 16: `dice` says what it queued and what waits', () => {
  it('manual dice: each `dice` prints the values queued and the whole queue after it', () => {
    const cli = new Cli();
    cli.ok(
      'new',
      'grid-2002-06',
      '--game',
      'm1',
      '--dice',
      'manual',
      '--rolls',
      '1,1,2,2,3,3,4,4,5,5,6,6,7,7,8,8,9,9,10,10',
    );
    const waiting = () => cli.json<{ diceQueue: number[] }>('show', 'm1', '--admin', '--json').diceQueue;
    const left = waiting();
    expect(cli.ok('dice', 'm1', '3')).toBe(
      `Dice results queued: 3.\nWaiting for the next manual rolls, in order: ${[...left, 3].join(', ')}.\n`,
    );
    expect(cli.ok('dice', 'm1', '12', '7')).toBe(
      `Dice results queued: 12, 7.\nWaiting for the next manual rolls, in order: ${[...left, 3, 12, 7].join(', ')}.\n`,
    );
    expect(waiting()).toEqual([...left, 3, 12, 7]);
    // Another player's view of the same log never shows the queue (it is the Administrator's).
    cli.ok('join', 'm1', 'alice');
    expect(cli.ok('log', 'm1', '--as', 'alice')).not.toMatch(/queued/);
  });
});
