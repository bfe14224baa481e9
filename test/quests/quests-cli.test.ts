// rooms+quests through the built `referee` command, as an Administrator and players would use it: a game on the
// default map with manual dice in which alice creates a Quest step by step (out-of-order steps refused, exit 2,
// nothing written), carries its token from home to locate to goal and gains a point of Puissance; a creation
// left unfinished costs a demerit; a map file is taken as the game's config, and a malformed one is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import type { LogLineView } from '../support/cli.js';
import { TINY } from '../support/harness/quests.js';

afterAll(removeTempDirs);

interface QuestsBoard {
  readonly ruleset: string;
  readonly turn: { n: number; player: string; actionsLeft: number } | null;
  readonly players: readonly {
    name: string;
    room: string;
    carrying: { id: number; name: string }[];
    tallies: Record<string, number>;
  }[];
  readonly roster: readonly {
    colour: string;
    name: string | null;
    home: string;
    locate: string;
    goal: string;
  }[];
  readonly you?: { name: string; room: string; carrying: { id: number; name: string }[] };
}

let cli: Cli;
const board = (...flags: string[]) => cli.json<QuestsBoard>('show', 'r1', '--json', ...flags);

beforeAll(() => {
  cli = new Cli();
  cli.ok('new', 'rooms+quests', '--game', 'r1', '--dice', 'manual');
  cli.ok('join', 'r1', 'alice');
  cli.ok('join', 'r1', 'bob');
});

describe('referee: a Quest created, carried and completed on the default map', () => {
  it('creation steps out of order exit 2 with the next step named, and write nothing', () => {
    const before = cli.exported('r1');
    expect(cli.bad('act', 'r1', 'alice', 'quest-colour', 'red')).toBe(
      'referee: not-creating: alice is not creating a Quest: begin with create-quest [NAME]',
    );
    expect(cli.bad('act', 'r1', 'bob', 'create-quest')).toMatch(
      /^referee: not-your-turn: .*it is alice's turn/,
    );
    expect(cli.exported('r1')).toBe(before);
    cli.ok('act', 'r1', 'alice', 'create-quest', 'Lost', 'Property');
    const after = cli.exported('r1');
    expect(cli.bad('act', 'r1', 'alice', 'quest-home', '--rolls', '1')).toMatch(
      /^referee: out-of-order: too soon: in strict order, next alice must give the Quest a colour \(quest-colour COLOUR\)/,
    );
    expect(cli.exported('r1')).toBe(after);
  });

  it('the steps in order, with the Administrator supplying the Random Selections and the d20, put the Quest on the Roster', () => {
    expect(cli.ok('act', 'r1', 'alice', 'quest-colour', 'red')).toBe(
      'alice gives the Quest the colour red.\n',
    );
    // Candidates in map order without Mornington Crescent: Camden Town is the 1st; then, without it, Euston the
    // 2nd; then, without both, King's Cross St. Pancras the 2nd.
    expect(cli.ok('act', 'r1', 'alice', 'quest-home', '--rolls', '1')).toBe(
      'Random Selection gives the red Quest the home room Camden Town.\n',
    );
    cli.ok('act', 'r1', 'alice', 'quest-locate', '--rolls', '2');
    cli.ok('act', 'r1', 'alice', 'quest-goal', '--rolls', '2');
    expect(cli.ok('act', 'r1', 'alice', 'quest-roll', '--rolls', '18')).toBe(
      'alice rolls 18 on a d20: the red Quest "Lost Property" (home Camden Town, locate Euston, goal King\'s Cross St. Pancras), worth 1 point of Puissance, joins the Roster.\n',
    );
    expect(board().roster).toEqual([
      {
        colour: 'red',
        name: 'Lost Property',
        home: 'Camden Town',
        locate: 'Euston',
        goal: "King's Cross St. Pancras",
        value: { tally: 'Puissance', amount: 1 },
        creator: 'alice',
      },
    ]);
  });

  it('the home room makes a primary token; carried to the locate room it becomes secondary; in the goal room it completes the Quest', () => {
    expect(cli.ok('act', 'r1', 'alice', 'move', 'Camden', 'Town')).toBe(
      'alice moves from Mornington Crescent to Camden Town.\nalice is in Camden Town, the home room of the red Quest: a quest token red primary (#3) is created there.\n',
    );
    cli.ok('act', 'r1', 'alice', 'pick-up', 'red', 'primary');
    expect(cli.bad('act', 'r1', 'alice', 'move', 'Euston')).toMatch(/^referee: no-actions-left: /);
    cli.ok('act', 'r1', 'alice', 'end-turn');
    cli.ok('act', 'r1', 'bob', 'move', 'euston');
    cli.ok('admin', 'r1', 'skip');
    expect(cli.ok('act', 'r1', 'alice', 'move', 'Euston')).toContain(
      'alice carries red primary (#3) in Euston, the locate room of the Quest: it is renamed red secondary.',
    );
    const you = board('--as', 'alice').you;
    expect(you).toMatchObject({
      name: 'alice',
      room: 'Euston',
      carrying: [{ id: 3, name: 'red secondary' }],
    });
    const done = cli.ok('act', 'r1', 'alice', 'move', "King's Cross St. Pancras");
    expect(done).toContain('the Quest is complete, and alice gains 1 point of Puissance.');
    expect(done).toContain('1 point from The Bank/Puissance to alice/Puissance');
    const b = board();
    expect(b.roster).toEqual([]);
    expect(b.players.find((p) => p.name === 'alice')?.tallies).toEqual({
      'brownie points': 0,
      Puissance: 1,
      demerits: 0,
    });
  });

  it('a Quest commenced but not finished by the end of the turn costs a demerit', () => {
    cli.ok('act', 'r1', 'alice', 'end-turn');
    cli.ok('act', 'r1', 'bob', 'create-quest');
    cli.ok('act', 'r1', 'bob', 'quest-colour', 'blue');
    const out = cli.ok('act', 'r1', 'bob', 'end-turn');
    expect(out).toContain(
      'Turn 4 ended before bob finished creating a Quest (next was quest-home): bob receives 1 demerit, and the Quest is not added to the Roster.',
    );
    expect(board().players.find((p) => p.name === 'bob')?.tallies.demerits).toBe(1);
  });

  it('show draws the map, the players, the Roster and, for a player, emself; log describes every event; verify passes', () => {
    const text = cli.ok('show', 'r1', '--as', 'bob');
    expect(text).toContain('Around Mornington Crescent (London Underground): 15 rooms');
    expect(text).toContain(
      "  alice in King's Cross St. Pancras, carrying nothing; 0 brownie points, 1 point of Puissance",
    );
    expect(text).toContain('Roster of Quests (0; the active player may create one):');
    expect(text).toContain('You are bob, in Euston;');
    const log = cli.json<LogLineView[]>('log', 'r1', '--json');
    for (const line of log) expect(line.text).not.toMatch(/^[a-z-]+ \{/);
    expect(log.map((l) => l.event.type)).toContain('quest-completed');
    cli.ok('admin', 'r1', 'tally', 'bob', 'brownie', '2', 'a kind word');
    expect(cli.ok('verify', 'r1')).toMatch(/^r1 verifies: /);
  });
});

describe('referee new rooms --config: a map file', () => {
  it("a good map file is the game's map", () => {
    const c = new Cli();
    c.write('house.json', JSON.stringify(TINY));
    c.ok('new', 'rooms', '--game', 'h1', '--dice', 'manual', '--config', 'house.json');
    c.ok('join', 'h1', 'alice');
    const text = c.ok('show', 'h1');
    expect(text).toContain('A small house: 6 rooms; everyone starts in Hall; 20 actions a turn.');
    expect(text).toContain('  Hall -> Mornington Crescent, Library, Garden, Vault\n      players: alice');
    c.ok('act', 'h1', 'alice', 'move', 'Vault');
    expect(c.ok('verify', 'h1')).toMatch(/^h1 verifies/);
  });

  it('a malformed map file is refused with one clear line, and no game is made', () => {
    const c = new Cli();
    c.write('bad.json', JSON.stringify({ ...TINY, passages: [...TINY.passages, ['Hall', 'Attic']] }));
    expect(c.bad('new', 'rooms', '--game', 'h2', '--config', 'bad.json')).toBe(
      'referee: bad-config: map file: passages[5] names the room "Attic", which is not in the map\'s rooms',
    );
    expect(c.ok('games')).toBe('');
  });
});
