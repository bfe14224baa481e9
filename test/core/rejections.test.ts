// A rejected command is a value, not an exception, and it changes nothing: the state handed in comes back
// the same object, equal to what it was, and nothing is appended to the log.
import { describe, expect, it } from 'vitest';
import { ADMIN, GENESIS, player } from '../../src/core/index.js';
import type { Command } from '../../src/core/index.js';
import { deepFreeze, Session } from '../support/session.js';

/** A fair game: ann and bob joined, ann has bumped twice. Its state is frozen, so a mutation would throw. */
function game(): Session {
  const s = new Session();
  s.create({ ndays: 3 });
  s.join('ann', 'bob');
  s.ok(s.as('ann', 'bump', { by: 2 }));
  s.ok(s.as('ann', 'roll', { dice: '1d6' }));
  deepFreeze(s.state);
  return s;
}

const ann = player('ann');

describe('rejected commands change nothing', () => {
  it.each<[string, Command, string]>([
    ['an unknown command', { type: 'fly', by: ann, args: {} }, 'unknown-command'],
    ['an unknown command from the Administrator', { type: 'fly', by: ADMIN, args: {} }, 'unknown-command'],
    // Regression: the kernel's commands were looked up as KERNEL_COMMANDS[type], which found Object.prototype's
    // members, so these threw a TypeError out of decide instead of being rejected.
    ['a command named constructor', { type: 'constructor', by: ann, args: {} }, 'unknown-command'],
    ['a command named __proto__', { type: '__proto__', by: ADMIN, args: {} }, 'unknown-command'],
    ['a command named toString', { type: 'toString', by: ann, args: {} }, 'unknown-command'],
    ["a player giving the Administrator's tick", { type: 'tick', by: ann, args: {} }, 'not-allowed'],
    ['a player queuing dice', { type: 'dice', by: ann, args: { values: [1] } }, 'not-allowed'],
    [
      'a player moving points',
      { type: 'points', by: ann, args: { to: 'ann', amount: 5, reason: 'x' } },
      'not-allowed',
    ],
    ['a player ending the game', { type: 'end', by: ann, args: {} }, 'not-allowed'],
    ["the Administrator giving a player's bump", { type: 'bump', by: ADMIN, args: { by: 1 } }, 'not-allowed'],
    ['the Administrator joining', { type: 'join', by: ADMIN, args: {} }, 'not-allowed'],
    ['a player who has not joined', { type: 'bump', by: player('zed'), args: { by: 1 } }, 'unknown-player'],
    [
      'a player who has not joined rolling',
      { type: 'roll', by: player('zed'), args: { dice: '1d6' } },
      'unknown-player',
    ],
    ['a name no player can have', { type: 'join', by: player('9 lives'), args: {} }, 'bad-arguments'],
    ['joining twice', { type: 'join', by: ann, args: {} }, 'already-joined'],
    ['an argument of the wrong type', { type: 'bump', by: ann, args: { by: 'two' } }, 'bad-arguments'],
    ['an argument out of range', { type: 'bump', by: ann, args: { by: 0 } }, 'bad-arguments'],
    ['an argument that is not whole', { type: 'bump', by: ann, args: { by: 1.5 } }, 'bad-arguments'],
    ['an unknown argument', { type: 'bump', by: ann, args: { by: 1, twice: true } }, 'bad-arguments'],
    ['a missing argument', { type: 'roll', by: ann, args: {} }, 'bad-arguments'],
    [
      'arguments to a command that takes none',
      { type: 'join', by: player('cy'), args: { team: 'red' } },
      'bad-arguments',
    ],
    ['a tick with a bad flag', { type: 'tick', by: ADMIN, args: { nweek: 'yes' } }, 'bad-arguments'],
    [
      'points that are not whole',
      { type: 'points', by: ADMIN, args: { to: 'ann', amount: 0.5, reason: 'x' } },
      'bad-arguments',
    ],
    [
      'points without a reason',
      { type: 'points', by: ADMIN, args: { to: 'ann', amount: 5 } },
      'bad-arguments',
    ],
    [
      'points to a player who has not joined',
      { type: 'points', by: ADMIN, args: { to: 'zed', amount: 5, reason: 'x' } },
      'unknown-player',
    ],
    [
      'points from a player who has not joined',
      { type: 'points', by: ADMIN, args: { from: 'zed', to: 'ann', amount: 5, reason: 'x' } },
      'unknown-player',
    ],
    ['a bump larger than the rules allow', { type: 'bump', by: ann, args: { by: 4 } }, 'too-big'],
    ['dice nobody can read', { type: 'roll', by: ann, args: { dice: '2d' } }, 'bad-dice'],
    ['dice with a variable of no value', { type: 'roll', by: ann, args: { dice: '1d(3*N-6)' } }, 'bad-dice'],
    ['dice queued in a fair game', { type: 'dice', by: ADMIN, args: { values: [3] } }, 'not-allowed'],
    [
      'dice brought to a fair game',
      { type: 'roll', by: ann, args: { dice: '1d6' }, rolls: [3] },
      'not-allowed',
    ],
    [
      'enacting a rule the ruleset does not have',
      { type: 'enact', by: ADMIN, args: { module: 'gravity' } },
      'unknown-module',
    ],
    [
      'enacting a rule already in force',
      { type: 'enact', by: ADMIN, args: { module: 'bumping' } },
      'not-allowed',
    ],
    [
      'repealing a rule not in force',
      { type: 'repeal', by: ADMIN, args: { module: 'big-bumps' } },
      'unknown-module',
    ],
    [
      'amending into an unknown ruleset',
      { type: 'amend', by: ADMIN, args: { ruleset: 'chess' } },
      'unknown-ruleset',
    ],
    [
      'amending into a ruleset that is no amendment of this one',
      { type: 'amend', by: ADMIN, args: { ruleset: 'counter' } },
      'not-allowed',
    ],
    ['creating the game again', Session.createCommand(), 'game-exists'],
  ])('%s', (_what, command, code) => {
    const s = game();
    const error = s.fail(command);
    expect(error.code).toBe(code);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('rejects every command once the game is over, with game-over', () => {
    const s = game();
    s.ok(s.admin('end', { reason: 'time' }));
    deepFreeze(s.state);
    for (const command of [
      s.as('ann', 'bump', { by: 1 }),
      s.as('ann', 'roll', { dice: '1d6' }),
      s.as('cy', 'join'),
      s.admin('tick'),
      s.admin('points', { to: 'ann', amount: 1, reason: 'late' }),
      s.admin('end'),
      s.as('ann', 'fly'),
    ]) {
      expect(s.fail(command).code).toBe('game-over');
    }
  });

  it('rejects a command to a game that does not exist', () => {
    const s = new Session();
    const result = s.decide(s.as('ann', 'join'));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('unknown-game');
    expect(s.state).toBeUndefined();
    expect(s.entries).toEqual([]);
  });

  it.each<[string, Command, string]>([
    ['by a player', { ...Session.createCommand(), by: ann }, 'not-allowed'],
    ['of an unknown ruleset', Session.createCommand({ ruleset: 'chess' }), 'unknown-ruleset'],
    ['with a bad game id', Session.createCommand({ game: 'two words' }), 'bad-arguments'],
    [
      'with a bad dice source',
      { ...Session.createCommand(), args: { game: 'g', ruleset: 'counter', dice: 'loaded' } },
      'bad-arguments',
    ],
    [
      'with a configuration the rules refuse',
      Session.createCommand({ config: { target: 'high' } }),
      'bad-config',
    ],
    [
      'with unknown arguments',
      { ...Session.createCommand(), args: { game: 'g', ruleset: 'counter', colour: 'red' } },
      'bad-arguments',
    ],
  ])('rejects creating a game %s', (_what, command, code) => {
    const s = new Session();
    expect(s.fail(command).code).toBe(code);
    expect(s.head).toBe(GENESIS);
  });

  it('leaves the state handed in untouched when a command is accepted', () => {
    const s = game();
    const before = s.state;
    const copy = structuredClone(before);
    // Frozen: any write to the old state would throw here.
    s.ok(s.as('bob', 'bump', { by: 3 }));
    s.tick(true);
    expect(before).toEqual(copy);
    expect(s.state).not.toBe(before);
  });
});
