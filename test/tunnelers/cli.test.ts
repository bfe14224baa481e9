// The built `referee` program plays Tunnelers: new, join, admin start, act (move, play, attack, defend, discard,
// orders, end-turn), show as each viewer, log, report and verify. Needs `npm run build`.
import { afterAll, describe, expect, it } from 'vitest';
import { Cli, removeTempDirs } from '../support/cli.js';
import { deckDraws, keep, sq } from '../support/harness/tunnelers.js';

afterAll(removeTempDirs);

const SQUARE = /\b[a-h][1-8]\b/g;

/** T-22, T-25, 5: a player asks to join the society, the Moderator approves, e has four points and pays to play. */
function member(cli: Cli, game: string, name: string): void {
  expect(cli.ok('join', game, name)).toContain(`${name} asks to join the Underground Society.`);
  expect(cli.ok('admin', game, 'approve', name)).toContain(`${name} is a member of the Underground Society`);
  cli.ok('points', game, name, '4', `${name}'s points in the Main Game`);
  expect(cli.ok('act', game, name, 'pay-to-play')).toContain(`${name} joins the game of Tunnelers`);
}

describe('Tunnelers from the command line', () => {
  it('4 a whole exchange: private turns, a question answered, secret combat, and nothing of it in public output', () => {
    const cli = new Cli();
    cli.ok('new', 'tunnelers', '--game', 't1', '--dice', 'manual');
    for (const p of ['alice', 'bob']) member(cli, 't1', p);
    // The list stays alice, bob; alice holds O T Q S X and bob Q Q S S X; alice at c3, bob at c6.
    const rolls = [...keep(2), ...deckDraws('OTQSX QQSSX'), sq('c3'), sq('c6')];
    cli.ok('admin', 't1', 'start', '--rolls', rolls.join(','));
    expect(cli.ok('act', 't1', 'alice', 'end-turn')).toContain("It is bob's turn.");
    const moved = cli.ok('act', 't1', 'bob', 'move', 'c5');
    expect(moved).toContain("bob's mole moves from c6 to c5 (digging through rock, 2 movement points).");
    cli.ok('act', 't1', 'bob', 'end-turn');
    const asked = cli.ok('act', 't1', 'alice', 'move', 'c4', 'c5');
    expect(asked).toContain('senses a mole next to it at c5');
    expect(cli.ok('show', 't1', '--as', 'alice')).toContain('The Moderator asks: Your mole enters c4');
    // The attack: alice's cards are hers alone until bob's card is in.
    const attack = cli.ok('act', 't1', 'alice', 'attack', 'c5', 'T', 'O');
    expect(attack).toContain("alice's mole at c4 attacks the mole at c5 with T O");
    const bobView = cli.ok('show', 't1', '--as', 'bob');
    expect(bobView).toContain('A mole at c4 attacks your mole at c5!');
    expect(cli.ok('log', 't1', '--as', 'bob')).not.toContain('with T O');
    expect(cli.bad('act', 't1', 'alice', 'end-turn')).toContain('waiting');
    const defended = cli.ok('act', 't1', 'bob', 'defend', 'X');
    expect(defended).toContain('bob defends with X');
    expect(defended).toContain('the attack fails');
    expect(cli.ok('act', 't1', 'alice', 'discard', 'S')).toContain('alice discards S.');
    cli.ok('act', 't1', 'alice', 'orders', 'give', 'discard S;', 'play', 'XO', 'e5');
    cli.ok('act', 't1', 'alice', 'end-turn');
    expect(cli.bad('act', 't1', 'bob', 'play', 'OO', 'sideways')).toContain('neither an option');

    const publicOut = [
      cli.ok('show', 't1'),
      cli.ok('show', 't1', '--json'),
      cli.ok('log', 't1'),
      cli.ok('log', 't1', '--json'),
      cli.ok('report', 't1'),
      cli.ok('export', 't1', '--public'),
    ].join('\n');
    expect(publicOut).toContain('Sounds of fighting can be heard.');
    expect(publicOut.match(SQUARE) ?? []).toEqual([]);
    expect(cli.ok('show', 't1', '--admin')).toContain('A alice at c4');
    expect(cli.ok('verify', 't1')).toContain('t1 verifies');
  });

  it("5-7 the Moderator leaves: the game ends and the society's points are shared", () => {
    const cli = new Cli();
    cli.ok('new', 'tunnelers', '--game', 't2', '--config', cli.write('c.json', '{"deadline": 2}'));
    for (const p of ['ann', 'ben', 'cat']) member(cli, 't2', p);
    cli.ok('admin', 't2', 'start');
    const out = cli.ok('admin', 't2', 'moderator-leaves');
    expect(out).toContain('The Moderator leaves the Underground Society');
    expect(out).toContain('4 points from The Underground Society to ann');
    const view = cli.json<{ ended: { reason: string }; society: number; deadline: number }>(
      'show',
      't2',
      '--json',
    );
    expect(view.ended.reason).toBe('the Moderator left the society');
    expect(view.society).toBe(0);
    expect(view.deadline).toBe(2);
    expect(cli.ok('verify', 't2')).toContain('t2 verifies');
  });
});
