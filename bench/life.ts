// Life's Evolve on a 1000 x 1000 Field (issue 5): the Referee's `evolve` command decided and applied by the
// kernel (step 1's births and deaths over a million Cells, the fold that applies them, step 3), and step 1
// alone. The Field is filled at random (a fixed seed; a quarter of the Cells null, the rest Red, Green or
// Blue) and put into a game created on the text's 5 x 5 Field and then widened in memory: a game's
// configuration may not ask for more than 1,024 squares (ruling L17), but step 1's speed is what is measured
// here. Initialize itself, a million public rolls, is not.
import { performance } from 'node:perf_hooks';
import { ADMIN, GENESIS, Kernel, Registry } from '../src/core/index.js';
import type { GameState } from '../src/core/index.js';
import type { FieldState } from '../src/rulesets/field-match/index.js';
import { lifeRuleset, nextGeneration } from '../src/rulesets/life/index.js';

const SIZE = 1000;

/** A Life game on a SIZE x SIZE Field with a Cell of a random Color (or null) on every square. */
export function bigLifeGame(kernel: Kernel, seed = 12345): GameState {
  const created = kernel.decide(
    undefined,
    {
      type: 'create',
      by: ADMIN,
      args: { game: 'bench', ruleset: 'life', dice: 'manual' },
    },
    { head: GENESIS },
  );
  if (!created.ok) throw new Error(created.error.message);
  const state = created.value.state;
  const rules = state.rules as FieldState;
  const n = SIZE * SIZE;
  const color = new Uint8Array(n);
  let x = seed >>> 0;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    color[i] = x >>> 30; // 0 (null), 1, 2, 3: one in four each
  }
  const cell = rules.objects.Cell;
  if (!cell) throw new Error('no Cells in Life');
  const filled: FieldState = {
    ...rules,
    width: SIZE,
    height: SIZE,
    field: { ...rules.field, Advantage: 'Red' },
    objects: {
      ...rules.objects,
      Cell: { count: n, present: new Uint8Array(n).fill(1), attrs: { Color: color } },
    },
  };
  return { ...state, rules: filled };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Median milliseconds: the whole `evolve` command on a 1000 x 1000 Field, and step 1 alone. */
export function lifeEvolve(runs = 15): { decideMs: number; stepMs: number } {
  const kernel = new Kernel(new Registry([lifeRuleset]));
  const start = bigLifeGame(kernel);
  const rules = start.rules as FieldState;
  const evolve = { type: 'evolve', by: ADMIN, args: {} };
  const decide: number[] = [];
  for (let i = 0; i <= runs; i++) {
    // A fresh rules object each time, so the transform's memo (keyed by the state) cannot answer.
    const state: GameState = { ...start, rules: { ...rules } };
    const t0 = performance.now();
    const r = kernel.decide(state, evolve, { head: GENESIS });
    const t1 = performance.now();
    if (!r.ok) throw new Error(r.error.message);
    if (i > 0) decide.push(t1 - t0);
  }
  const cell = rules.objects.Cell;
  if (!cell) throw new Error('no Cells in Life');
  const color = cell.attrs.Color as Uint8Array;
  const step: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = performance.now();
    nextGeneration(SIZE, SIZE, 'diagonal', cell.present, color, 3, 1);
    const t1 = performance.now();
    if (i > 0) step.push(t1 - t0);
  }
  return { decideMs: median(decide), stepMs: median(step) };
}
