// Issue 24 for Quests and its host: random games (fair dice) amended at random moments (at once, from the next
// nday or nweek), with repeals: a refused command or amendment changes nothing, and every amended game replays
// and verifies into the same entries.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADMIN, player } from '../../src/core/index.js';
import type { Command, Json } from '../../src/core/index.js';
import type { QuestsState } from '../../src/rulesets/quests/index.js';
import type { Table } from '../support/table.js';
import { quests } from '../support/harness/quests.js';

const NAMES = ['alice', 'bob', 'carol'] as const;
const anyone = fc.constantFrom(...NAMES).map(player);

const setArb: fc.Arbitrary<Record<string, Json>> = fc.oneof(
  fc.record({ 'Actions per turn': fc.integer({ min: 0, max: 6 }) }),
  fc.record({ 'Quests on the Roster': fc.integer({ min: 0, max: 5 }) }),
  fc.record({ 'Value die': fc.constantFrom('1d6', '1d20', '1d40', '2d6', 'x') }),
  fc.record({ 'Most brownie points': fc.integer({ min: -1, max: 30 }) }),
  fc.record({ 'Puissance of a Quest': fc.integer({ min: 0, max: 3 }) }),
  fc.record({ 'Demerits for an unfinished Quest': fc.integer({ min: -1, max: 3 }) }),
);

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constantFrom('create-quest', 'quest-home', 'quest-locate', 'quest-goal', 'quest-roll'),
      by: anyone,
      args: fc.constant({}),
    }),
    weight: 6,
  },
  fc.record({
    type: fc.constant('quest-colour'),
    by: anyone,
    args: fc.record({ colour: fc.constantFrom('red', 'blue', 'green', 'gold', 'grey') }),
  }),
  {
    arbitrary: fc.record({
      type: fc.constant('move'),
      by: anyone,
      args: fc.record({ to: fc.constantFrom('Hall', 'Library', 'Garden', 'Vault', 'Cellar') }),
    }),
    weight: 3,
  },
  fc.record({ type: fc.constant('end-turn'), by: anyone, args: fc.constant({}) }),
  fc.record({
    type: fc.constant('tick'),
    by: fc.constant(ADMIN),
    args: fc.constantFrom<Record<string, Json>>({}, { nweek: true }),
  }),
  {
    arbitrary: fc.record({
      type: fc.constant('amend-rules'),
      by: fc.constant(ADMIN),
      args: fc.record({
        set: setArb,
        why: fc.constant('Proposal 142'),
        from: fc.constantFrom<Json>('now', 'nday', 'nweek'),
      }),
    }),
    weight: 3,
  },
  fc.record({
    type: fc.constant('repeal-amendment'),
    by: fc.constant(ADMIN),
    args: fc.record({ amendment: fc.integer({ min: 1, max: 5 }), why: fc.constant('Proposal 143') }),
  }),
);

/** A player's command goes to the active player, so that random games get somewhere. */
function active(t: Table, c: Command): Command {
  const turn = (t.state?.rules as QuestsState | undefined)?.turn;
  return c.by.role === 'player' && turn ? { ...c, by: player(turn.player) } : c;
}

describe('rooms+quests over random amended games (fair dice)', () => {
  it('a refusal changes nothing, and every amended game replays and verifies into the same entries', () => {
    let inForce = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 60 }), (commands) => {
        const t = quests({ dice: 'fair', players: NAMES, actionsPerTurn: 4 });
        for (const c of commands) {
          const before = t.state;
          const length = t.entries.length;
          if (!t.try(active(t, c)).ok) {
            expect(t.state).toBe(before);
            expect(t.entries.length).toBe(length);
          }
        }
        inForce += t.entries.filter((e) => e.event.type === 'parameters-in-force').length;
        t.expectConsistent();
      }),
      { numRuns: 50 },
    );
    // The runs did amend: amendments took effect in them.
    expect(inForce).toBeGreaterThan(0);
  });
});
