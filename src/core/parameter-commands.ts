// Issue 24: the Administrator amends the parameters of the text in force (amend-rules) and repeals an amendment
// (repeal-amendment); the clock applies a waiting amendment at the boundary it names (applyDueAmendments, called
// by kernel-commands' endNday and startNweek). Public commands and public events: the nomic's rules are public.
import { z } from 'zod';
import { command } from './ruleset.js';
import type { CommandRule } from './ruleset.js';
import type { Decision } from './decision.js';
import type { Json } from './json.js';
import type { ParameterValue } from './parameters.js';
import { readValue, valueText } from './parameters.js';
import type { AmendmentStart, ParameterAmendment } from './parameter-amendments.js';
import { dueAt, valuesOf } from './parameter-amendments.js';

const value = () =>
  z.union([z.number(), z.string().max(200), z.array(z.union([z.number(), z.string().max(200)])).max(200)]);

/** What the game stands in the way of these values with, or null (Ruleset.parameterProblem). */
function problemWith(ctx: Decision, values: Readonly<Record<string, ParameterValue>>): string | null {
  return ctx.ruleset.parameterProblem?.(ctx.state.rules, ctx.state, values) ?? null;
}

/** The values in force with one more amendment's changes, or without one (a repeal), as the fold makes them. */
function valuesWith(ctx: Decision, amendments: readonly ParameterAmendment[]) {
  return valuesOf(ctx.ruleset.parameters?.text ?? {}, amendments);
}

/** Takes a waiting amendment into force now, unless the game stands in its way: then it lapses (ruling P4). */
function takeEffect(ctx: Decision, a: ParameterAmendment): void {
  const amendments = (ctx.state.params?.amendments ?? []).map((b) =>
    b.n === a.n ? { ...b, status: 'in-force' as const } : b,
  );
  const why = problemWith(ctx, valuesWith(ctx, amendments));
  if (why === null) ctx.emit({ type: 'parameters-in-force', vis: 'public', amendment: a.n });
  else ctx.emit({ type: 'parameters-lapsed', vis: 'public', amendment: a.n, reason: why });
}

/**
 * At an nday's start ('nday') or an nweek's ({nweek}), the waiting amendments due then take effect, in the
 * order they were made. A game with none pays one property read.
 */
export function applyDueAmendments(ctx: Decision, boundary: 'nday' | { nweek: number }): void {
  const params = ctx.state.params;
  if (!params) return;
  for (const a of params.amendments) if (dueAt(a, boundary)) takeEffect(ctx, a);
}

export const PARAMETER_COMMANDS: Readonly<Record<string, CommandRule<unknown>>> = {
  'amend-rules': command({
    actor: 'admin',
    visibility: 'public',
    summary:
      "amend the text's parameters (`referee rules GAME` lists them): set {name: value}, why (a proposal), from now|nday|nweek|N",
    words: ['set'],
    args: () =>
      z
        .object({
          set: z.record(z.string().min(1).max(100), value()),
          why: z.string().min(1).max(500),
          from: z.union([z.enum(['now', 'nday', 'nweek']), z.number().int().min(1)]).optional(),
        })
        .strict(),
    confirm: {
      message:
        'Amend the rules? Every later decision follows the new values from when the amendment takes effect, until it is repealed.',
    },
    run(ctx, _by, { set, why, from }) {
      const declared = ctx.ruleset.parameters;
      if (!declared || declared.list.length === 0)
        return ctx.reject('unknown-parameter', `${ctx.state.ruleset} declares no parameters to amend`);
      const names = Object.keys(set);
      if (names.length === 0) ctx.reject('bad-arguments', 'name at least one parameter and its new value');
      const changes: Record<string, ParameterValue> = {};
      for (const name of names) {
        const p = declared.named(name);
        if (!p)
          return ctx.reject(
            'unknown-parameter',
            `${ctx.state.ruleset} has no parameter "${name}" (its parameters: ${declared.list.map((q) => q.name).join(', ')})`,
          );
        if (Object.hasOwn(changes, p.name)) ctx.reject('bad-arguments', `${p.name} is named twice`);
        const read = readValue(p, set[name] as Json);
        if ('problem' in read) return ctx.reject('bad-parameter', read.problem);
        changes[p.name] = read.value;
      }
      const start: AmendmentStart = from ?? 'now';
      if (typeof start === 'number' && start <= ctx.clock.nweek)
        ctx.reject(
          'bad-arguments',
          `nweek ${start} has begun: an amendment from this nweek on takes effect now or at a boundary to come`,
        );
      const all = ctx.state.params?.amendments ?? [];
      const n = all.length + 1;
      const made: ParameterAmendment = {
        n,
        changes,
        why,
        from: start,
        made: { nweek: ctx.clock.nweek, nday: ctx.clock.nday },
        status: 'in-force',
      };
      // P4: checked against the game as it stands now, whenever it is to take effect (and again then).
      const inTheWay = problemWith(ctx, valuesWith(ctx, [...all, made]));
      if (inTheWay !== null)
        return ctx.reject('parameters-in-the-way', `the rules cannot be so amended: ${inTheWay}`);
      ctx.emit({
        type: 'parameters-amended',
        vis: 'public',
        amendment: n,
        changes: changes,
        why,
        from: start,
      });
      if (start === 'now') ctx.emit({ type: 'parameters-in-force', vis: 'public', amendment: n });
    },
  }),
  'repeal-amendment': command({
    actor: 'admin',
    visibility: 'public',
    summary:
      'repeal an amendment of the parameters (its number): its values return to what they were without it',
    words: ['amendment', 'why'],
    args: () => z.object({ amendment: z.number().int().min(1), why: z.string().min(1).max(500) }).strict(),
    confirm: { message: 'Repeal this amendment? Its values return to what they were without it.' },
    run(ctx, _by, { amendment, why }) {
      const all = ctx.state.params?.amendments ?? [];
      const a = all.find((b) => b.n === amendment);
      if (!a)
        return ctx.reject('unknown-amendment', `there is no amendment ${amendment} of this game's rules`);
      if (a.status === 'repealed' || a.status === 'lapsed')
        ctx.reject('unknown-amendment', `amendment ${amendment} has ${a.status}; there is nothing to repeal`);
      if (a.status === 'in-force') {
        const without = all.map((b) => (b.n === amendment ? { ...b, status: 'repealed' as const } : b));
        const inTheWay = problemWith(ctx, valuesWith(ctx, without));
        if (inTheWay !== null)
          ctx.reject('parameters-in-the-way', `amendment ${amendment} cannot be repealed: ${inTheWay}`);
      }
      ctx.emit({ type: 'parameters-repealed', vis: 'public', amendment, why });
    },
  }),
};

/** An amendment's changes in words: "Grid size 25; Shiny Thing points 30". */
export const changesText = (changes: Readonly<Record<string, ParameterValue>>): string =>
  Object.entries(changes)
    .map(([name, v]) => `${name} ${valueText(v)}`)
    .join('; ');
