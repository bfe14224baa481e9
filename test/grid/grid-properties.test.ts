// Properties of ruleset grid-2002-01 over random games (fair dice from a fixed secret), and precedence:
// a later rule that contradicts an earlier one wins.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN, erase, ledgerTotal, player, PUBLIC } from '../../src/core/index.js';
import type { Command, Json, RuleModule } from '../../src/core/index.js';
import { grid200201 } from '../../src/rulesets/grid-2002-01/index.js';
import type { GridState } from '../../src/rulesets/grid-2002-01/index.js';
import { positionOf } from '../../src/rulesets/grid-2002-01/index.js';
import { Table } from '../support/table.js';

const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin'] as const;

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('join'), by: fc.constantFrom(...NAMES).map(player), args: fc.constant({}) }),
  fc.record({
    type: fc.constantFrom('enter', 'move'),
    by: fc.constantFrom(...NAMES).map(player),
    args: fc.record({ x: fc.integer({ min: -1, max: 22 }), y: fc.integer({ min: -1, max: 22 }) }),
  }),
  fc.record({ type: fc.constant('leave'), by: fc.constantFrom(...NAMES).map(player), args: fc.constant({}) }),
  fc.record({
    type: fc.constant('tick'),
    by: fc.constant(ADMIN),
    args: fc.constantFrom<Record<string, Json>>({}, { nweek: true }),
  }),
);

/** Moves a player near eir current unit, so random games actually walk. */
function nudge(t: Table, c: Command): Command {
  if (c.type !== 'move' || c.by.role !== 'player' || !t.state) return c;
  const at = positionOf(t.state.rules as GridState, c.by.name);
  if (!at) return c;
  const dx = (Number(c.args.x) % 3) - 1;
  const dy = (Number(c.args.y) % 3) - 1;
  return { ...c, args: { x: at[0] + dx, y: at[1] + dy } };
}

describe('The Grid (January 2002) over random games', () => {
  it('never puts two players on a unit, keeps ten Things on the Grid, creates no points, and replays exactly', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 120 }), (commands) => {
        const t = new Table([erase(grid200201)]);
        t.create('grid-2002-01', { dice: 'fair' });
        for (const raw of commands) {
          const before = t.state;
          const result = t.try(nudge(t, raw));
          if (!result.ok) expect(t.state).toBe(before);
          const s = t.game.rules as GridState;
          const units = s.positions.map(({ at: [x, y] }) => `${x},${y}`);
          expect(new Set(units).size).toBe(units.length);
          for (const {
            at: [x, y],
          } of s.positions)
            expect(x >= 1 && x <= 20 && y >= 1 && y <= 20).toBe(true);
          expect(s.things).toHaveLength(10);
          for (const th of s.things)
            expect(th.at[0] >= 1 && th.at[0] <= 20 && th.at[1] >= 1 && th.at[1] <= 20).toBe(true);
          expect(ledgerTotal(t.game.balances)).toBe(0);
        }
        // No player stands on a Thing once the rules have settled ("instantly teleport").
        const s = t.game.rules as GridState;
        for (const th of s.things) {
          expect(s.positions.some(({ at: [x, y] }) => x === th.at[0] && y === th.at[1])).toBe(false);
        }
        t.expectConsistent();
      }),
      { numRuns: 60 },
    );
  });

  it('shows no one but the Administrator where a Thing is, in any view or log line', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 80 }), (commands) => {
        const t = new Table([erase(grid200201)]);
        t.create('grid-2002-01', { dice: 'fair' });
        for (const c of commands) t.try(nudge(t, c));
        for (const viewer of [PUBLIC, ...NAMES.map(player)]) {
          const text =
            JSON.stringify(t.kernel.view(t.game, viewer)) +
            JSON.stringify(t.kernel.logView(t.entries, viewer, t.game));
          expect(text).not.toContain('"things"');
          expect(text).not.toContain('thing-placed');
          expect(text).not.toContain('thing-teleported');
          expect(text).not.toContain('"secret":true');
        }
      }),
      { numRuns: 40 },
    );
  });
});

// Precedence: a test-only rule, enacted mid-game above every other, that contradicts "A Player may enter the
// Grid at any location not already occupied": here only units with an even x may be entered.
const evenEntry: RuleModule<GridState> = {
  id: 'test/even-entry',
  section: 'Even Entry (a test rule)',
  text: 'A Player may enter the Grid only at a unit whose x coordinate is even.',
  answers: {
    'may-occupy'(ctx, q: Json) {
      const { at } = q as { at: [number, number] };
      if (at[0] % 2 !== 0) return 'only units with an even x may be entered';
      return undefined; // otherwise, defer to the rules below
    },
  },
};

describe('Precedence: a later rule that contradicts an earlier one wins', () => {
  const withTestRule = erase({ ...grid200201, id: 'grid-test', optional: [evenEntry] });

  it('Precedence: enacting a contradicting rule mid-game changes what is legal; repealing it restores the old rule', () => {
    const t = new Table([withTestRule]);
    t.create('grid-test', { dice: 'fair' });
    t.join('alice', 'bob', 'carol');
    t.act('alice', 'enter', { x: 3, y: 3 });
    t.admin('enact', { module: 'test/even-entry' });
    expect(t.refuse('bob', 'enter', { x: 5, y: 5 }).message).toContain('even x');
    t.act('bob', 'enter', { x: 4, y: 5 });
    // The lower rule still speaks where the higher one defers: an occupied even unit is still refused.
    expect(t.refuse('carol', 'enter', { x: 4, y: 5 }).code).toBe('occupied');
    t.admin('repeal', { module: 'test/even-entry' });
    t.act('carol', 'enter', { x: 7, y: 7 });
    t.expectConsistent();
  });

  it('Precedence: a module that is not part of the ruleset cannot be enacted', () => {
    const t = new Table([withTestRule]);
    t.create('grid-test', { dice: 'fair' });
    expect(t.refuseAdmin('enact', { module: 'no-such-rule' }).code).toBe('unknown-module');
  });
});
