// Issue 3: `referee amend g1 grid-2002-06` turns a running January game into a June game through the
// command line; then it plays on, verifies, and reports.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, locationOf, newManualGrid, removeTempDirs } from '../support/cli.js';
import type { BoardView } from '../support/cli.js';

afterAll(removeTempDirs);

describe('referee amend (January -> June)', () => {
  it('amends a running January game at that point of its log; it plays on, verifies and reports', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok('join', 'g1', 'bob');
    cli.ok('act', 'g1', 'alice', 'enter', '5', '5');
    cli.ok('act', 'g1', 'alice', 'move', '6', '6');
    // The Big Stick and the Shield appear when the June text takes effect (F.2, F.3): two results.
    const said = cli.ok('amend', 'g1', 'grid-2002-06', '--rolls', '1,1');
    expect(said).toContain('The rules are amended from grid-2002-01 to grid-2002-06');
    const board = cli.json<BoardView & { ruleset: string }>('show', 'g1', '--json');
    expect(board.ruleset).toBe('grid-2002-06');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([6, 6]); // the January move, made at once (R-J8)
    expect(JSON.stringify(board)).not.toMatch(/shiny|scary/i);
    // June rules from now on: a move is made when recognised.
    cli.ok('act', 'g1', 'bob', 'enter', '10', '10');
    cli.ok('tick', 'g1', '--nweek', '--rolls', '1'); // nweek 2's Ball of Wax
    cli.ok('act', 'g1', 'bob', 'move', '11', '11');
    expect(locationOf(cli, 'g1', 'bob')).toEqual([11, 11]);
    expect(cli.ok('verify', 'g1')).toContain('g1 verifies');
    const report = cli.ok('report', 'g1', '--nweek', '1');
    expect(report).toContain('repealing Rule 346/2 Big Rocks');
    expect(report).toContain('alice announces a move to (6,6).');
  });

  it('refuses an amendment that is not one (exit 2, nothing written)', () => {
    const cli = new Cli();
    newManualGrid(cli);
    const r = cli.run('amend', 'g1', 'life');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('not an amendment of grid-2002-01');
  });
});
