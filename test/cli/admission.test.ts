// Issue 16 on the command line, the joining part: "Player names are compared case-insensitively" (K13) and
// "approval of joins (and removal of a player) as a per-game setting for every ruleset" (K14, K15): `new
// --joins`, `join` as a request, `approve-join`, `refuse-join`, `remove-player`, `joins`, and every verb that
// names a player finding em whatever the case. The built program, as a user runs it.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';

afterAll(removeTempDirs);

describe('issue 16: one player whatever the case (K13)', () => {
  it('issue 16 "joining as Alice when alice plays is refused as already taken": exit 2, nothing written', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'g1');
    cli.ok('join', 'g1', 'alice');
    const before = cli.exported('g1');
    expect(cli.bad('join', 'g1', 'Alice')).toBe(
      'referee: already-joined: the name is taken: alice has already joined (names are the same whatever their case)',
    );
    expect(cli.exported('g1')).toBe(before);
  }, 60_000);

  it('K13: act, show --as, log --as, token and points find alice as ALICE; every line says "alice"', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'g1');
    cli.ok('join', 'g1', 'alice');
    expect(cli.ok('act', 'g1', 'ALICE', 'enter', '3', '3')).toContain('alice enters the Grid');
    const shown = cli.json<{ players: { name: string }[] }>('show', 'g1', '--as', 'Alice', '--json');
    expect(shown.players.map((p) => p.name)).toEqual(['alice']);
    expect(cli.ok('log', 'g1', '--as', 'ALICE')).toMatch(/alice: enter x=3 y=3/);
    expect(cli.ok('token', 'g1', 'ALICE')).toMatch(/^alice's new token for g1/);
    expect(cli.ok('points', 'g1', 'Alice', '5', 'a prize')).toContain(
      '5 points from The Bank to alice: a prize.',
    );
    // Someone the game does not know is still bad input.
    expect(cli.bad('show', 'g1', '--as', 'zed')).toBe(
      'referee: unknown-player: zed is not a player of g1 (its players: alice)',
    );
  }, 60_000);
});

describe('issue 16: approval of joins and removal (K14, K15)', () => {
  it('K14: new --joins approval; join asks; show tells the Administrator who waits; approve-join admits', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'g1', '--joins', 'approval');
    const asked = cli.ok('join', 'g1', 'Bob');
    expect(asked).toBe('Bob asks to join the game; the Administrator approves or refuses.\n');
    expect(cli.tokens.get('Bob')).toMatch(/^nr_/);
    expect(cli.ok('show', 'g1', '--admin')).toContain(
      "Joins need the Administrator's approval (approve-join, refuse-join).\nAsking to join: Bob.",
    );
    expect(cli.bad('act', 'g1', 'bob', 'enter', '3', '3')).toBe(
      "referee: unknown-player: Bob's request to join waits for the Administrator's approval",
    );
    expect(cli.ok('approve-join', 'g1', 'BOB')).toContain(
      "The Administrator approves Bob's request to join.\nBob joins the game.\nBob is in Limbo.\n",
    );
    expect(cli.ok('act', 'g1', 'bob', 'enter', '3', '3')).toContain('Bob enters the Grid');
    expect(cli.bad('approve-join', 'g1', 'bob')).toBe(
      'referee: no-request: Bob has already joined: there is no request to answer',
    );
  }, 60_000);

  it('K14: refuse-join with a reason; joins open again; the setting is logged for all', () => {
    const cli = new Cli();
    cli.ok('new', 'life', '--game', 'g1');
    expect(cli.ok('joins', 'g1', 'approval')).toBe(
      "From now on, joining the game needs the Administrator's approval.\n",
    );
    cli.ok('join', 'g1', 'carol');
    expect(cli.ok('refuse-join', 'g1', 'carol', 'not in the Main Game')).toBe(
      "The Administrator refuses carol's request to join: not in the Main Game.\n",
    );
    expect(cli.ok('joins', 'g1', 'open')).toBe('From now on, anyone may join the game.\n');
    expect(cli.ok('join', 'g1', 'carol')).toBe('carol joins the game.\n');
    expect(cli.bad('joins', 'g1', 'sometimes')).toMatch(/joins/);
    expect(cli.bad('new', 'life', '--game', 'g2', '--joins', 'sometimes')).toBe(
      'referee: --joins is open or approval',
    );
  }, 60_000);

  it('K15: remove-player with a reason, --dry-run first; the removed can read, not act, not join again', () => {
    const cli = new Cli();
    cli.ok('new', 'grid-2002-06', '--game', 'g1');
    cli.ok('join', 'g1', 'dan');
    cli.ok('act', 'g1', 'dan', 'enter', '4', '4');
    const before = cli.exported('g1');
    expect(cli.ok('remove-player', 'g1', 'Dan', 'left the Main Game', '--dry-run')).toContain(
      'The Administrator removes dan from the game: left the Main Game.',
    );
    expect(cli.exported('g1')).toBe(before);
    expect(cli.bad('remove-player', 'g1', 'dan')).toMatch(/REASON missing|reason/);
    const removed = cli.ok('remove-player', 'g1', 'Dan', 'left the Main Game');
    expect(removed).toContain('The Administrator removes dan from the game: left the Main Game.');
    expect(removed).toContain('dan is removed from the game');
    expect(cli.ok('show', 'g1')).toContain('Removed by the Administrator: dan.');
    expect(cli.ok('log', 'g1', '--as', 'DAN')).toContain('dan: enter x=4 y=4');
    expect(cli.bad('act', 'g1', 'dan', 'move', '5', '5')).toBe(
      'referee: unknown-player: dan was removed from this game by the Administrator',
    );
    expect(cli.bad('join', 'g1', 'DAN')).toBe(
      'referee: removed: dan was removed from this game by the Administrator and cannot join it again',
    );
    expect(cli.ok('verify', 'g1')).toMatch(/verifies/);
  }, 60_000);
});
