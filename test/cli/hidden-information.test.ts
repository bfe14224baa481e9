// HIDDEN STAYS HIDDEN. "The Administrator shall never reveal the current locations of the Shiny Things and
// Scary Dark Things to any Player" (seeds/001), and issue 2: "No public or other player's output (show, log,
// report, export for a player) contains a hidden location."
//
// 1. Non-interference: two games identical in every public command but with the Things in different places
//    (none ever found) must give byte-identical output to everyone but the Administrator. Whatever a player
//    can read is then provably independent of where the Things are. The Administrator's outputs must differ,
//    so the test is able to fail.
// 2. With fair dice over several nweeks, no output but the Administrator's names a hidden event, the "things"
//    field, or any unit a Thing has occupied or been rolled for (unless a player stood on or announced it).
import { afterAll, describe, expect, it } from 'vitest';
import {
  Cli,
  FAR_CORNER,
  newManualGrid,
  playScript,
  removeTempDirs,
  SCRIPT_PLAYERS,
} from '../support/cli.js';
import type { BoardView, Run } from '../support/cli.js';

afterAll(removeTempDirs);

const PLAYERS = SCRIPT_PLAYERS.map(([p]) => p);

/** Ten units in the bottom right corner: the other game's Things, as far from the first's as can be. */
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

/** Everyone but the Administrator: the public, each player, and someone who never joined. */
const VIEWERS: [string, string[]][] = [
  ['public', []],
  ...PLAYERS.map((p): [string, string[]] => [p, ['--as', p]]),
  ['zed (not a player)', ['--as', 'zed']],
];

/** Every output of `game` meant for someone other than the Administrator, by a name saying what it is. */
function nonAdminOutputs(cli: Cli, game: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [who, flags] of VIEWERS) {
    // Someone who never joined is refused (issue 16: exit 2, naming the game's players, which are public): the
    // refusal is an output too, and must not differ either.
    const look = who.startsWith('zed')
      ? (...args: string[]) => {
          const r = cli.run(...args);
          expect(r.status).toBe(2);
          return `${r.stdout}${r.stderr}`;
        }
      : (...args: string[]) => cli.ok(...args);
    out.set(`show (${who})`, look('show', game, ...flags));
    out.set(`show --json (${who})`, look('show', game, '--json', ...flags));
    out.set(`log (${who})`, look('log', game, ...flags));
    out.set(`log --json (${who})`, look('log', game, '--json', ...flags));
  }
  const nweek = cli.json<BoardView>('show', game, '--json').nweek;
  out.set('report', cli.ok('report', game));
  for (let w = 1; w <= nweek; w++)
    out.set(`report --nweek ${w}`, cli.ok('report', game, '--nweek', String(w)));
  out.set('export --public', cli.ok('export', game, '--public'));
  for (const p of PLAYERS) out.set(`export --as ${p}`, cli.ok('export', game, '--as', p));
  return out;
}

/** Everything only the Administrator may see. */
function adminOutputs(cli: Cli, game: string): Map<string, string> {
  return new Map([
    ['show --admin', cli.ok('show', game, '--admin')],
    ['show --admin --json', cli.ok('show', game, '--admin', '--json')],
    ['log --admin', cli.ok('log', game, '--admin')],
    ['log --admin --json', cli.ok('log', game, '--admin', '--json')],
    ['export', cli.exported(game)],
  ]);
}

/** What a command printed, as its caller saw it. */
const shown = (r: Run) => ({ status: r.status, stdout: r.stdout, stderr: r.stderr });

describe('HIDDEN STAYS HIDDEN', () => {
  it('non-interference: the same public commands with the Things elsewhere give byte-identical output to everyone but the Administrator', () => {
    const games = [FAR_CORNER, OTHER_CORNER].map((things) => {
      // Created at one instant (REFEREE_NOW): the games differ in hidden facts only, not in when they began (K16).
      const cli = new Cli(undefined, undefined, { now: '2026-11-24T12:00:00Z' });
      const created = newManualGrid(cli, 'g1', things);
      const runs = playScript(cli, 'g1').map(shown);
      return { cli, created, runs, outputs: nonAdminOutputs(cli, 'g1'), admin: adminOutputs(cli, 'g1') };
    });
    const [a, b] = games as [(typeof games)[0], (typeof games)[0]];

    // Nobody ever stood on a Thing in either game, so the two really are the same game to the players.
    for (const g of games) {
      const board = g.cli.json<BoardView>('show', 'g1', '--admin', '--json');
      expect(board.players.map((p) => p.points)).toEqual(PLAYERS.map(() => 0));
      expect(g.admin.get('log --admin --json')).not.toContain('thing-found');
      expect(board.nweek).toBe(4);
    }
    // The script did what it says: some commands were refused, most accepted - the same in both.
    expect(a.runs.filter((r) => r.status === 2)).toHaveLength(2);
    expect(a.runs.filter((r) => r.status === 0).length).toBeGreaterThan(20);

    expect(b.created).toBe(a.created);
    expect(b.runs).toEqual(a.runs);
    expect([...b.outputs.keys()]).toEqual([...a.outputs.keys()]);
    expect(a.outputs.size).toBeGreaterThanOrEqual(30);
    for (const [name, text] of a.outputs) {
      expect(text.length, name).toBeGreaterThan(0);
      expect(b.outputs.get(name), `${name} differs between the two games`).toBe(text);
    }

    // The Administrator does see the difference: this test could fail.
    for (const [name, text] of a.admin) expect(b.admin.get(name), `${name} should differ`).not.toBe(text);
    expect(a.admin.get('show --admin')).toContain('Shiny Thing 1 at (1,20)');
    expect(b.admin.get('show --admin')).toContain('Shiny Thing 1 at (20,1)');
  });

  it('fair dice, several nweeks: no output but the Administrator names a hidden event, "things", or a unit a Thing was ever at', () => {
    const cli = new Cli();
    const runs: Run[] = [cli.run('new', 'grid-2002-01', '--game', 'g1', '--dice', 'fair')];
    const publicUnits = new Set<string>();
    runs.push(...playScript(cli, 'g1', publicUnits));
    // One more nweek: everyone still on the Grid steps one unit up.
    const board = cli.json<BoardView>('show', 'g1', '--json');
    for (const p of board.players) {
      if (!p.location) continue;
      const [x, y] = p.location;
      runs.push(cli.run('act', 'g1', p.name, 'move', String(x), String(y + 1)));
      publicUnits.add(`${x},${y + 1}`);
    }
    runs.push(cli.run('tick', 'g1', '--nweek'));
    expect(cli.ok('verify', 'g1')).toMatch(/^g1 verifies/);

    // Every unit any Thing has been at, and every unit rolled for one (a rejected teleport attempt too).
    const secret = new Set<string>();
    for (const line of cli.exported('g1').trimEnd().split('\n').slice(1)) {
      const { event } = JSON.parse(line) as {
        event: { type: string; at?: number[]; from?: number[]; to?: number[]; rolls?: { draws: number[] }[] };
      };
      if (event.type !== 'thing-placed' && event.type !== 'thing-teleported') continue;
      for (const unit of [event.at, event.from, event.to, ...(event.rolls ?? []).map((r) => r.draws)])
        if (unit) secret.add(`${unit[0]},${unit[1]}`);
    }
    const things = cli.json<BoardView>('show', 'g1', '--admin', '--json').things ?? [];
    expect(things).toHaveLength(10);
    for (const t of things) secret.add(`${t.location[0]},${t.location[1]}`);
    // A unit a player stood on or announced is public anyway; every other Thing unit must never appear.
    const hidden = [...secret].filter((u) => !publicUnits.has(u));
    expect(hidden.length).toBeGreaterThanOrEqual(5);

    const outputs = nonAdminOutputs(cli, 'g1');
    runs.forEach((r, i) => {
      outputs.set(`command ${i + 1} stdout`, r.stdout);
      outputs.set(`command ${i + 1} stderr`, r.stderr);
    });
    for (const [name, text] of outputs) {
      for (const word of [
        'thing-placed',
        'thing-teleported',
        '"things"',
        'Administrator only',
        'diceQueue',
        '"master"',
      ])
        expect(text, `${name} contains ${word}`).not.toContain(word);
      for (const unit of hidden) {
        const [x, y] = unit.split(',');
        expect(text, `${name} reveals (${unit})`).not.toContain(`(${x},${y})`);
        expect(text, `${name} reveals [${unit}]`).not.toMatch(new RegExp(`\\[\\s*${x},\\s*${y}\\s*\\]`));
      }
      if (name.startsWith('show (')) expect(text, `${name} marks a Thing`).not.toMatch(/[*#]/);
    }
    // The secret stream's seed is committed in public but not revealed while the game goes on.
    const publicLog = outputs.get('log --json (public)') ?? '';
    expect(publicLog).toMatch(/"stream": "secret"/);
    expect(publicLog).not.toMatch(/"type": "seed-revealed",\s*"vis": "public",\s*"stream": "secret"/);

    // The Administrator's view does name them, so the scan above was looking for the right thing.
    const adminText = cli.ok('show', 'g1', '--admin');
    for (const t of things)
      expect(adminText).toContain(`Thing ${t.n} at (${t.location[0]},${t.location[1]})`);
  });
});
