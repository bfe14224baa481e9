// An Invokable Action as a rule module: one command that checks the Trigger (the target, who invokes, how
// often per nweek, what must already have happened this nweek, the conditions), in that order, records the
// invocation, and runs the registered Effect. A refused invocation changes nothing and says why.
import { z } from 'zod';
import { command, refuse, Refusal } from '../../core/index.js';
import type { CommandRule, RuleModule } from '../../core/index.js';
import type { ActionSpec, Match } from './match.js';
import type { FieldState, Square } from './state.js';
import { objectOn, onField, squareText, timesInvoked } from './state.js';
import type { Effect, Target, Transform } from './effects.js';
import { EffectContext, perNweekOf } from './effects.js';
import { fillIn, holds, targetText } from './conditions.js';
import type { ActionInvoked, FieldMatchCtx, FieldMatchEvent } from './events.js';
import type { FieldErrorCode } from './errors.js';
import { squareJson } from './events.js';

const times = (n: number): string => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);

/** The command's arguments, by what the action is attached to. */
function argsFor(action: ActionSpec): { schema: z.ZodType<Record<string, unknown>>; words: string[] } {
  if (action.attachedTo.kind === 'object')
    return { schema: z.object({ x: z.number().int(), y: z.number().int() }).strict(), words: ['x', 'y'] };
  if (action.attachedTo.kind === 'players')
    return { schema: z.object({ player: z.string().min(1).max(64) }).strict(), words: ['player'] };
  return { schema: z.object({}).strict(), words: [] };
}

/**
 * Finds the invocation's target, or the refusal: a square off the Field or without the object, an unknown
 * player.
 */
function targetOf(
  ctx: FieldMatchCtx,
  action: ActionSpec,
  args: Record<string, unknown>,
): Target | Refusal<FieldErrorCode> {
  const a = action.attachedTo;
  if (a.kind === 'object') {
    const at: Square = [Number(args.x), Number(args.y)];
    const s = ctx.rules;
    if (!onField(s, at))
      return refuse(
        'off-field',
        `${squareText(at)} is not a square of the Field, which runs from (1,1) to (${s.width},${s.height})`,
      );
    if (!objectOn(s, a.object, at))
      return refuse('no-object', `there is no ${a.object} at ${squareText(at)} to ${action.name}`);
    return { kind: 'object', object: a.object, at };
  }
  if (a.kind === 'players') {
    const name = String(args.player);
    if (!ctx.state.players.includes(name))
      return refuse('unknown-player', `${name} is not a player of this match`);
    return { kind: 'player', name };
  }
  return { kind: 'field' };
}

/** Checks every limit of the Trigger: the refusal of the first that is not met, or undefined. */
function triggerRefusal(
  ctx: FieldMatchCtx,
  match: Match,
  action: ActionSpec,
  invoker: string | null,
  target: Target,
): Refusal<FieldErrorCode> | undefined {
  const s = ctx.rules;
  const nweek = ctx.clock.nweek;
  const who = invoker ?? 'the Referee';
  const { after, when } = action.trigger;
  const perNweek = perNweekOf(match, action, ctx.state);
  if (perNweek !== null && timesInvoked(s, action.name, nweek, invoker) >= perNweek) {
    return refuse(
      'limit-reached',
      `${who} has already performed ${action.name} ${times(perNweek)} during nweek ${nweek}; ${action.name} may be performed ${times(perNweek)} per nweek${invoker === null ? '' : ' by each player'}`,
    );
  }
  for (const first of after) {
    if (timesInvoked(s, first, nweek) === 0)
      return refuse(
        'too-early',
        `${action.name} may be performed only after ${first} has been performed during the current nweek, and ${first} has not yet been performed during nweek ${nweek}`,
      );
  }
  const inv = { match, state: s, invoker, target };
  for (const r of when) if (!holds(r.test, inv)) return refuse(r.code, fillIn(r.fails, inv));
  return undefined;
}

/** The rule module of one Invokable Action. */
export function actionModule(
  match: Match,
  action: ActionSpec,
  effect: Effect,
  transforms: Readonly<Record<string, Transform>>,
): RuleModule<FieldState, FieldErrorCode, FieldMatchEvent> {
  const { schema, words } = argsFor(action);
  const rule: CommandRule<FieldState> = command<
    FieldState,
    z.ZodType<Record<string, unknown>>,
    FieldErrorCode,
    FieldMatchEvent
  >({
    actor: action.trigger.by === 'Referee' ? 'admin' : 'player',
    summary: action.summary,
    // Nothing in a Field Match is hidden: the Referee's invocations are posted to a Public Forum too.
    visibility: 'public',
    words,
    // K13: an action attached to players names its target whatever the case; the kernel spells it.
    ...(action.attachedTo.kind === 'players' ? { players: ['player'] } : {}),
    args: schema,
    run(ctx, by, args) {
      const invoker = by.role === 'player' ? by.name : null;
      const target = targetOf(ctx, action, args);
      if (target instanceof Refusal) return target;
      const refused = triggerRefusal(ctx, match, action, invoker, target);
      if (refused) return refused;
      const e: ActionInvoked = {
        type: 'field-action-invoked',
        vis: 'public',
        action: action.name,
        by: invoker,
        target:
          target.kind === 'object' ? squareJson(target.at) : target.kind === 'player' ? target.name : null,
        about: targetText(target),
      };
      ctx.emit(e);
      return effect(new EffectContext(ctx, match, action.name, invoker, target, transforms));
    },
  });
  return {
    id: action.verb,
    section: `Invokable Action: ${action.name}`,
    text: action.text,
    commands: { [action.verb]: rule },
  };
}
