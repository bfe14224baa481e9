// Rules as modules: triggers run to quiescence after every event; later modules take precedence, which rules
// enacted and repealed mid-game change; an amendment carries the game's state into a later text of the rules.
import { describe, expect, it } from 'vitest';
import { BANK, verifyLog } from '../../src/core/index.js';
import type { CounterState, CounterV2State } from '../support/counter-ruleset.js';
import {
  BASE_MAX_BUMP,
  BIG_MAX_BUMP,
  MILESTONE_POINTS,
  STRICT_MAX_BUMP,
} from '../support/counter-ruleset.js';
import { ofType, Session } from '../support/session.js';

function game(config?: { target: number }): Session {
  const s = new Session();
  s.create({ ndays: 2, ...(config ? { config } : {}) });
  s.join('ann', 'bob');
  return s;
}

/** Replaying the log gives the live state, and the log verifies. */
function expectConsistent(s: Session): void {
  expect(s.kernel.replay(s.events)).toEqual(s.state);
  expect(verifyLog(s.kernel, s.entries, s.master).problems).toEqual([]);
}

/** The largest bump the rules in force accept, found by trying. */
function maxBump(s: Session): number {
  let max = 0;
  for (const by of [1, 2, 3, 4, 20, 50, 51]) if (s.decide(s.as('ann', 'bump', { by })).ok) max = by;
  return max;
}

describe('triggers', () => {
  it('pay the last bumper 5 points from The Bank in the same command that reaches 10', () => {
    const s = game();
    for (let i = 0; i < 3; i++) s.ok(s.as('ann', 'bump', { by: 3 }));
    expect(s.game.balances).toEqual({});
    const events = s.ok(s.as('bob', 'bump', { by: 1 }));
    expect(events.map((e) => e.type)).toEqual(['command', 'bumped', 'milestone', 'points']);
    expect(events[3]).toMatchObject({ from: BANK, to: 'bob', amount: MILESTONE_POINTS });
    expect(s.game.balances).toEqual({ [BANK]: -5, bob: 5 });
    expect(s.rules<CounterState>().milestones).toBe(1);
    // The condition is now false: the next bump fires nothing.
    expect(s.ok(s.as('ann', 'bump', { by: 1 })).map((e) => e.type)).toEqual(['command', 'bumped']);
  });

  it('run again and again until nothing fires: one bump past three multiples pays three times', () => {
    const s = game();
    s.ok(s.admin('enact', { module: 'big-bumps' }));
    const events = s.ok(s.as('ann', 'bump', { by: 35 }));
    expect(ofType(events, 'milestone').map((e) => e.at)).toEqual([10, 20, 30]);
    expect(ofType(events, 'points')).toHaveLength(3);
    expect(s.game.balances.ann).toBe(15);
    expect(s.rules<CounterState>()).toMatchObject({ counter: 35, milestones: 3 });
    expectConsistent(s);
  });

  it('chain: the payments set off the winning trigger, which ends the game within the same command', () => {
    const s = game({ target: 15 });
    s.ok(s.admin('enact', { module: 'big-bumps' }));
    const events = s.ok(s.as('ann', 'bump', { by: 30 }));
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'milestone')).toHaveLength(3);
    // The game ends right after the third payment, and no sooner.
    expect(types.indexOf('game-ended')).toBe(types.lastIndexOf('points') + 1);
    expect(s.game.ended).toEqual({ winners: ['ann'], reason: 'ann reached 15 points' });
    expectConsistent(s);
  });

  it('fire after events that hooks emit, not only after commands', () => {
    const s = game();
    for (let i = 0; i < 3; i++) s.ok(s.as('bob', 'bump', { by: 3 }));
    // 9 plus a drift of at least 1 reaches 10 at the end of the nweek; bob bumped last.
    const events = s.tick(true);
    const types = events.map((e) => e.type);
    expect(types.indexOf('milestone')).toBe(types.indexOf('drifted') + 1);
    expect(s.game.balances.bob).toBe(5);
  });

  it('pay nobody for a milestone reached before anyone bumped', () => {
    const s = new Session();
    s.create({ ndays: 1 });
    for (let i = 0; i < 10 && s.rules<CounterState>().milestones === 0; i++) s.tick();
    expect(s.rules<CounterState>().milestones).toBe(1);
    expect(ofType(s.events, 'milestone')[0]?.player).toBeNull();
    expect(ofType(s.events, 'points')).toEqual([]);
  });
});

describe('precedence', () => {
  it('lets the base module answer max-bump while nothing overrides it', () => {
    const s = game();
    expect(maxBump(s)).toBe(BASE_MAX_BUMP);
  });

  it('lets a module enacted mid-game override the answer, and repealing it restores the old one', () => {
    const s = game();
    const enacted = s.ok(s.admin('enact', { module: 'big-bumps' }));
    expect(enacted[1]).toEqual({ type: 'module-enacted', vis: 'public', module: 'big-bumps' });
    expect(s.game.modules.at(-1)).toBe('big-bumps');
    expect(maxBump(s)).toBe(BIG_MAX_BUMP);
    s.ok(s.admin('repeal', { module: 'big-bumps' }));
    expect(s.game.modules).not.toContain('big-bumps');
    expect(maxBump(s)).toBe(BASE_MAX_BUMP);
  });

  it('lets the later of two contradicting modules win, whichever order they are enacted in', () => {
    const a = game();
    a.ok(a.admin('enact', { module: 'big-bumps' }));
    a.ok(a.admin('enact', { module: 'strict-bumps' }));
    expect(maxBump(a)).toBe(STRICT_MAX_BUMP);
    a.ok(a.admin('repeal', { module: 'strict-bumps' }));
    expect(maxBump(a)).toBe(BIG_MAX_BUMP);

    const b = game();
    b.ok(b.admin('enact', { module: 'strict-bumps' }));
    b.ok(b.admin('enact', { module: 'big-bumps' }));
    expect(maxBump(b)).toBe(BIG_MAX_BUMP);
  });

  it('passes the question down when the highest module answers with silence', () => {
    const s = game();
    s.ok(s.admin('enact', { module: 'big-bumps' }));
    s.ok(s.admin('enact', { module: 'chimes' }));
    expect(s.game.modules.slice(-2)).toEqual(['big-bumps', 'chimes']);
    expect(maxBump(s)).toBe(BIG_MAX_BUMP);
  });

  it('lets a base module be repealed, taking its command and its hook with it', () => {
    const s = game();
    s.ok(s.admin('repeal', { module: 'rolling' }));
    expect(s.fail(s.as('ann', 'roll', { dice: '1d6' })).code).toBe('unknown-command');
    s.ok(s.admin('repeal', { module: 'drifting' }));
    expect(ofType(s.tick(true), 'drifted')).toEqual([]);
    s.ok(s.admin('enact', { module: 'rolling' }));
    s.ok(s.as('ann', 'roll', { dice: '1d6' }));
    expectConsistent(s);
  });
});

describe('amendment', () => {
  /** A game with some history: bumps, a payment, a hidden roll, an enacted rule. */
  function played(): Session {
    const s = game();
    s.ok(s.admin('enact', { module: 'big-bumps' }));
    s.ok(s.as('ann', 'bump', { by: 12 }));
    s.ok(s.as('bob', 'hide'));
    s.ok(s.as('ann', 'roll', { dice: '2d20' }));
    return s;
  }

  it('carries the state over through migrateFrom and switches to the new modules', () => {
    const s = played();
    const before = s.rules<CounterState>();
    const balances = s.game.balances;
    const events = s.ok(s.admin('amend', { ruleset: 'counter-v2' }));
    expect(events.map((e) => e.type)).toEqual(['command', 'ruleset-amended', 'welcomed']);
    expect(events[1]).toMatchObject({
      from: 'counter',
      to: 'counter-v2',
      repeals: ['Rolling', 'Hidden rolls', 'Drift'],
    });
    expect(s.game.ruleset).toBe('counter-v2');
    expect(s.game.modules).toEqual(['bumping-v2', 'milestones', 'winning']);
    expect(s.rules<CounterV2State>()).toEqual({ ...before, amendedFrom: 'counter' });
    expect(s.game.balances).toBe(balances);
    expect(s.game.players).toEqual(['ann', 'bob']);
  });

  it('plays by the new rules afterwards: bumps count twice, repealed commands are gone', () => {
    const s = played();
    s.ok(s.admin('amend', { ruleset: 'counter-v2' }));
    s.ok(s.as('bob', 'bump', { by: 3 }));
    expect(s.rules<CounterV2State>().counter).toBe(18);
    // 12 + 6 did not reach 20; the next bump of 1 (counting 2) does, and pays bob.
    s.ok(s.as('bob', 'bump', { by: 1 }));
    expect(s.rules<CounterV2State>()).toMatchObject({ counter: 20, milestones: 2 });
    expect(s.game.balances.bob).toBe(5);
    expect(s.fail(s.as('ann', 'roll', { dice: '1d6' })).code).toBe('unknown-command');
    expect(s.fail(s.as('ann', 'bump', { by: 4 })).code).toBe('too-big');
    expect(s.fail(s.admin('enact', { module: 'big-bumps' })).code).toBe('unknown-module');
    // No drift rule any more: an nweek passes without a roll.
    expect(ofType(s.tick(true), 'drifted')).toEqual([]);
    expectConsistent(s);
  });

  it('is rejected into a ruleset that has no migration from the current one', () => {
    const s = played();
    expect(s.fail(s.admin('amend', { ruleset: 'counter' })).code).toBe('not-allowed');
    s.ok(s.admin('amend', { ruleset: 'counter-v2' }));
    expect(s.fail(s.admin('amend', { ruleset: 'counter' })).code).toBe('not-allowed');
    expect(s.fail(s.admin('amend', { ruleset: 'counter-v2' })).code).toBe('not-allowed');
    expect(s.fail(s.admin('amend', { ruleset: 'counter-v3' })).code).toBe('unknown-ruleset');
  });
});
