// Issue 24 ("a property test amends random parameters at random moments of random games and checks replay
// equality"), and amended games in the fuzz campaign: for every ruleset in the registry that declares
// parameters (today The Grid; the others as they land), random games of the kernel fuzz (bench/campaigns/
// fuzz.ts: valid, malformed, wrong-player and out-of-order commands, ticks, nweek ends) with the
// Administrator's amendments of random parameters (values generated from each ParameterType, fitting or not;
// unknown names; every start, nweeks begun included) and repeals put in at random moments. Every refusal is a
// clear error and changes nothing (state, log); the values in force always fit their types; and at the end
// the chain is intact, replaying the log gives the live state, and the kernel's verify re-decides every
// command into the same entries.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADMIN,
  chainBreak,
  inForce,
  Kernel,
  ledgerTotal,
  player,
  valueProblem,
  verifyLog,
} from '../../src/core/index.js';
import type { Command, GameState, ParameterValue } from '../../src/core/index.js';
import { defaultRegistry } from '../../src/rulesets/index.js';
import {
  checkRuleError,
  extraStrings,
  fingerprint,
  fixedCommand,
  harvest,
  KernelGame,
  MASTER,
  resolve,
  scenario,
  SETUP_ROLLS,
} from '../../bench/campaigns/fuzz.js';
import type { Scenario } from '../../bench/campaigns/fuzz.js';
import { amendStep } from '../support/parameter-arbitrary.js';
import type { AmendStep } from '../support/parameter-arbitrary.js';

const SEED = Number(process.env.FUZZ_SEED ?? 24_2002);
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

const registry = defaultRegistry();
/** Every ruleset of the registry that declares parameters: each one's declaration drives its amendments. */
const AMENDABLE = registry.ids().filter((id) => (registry.get(id)?.parameters?.list.length ?? 0) > 0);

const amendCommand = (s: AmendStep): Command =>
  s.kind === 'amend'
    ? {
        type: 'amend-rules',
        by: ADMIN,
        args: {
          set: s.set,
          why: 'Proposal 4521',
          ...(s.from !== undefined ? { from: s.from } : {}),
        },
      }
    : { type: 'repeal-amendment', by: ADMIN, args: { amendment: s.amendment, why: 'Proposal 4530' } };

interface Tally {
  amended: number;
  repealed: number;
  refused: number;
  tookEffect: number;
}

/** One random game with amendments at the given moments; throws (an expect) on a broken property. */
function play(kernel: Kernel, sc: Scenario, amendments: readonly [number, AmendStep][], tally: Tally): void {
  const set = kernel.registry.get(sc.ruleset)?.parameters;
  if (!set) throw new Error(`${sc.ruleset} declares no parameters`);
  const game = new KernelGame(kernel, sc.dice === 'fair' ? MASTER : undefined);
  const created = game.decide({
    type: 'create',
    by: ADMIN,
    args: { game: 'am', ruleset: sc.ruleset, dice: sc.dice, ndays: sc.ndays },
    ...(sc.dice === 'manual' ? { rolls: SETUP_ROLLS } : {}),
  });
  expect(created.ok).toBe(true);
  for (const name of sc.joined) game.decide({ type: 'join', by: player(name), args: {} });
  const extra = extraStrings(kernel, sc.ruleset);
  const at = new Map<number, AmendStep[]>();
  for (const [i, s] of amendments)
    at.set(i % (sc.steps.length + 1), [...(at.get(i % (sc.steps.length + 1)) ?? []), s]);
  const steps = sc.steps.flatMap((s, i) => [...(at.get(i) ?? []).map((a) => ({ amend: a })), { fuzz: s }]);
  steps.push(...(at.get(sc.steps.length) ?? []).map((a) => ({ amend: a })));
  for (const [i, step] of steps.entries()) {
    const state = game.state as GameState;
    const command =
      'amend' in step
        ? amendCommand(step.amend)
        : step.fuzz.kind === 'command'
          ? resolve(kernel, state, step.fuzz, harvest(kernel.view(state, ADMIN), extra))
          : fixedCommand(step.fuzz);
    const what = `step ${i + 1}: ${command.type} ${JSON.stringify(command.args)}`;
    const before = fingerprint(state);
    const length = game.entries.length;
    const result = game.decide(command);
    if (!result.ok) {
      checkRuleError(result.error, what);
      expect(game.state, `${what}: refused, and the state changed`).toBe(state);
      expect(fingerprint(game.state), what).toBe(before);
      expect(game.entries.length, `${what}: refused, and the log grew`).toBe(length);
      if ('amend' in step) tally.refused++;
    } else if ('amend' in step) {
      if (step.amend.kind === 'amend') tally.amended++;
      else tally.repealed++;
    }
    const now = game.state as GameState;
    tally.tookEffect += game.entries
      .slice(length)
      .filter((e) => e.event.type === 'parameters-in-force').length;
    expect(ledgerTotal(now.balances), what).toBe(0);
    // The values in force always fit their types, whatever was asked (the ruleset in force's: a game amended
    // into another ruleset reads that one's).
    const inForceSet = kernel.registry.get(now.ruleset)?.parameters;
    const values: Readonly<Record<string, ParameterValue>> = inForceSet ? inForce(now, inForceSet) : {};
    for (const p of inForceSet?.list ?? [])
      expect(valueProblem(p, values[p.name] ?? p.text), `${what}: ${p.name}`).toBeNull();
  }
  expect(chainBreak(game.entries)).toBeNull();
  const live = game.state as GameState;
  expect(fingerprint(kernel.replay(game.entries.map((e) => e.event)))).toBe(fingerprint(live));
  const report = verifyLog(kernel, game.entries, game.master);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

describe('amended games: random amendments of random parameters at random moments of random games', () => {
  it('runs for every ruleset that declares parameters (The Grid at least)', () => {
    expect(AMENDABLE).toContain('grid-2002-01');
  });

  for (const ruleset of AMENDABLE) {
    it(`${ruleset}: refusals clear and changing nothing, values in force fitting, replay and verify equal`, () => {
      const kernel = new Kernel(defaultRegistry());
      const set = kernel.registry.get(ruleset)?.parameters;
      if (!set) throw new Error('no parameters');
      const tally: Tally = { amended: 0, repealed: 0, refused: 0, tookEffect: 0 };
      fc.assert(
        fc.property(
          scenario(ruleset, 30),
          fc.array(fc.tuple(fc.nat(40), amendStep(set)), { minLength: 1, maxLength: 8 }),
          (sc, amendments) => play(kernel, sc, amendments, tally),
        ),
        { numRuns: RUNS, seed: SEED },
      );
      // The games really were amended, amendments really took effect, and some were refused and repealed.
      expect(tally.amended).toBeGreaterThan(RUNS / 2);
      expect(tally.tookEffect).toBeGreaterThan(RUNS / 2);
      expect(tally.refused).toBeGreaterThan(0);
      expect(tally.repealed).toBeGreaterThan(0);
    });
  }
});
