// K: a game's creation, its queued dice and its seed commitments are in the log before any rule reacts.
import { describe, expect, it } from 'vitest';
import { ADMIN, erase, GENESIS, Kernel, Registry } from '../../src/core/index.js';
import type { GameEvent, Ruleset } from '../../src/core/index.js';

const eager: Ruleset<{ rolled: boolean }> = {
  id: 'eager',
  title: 'a rule that rolls the moment a game exists',
  source: 'test',
  initial: () => ({ rolled: false }),
  view: () => ({}),
  render: () => '',
  modules: [
    {
      id: 'eager',
      section: 'Eager',
      text: 'As soon as the game exists, the Administrator rolls 1d6.',
      triggers: [
        {
          after: ['game-created'],
          run(ctx) {
            if (ctx.rules.rolled) return;
            const roll = ctx.roll('1d6', 'eager roll');
            ctx.emit({ type: 'eager-rolled', vis: 'public', rolls: [roll] });
          },
        },
      ],
      evolve: { 'eager-rolled': () => ({ rolled: true }) },
    },
  ],
};

describe('game creation', () => {
  it('no rule can roll before both seed commitments are in the log', () => {
    const kernel = new Kernel(new Registry([erase(eager)]));
    const r = kernel.decide(
      undefined,
      { type: 'create', by: ADMIN, args: { game: 'g', ruleset: 'eager' } },
      { head: GENESIS, master: new Uint8Array(32) },
    );
    if (!r.ok) throw new Error(r.error.message);
    const types = r.value.events.map((e: GameEvent) => e.type);
    expect(types.slice(0, 4)).toEqual(['game-created', 'seed-committed', 'seed-committed', 'eager-rolled']);
  });
});
