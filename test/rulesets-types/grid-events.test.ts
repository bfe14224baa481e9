// Issue 28 item 5, for The Grid (grid-2002-01) and the June Grid (grid-2002-06): each ruleset's events are one
// closed union (GridEvent, JuneEvent), and its rule code is written against a decision that may emit only those
// (GridCtx, JuneCtx). The `@ts-expect-error` lines below are the test that tsc runs (`npx tsc --noEmit`): each
// says an emit that must not compile, and tsc fails if one does. The runtime tests check that what the modules
// fold and describe is exactly what the unions declare.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KERNEL_EVENT_TYPES, playerCommand } from '../../src/core/index.js';
import type { GridCtx, GridEvent, GridModule, GridState } from '../../src/rulesets/grid-2002-01/types.js';
import type { JuneCtx, JuneEvent, JuneModule } from '../../src/rulesets/grid-2002-06/events.js';
import type { JuneState } from '../../src/rulesets/grid-2002-06/types.js';
import type { GridErrorCode } from '../../src/rulesets/grid-2002-01/errors.js';
import type { JuneErrorCode } from '../../src/rulesets/grid-2002-06/errors.js';
import { grid200201 } from '../../src/rulesets/grid-2002-01/index.js';
import { grid200206 } from '../../src/rulesets/grid-2002-06/index.js';

/** Every type of event The Grid declares; the type below fails to compile if one is left out. */
const GRID_TYPES = [
  'thing-placed',
  'thing-found',
  'thing-teleported',
  'things-replaced',
  'entered',
  'left',
  'move-announced',
  'moved',
  'move-failed',
  'moves-made',
] as const satisfies readonly GridEvent['type'][];

/** Every type of event the June Grid declares (The Grid's 'move-failed' and 'move-announced' among them). */
const JUNE_TYPES = [
  // types.ts: A.2, A.3, B.2, B.4, the controls, the amendment
  'object-placed',
  'object-moved',
  'object-removed',
  'temperature-set',
  'square-changed',
  'burned',
  'move-announced',
  'move-failed',
  'catch-declared',
  'hit',
  'landing-chosen',
  'player-facts-set',
  'gremlin-n-set',
  'things-gone',
  'inherited-moves-made',
  // de-events.ts: D, E, F.1, F.4
  'thrown-elbonia',
  'fell',
  'landed-legally',
  'rock-priced',
  'rock-not-bought',
  'rock-square-drawn',
  'rock-square-chosen',
  'rocks-crushed',
  'no-siren',
  'rock-placed',
  'siren-appears',
  'made-love',
  'zoe-counted',
  'siren-free-ends',
  'zatr-now',
  'zatr-roll',
  'siren-free',
  'bait-placed',
  'bait-roll',
  'bait-attempt',
  'bait-becomes-purse',
  'catfight',
  'yeti-bound',
  'toad-begins',
  'toad-ends',
  'deaf',
  'deaf-zoned',
  'wax-removed',
  'weekly-ball',
  'ball-whacked',
  'icky',
  'icky-wanes',
  // fg-state.ts: F.2, F.3, G, the Bonus Boxes
  'placed-at-random',
  'push-stopped',
  'whacked',
  'dizzy',
  'dizzy-ends',
  'gremlin-knocked-off',
  'gremlin-returns',
  'gremlin-active-set',
  'big-stick-reappears',
  'shield-reflects',
  'radar-set',
  'radar-reveal',
  'radar-tower-built',
  'pinball-gun-bought',
  'pinball-gun-fired',
  'box-opened',
] as const satisfies readonly JuneEvent['type'][];

// The lists are whole (nothing declared is missing from them), and the unions are closed (a bare GameEvent,
// whose type is any string, would let every shape through).
type Left<U, L> = [Exclude<U, L>] extends [never] ? true : Exclude<U, L>;
const gridWhole: Left<GridEvent['type'], (typeof GRID_TYPES)[number]> = true;
const juneWhole: Left<JuneEvent['type'], (typeof JUNE_TYPES)[number]> = true;
const gridClosed: string extends GridEvent['type'] ? false : true = true;
const juneClosed: string extends JuneEvent['type'] ? false : true = true;

// Never called: only compiled. Each `@ts-expect-error` is an emit the ruleset's types must refuse.
export function gridEmits(ctx: GridCtx): void {
  ctx.emit({ type: 'entered', vis: 'public', player: 'alice', at: [3, 4] });
  // @ts-expect-error: no section of The Grid declares a 'thing-stolen' event
  ctx.emit({ type: 'thing-stolen', vis: 'public', player: 'alice' });
  // @ts-expect-error: 'entered' says where the player entered
  ctx.emit({ type: 'entered', vis: 'public', player: 'alice' });
  // @ts-expect-error: a unit is two numbers
  ctx.emit({ type: 'moved', vis: 'public', player: 'alice', from: [1, 1], to: '(2,2)' });
  // @ts-expect-error: the June Grid's events are not The Grid's
  ctx.emit({ type: 'object-removed', vis: 'public', id: 'yeti', why: 'gone' });
}

export function juneEmits(ctx: JuneCtx): void {
  // The Grid's own 'move-failed', reused by the June text (B.2).
  ctx.emit({ type: 'move-failed', vis: 'public', player: 'alice', to: [2, 2], reason: 'a Big Rock' });
  ctx.emit({ type: 'icky', vis: 'public', player: 'alice', ndays: 2 });
  // @ts-expect-error: no section of the June Grid declares a 'thing-stolen' event
  ctx.emit({ type: 'thing-stolen', vis: 'public', player: 'alice' });
  // @ts-expect-error: 'icky' lasts a number of ndays, not a roll's result of any shape
  ctx.emit({ type: 'icky', vis: 'public', player: 'alice', ndays: [1, 2] });
  // @ts-expect-error: June's move announcement says its nweek (B.2: "Once per nweek")
  ctx.emit({ type: 'move-announced', vis: 'public', player: 'alice', to: [2, 2] });
  // @ts-expect-error: The Grid's 'entered' is no event of the June text (a player enters as an object-moved)
  ctx.emit({ type: 'entered', vis: 'public', player: 'alice', at: [3, 4] });
}

// Through a module's hooks and triggers and a command's handler, as rule code writes them.
export const gridModule: GridModule = {
  id: 'test',
  section: 'test',
  text: 'test',
  hooks: {
    nweekEnd(ctx) {
      // @ts-expect-error: undeclared
      ctx.emit({ type: 'thing-stolen', vis: 'public' });
    },
  },
  triggers: [
    {
      run(ctx) {
        // @ts-expect-error: undeclared
        ctx.emit({ type: 'thing-stolen', vis: 'public' });
      },
    },
  ],
  commands: {
    steal: playerCommand<GridState, z.ZodType<Record<string, never>>, GridErrorCode, GridEvent>({
      summary: 'test',
      args: z.object({}).strict(),
      run(ctx) {
        // @ts-expect-error: undeclared
        ctx.emit({ type: 'thing-stolen', vis: 'public' });
      },
    }),
  },
};

export const juneModule: JuneModule = {
  id: 'test',
  section: 'test',
  text: 'test',
  hooks: {
    nweekEnd(ctx) {
      // @ts-expect-error: undeclared
      ctx.emit({ type: 'thing-stolen', vis: 'public' });
    },
  },
  triggers: [
    {
      run(ctx) {
        // @ts-expect-error: undeclared
        ctx.emit({ type: 'thing-stolen', vis: 'public' });
      },
    },
  ],
  commands: {
    steal: playerCommand<JuneState, z.ZodType<Record<string, never>>, JuneErrorCode, JuneEvent>({
      summary: 'test',
      args: z.object({}).strict(),
      run(ctx) {
        // @ts-expect-error: undeclared
        ctx.emit({ type: 'thing-stolen', vis: 'public' });
      },
    }),
  },
};

/** The event types a ruleset's triggers say they watch (`after`): a type misspelt there would never fire one. */
function watched(modules: readonly { triggers?: readonly { after?: readonly string[] }[] }[]): Set<string> {
  return new Set(modules.flatMap((m) => (m.triggers ?? []).flatMap((t) => t.after ?? [])));
}

/** The event types a ruleset's modules fold or describe. */
function handled(modules: readonly { evolve?: object; describe?: object }[]): Set<string> {
  return new Set(modules.flatMap((m) => [...Object.keys(m.evolve ?? {}), ...Object.keys(m.describe ?? {})]));
}

describe('typed events of The Grid and the June Grid (issue 28 item 5)', () => {
  it('the unions are whole and closed (checked by tsc)', () => {
    expect([gridWhole, juneWhole, gridClosed, juneClosed]).toEqual([true, true, true, true]);
  });

  it("The Grid's modules fold or describe exactly the events GridEvent declares", () => {
    expect([...handled(grid200201.modules)].sort()).toEqual([...GRID_TYPES].sort());
  });

  it("the June Grid's modules fold or describe exactly the events JuneEvent declares", () => {
    expect([...handled(grid200206.modules)].sort()).toEqual([...JUNE_TYPES].sort());
  });

  it("every event a trigger watches for is one its ruleset declares, or the kernel's", () => {
    const grid: readonly string[] = GRID_TYPES;
    const june: readonly string[] = JUNE_TYPES;
    const undeclared = (types: Set<string>, own: readonly string[]) =>
      [...types].filter((t) => !own.includes(t) && !KERNEL_EVENT_TYPES.has(t));
    expect(undeclared(watched(grid200201.modules), grid)).toEqual([]);
    expect(undeclared(watched(grid200206.modules), june)).toEqual([]);
    // P8: The Grid re-places its Things after the kernel's amendments take effect or are repealed.
    expect(watched(grid200201.modules).has('parameters-in-force')).toBe(true);
    // (The check can fail: it sees the lists the modules give.)
    expect(watched(grid200201.modules).has('moved')).toBe(true);
    expect(watched(grid200206.modules).has('object-moved')).toBe(true);
  });
});
