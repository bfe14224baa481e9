// Manual dice: the Administrator rolls real dice and queues the results; rules consume them in order.
import { describe, expect, it } from 'vitest';
import { PUBLIC, verifyLog } from '../../src/core/index.js';
import type { Roll } from '../../src/core/index.js';
import type { CounterState } from '../support/counter-ruleset.js';
import { ofType, Session } from '../support/session.js';

/** A manual game (no master secret at all) with ann and bob joined. */
function manualGame(ndays = 7): Session {
  const s = new Session(null);
  s.create({ dice: 'manual', ndays });
  s.join('ann', 'bob');
  return s;
}

const rollsOf = (s: Session, type: string): Roll[] => ofType(s.events, type).flatMap((e) => e.rolls ?? []);

describe('manual dice', () => {
  it('consume queued results in the order they were queued', () => {
    const s = manualGame();
    s.ok(s.admin('dice', { values: [3, 5, 2, 6] }));
    expect(s.game.dice.queue).toEqual([3, 5, 2, 6]);
    s.ok(s.as('ann', 'roll', { dice: '1d6' }));
    s.ok(s.as('bob', 'roll', { dice: '2d6+1' }));
    expect(rollsOf(s, 'rolled').map((r) => [r.draws, r.result])).toEqual([
      [[3], 3],
      [[5, 2], 8],
    ]);
    expect(s.game.dice.queue).toEqual([6]);
    expect(s.rules<CounterState>().rolled).toEqual([3, 8]);
    for (const r of rollsOf(s, 'rolled')) {
      expect(r.source).toBe('manual');
      expect(r.proof).toBeUndefined();
    }
  });

  it('share one queue between public and secret rolls', () => {
    const s = manualGame();
    s.ok(s.admin('dice', { values: [4, 1] }));
    s.ok(s.as('ann', 'hide'));
    s.ok(s.as('bob', 'roll', { dice: '1d2' }));
    expect(rollsOf(s, 'hidden-rolled').map((r) => [r.draws, r.secret])).toEqual([[[4], true]]);
    expect(rollsOf(s, 'rolled').map((r) => [r.draws, r.secret])).toEqual([[[1], false]]);
    expect(s.rules<CounterState>().hidden).toEqual([4]);
  });

  it('reject a roll with nothing queued as dice-needed, changing nothing', () => {
    const s = manualGame();
    const error = s.fail(s.as('ann', 'roll', { dice: '1d6' }));
    expect(error.code).toBe('dice-needed');
    // A player is told only that the Administrator's dice are missing: a roll's purpose and dice may name or
    // count hidden things (R10, issue 13).
    expect(error.message).toBe('this needs dice the Administrator has not queued yet (manual dice)');
  });

  it('reject a roll when the queue runs out part-way, leaving the queue as it was', () => {
    const s = manualGame();
    s.ok(s.admin('dice', { values: [2] }));
    expect(s.fail(s.as('ann', 'roll', { dice: '2d6' })).code).toBe('dice-needed');
    expect(s.game.dice.queue).toEqual([2]);
  });

  it('reject a queued result that does not fit the die as bad-dice, changing nothing', () => {
    const s = manualGame();
    s.ok(s.admin('dice', { values: [7] }));
    const error = s.fail(s.as('ann', 'roll', { dice: '1d6' }));
    expect(error.code).toBe('bad-dice');
    expect(error.message).toBe('a dice result the Administrator queued does not fit what this needs');
    expect(s.game.dice.queue).toEqual([7]);
    // A d8 takes it; clearing the queue is the other way out.
    s.ok(s.as('ann', 'roll', { dice: '1d8' }));
    expect(s.game.dice.queue).toEqual([]);
  });

  it('clear the queue with dice {clear}', () => {
    const s = manualGame();
    s.ok(s.admin('dice', { values: [9, 9] }));
    s.ok(s.admin('dice', { clear: true, values: [1] }));
    expect(s.game.dice.queue).toEqual([1]);
    s.ok(s.admin('dice', { clear: true }));
    expect(s.game.dice.queue).toEqual([]);
  });

  it('reject queued values that are not whole numbers from 1 as bad-arguments', () => {
    const s = manualGame();
    expect(s.fail(s.admin('dice', { values: [0] })).code).toBe('bad-arguments');
    expect(s.fail(s.admin('dice', { values: [1.5] })).code).toBe('bad-arguments');
  });

  it('queue the results a command brings with it, in an Administrator-only entry after the command', () => {
    const s = manualGame();
    const events = s.ok(s.as('ann', 'roll', { dice: '1d20' }, [17]));
    expect(events.map((e) => e.type)).toEqual(['command', 'dice-queued', 'rolled']);
    expect(events[0]).not.toHaveProperty('command.rolls');
    expect(events[1]).toMatchObject({ vis: 'admin', values: [17], withCommand: true });
    expect(events[2]?.rolls?.[0]?.draws).toEqual([17]);
    // The public never sees which results were supplied.
    const lines = s.kernel.logView(s.entries, PUBLIC, s.game);
    expect(lines.some((l) => l.type === 'dice-queued')).toBe(false);
  });

  it('reject results brought with a command that are not whole numbers from 1', () => {
    const s = manualGame();
    expect(s.fail(s.as('ann', 'roll', { dice: '1d6' }, [0])).code).toBe('bad-dice');
    expect(s.fail(s.as('ann', 'roll', { dice: '1d6' }, [2.5])).code).toBe('bad-dice');
  });

  it('need a die for the end-of-nweek drift, and take it from the tick', () => {
    const s = manualGame(2);
    s.tick();
    expect(s.fail(s.admin('tick')).code).toBe('dice-needed');
    s.tick(false, [4]);
    expect(s.game.clock).toMatchObject({ nweek: 2, nday: 1 });
    expect(s.rules<CounterState>().counter).toBe(4);
  });

  it('is not-allowed on a game with fair dice, queued or brought with a command', () => {
    const s = new Session();
    s.create({ dice: 'fair' });
    s.join('ann');
    expect(s.fail(s.admin('dice', { values: [1] })).code).toBe('not-allowed');
    expect(s.fail(s.admin('dice', { clear: true })).code).toBe('not-allowed');
    expect(s.fail(s.as('ann', 'roll', { dice: '1d6' }, [3])).code).toBe('not-allowed');
  });

  it('can be supplied at creation, which makes them available to setup', () => {
    const s = new Session(null);
    const events = s.create({ dice: 'manual', rolls: [2, 2] });
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['game-created', 'dice-queued']);
    expect(s.game.dice.queue).toEqual([2, 2]);
    s.join('ann');
    s.ok(s.as('ann', 'roll', { dice: '2d2' }));
    expect(verifyLog(s.kernel, s.entries, undefined).problems).toEqual([]);
  });

  it('make a log that verifies without any secret, counting the manual rolls', () => {
    const s = manualGame(2);
    s.ok(s.admin('dice', { values: [1, 2, 3] }));
    s.ok(s.as('ann', 'roll', { dice: '1d6' }));
    s.ok(s.as('bob', 'hide', {}));
    s.tick(true);
    s.ok(s.as('ann', 'roll', { dice: '3d4' }, [4, 4, 4]));
    const report = verifyLog(s.kernel, s.entries, undefined);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.manualRolls).toBe(4);
    expect(report.fairRolls).toBe(0);
    expect(s.kernel.replay(s.events)).toEqual(s.state);
  });
});
