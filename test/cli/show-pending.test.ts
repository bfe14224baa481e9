// Issue 16: `referee show` says under the board who the rules wait for and who has acted (public facts, for
// everyone), how to act to a player still awaited, and to the Administrator alone the manual dice in the queue.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, newManualGrid, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

describe('referee show: what is pending', () => {
  it('who has acted and who has not, how to act, and the queued dice for the Administrator only', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g');
    for (const p of ['alice', 'bob', 'cat']) cli.ok('join', 'g', p);
    cli.ok('act', 'g', 'alice', 'enter', '3', '4');
    cli.ok('act', 'g', 'bob', 'enter', '10', '10');
    cli.ok('act', 'g', 'cat', 'enter', '12', '12');
    cli.ok('act', 'g', 'alice', 'move', '4', '5');
    const waiting =
      'Waiting for move announcements for nweek 1 until the end of nday 7 of nweek 1: bob and cat have not acted yet; alice has.';
    const pub = cli.ok('show', 'g');
    expect(pub.trimEnd().split('\n').at(-1)).toBe(waiting);
    expect(cli.ok('show', 'g', '--as', 'alice')).not.toContain('To act:');
    expect(cli.ok('show', 'g', '--as', 'bob')).toContain(
      `${waiting}\nTo act: announce a move to a surrounding unit: move X Y (moves are made at the end of the nweek).\n`,
    );
    cli.ok('dice', 'g', '3', '4');
    expect(cli.ok('show', 'g', '--admin')).toContain(
      `${waiting}\nWaiting for the next manual rolls, in order: 3, 4.\n`,
    );
    for (const viewer of [[], ['--as', 'bob']]) expect(cli.ok('show', 'g', ...viewer)).not.toContain('3, 4');
  });
});
