// Life, Invokable Action: Tweak (seeds/004_ff6492e849b428a0.txt). Attached to: Cells. Trigger: "A Player
// posts a message to a Public Forum stating that he is tweaking the specified Cell, and he has not already
// done so during the current nweek, and the Referee has performed the Evolve action during the current
// nweek, and the Cell's Color is either null or that Player's non-null Team". Effect: "If that Cell's Color
// is null, then its Color is changed to that Player's Team; otherwise, its Color is changed to null".
import { describe, expect, it } from 'vitest';
import { PUBLIC } from '../../src/core/index.js';
import { cells, CORNERS, CORNERS_EVOLVED, lifeGame, teamOf, tweak } from '../support/harness/life.js';
import type { Table } from '../support/table.js';
import { expectRefusal } from '../support/harness/field-match.js';

/**
 * alice Red, bob Blue, carol Green; Initialize with CORNERS, then this nweek's Evolve: only the corners are left,
 * B (1,5), G (5,5), G (1,1), B (5,1), and the match goes on.
 */
function evolved(): Table {
  const t = lifeGame({ players: { alice: 'R', bob: 'B', carol: 'G' }, field: CORNERS, evolved: true });
  expect(cells(t)).toEqual(CORNERS_EVOLVED);
  return t;
}

describe('Tweak: the Effect', () => {
  it('Tweak: "If that Cell\'s Color is null, then its Color is changed to that Player\'s Team"', () => {
    const t = evolved();
    t.ok(tweak('alice', 3, 3));
    expect(cells(t)[2]).toBe('..R..');
    t.expectConsistent();
  });

  it('Tweak: "otherwise, its Color is changed to null" - a Cell of the player\'s own Team', () => {
    const t = evolved();
    t.ok(tweak('bob', 1, 5));
    expect(cells(t)[0]).toBe('....G');
  });

  it('Tweak: the tweak and the change are posted in public', () => {
    const t = evolved();
    const from = t.entries.length;
    t.ok(tweak('carol', 2, 2));
    const lines = t.kernel.logView(t.entries.slice(from), PUBLIC, t.game).map((l) => l.text);
    expect(lines).toEqual([
      'carol: tweak x=2 y=2',
      'carol invokes Tweak on the Cell at (2,2).',
      'The Cell at (2,2): Color changes from null to Green (Tweak).',
    ]);
  });
});

describe('Tweak: the Trigger', () => {
  it('Tweak: "he has not already done so during the current nweek" - a second Tweak is refused (limit-reached)', () => {
    const t = evolved();
    t.ok(tweak('alice', 3, 3));
    expectRefusal(
      t.fail(tweak('alice', 3, 2)),
      'limit-reached',
      'alice has already performed Tweak once during nweek 1; Tweak may be performed once per nweek by each player',
    );
  });

  it('Tweak: the limit is per player - another player may still tweak in the same nweek', () => {
    const t = evolved();
    t.ok(tweak('alice', 3, 3));
    t.ok(tweak('bob', 3, 2));
    expect(cells(t).slice(2, 4)).toEqual(['..R..', '..B..']);
  });

  it('Tweak (L5): a refused Tweak does not count - the player may then tweak a Cell e may', () => {
    const t = evolved();
    expect(t.fail(tweak('alice', 1, 5)).code).toBe('not-your-color');
    t.ok(tweak('alice', 2, 4));
  });

  it('Tweak: "the Referee has performed the Evolve action during the current nweek" - after Initialize but before any Evolve it is refused (too-early)', () => {
    const t = lifeGame({ players: { alice: 'R' }, field: CORNERS, advantage: 'G' });
    expectRefusal(
      t.fail(tweak('alice', 1, 1)),
      'too-early',
      'Tweak may be performed only after Evolve has been performed during the current nweek, and Evolve has not yet been performed during nweek 1',
    );
  });

  it("Tweak (L5): last nweek's Evolve does not count - in a new nweek a Tweak waits for that nweek's Evolve", () => {
    const t = evolved();
    t.ok(tweak('alice', 3, 3));
    t.tick(true);
    expect(t.fail(tweak('alice', 3, 3)).code).toBe('too-early');
    t.admin('evolve');
    // (3,3) was a lone Red Cell: it became null at this Evolve; alice may tweak again this nweek.
    t.ok(tweak('alice', 3, 3));
    expect(cells(t)[2]).toBe('..R..');
  });

  it('Tweak: "the Cell\'s Color is either null or that Player\'s non-null Team" - a Cell of another Team is refused (not-your-color)', () => {
    const t = evolved();
    expectRefusal(
      t.fail(tweak('alice', 5, 5)),
      'not-your-color',
      'the Cell at (5,5) is Green; alice may tweak only a null Cell or a Red one',
    );
  });

  it('Tweak (L6): a player whose Team is null (joined after Initialize, before the next Evolve) is refused (no-team)', () => {
    const t = evolved();
    t.join('dave');
    expect(teamOf(t, 'dave')).toBeNull();
    expectRefusal(t.fail(tweak('dave', 3, 3)), 'no-team', /dave has no Team yet/);
  });

  it('Tweak (L7): "the specified Cell" is named by its square, which must be on the Field (off-field)', () => {
    const t = evolved();
    for (const [x, y] of [
      [0, 3],
      [6, 1],
      [3, 6],
      [3, 0],
    ] as const) {
      expectRefusal(t.fail(tweak('alice', x, y)), 'off-field');
    }
    expect(t.fail(tweak('alice', 6, 1)).message).toBe(
      '(6,1) is not a square of the Field, which runs from (1,1) to (5,5)',
    );
  });

  it('Tweak: before Initialize there is no Cell to tweak (no-object)', () => {
    const t = lifeGame({ players: ['alice'] });
    expectRefusal(t.fail(tweak('alice', 1, 1)), 'no-object', 'there is no Cell at (1,1) to Tweak');
  });

  it('Tweak: "A Player posts" - the Referee cannot tweak (not-allowed); a stranger cannot (unknown-player)', () => {
    const t = evolved();
    expect(t.refuseAdmin('tweak', { x: 3, y: 3 }).code).toBe('not-allowed');
    expect(t.fail(tweak('zed', 3, 3)).code).toBe('unknown-player');
  });

  it('Tweak: the square is two whole numbers (bad-arguments)', () => {
    const t = evolved();
    expect(t.fail({ ...tweak('alice', 3, 3), args: { x: 3 } }).code).toBe('bad-arguments');
    expect(t.fail({ ...tweak('alice', 3, 3), args: { x: 2.5, y: 3 } }).code).toBe('bad-arguments');
  });
});
