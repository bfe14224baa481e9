// Ruling K12 (issue 16, "A mistaken ledger entry is corrected by a reversing entry with a reason the report shows
// as a correction"): `correct {entry, reason}` moves the same points back, seen by whoever saw the transfer,
// saying which transfer it reverses without its number; a transfer is corrected once; old logs verify.
import { describe, expect, it } from 'vitest';
import { BANK, canSee, PUBLIC, verifyLog } from '../../src/core/index.js';
import type { GameEvent } from '../../src/core/index.js';
import { Session } from '../support/session.js';

/** The entry number of the last points entry of the log. */
const lastPoints = (s: Session): number => {
  const e = [...s.entries].reverse().find((x) => x.event.type === 'points');
  if (!e) throw new Error('no points entry');
  return e.seq;
};

describe('K12: correcting a ledger entry', () => {
  it('moves the same points back, with its reason, and says what it reverses', () => {
    const s = new Session();
    s.create();
    s.join('ann', 'bob');
    s.ok(s.admin('points', { to: 'ann', amount: 10, reason: 'opening balance' }));
    const mistaken = lastPoints(s);
    s.tick();
    const events = s.ok(s.admin('correct', { entry: mistaken, reason: 'bob, not ann, won it' }));
    expect(events.map((e) => e.type)).toEqual(['command', 'points']);
    const reversal = events[1] as GameEvent;
    expect(reversal).toMatchObject({
      vis: 'public',
      from: 'ann',
      to: BANK,
      amount: 10,
      reason: 'bob, not ann, won it',
      corrects: { nweek: 1, nday: 1, reason: 'opening balance' },
    });
    // The command names the log's own number, which counts hidden entries: the Administrator's only.
    expect(canSee((events[0] as GameEvent).vis, PUBLIC)).toBe(false);
    expect(JSON.stringify(reversal)).not.toContain(String(mistaken));
    expect(s.game.balances).toEqual({ [BANK]: 0, ann: 0 });
    expect(s.kernel.describe(reversal)).toBe(
      'Correction: 10 points from ann to The Bank, reversing the transfer of nday 1 of nweek 1 ("opening balance"): bob, not ann, won it.',
    );
    expect(s.kernel.replay(s.events)).toEqual(s.state);
    expect(verifyLog(s.kernel, s.entries, s.master)).toMatchObject({ ok: true, problems: [] });
  });

  it('corrects a transfer once; a correction may itself be corrected', () => {
    const s = new Session();
    s.create();
    s.join('ann');
    s.ok(s.admin('points', { to: 'ann', amount: 3, reason: 'a prize' }));
    const first = lastPoints(s);
    s.ok(s.admin('correct', { entry: first, reason: 'no prize this nweek' }));
    const correction = lastPoints(s);
    expect(s.fail(s.admin('correct', { entry: first, reason: 'again' }))).toMatchObject({
      code: 'already-corrected',
      message: `entry ${first} has already been corrected`,
    });
    s.ok(s.admin('correct', { entry: correction, reason: 'the prize stands after all' }));
    expect(s.game.balances.ann).toBe(3);
    expect(verifyLog(s.kernel, s.entries, s.master).ok).toBe(true);
  });

  it('two transfers alike in every word are corrected one at a time', () => {
    const s = new Session();
    s.create();
    s.join('ann');
    s.ok(s.admin('points', { to: 'ann', amount: 2, reason: 'a bonus' }));
    const one = lastPoints(s);
    s.ok(s.admin('points', { to: 'ann', amount: 2, reason: 'a bonus' }));
    const two = lastPoints(s);
    s.ok(s.admin('correct', { entry: two, reason: 'given twice' }));
    expect(s.game.balances.ann).toBe(2);
    // Either one is the one corrected; the other can still be corrected, and then neither.
    s.ok(s.admin('correct', { entry: one, reason: 'not due at all' }));
    expect(s.game.balances.ann).toBe(0);
    expect(s.fail(s.admin('correct', { entry: two, reason: 'x' })).code).toBe('already-corrected');
    expect(s.fail(s.admin('correct', { entry: one, reason: 'x' })).code).toBe('already-corrected');
  });

  it('refuses an entry that moved no points, and one past the end, changing nothing', () => {
    const s = new Session();
    s.create();
    s.join('ann');
    expect(s.fail(s.admin('correct', { entry: 1, reason: 'x' }))).toMatchObject({
      code: 'not-a-ledger-entry',
      message: 'entry 1 moved no points: only a ledger entry (a transfer of points) can be corrected',
    });
    expect(s.fail(s.admin('correct', { entry: 999, reason: 'x' })).code).toBe('not-a-ledger-entry');
    expect(s.fail(s.admin('correct', { entry: 0, reason: 'x' })).code).toBe('bad-arguments');
    expect(s.fail(s.as('ann', 'correct', { entry: 1, reason: 'x' })).code).toBe('not-allowed');
  });

  it("reverses a rule's transfer too, seen by whoever saw it", () => {
    const s = new Session();
    s.create();
    s.join('ann');
    // The counter ruleset pays a milestone to whoever bumps the counter to it.
    let n = 0;
    while (!s.events.some((e) => e.type === 'points') && n++ < 50) s.ok(s.as('ann', 'bump', { by: 1 }));
    const paid = lastPoints(s);
    const original = s.entries[paid - 1]?.event as GameEvent;
    const events = s.ok(s.admin('correct', { entry: paid, reason: 'the milestone was miscounted' }));
    expect((events[1] as GameEvent).vis).toEqual(original.vis);
    expect(s.game.balances[original.to as string]).toBe(0);
  });
});
