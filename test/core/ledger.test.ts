// The ledger: points only move between accounts, so the balances always sum to zero.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransfer, balanceOf, BANK, ledgerTotal } from '../../src/core/index.js';
import type { Balances, Command } from '../../src/core/index.js';
import { Session, str } from '../support/session.js';

const ACCOUNTS = ['ann', 'bob', 'cy', BANK, 'Prize Fund'] as const;
/** Points a nomic might move: up to a million either way. */
const amount = fc.integer({ min: -1_000_000, max: 1_000_000 });

describe('the ledger', () => {
  it('keeps balances summing to zero under any transfers (applyTransfer)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...ACCOUNTS), fc.constantFrom(...ACCOUNTS), amount), {
          maxLength: 200,
        }),
        (transfers) => {
          let balances: Balances = {};
          for (const [from, to, n] of transfers) {
            const before = balances;
            balances = applyTransfer(balances, from, to, n);
            // `=== 0` rather than toBe(0): toBe tells -0 from 0, and a transfer of 0 leaves a -0 behind.
            expect(ledgerTotal(balances) === 0).toBe(true);
            if (from !== to) {
              expect(balanceOf(balances, to) - balanceOf(before, to) === n).toBe(true);
              expect(balanceOf(balances, from) - balanceOf(before, from) === -n).toBe(true);
            }
          }
        },
      ),
    );
  });

  it('keeps the balances of a game summing to zero whatever the Administrator and the rules move', () => {
    const command: fc.Arbitrary<(s: Session) => Command> = fc.oneof(
      fc
        .record({
          from: fc.option(fc.constantFrom(...ACCOUNTS), { nil: undefined }),
          to: fc.constantFrom(...ACCOUNTS),
          amount,
        })
        .map(
          ({ from, to, amount }) =>
            (s: Session) =>
              s.admin('points', { ...(from ? { from } : {}), to, amount, reason: 'a ruling' }),
        ),
      fc.tuple(fc.constantFrom('ann', 'bob', 'cy'), fc.integer({ min: 1, max: 3 })).map(
        ([who, by]) =>
          (s: Session) =>
            s.as(who, 'bump', { by }),
      ),
      fc.constant((s: Session) => s.admin('tick', { nweek: true })),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), (commands) => {
        const s = new Session();
        s.create({ ndays: 2 });
        s.join('ann', 'bob', 'cy');
        for (const make of commands) {
          s.decide(make(s));
          expect(ledgerTotal(s.game.balances)).toBe(0);
        }
        // The balances are exactly the sum of the points entries in the log.
        const replayed = s.events
          .filter((e) => e.type === 'points')
          .reduce<Balances>((b, e) => applyTransfer(b, str(e.from), str(e.to), Number(e.amount)), {});
        expect(s.game.balances).toEqual(replayed);
      }),
      { numRuns: 40 },
    );
  });

  // Regression: applyTransfer wrote { [from]: b - n, [to]: b + n }, so with from === to the second key won
  // and the account gained n points from nothing (reachable by a rule emitting a 'points' event itself).
  it('moves nothing when an account pays itself (applyTransfer)', () => {
    const balances = applyTransfer({ ann: 3 }, 'ann', 'ann', 5);
    expect(balances).toEqual({ ann: 3 });
    expect(ledgerTotal(applyTransfer({}, BANK, BANK, 5))).toBe(0);
  });

  // Regression: balanceOf read balances[account], so an account named after a member of Object.prototype
  // started from that member (a function, an object) and its balance became a string like "function Object()5".
  it('starts every account at 0, even one named constructor or __proto__', () => {
    expect(balanceOf({}, 'constructor')).toBe(0);
    expect(balanceOf({}, '__proto__')).toBe(0);
    const s = new Session();
    s.create();
    s.join('constructor', 'toString');
    s.ok(s.admin('points', { to: 'constructor', amount: 5, reason: 'a prize' }));
    s.ok(s.admin('points', { from: 'toString', to: '__proto__', amount: 3, reason: 'a fund' }));
    expect(s.game.balances).toEqual({ [BANK]: -5, constructor: 5, toString: -3, ['__proto__']: 3 });
    expect(ledgerTotal(s.game.balances)).toBe(0);
    expect(s.kernel.replay(s.events)).toEqual(s.state);
  });

  it('records no entry for a transfer of nothing or to the same account', () => {
    const s = new Session();
    s.create();
    s.join('ann');
    expect(s.ok(s.admin('points', { to: 'ann', amount: 0, reason: 'nothing' })).map((e) => e.type)).toEqual([
      'command',
    ]);
    expect(
      s.ok(s.admin('points', { from: 'ann', to: 'ann', amount: 5, reason: 'self' })).map((e) => e.type),
    ).toEqual(['command']);
    expect(s.game.balances).toEqual({});
  });

  it('moves points from The Bank unless another account is named, and lets funds go negative', () => {
    const s = new Session();
    s.create();
    s.join('ann', 'bob');
    s.ok(s.admin('points', { to: 'ann', amount: 7, reason: 'a prize' }));
    s.ok(s.admin('points', { from: 'Prize Fund', to: 'bob', amount: 4, reason: 'a fund pays' }));
    s.ok(s.admin('points', { from: 'ann', to: 'bob', amount: -2, reason: 'a negative transfer' }));
    expect(s.game.balances).toEqual({ [BANK]: -7, ann: 9, 'Prize Fund': -4, bob: 2 });
  });
});
