// A scripted game of The Grid (January 2002) through the built `referee` command with manual dice, so every
// outcome is known: where the Things start, when and in what order moves happen, what a Thing does to the
// player who finds it. Each test is named after what it checks.
import { afterAll, describe, expect, it } from 'vitest';
import {
  Cli,
  FAR_CORNER,
  locationOf,
  newManualGrid,
  placementRolls,
  pointsOf,
  removeTempDirs,
} from '../support/cli.js';
import type { BoardView, LogLineView } from '../support/cli.js';

afterAll(removeTempDirs);

/** FAR_CORNER with the first Things replaced: Shiny 1, Shiny 2, ... */
const placing = (...units: [number, number][]) => [...units, ...FAR_CORNER.slice(units.length)];
/** FAR_CORNER with Scary Dark Thing k (1-based) at `unit`. */
const scaryAt = (k: number, unit: [number, number]) => FAR_CORNER.map((u, i) => (i === 4 + k ? unit : u));

const admin = (cli: Cli, game = 'g1') => cli.json<BoardView>('show', game, '--admin', '--json');

describe('referee new --dice manual --rolls: the Things start where the dice say', () => {
  it('new places Shiny Things 1-5 then Scary Dark Things 1-5, x from the first die and y from the second', () => {
    const cli = new Cli();
    const rolls = [3, 17, 8, 1, 20, 20, 1, 1, 12, 9, 4, 4, 19, 2, 6, 15, 10, 10, 2, 18];
    cli.ok('new', 'grid-2002-01', '--game', 'g1', '--dice', 'manual', '--rolls', rolls.join(','));
    const board = admin(cli);
    expect(board.things?.map(({ kind, location }) => ({ kind, location }))).toEqual([
      { kind: 'shiny', location: [3, 17] },
      { kind: 'shiny', location: [8, 1] },
      { kind: 'shiny', location: [20, 20] },
      { kind: 'shiny', location: [1, 1] },
      { kind: 'shiny', location: [12, 9] },
      { kind: 'scary', location: [4, 4] },
      { kind: 'scary', location: [19, 2] },
      { kind: 'scary', location: [6, 15] },
      { kind: 'scary', location: [10, 10] },
      { kind: 'scary', location: [2, 18] },
    ]);
    expect(board.things?.map((t) => t.n)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
    // All twenty results were used, none left over.
    expect(board.diceQueue).toEqual([]);
    // The Administrator's log says so, roll by roll.
    const placed = cli
      .json<LogLineView[]>('log', 'g1', '--admin', '--json')
      .filter((l) => l.event.type === 'thing-placed');
    expect(placed.map((l) => l.text)).toEqual([
      'Shiny Thing 1 is placed at (3,17).',
      'Shiny Thing 2 is placed at (8,1).',
      'Shiny Thing 3 is placed at (20,20).',
      'Shiny Thing 4 is placed at (1,1).',
      'Shiny Thing 5 is placed at (12,9).',
      'Scary Dark Thing 1 is placed at (4,4).',
      'Scary Dark Thing 2 is placed at (19,2).',
      'Scary Dark Thing 3 is placed at (6,15).',
      'Scary Dark Thing 4 is placed at (10,10).',
      'Scary Dark Thing 5 is placed at (2,18).',
    ]);
  });

  it('show --json (public) has the shape { game, ruleset, nweek, nday, players: [{ name, location, points }] } and no "things"', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok('join', 'g1', 'bob');
    cli.ok('act', 'g1', 'alice', 'enter', '3', '4');
    const board = cli.json<Record<string, unknown>>('show', 'g1', '--json');
    expect(board).toMatchObject({
      game: 'g1',
      ruleset: 'grid-2002-01',
      nweek: 1,
      nday: 1,
      players: [
        { name: 'alice', location: [3, 4], points: 0 },
        { name: 'bob', location: null, points: 0 },
      ],
    });
    for (const p of board.players as Record<string, unknown>[])
      expect(Object.keys(p).sort()).toEqual(['location', 'name', 'points']);
    expect(board).not.toHaveProperty('things');
    expect(board).not.toHaveProperty('diceQueue');
    // The same board for a player, who is told who e is and nothing more.
    const alices = cli.json<Record<string, unknown>>('show', 'g1', '--as', 'alice', '--json');
    expect(alices).not.toHaveProperty('things');
    expect(alices.players).toEqual(board.players);
  });

  it('new with too few placement dice is refused (dice-needed) and creates no game', () => {
    const cli = new Cli();
    const line = cli.bad('new', 'grid-2002-01', '--game', 'g1', '--dice', 'manual', '--rolls', '1,2,3');
    expect(line).toMatch(/dice-needed/);
    expect(cli.ok('games')).toBe('');
  });

  it('new with a placement die out of 1..20 is refused and creates no game', () => {
    const cli = new Cli();
    const rolls = placementRolls(FAR_CORNER).replace(/^1,/, '21,');
    cli.bad('new', 'grid-2002-01', '--game', 'g1', '--dice', 'manual', '--rolls', rolls);
    expect(cli.ok('games')).toBe('');
  });
});

describe('referee join / act / tick: entering, moving at the end of the nweek, leaving', () => {
  it('join puts a player in Limbo; enter puts em on the Grid at once; leave takes em back to Limbo', () => {
    const cli = new Cli();
    newManualGrid(cli);
    expect(cli.ok('join', 'g1', 'alice')).toBe('alice joins the game.\n');
    expect(locationOf(cli, 'g1', 'alice')).toBeNull();
    expect(cli.ok('act', 'g1', 'alice', 'enter', '7', '9')).toBe('alice enters the Grid at (7,9).\n');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([7, 9]);
    expect(cli.ok('act', 'g1', 'alice', 'leave')).toBe('alice leaves the Grid from (7,9) for Limbo.\n');
    expect(locationOf(cli, 'g1', 'alice')).toBeNull();
    // From Limbo e may enter again, anywhere free.
    cli.ok('act', 'g1', 'alice', 'enter', '1', '1');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([1, 1]);
  });

  it('tick ends one nday and tick --nweek the whole nweek; the 7th tick ends the nweek', () => {
    const cli = new Cli();
    newManualGrid(cli);
    const clock = () => {
      const b = cli.json<BoardView>('show', 'g1', '--json');
      return [b.nweek, b.nday];
    };
    expect(clock()).toEqual([1, 1]);
    cli.ok('tick', 'g1');
    expect(clock()).toEqual([1, 2]);
    for (let i = 0; i < 5; i++) cli.ok('tick', 'g1');
    expect(clock()).toEqual([1, 7]);
    cli.ok('tick', 'g1');
    expect(clock()).toEqual([2, 1]);
    cli.ok('tick', 'g1', '--nweek');
    expect(clock()).toEqual([3, 1]);
    cli.ok('tick', 'g1');
    cli.ok('tick', 'g1', '--nweek');
    expect(clock()).toEqual([4, 1]);
  });

  it('--ndays sets the length of the nweek', () => {
    const cli = new Cli();
    cli.ok(
      'new',
      'grid-2002-01',
      '--game',
      'g1',
      '--dice',
      'manual',
      '--ndays',
      '2',
      '--rolls',
      placementRolls(FAR_CORNER),
    );
    cli.ok('tick', 'g1');
    cli.ok('tick', 'g1');
    expect(cli.json<BoardView>('show', 'g1', '--json')).toMatchObject({ nweek: 2, nday: 1 });
  });

  it('announced moves wait for the end of the nweek, then are made in the order announced; a move into an occupied unit fails and the player stays', () => {
    const cli = new Cli();
    newManualGrid(cli);
    for (const p of ['alice', 'bob', 'carol', 'dave', 'erin']) cli.ok('join', 'g1', p);
    cli.ok('act', 'g1', 'alice', 'enter', '10', '10');
    cli.ok('act', 'g1', 'bob', 'enter', '11', '11');
    cli.ok('act', 'g1', 'carol', 'enter', '12', '12');
    cli.ok('act', 'g1', 'dave', 'enter', '5', '5');
    cli.ok('act', 'g1', 'erin', 'enter', '6', '6');
    // A chain that only works in announcement order: carol leaves (12,12) for bob, bob leaves (11,11) for alice.
    expect(cli.ok('act', 'g1', 'carol', 'move', '13', '13')).toBe('carol announces a move to (13,13).\n');
    cli.ok('act', 'g1', 'bob', 'move', '12', '12');
    cli.ok('act', 'g1', 'alice', 'move', '11', '11');
    // And one that fails: dave goes first, while erin is still on (6,6).
    cli.ok('act', 'g1', 'dave', 'move', '6', '6');
    cli.ok('act', 'g1', 'erin', 'move', '7', '7');

    const before = cli.json<BoardView>('show', 'g1', '--json');
    expect(before.announced).toEqual([
      { player: 'carol', to: [13, 13] },
      { player: 'bob', to: [12, 12] },
      { player: 'alice', to: [11, 11] },
      { player: 'dave', to: [6, 6] },
      { player: 'erin', to: [7, 7] },
    ]);
    // Ending ndays is not ending the nweek: nobody has moved.
    for (let i = 0; i < 6; i++) cli.ok('tick', 'g1');
    expect(cli.json<BoardView>('show', 'g1', '--json').players.map((p) => p.location)).toEqual([
      [10, 10],
      [11, 11],
      [12, 12],
      [5, 5],
      [6, 6],
    ]);

    const out = cli.ok('tick', 'g1');
    const after = cli.json<BoardView>('show', 'g1', '--json');
    expect(after.players.map((p) => [p.name, p.location])).toEqual([
      ['alice', [11, 11]],
      ['bob', [12, 12]],
      ['carol', [13, 13]],
      ['dave', [5, 5]],
      ['erin', [7, 7]],
    ]);
    expect(after.announced).toEqual([]);
    // The tick reports the moves in the order they were made.
    const moves = out.split('\n').filter((l) => /move/.test(l) && !/^Nweek/.test(l));
    expect(moves.slice(0, 5)).toEqual([
      'carol moves from (12,12) to (13,13).',
      'bob moves from (11,11) to (12,12).',
      'alice moves from (10,10) to (11,11).',
      "dave's move to (6,6) fails (erin occupies that unit); e stays put.",
      'erin moves from (6,6) to (7,7).',
    ]);
    const logged = cli
      .json<LogLineView[]>('log', 'g1', '--json')
      .filter((l) => l.event.type === 'moved' || l.event.type === 'move-failed')
      .map((l) => [l.event.type, l.event.player, l.nweek]);
    expect(logged).toEqual([
      ['moved', 'carol', 1],
      ['moved', 'bob', 1],
      ['moved', 'alice', 1],
      ['move-failed', 'dave', 1],
      ['moved', 'erin', 1],
    ]);
  });

  it('a new nweek allows a new announcement; tick --nweek makes it', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '10', '10');
    cli.ok('act', 'g1', 'alice', 'move', '9', '11');
    cli.ok('tick', 'g1', '--nweek');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([9, 11]);
    cli.ok('act', 'g1', 'alice', 'move', '10', '12');
    cli.ok('tick', 'g1', '--nweek');
    expect(locationOf(cli, 'g1', 'alice')).toEqual([10, 12]);
  });

  it('a player who leaves after announcing does not move when the nweek ends', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '10', '10');
    cli.ok('act', 'g1', 'alice', 'move', '11', '10');
    cli.ok('act', 'g1', 'alice', 'leave');
    cli.ok('tick', 'g1', '--nweek');
    expect(locationOf(cli, 'g1', 'alice')).toBeNull();
  });
});

describe('Shiny Things and Scary Dark Things: 25 points either way, and the teleport roll is consumed', () => {
  it('entering onto a Shiny Thing awards 25 at once, and the Thing teleports where the next two dice say', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1', placing([5, 5]));
    cli.ok('join', 'g1', 'alice');
    const out = cli.ok('act', 'g1', 'alice', 'enter', '5', '5', '--rolls', '20,1,7,7');
    expect(out).toContain('alice finds a Shiny Thing at (5,5)!');
    expect(pointsOf(cli, 'g1', 'alice')).toBe(25);
    const board = admin(cli);
    expect(board.things?.[0]).toEqual({ kind: 'shiny', n: 1, location: [20, 1] });
    // Exactly the two results of the teleport were used; the rest wait in the queue.
    expect(board.diceQueue).toEqual([7, 7]);
    const teleported = cli
      .json<LogLineView[]>('log', 'g1', '--admin', '--json')
      .filter((l) => l.event.type === 'thing-teleported');
    expect(teleported.map((l) => l.text)).toEqual(['Shiny Thing 1 teleports from (5,5) to (20,1).']);
  });

  it('a teleport roll onto the unit the Thing left, or onto a player, is rolled again, and both rolls are consumed', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1', placing([5, 5]));
    cli.ok('join', 'g1', 'alice');
    cli.ok('join', 'g1', 'bob');
    cli.ok('act', 'g1', 'bob', 'enter', '9', '9');
    cli.ok('act', 'g1', 'alice', 'enter', '5', '5', '--rolls', '5,5,9,9,2,3');
    const board = admin(cli);
    expect(board.things?.[0]?.location).toEqual([2, 3]);
    expect(board.diceQueue).toEqual([]);
  });

  it('moving onto a Shiny Thing at the end of the nweek awards 25; the teleport dice can come with the tick', () => {
    const cli = new Cli();
    newManualGrid(cli, 'g1', placing([5, 5], [6, 6]));
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '4', '4');
    cli.ok('act', 'g1', 'alice', 'move', '5', '5');
    expect(pointsOf(cli, 'g1', 'alice')).toBe(0);
    cli.ok('tick', 'g1', '--nweek', '--rolls', '15,15');
    expect(pointsOf(cli, 'g1', 'alice')).toBe(25);
    expect(admin(cli).things?.[0]?.location).toEqual([15, 15]);
    // Queued beforehand with `dice` works as well.
    cli.ok('act', 'g1', 'alice', 'move', '6', '6');
    cli.ok('dice', 'g1', '16', '16');
    cli.ok('tick', 'g1', '--nweek');
    expect(pointsOf(cli, 'g1', 'alice')).toBe(50);
    const board = admin(cli);
    expect(board.things?.[1]?.location).toEqual([16, 16]);
    expect(board.diceQueue).toEqual([]);
  });

  it('a Scary Dark Thing takes 25, and points may go below zero', () => {
    const cli = new Cli();
    newManualGrid(
      cli,
      'g1',
      scaryAt(1, [8, 8]).map((u, i) => (i === 6 ? ([9, 9] as const) : u)),
    );
    cli.ok('join', 'g1', 'bob');
    cli.ok('act', 'g1', 'bob', 'enter', '8', '7');
    cli.ok('act', 'g1', 'bob', 'move', '8', '8');
    const out = cli.ok('tick', 'g1', '--nweek', '--rolls', '19,1');
    expect(out).toContain('bob runs into a Scary Dark Thing at (8,8)!');
    expect(pointsOf(cli, 'g1', 'bob')).toBe(-25);
    expect(admin(cli).things?.[5]).toEqual({ kind: 'scary', n: 1, location: [19, 1] });
    cli.ok('act', 'g1', 'bob', 'move', '9', '9');
    cli.ok('tick', 'g1', '--nweek', '--rolls', '19,3');
    expect(pointsOf(cli, 'g1', 'bob')).toBe(-50);
    expect(admin(cli).things?.[6]).toEqual({ kind: 'scary', n: 2, location: [19, 3] });
  });
});

describe('--id KEY: the same command twice is done once', () => {
  it('issue 16 "join --id repeated says only that nothing new was done": the second appends nothing, issues no token and says only that', () => {
    const cli = new Cli();
    newManualGrid(cli);
    expect(cli.ok('join', 'g1', 'alice', '--id', 'post-1')).toMatch(/^alice joins the game\.$/m);
    const before = cli.exported('g1');
    const again = cli.ok('join', 'g1', 'alice', '--id', 'post-1');
    expect(again).toBe('(this command id was already applied; nothing new was done)\n');
    expect(cli.exported('g1')).toBe(before);
    // The same for any verb repeated under its key.
    cli.ok('tick', 'g1', '--id', 't-1');
    expect(cli.ok('tick', 'g1', '--id', 't-1')).toBe(
      '(this command id was already applied; nothing new was done)\n',
    );
  });

  it('act move --id twice: no "already announced" error, one announcement, nothing appended', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('join', 'g1', 'alice');
    cli.ok('act', 'g1', 'alice', 'enter', '10', '10');
    cli.ok('act', 'g1', 'alice', 'move', '11', '11', '--id', 'forum-42');
    const before = cli.exported('g1');
    const r = cli.json<{ ok: boolean; duplicate: boolean }>(
      'act',
      'g1',
      'alice',
      'move',
      '11',
      '11',
      '--id',
      'forum-42',
      '--json',
    );
    expect(r).toMatchObject({ ok: true, duplicate: true });
    expect(cli.exported('g1')).toBe(before);
    expect(cli.json<BoardView>('show', 'g1', '--json').announced).toEqual([
      { player: 'alice', to: [11, 11] },
    ]);
  });

  it('tick --id twice ends one nday, not two', () => {
    const cli = new Cli();
    newManualGrid(cli);
    cli.ok('tick', 'g1', '--id', 't1');
    cli.ok('tick', 'g1', '--id', 't1');
    expect(cli.json<BoardView>('show', 'g1', '--json').nday).toBe(2);
  });

  it('new --id twice: the retried creation is answered, not refused, and nothing is appended', () => {
    const cli = new Cli();
    const args = [
      'new',
      'grid-2002-01',
      '--game',
      'g1',
      '--dice',
      'manual',
      '--rolls',
      placementRolls(FAR_CORNER),
    ];
    cli.ok(...args, '--id', 'create-1');
    const before = cli.exported('g1');
    expect(cli.ok(...args, '--id', 'create-1')).toMatch(/already applied/);
    expect(cli.exported('g1')).toBe(before);
    // Without the id (or with another) it is a second creation, which is refused.
    expect(cli.bad(...args)).toMatch(/game-exists/);
    expect(cli.bad(...args, '--id', 'create-2')).toMatch(/game-exists/);
  });
});

describe('the database file', () => {
  it('is ./referee.db unless --db or REFEREE_DB says otherwise', () => {
    const cli = new Cli();
    const rolls = ['--dice', 'manual', '--rolls', placementRolls(FAR_CORNER)];
    expect(cli.bare(['new', 'grid-2002-01', '--game', 'a', ...rolls]).status).toBe(0);
    expect(cli.bare(['new', 'grid-2002-01', '--game', 'b', ...rolls], { REFEREE_DB: 'env.db' }).status).toBe(
      0,
    );
    expect(
      cli.bare(['--db', 'flag.db', 'new', 'grid-2002-01', '--game', 'c', ...rolls], { REFEREE_DB: 'env.db' })
        .status,
    ).toBe(0);
    const games = (db: string) => cli.bare(['--db', db, 'games']).stdout.split('\n')[0]?.split('\t')[0];
    expect(games('referee.db')).toBe('a');
    expect(games('env.db')).toBe('b');
    expect(games('flag.db')).toBe('c');
  });
});
