// K4: a game keeps the edition of the readings it was created under, so a changed ruling never changes an
// old game, and an old game's log (whose creation recorded no edition) is decided again exactly as it was.
import { describe, expect, it } from 'vitest';
import { command, erase } from '../../src/core/index.js';
import type { Ruleset } from '../../src/core/index.js';
import { z } from 'zod';
import { Table } from '../support/table.js';

/** A rule whose reading changed in edition 2: a coin that once paid 1 pays 2. */
const coin: Ruleset<{ paid: number }> = {
  id: 'coin',
  title: 'a rule read again',
  source: 'test',
  edition: 2,
  initial: () => ({ paid: 0 }),
  view: (rules) => ({ paid: rules.paid }),
  render: () => '',
  modules: [
    {
      id: 'coin',
      section: 'Coin',
      text: 'Each toss pays the tosser.',
      commands: {
        toss: command<{ paid: number }, z.ZodType<Record<string, never>>>({
          actor: 'player',
          summary: 'toss the coin',
          args: z.object({}).strict(),
          run(ctx) {
            const amount = ctx.state.edition >= 2 ? 2 : 1;
            ctx.emit({ type: 'paid', vis: 'public', amount });
          },
        }),
      },
      evolve: { paid: (s: { paid: number }, e) => ({ paid: s.paid + Number(e.amount) }) },
    },
  ],
};

function tossed(edition?: number): Table {
  const t = new Table([erase(coin)]);
  t.create('coin', { dice: 'manual', ...(edition !== undefined ? { edition } : {}) });
  t.join('alice');
  t.act('alice', 'toss');
  return t;
}

describe('K4 editions of the readings', () => {
  it('K4: a new game is created under the latest edition, recorded in its creation', () => {
    const t = tossed();
    expect(t.entries[0]?.event).toMatchObject({ type: 'game-created', edition: 2 });
    expect(t.game.edition).toBe(2);
    expect((t.game.rules as { paid: number }).paid).toBe(2);
    t.expectConsistent();
  });

  it('K4: a game created under edition 1 records no edition, keeps the old reading, and verifies', () => {
    const t = tossed(1);
    expect(t.entries[0]?.event).not.toHaveProperty('edition');
    expect(t.game.edition).toBe(1);
    expect((t.game.rules as { paid: number }).paid).toBe(1);
    t.expectConsistent();
  });

  it('K4: an edition the ruleset does not have is refused', () => {
    const t = new Table([erase(coin)]);
    const e = t.fail({
      type: 'create',
      by: { role: 'admin' },
      args: { game: 'g', ruleset: 'coin', edition: 3 },
    });
    expect(e.code).toBe('bad-arguments');
  });
});
