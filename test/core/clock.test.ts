// The clock: time moves only by the Administrator's tick; ndays make nweeks; rules hook onto the phases.
import { describe, expect, it } from 'vitest';
import { verifyLog } from '../../src/core/index.js';
import type { GameEvent } from '../../src/core/index.js';
import type { CounterState } from '../support/counter-ruleset.js';
import { ofType, Session, str } from '../support/session.js';

const clockTypes = new Set(['nday-ended', 'nweek-ended', 'nweek-started', 'nday-started']);
const clockOf = (events: readonly GameEvent[]) =>
  events.filter((e) => clockTypes.has(e.type)).map((e) => [e.type, e.nweek, e.nday ?? null]);

function game(ndays: number): Session {
  const s = new Session();
  s.create({ ndays });
  s.join('ann');
  return s;
}

describe('the clock', () => {
  it('starts a new game at nday 1 of nweek 1, with 7 ndays to the nweek unless told', () => {
    const s = new Session();
    const events = s.create();
    expect(s.game.clock).toEqual({ nweek: 1, nday: 1, ndays: 7 });
    expect(clockOf(events)).toEqual([
      ['nweek-started', 1, null],
      ['nday-started', 1, 1],
    ]);
  });

  it('ends one nday with each tick, and the nweek after its last nday', () => {
    const s = game(3);
    expect(clockOf(s.tick())).toEqual([
      ['nday-ended', 1, 1],
      ['nday-started', 1, 2],
    ]);
    expect(s.game.clock).toEqual({ nweek: 1, nday: 2, ndays: 3 });
    s.tick();
    expect(s.game.clock).toMatchObject({ nweek: 1, nday: 3 });
    expect(clockOf(s.tick())).toEqual([
      ['nday-ended', 1, 3],
      ['nweek-ended', 1, null],
      ['nweek-started', 2, null],
      ['nday-started', 2, 1],
    ]);
    expect(s.game.clock).toEqual({ nweek: 2, nday: 1, ndays: 3 });
  });

  it('runs tick {nweek} through every nday left to the start of the next nweek', () => {
    const s = game(4);
    s.tick();
    expect(clockOf(s.tick(true))).toEqual([
      ['nday-ended', 1, 2],
      ['nday-started', 1, 3],
      ['nday-ended', 1, 3],
      ['nday-started', 1, 4],
      ['nday-ended', 1, 4],
      ['nweek-ended', 1, null],
      ['nweek-started', 2, null],
      ['nday-started', 2, 1],
    ]);
    expect(s.game.clock).toMatchObject({ nweek: 2, nday: 1 });
    s.tick(true);
    expect(s.game.clock).toMatchObject({ nweek: 3, nday: 1 });
  });

  it('makes every tick end an nweek when an nweek has one nday', () => {
    const s = game(1);
    for (let i = 0; i < 5; i++) s.tick();
    expect(s.game.clock).toEqual({ nweek: 6, nday: 1, ndays: 1 });
    expect(ofType(s.events, 'drifted')).toHaveLength(5);
  });

  it('stamps each log entry with the game time after its event', () => {
    const s = game(2);
    s.tick(true);
    const stamps = s.entries
      .filter((e) => clockTypes.has(e.event.type))
      .map((e) => [e.event.type, e.at.nweek, e.at.nday]);
    expect(stamps.slice(-6)).toEqual([
      ['nday-ended', 1, 1],
      ['nday-started', 1, 2],
      ['nday-ended', 1, 2],
      ['nweek-ended', 1, 2],
      ['nweek-started', 2, 1],
      ['nday-started', 2, 1],
    ]);
    const [drift] = s.entries.filter((e) => e.event.type === 'drifted');
    expect(drift?.at).toEqual({ nweek: 1, nday: 2 });
  });

  it('does not move for anything but a tick', () => {
    const s = game(2);
    s.ok(s.as('ann', 'bump', { by: 2 }));
    s.ok(s.as('ann', 'roll', { dice: '1d6' }));
    s.ok(s.admin('points', { to: 'ann', amount: 3, reason: 'test' }));
    expect(s.game.clock).toEqual({ nweek: 1, nday: 1, ndays: 2 });
  });

  it('fires the hooks in the order ndayEnd, nweekEnd, nweekStart, ndayStart', () => {
    const s = game(2);
    s.ok(s.admin('enact', { module: 'chimes' }));
    const chimes = (events: readonly GameEvent[]) =>
      ofType(events, 'chimed').map((e) => [e.phase, e.nweek, e.nday]);
    expect(chimes(s.tick())).toEqual([
      ['ndayEnd', 1, 1],
      ['ndayStart', 1, 2],
    ]);
    const events = s.tick();
    expect(chimes(events)).toEqual([
      ['ndayEnd', 1, 2],
      ['nweekEnd', 1, 2],
      ['nweekStart', 2, 1],
      ['ndayStart', 2, 1],
    ]);
    // Each hook runs after the clock event of its phase, and before the next one.
    const order = events
      .filter((e) => e.type === 'chimed' || clockTypes.has(e.type))
      .map((e) => (e.type === 'chimed' ? `chime ${str(e.phase)}` : e.type));
    expect(order).toEqual([
      'nday-ended',
      'chime ndayEnd',
      'nweek-ended',
      'chime nweekEnd',
      'nweek-started',
      'chime nweekStart',
      'nday-started',
      'chime ndayStart',
    ]);
  });

  it('runs hooks of one phase in module order: a base module before a module enacted later', () => {
    const s = game(1);
    s.ok(s.admin('enact', { module: 'chimes' }));
    const types = s.tick().map((e) => (e.type === 'chimed' ? `chimed ${str(e.phase)}` : e.type));
    expect(types.indexOf('drifted')).toBeLessThan(types.indexOf('chimed nweekEnd'));
    expect(types.indexOf('nweek-ended')).toBeLessThan(types.indexOf('drifted'));
  });

  it('runs the nweekEnd hook once for each nweek passed, with the clock of the nweek ending', () => {
    const s = game(2);
    for (let i = 0; i < 3; i++) s.tick(true);
    expect(ofType(s.events, 'drifted').map((e) => e.nweek)).toEqual([1, 2, 3]);
    const total = ofType(s.events, 'drifted').reduce((sum, e) => sum + Number(e.by), 0);
    expect(s.rules<CounterState>().counter).toBe(total);
  });

  it('rejects an nweek of no ndays or more than 100', () => {
    for (const ndays of [0, 101, 1.5]) {
      const s = new Session();
      expect(s.fail(Session.createCommand({ ndays })).code).toBe('bad-arguments');
    }
  });

  it('stops the clock where a hook ends the game: no later phase, no new seed, each seed revealed once', () => {
    // counter 9 + drift (at least 1) reaches 10; ann, the last bumper, gets 5 and reaches the target.
    const s = new Session();
    s.create({ ndays: 3, config: { target: 5 } });
    s.join('ann');
    s.ok(s.as('ann', 'bump', { by: 3 }));
    s.ok(s.as('ann', 'bump', { by: 3 }));
    s.ok(s.as('ann', 'bump', { by: 3 }));
    const events = s.tick(true);
    expect(s.game.ended).toEqual({ winners: ['ann'], reason: 'ann reached 5 points' });
    // Time stops with the game: after the end only the seeds are revealed, each once; no seed is committed
    // for an nweek that will never be played, and no later phase or hook runs.
    const after = events.slice(events.findIndex((e) => e.type === 'game-ended') + 1);
    expect(after.map((e) => [e.type, e.stream, e.epoch])).toEqual([
      ['seed-revealed', 'public', 1],
      ['seed-revealed', 'secret', 0],
    ]);
    expect(s.game.clock).toEqual({ nweek: 1, nday: 3, ndays: 3 });
    expect(verifyLog(s.kernel, s.entries, s.master).problems).toEqual([]);
    expect(s.fail(s.admin('tick')).code).toBe('game-over');
  });
});
