// Bad input to `referee` (issue 2 section 4): exit code 2, exactly one clear line on stderr, nothing on stdout,
// and nothing written: the database file and the full export are as they were.
// Every case starts from a copy of one prepared database, so no case can spoil another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, FAR_CORNER, newManualGrid, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

/** Shiny Thing 1 on (3,3); the other Things in the far corner. */
const THINGS = [[3, 3] as const, ...FAR_CORNER.slice(1)];

let prepared: Cli;
/** The prepared game's full export: what every refused command must leave exactly as it is. */
let exported: string;

beforeAll(() => {
  // alice on (10,10) has announced a move to (11,11); carol on (20,20) has not; bob is in Limbo.
  prepared = new Cli();
  newManualGrid(prepared, 'g1', THINGS);
  for (const p of ['alice', 'bob', 'carol']) prepared.ok('join', 'g1', p);
  prepared.ok('act', 'g1', 'alice', 'enter', '10', '10');
  prepared.ok('act', 'g1', 'carol', 'enter', '20', '20');
  prepared.ok('act', 'g1', 'alice', 'move', '11', '11');
  exported = prepared.exported('g1');
});

/** A private copy of the prepared database. */
const fresh = (): Cli => prepared.copy();

const CASES: [string, string[], RegExp][] = [
  [
    'entering a unit another player occupies',
    ['act', 'g1', 'bob', 'enter', '10', '10'],
    /^referee: occupied: /,
  ],
  ['entering off the Grid, x = 21', ['act', 'g1', 'bob', 'enter', '21', '1'], /^referee: off-grid: /],
  ['entering off the Grid, x = 0', ['act', 'g1', 'bob', 'enter', '0', '5'], /^referee: off-grid: /],
  ['entering off the Grid, y = 21', ['act', 'g1', 'bob', 'enter', '5', '21'], /^referee: off-grid: /],
  ['entering when already on the Grid', ['act', 'g1', 'alice', 'enter', '1', '1'], /already-on-grid/],
  [
    'a second move announcement in one nweek',
    ['act', 'g1', 'alice', 'move', '10', '11'],
    /^referee: already-announced: /,
  ],
  [
    'a move to a unit that does not surround the player',
    ['act', 'g1', 'carol', 'move', '18', '20'],
    /illegal-move/,
  ],
  ['a move to the unit the player is on', ['act', 'g1', 'carol', 'move', '20', '20'], /illegal-move/],
  ['a move off the Grid', ['act', 'g1', 'carol', 'move', '21', '21'], /illegal-move/],
  ['a move by a player in Limbo', ['act', 'g1', 'bob', 'move', '1', '1'], /not-on-grid/],
  ['leaving from Limbo', ['act', 'g1', 'bob', 'leave'], /not-on-grid/],
  ['leave with words after it', ['act', 'g1', 'alice', 'leave', 'now'], /takes no arguments/],
  ['an unknown player', ['act', 'g1', 'zed', 'enter', '1', '1'], /^referee: unknown-player: /],
  ['a player name that cannot be one', ['act', 'g1', 'b@d', 'enter', '1', '1'], /not a usable player name/],
  ['joining twice', ['join', 'g1', 'alice'], /already-joined/],
  ['an unknown verb for a player', ['act', 'g1', 'alice', 'fly'], /^referee: unknown-command: /],
  ['an unknown verb of the program', ['fly', 'g1'], /unknown command 'fly'/],
  [
    'a teleport with no queued dice result (bob enters onto a Shiny Thing)',
    ['act', 'g1', 'bob', 'enter', '3', '3'],
    /^referee: dice-needed: /,
  ],
  ['a coordinate that is not a number', ['act', 'g1', 'bob', 'enter', '3', 'x'], /bad-arguments/],
  ['a coordinate that is not whole', ['act', 'g1', 'bob', 'enter', '3.5', '4'], /bad-arguments/],
  ['a missing coordinate', ['act', 'g1', 'bob', 'enter', '3'], /bad-arguments/],
  ['a negative coordinate', ['act', 'g1', 'bob', 'enter', '-1', '3'], /^referee: off-grid: /],
  [
    '--rolls with a word in it',
    ['act', 'g1', 'bob', 'enter', '5', '5', '--rolls', '3,x'],
    /not a dice result/,
  ],
  ['--rolls with a zero', ['act', 'g1', 'bob', 'enter', '5', '5', '--rolls', '0,4'], /not a dice result/],
  ['dice with a word', ['dice', 'g1', 'x'], /not a dice result/],
  ['dice with a zero', ['dice', 'g1', '0'], /bad-arguments/],
  ['points that are not a number', ['points', 'g1', 'alice', 'ten'], /whole number/],
  ['report --nweek that is not a number', ['report', 'g1', '--nweek', 'x'], /whole number/],
  [
    'new --ndays that is not a number',
    ['new', 'grid-2002-01', '--game', 'g2', '--ndays', 'abc'],
    /--ndays is a whole number/,
  ],
  [
    'new --dice of no known kind',
    ['new', 'grid-2002-01', '--game', 'g2', '--dice', 'loaded'],
    /fair, manual or beacon/,
  ],
  ['new with an unknown ruleset', ['new', 'grid-1999', '--game', 'g2'], /unknown-ruleset/],
  ['new for a game that exists', ['new', 'grid-2002-01', '--game', 'g1'], /game-exists/],
  ['a missing argument', ['tick'], /missing required argument/],
  ['--as and --admin together', ['show', 'g1', '--as', 'alice', '--admin'], /choose one/],
  ['an unknown game: show', ['show', 'g2'], /^referee: unknown-game: /],
  ['an unknown game: show --json', ['show', 'g2', '--json'], /^referee: unknown-game: /],
  ['an unknown game: log', ['log', 'g2'], /^referee: unknown-game: /],
  ['an unknown game: join', ['join', 'g2', 'alice'], /^referee: unknown-game: /],
  ['an unknown game: act', ['act', 'g2', 'alice', 'enter', '1', '1'], /^referee: unknown-game: /],
  ['an unknown game: tick', ['tick', 'g2'], /^referee: unknown-game: /],
  ['an unknown game: dice', ['dice', 'g2', '4'], /^referee: unknown-game: /],
  ['an unknown game: report', ['report', 'g2'], /^referee: unknown-game: /],
  ['an unknown game: verify', ['verify', 'g2'], /^referee: unknown-game: /],
  ['an unknown game: export', ['export', 'g2'], /^referee: unknown-game: /],
];

describe('illegal commands exit 2 with one line on stderr and change nothing', () => {
  it.each(CASES)('%s', (_, args, message) => {
    const cli = fresh();
    const file = cli.read(cli.db);
    const line = cli.bad(...args);
    expect(line).toMatch(message);
    expect(cli.read(cli.db).equals(file), 'the database file must not change').toBe(true);
    expect(cli.exported('g1')).toBe(exported);
  });

  it('after a refused command the game goes on: the same player can then do something legal', () => {
    const cli = fresh();
    cli.bad('act', 'g1', 'bob', 'enter', '10', '10');
    expect(cli.ok('act', 'g1', 'bob', 'enter', '10', '9')).toBe('bob enters the Grid at (10,9).\n');
  });
});
