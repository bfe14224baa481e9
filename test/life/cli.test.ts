// A whole match of Life through the built `referee` command with manual dice, to a win: the generic verbs
// (`act GAME PLAYER tweak X Y`, `admin GAME initialize|evolve`, show, log, report, verify) are all it needs.
// The match is the one worked by hand in match.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import type { LogLineView } from '../support/cli.js';
import { initializeRolls } from '../support/harness/life.js';

afterAll(removeTempDirs);

const OPENING = ['RGBGB', 'BRGBR', 'GBRGB', 'RGBRG', 'GRGBR'];

interface LifeView {
  readonly ruleset: string;
  readonly nweek: number;
  readonly attributes: { readonly Advantage: string | null };
  readonly players: readonly { name: string; attributes: { Team: string | null } }[];
  readonly objects: {
    readonly Cell: readonly { at: [number, number]; attributes: { Color: string | null } }[];
  };
  readonly ended: { winners: string[]; reason: string } | null;
}

/** The Cells from `show --json`, as rows from the top ('.' null). */
function picture(view: LifeView): string[] {
  const rows = Array.from({ length: 5 }, () => Array.from({ length: 5 }, () => ' '));
  for (const c of view.objects.Cell) {
    const row = rows[5 - c.at[1]];
    if (row) row[c.at[0] - 1] = c.attributes.Color === null ? '.' : c.attributes.Color.charAt(0);
  }
  return rows.map((r) => r.join(''));
}

let cli: Cli;
const show = (): LifeView => cli.json<LifeView>('show', 'l1', '--json');

beforeAll(() => {
  cli = new Cli();
  // The Referee queues Initialize's dice with the game (alice Red, bob Blue, carol Red; Advantage Green).
  const rolls = initializeRolls(OPENING, ['R', 'B', 'R'], 'G').join(',');
  cli.ok('new', 'life', '--game', 'l1', '--dice', 'manual', '--rolls', rolls);
  for (const p of ['alice', 'bob', 'carol']) cli.ok('join', 'l1', p);
});

describe('referee: a match of Life to a win', () => {
  it('nweek 1: Initialize places the Cells and rolls the Teams and the Advantage, all in public', () => {
    const out = cli.ok('admin', 'l1', 'initialize');
    expect(out).toContain('The Referee performs Initialize.');
    expect(out).toContain("alice's Team changes from null to Red, chosen at random (Initialize).");
    expect(out).toContain("The Field's Advantage changes from null to Green, chosen at random (Initialize).");
    const view = show();
    expect(view.ruleset).toBe('life');
    expect(picture(view)).toEqual(OPENING);
    expect(view.players.map((p) => p.attributes.Team)).toEqual(['Red', 'Blue', 'Red']);
    // Nothing is left in the queue, and Initialize cannot be done twice.
    expect(cli.json<{ diceQueue: number[] }>('show', 'l1', '--admin', '--json').diceQueue).toEqual([]);
    expect(cli.bad('admin', 'l1', 'initialize')).toContain('only while no Cells exist');
  });

  it('nweek 1: a Tweak before the Evolve is refused; erin joins; Evolve gives erin a Team with the die supplied', () => {
    expect(cli.bad('act', 'l1', 'alice', 'tweak', '2', '2')).toContain(
      'only after Evolve has been performed',
    );
    cli.ok('join', 'l1', 'erin');
    // Without a die for erin's Team the Evolve is refused and nothing happens.
    expect(cli.bad('admin', 'l1', 'evolve')).toContain('Team of erin');
    const out = cli.ok('admin', 'l1', 'evolve', '--rolls', '1');
    expect(out).toContain('The Cells evolve: 0 are born and 21 die; now Red 2, Green 1, Blue 1 and 21 null');
    expect(out).toContain("The Field's Advantage changes from Green to Blue (Evolve, step 3).");
    expect(out).toContain("erin's Team changes from null to Red, chosen at random (Evolve, step 4).");
    expect(picture(show())).toEqual(['R...B', '.....', '.....', '.....', 'G...R']);
    expect(cli.bad('admin', 'l1', 'evolve')).toContain('already performed Evolve once during nweek 1');
  });

  it('nweek 1: the players tweak, each once; a Cell of another Team is refused', () => {
    cli.ok('act', 'l1', 'alice', 'tweak', '2', '2');
    cli.ok('act', 'l1', 'carol', 'tweak', '3', '2');
    cli.ok('act', 'l1', 'erin', 'tweak', '2', '3');
    expect(cli.bad('act', 'l1', 'bob', 'tweak', '1', '5')).toBe(
      'referee: not-your-color: the Cell at (1,5) is Red; bob may tweak only a null Cell or a Blue one',
    );
    expect(cli.bad('act', 'l1', 'bob', 'tweak', '9', '9')).toContain('not a square of the Field');
    cli.ok('act', 'l1', 'bob', 'tweak', '5', '3');
    expect(cli.bad('act', 'l1', 'alice', 'tweak', '4', '4')).toContain('already performed Tweak once');
    expect(picture(show())).toEqual(['R...B', '.....', '.R..B', '.RR..', 'G...R']);
    const text = cli.ok('show', 'l1');
    expect(text).toContain('3 | . R . . B');
    expect(text).toContain('  erin: Team Red');
  });

  it('nweek 2: Evolve leaves only Red Cells - the match ends and the Red players win', () => {
    cli.ok('tick', 'l1', '--nweek');
    const out = cli.ok('admin', 'l1', 'evolve');
    expect(out).toContain('The Cells evolve: 4 are born and 5 die; now Red 7, Green 0, Blue 0 and 18 null');
    expect(out).toContain('The game ends');
    const view = show();
    expect(picture(view)).toEqual(['.....', '.....', '.RR..', 'RRRR.', '.R...']);
    expect(view.ended).toEqual({
      winners: ['alice', 'carol', 'erin'],
      reason: 'exactly one non-null Color of Cell exists (Red) after Evolve, step 2',
    });
    expect(cli.ok('show', 'l1')).toContain('Winners: alice, carol, erin.');
    expect(cli.bad('act', 'l1', 'bob', 'tweak', '3', '3')).toContain('the game is over');
  });

  it('verify: the log replays, every roll re-derives, every command re-decides', () => {
    const r = cli.run('verify', 'l1');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('report and log: the random selections are posted publicly, with their purposes', () => {
    const report = cli.ok('report', 'l1', '--nweek', '1');
    // (1,1) is Green, the second of Red, Green, Blue; erin's Team Red, the first.
    expect(report).toContain('Color of the Cell at (1,1): #2 of 3 (supplied by the Administrator)');
    expect(report).toContain('Team of erin: #1 of 3 (supplied by the Administrator)');
    expect(report).toContain('carol invokes Tweak on the Cell at (3,2).');
    const lines = cli.json<LogLineView[]>('log', 'l1', '--json');
    const withRolls = lines.filter(
      (l) => Array.isArray(l.event.rolls) && (l.event.rolls as unknown[]).length > 0,
    );
    expect(withRolls.map((l) => (l.event.rolls as unknown[]).length)).toEqual([25, 1, 1, 1, 1, 1]);
    expect(cli.ok('rulesets')).toContain('life: Life, a Field Match');
  });
});
