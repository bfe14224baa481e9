// Issue 28 item 5, Tunnelers: the events its rules emit are declared once (src/rulesets/tunnelers/events.ts), and
// the compiler holds its rule code to them. The `@ts-expect-error` lines below are checked by `tsc` (test/ is in
// tsconfig.json): each must be an error, so if a Ctx, a command's handler or a module's folds went back to
// accepting any GameEvent, the typecheck fails here. At run time: every declared event type is described by a
// module, and every type a module folds or describes is declared.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Folds, GameEvent, Texts } from '../../src/core/index.js';
import type { Ctx } from '../../src/rulesets/tunnelers/ctx.js';
import { tunnelersCommand, tunnelersPlayerCommand } from '../../src/rulesets/tunnelers/ctx.js';
import type { MovementEvent, TunnelersEvent } from '../../src/rulesets/tunnelers/events.js';
import type { TunnelersState } from '../../src/rulesets/tunnelers/types.js';
import { tunnelers } from '../../src/rulesets/tunnelers/index.js';

/** Emits through a Tunnelers decision: the declared shapes compile, the others must not. */
function emitThrough(ctx: Ctx): void {
  ctx.emit({ type: 'told', vis: { players: ['alice'] }, player: 'alice', text: 'Your turn begins.' });
  ctx.emit({ type: 'game-started', vis: 'public' });
  // @ts-expect-error an event type Tunnelers never declared
  ctx.emit({ type: 'mole-flies', vis: 'public', player: 'alice' });
  // @ts-expect-error a declared type with a field of another kind (cost is a number)
  ctx.emit({ type: 'moved', vis: 'public', player: 'alice', from: 'a1', to: 'a2', cost: '1', dug: false });
  // @ts-expect-error a declared type without its fields
  ctx.emit({ type: 'mole-died', vis: 'public' });
  const open: GameEvent = { type: 'told', vis: 'public', player: 'alice', text: 'hi' };
  // @ts-expect-error an open record, whatever its type says
  ctx.emit(open);
}

// A command's handler is given a Ctx too, admin's and player's alike.
const commands = [
  tunnelersCommand({
    actor: 'admin',
    summary: 'test',
    args: z.object({}).strict(),
    run(ctx) {
      // @ts-expect-error an event type Tunnelers never declared
      ctx.emit({ type: 'moderator-sneezes', vis: 'public' });
    },
  }),
  tunnelersPlayerCommand({
    summary: 'test',
    args: z.object({}).strict(),
    run(ctx, by) {
      ctx.emit({ type: 'orders-cleared', vis: 'public', player: by.name });
      // @ts-expect-error a declared type with a field of another kind (a player is named)
      ctx.emit({ type: 'orders-cleared', vis: 'public', player: 42 });
    },
  }),
];

// A module's folds and texts are held to its union: a type not in it, or a field its event lacks, is an error.
const folds = {
  moved: (s, e) => ({ ...s, moles: s.moles.map((m) => (m.player === e.player ? { ...m, at: e.to } : m)) }),
  // @ts-expect-error not an event of 3.1 Movement
  'mole-died': (s: TunnelersState) => s,
} satisfies Folds<TunnelersState, MovementEvent>;
const texts = {
  // @ts-expect-error a text is a line, and a Moved's cost a number
  moved: (e) => e.cost,
} satisfies Texts<MovementEvent>;

/** Every type of TunnelersEvent, once: the compiler checks that this lists them all and nothing else. */
const DECLARED: Readonly<Record<TunnelersEvent['type'], true>> = {
  'deck-shuffled': true,
  'cards-drawn': true,
  'temp-changed': true,
  'max-raised': true,
  'health-restored': true,
  'health-lost': true,
  moved: true,
  'movement-added': true,
  'cards-played': true,
  teleported: true,
  discarded: true,
  'attack-committed': true,
  'defence-committed': true,
  'combat-revealed': true,
  told: true,
  asked: true,
  'question-answered': true,
  heard: true,
  'turn-began': true,
  'turn-ended': true,
  announcement: true,
  'orders-given': true,
  'orders-cleared': true,
  'orders-run': true,
  'deadline-passed': true,
  'membership-requested': true,
  'membership-approved': true,
  'membership-refused': true,
  'order-inserted': true,
  'placement-reserved': true,
  'mole-died': true,
  'moderator-left': true,
  'order-set': true,
  'game-started': true,
  'mole-placed': true,
  'attack-withdrawn': true,
  'member-removed': true,
};

describe('Tunnelers events are typed (issue 28 item 5)', () => {
  it('a Ctx passes on what it is given to emit (the type checks above are tsc’s)', () => {
    const emitted: unknown[] = [];
    emitThrough({ emit: (e: unknown) => emitted.push(e) } as unknown as Ctx);
    expect(emitted).toHaveLength(6);
    expect(commands.map((c) => c.actor)).toEqual(['admin', 'player']);
    expect(Object.keys(folds)).toEqual(['moved', 'mole-died']);
    expect(Object.keys(texts)).toEqual(['moved']);
  });

  it('every declared event is described by a module, and every event a module folds or describes is declared', () => {
    const modules = [...tunnelers.modules, ...(tunnelers.optional ?? [])];
    const described = modules.flatMap((m) => Object.keys(m.describe ?? {}));
    const folded = modules.flatMap((m) => Object.keys(m.evolve ?? {}));
    expect([...described].sort()).toEqual(Object.keys(DECLARED).sort());
    expect(folded.filter((t) => !Object.hasOwn(DECLARED, t))).toEqual([]);
  });
});
