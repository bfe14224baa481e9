// Issue 24 item 5: `referee amend-rules GAME name=value … --why … [--from …]` amends the text's parameters of a
// running game, `referee rules GAME` shows them, `repeal-amendment` repeals; refusals exit 2 and write nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, locationOf, newManualGrid, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

describe('referee amend-rules and referee rules', () => {
  it('amends the Grid`s size and move distance by a proposal; the game plays on under them and verifies', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    // The preview (issue 16's --dry-run): what the amendment would do, nothing written.
    const before = cli.exported('g1');
    const preview = cli.ok('amend-rules', 'g1', 'Grid size=25', '--why', 'Proposal 4521', '--dry-run');
    expect(preview).toContain('Grid size 25 at once, by Proposal 4521');
    expect(cli.exported('g1')).toBe(before);
    const said = cli.ok('amend-rules', 'g1', 'Grid size=25', 'move-distance=2', '--why', 'Proposal 4521');
    expect(said).toContain(
      'The rules are amended (amendment 1): Grid size 25; Move distance 2 at once, by Proposal 4521.',
    );
    cli.ok('act', 'g1', 'alice', 'enter', '25', '25');
    cli.ok('act', 'g1', 'alice', 'move', '23', '23');
    cli.ok('tick', 'g1', '--nweek');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([23, 23]);
    const rules = cli.ok('rules', 'g1');
    expect(rules).toContain('    Grid size: 25 (the text: 20, amendment 1 (Proposal 4521, nweek 1))');
    expect(rules).toContain('    Shiny Thing points: 25 (the text’s)');
    expect(rules).toContain('  1. Grid size 25; Move distance 2 at once, by Proposal 4521');
    expect(cli.ok('verify', 'g1')).toContain('g1 verifies');
    // The nweek's report names the amendment that took effect in it.
    expect(cli.ok('report', 'g1', '--nweek', '1')).toContain(
      'The rules are amended (amendment 1): Grid size 25; Move distance 2 at once, by Proposal 4521.',
    );
  });

  it('refuses a bad value and a Grid shrunk under a player (exit 2, nothing written); repeals', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1', [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '17', '3');
    const before = cli.exported('g1');
    const bad = cli.run('amend-rules', 'g1', 'Location dice=2d', '--why', 'Proposal 1');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('"2d" does not parse');
    const inTheWay = cli.run(
      'amend-rules',
      'g1',
      'Grid size=15',
      'Location dice=2d15',
      '--why',
      'Proposal 2',
    );
    expect(inTheWay.status).toBe(2);
    expect(inTheWay.stderr).toContain('alice stands at (17,3), off a Grid 15 units wide');
    expect(cli.exported('g1')).toBe(before);
    cli.ok('amend-rules', 'g1', 'shiny-thing-points=30', '--why', 'Proposal 3', '--from', 'nweek');
    expect(cli.ok('rules', 'g1')).toContain(
      'from the next nweek, by Proposal 3 (made nday 1 of nweek 1): pending',
    );
    cli.ok('repeal-amendment', 'g1', '1', '--why', 'Proposal 4');
    expect(cli.ok('rules', 'g1')).toContain(': repealed');
  });
});
