// B Nomic's Field Match as a framework: fieldMatch(definition, effects, transforms) turns a match written as
// data (the Field, Attributes, Field Objects, Invokable Actions with their Triggers) plus the named functions
// that carry out its Effects into a kernel Ruleset: one rule module for the Field and one per action.
import { z } from 'zod';
import { reject } from '../../core/index.js';
import type { ParameterSet, Ruleset } from '../../core/index.js';
import type { FieldMatchDefinition } from './definition.js';
import { compileMatch } from './compile.js';
import type { Match } from './match.js';
import type { FieldState } from './state.js';
import { emptyField } from './state.js';
import type { Effect, Transform } from './effects.js';
import { fieldModule } from './field.js';
import { actionModule } from './actions.js';
import { fieldStandings, fieldView, renderField } from './view.js';
import { fieldMatchAwaiting } from './awaiting.js';
import type { FieldErrorCode } from './errors.js';
import { FIELD_ERROR_CODES } from './errors.js';

/**
 * The largest Field a game's configuration may ask for, in squares (ruling L17 in docs/rulings-life.md; issue
 * 13, item 4). Chosen from `bench/costs.ts`: Initialize records one public roll per square, and deciding,
 * chaining and committing it costs about 35-80 µs a square on the server's one thread (2 × EPYC, shared), so
 * 1,024 squares hold every other game for at most about 80 ms; 160 × 160 held it 1-2 s, 2048 × 2048 minutes.
 */
export const MAX_SQUARES = 1024;

/** The longest side of a configured Field: a 1 × 1,024 strip is as costly as 32 × 32, and no costlier. */
export const MAX_SIDE = MAX_SQUARES;

/** A definition that does not compile: every problem, each with where it is. */
export class DefinitionError extends Error {
  constructor(
    readonly match: string,
    readonly problems: readonly string[],
  ) {
    super(
      `the Field Match definition ${match} has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`,
    );
  }
}

/**
 * A game's configuration: null plays on the Field the definition gives; {width, height} plays the same match
 * on a Field of another size (the definition's adjacency and everything else unchanged).
 */
const configSchema = z.union([
  z.null(),
  z
    .object({
      width: z.number().int().min(1).max(MAX_SIDE),
      height: z.number().int().min(1).max(MAX_SIDE),
    })
    .strict()
    .refine(
      (c) => c.width * c.height <= MAX_SQUARES,
      `a Field has at most ${MAX_SQUARES} squares, e.g. 32 x 32`,
    ),
]);

/** A match's codes: the framework's, then its conditions' in the order the definition gives them. */
function fieldMatchErrorCodes(match: Match): readonly FieldErrorCode[] {
  const own = match.actions.flatMap((a) => a.trigger.when.map((r) => r.code));
  return [...new Set<FieldErrorCode>([...FIELD_ERROR_CODES, ...own])];
}

/** A Ruleset with the Match it was made from. */
export interface FieldMatchRuleset extends Ruleset<FieldState, FieldErrorCode> {
  readonly match: Match;
}

/**
 * Makes a ruleset of a Field Match. Throws DefinitionError if the definition does not compile, or an
 * action names an effect not registered here, or an effect is registered that no action uses.
 */
export function fieldMatch(
  definition: FieldMatchDefinition,
  effects: Readonly<Record<string, Effect>>,
  transforms: Readonly<Record<string, Transform>> = {},
  meta: {
    title?: string;
    /** Issue 24 (PL1): the match's own parameters; its transforms and effects read them (matchParams). */
    parameters?: ParameterSet;
    parameterProblem?: Ruleset<FieldState, FieldErrorCode>['parameterProblem'];
    /**
     * PL6: actions whose "once per nweek" is one of those parameters: the parameter's name, by action. Each must
     * name an action with a per-nweek limit and a declared whole-number parameter.
     */
    perNweek?: Readonly<Record<string, string>>;
  } = {},
): FieldMatchRuleset {
  const compiled = compileMatch(definition, Object.keys(effects));
  if (!compiled.ok) throw new DefinitionError(String(definition.id), compiled.error);
  const perNweek = meta.perNweek ?? {};
  const wrong = Object.entries(perNweek).flatMap(([action, name]) => {
    const a = compiled.value.actions.find((x) => x.name === action);
    const p = meta.parameters?.named(name);
    if (a === undefined || a.trigger.perNweek === null)
      return [`${action} is no action with a per-nweek limit`];
    if (p === undefined || p.name !== name || p.type.kind !== 'integer' || p.type.min < 1)
      return [`${name} (${action} per nweek) is no declared whole-number parameter of at least 1`];
    return [];
  });
  if (wrong.length > 0) throw new DefinitionError(String(definition.id), wrong);
  const match: Match = meta.parameters
    ? {
        ...compiled.value,
        parameters: meta.parameters,
        ...(meta.perNweek ? { perNweekParameters: meta.perNweek } : {}),
      }
    : compiled.value;
  return {
    id: match.id,
    match,
    title: meta.title ?? `${match.name} (a Field Match)`,
    source: match.source,
    errorCodes: fieldMatchErrorCodes(match),
    modules: [
      fieldModule(match, transforms),
      ...match.actions.map((a) => actionModule(match, a, effects[a.effect] as Effect, transforms)),
    ],
    initial(config) {
      const parsed = configSchema.safeParse(config);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reject(
          'bad-config',
          `${match.name} takes no configuration, or {"width": W, "height": H} for another size of Field${issue ? ` (${issue.message})` : ''}`,
        );
      }
      const size = parsed.data ?? match.field;
      return emptyField(match, size.width, size.height);
    },
    view: (rules, game, viewer) => fieldView(match, rules, game, viewer),
    render: renderField,
    standings: fieldStandings,
    awaiting: (rules, game) => fieldMatchAwaiting(match, rules, game),
    ...(meta.parameters ? { parameters: meta.parameters } : {}),
    ...(meta.parameterProblem ? { parameterProblem: meta.parameterProblem } : {}),
  };
}

export { compileMatch } from './compile.js';
export type { FieldMatchDefinition, Value } from './definition.js';
export type { Match, ActionSpec, AttributeSpec, ObjectSpec, Adjacency, Range } from './match.js';
export { attributeOf, objectOf } from './match.js';
export type { FieldState, Layer, Square, Column } from './state.js';
export {
  indexOf,
  squareAt,
  onField,
  encode,
  decode,
  layerOf,
  columnOf,
  playerValue,
  fieldValue,
} from './state.js';
export type { Effect, Transform, TransformResult, Target } from './effects.js';
export { EffectContext, applyTransform, matchParams, perNweekOf } from './effects.js';
export { countNeighbours, neighbours } from './adjacency.js';
export type {
  ActionInvoked,
  AttributeSet,
  FieldMatchCtx,
  FieldMatchEvent,
  ObjectsPlaced,
  ObjectRemoved,
  Transformed,
} from './events.js';
