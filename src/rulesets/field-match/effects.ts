// What an Effect is, and what it may do. An Effect is a named, typed function registered beside a match's
// definition; it reads the match through an EffectContext and changes it only by the context's verbs, each
// of which records one public event (with the rolls that decided it) and folds it in at once, so the next
// line of the effect sees the change. A Transform is a pure rule over the whole state (Life's births and
// deaths): the event names it and the fold applies it, so a change to a million squares is one small event.
import type { FieldErrorCode } from './errors.js';
import { inForce, refuse } from '../../core/index.js';
import type { GameState, JsonObject, ParameterValue, Refusal, Roll } from '../../core/index.js';
import type { ActionSpec, AttributeSpec, Match, Scope, Value } from './match.js';
import { attributeOf, inRange, objectOf, rangeText, valueText } from './match.js';
import type { FieldState, Square } from './state.js';
import { fieldValue, layerOf, objectOn, objectValue, onField, playerValue, squareAt } from './state.js';
import type {
  AttributeSet,
  Change,
  FieldMatchCtx,
  ObjectRemoved,
  ObjectsPlaced,
  Placement,
  Transformed,
} from './events.js';
import { squareJson } from './events.js';

/**
 * What a Transform gives back: the next state, and what it did (as data and as a sentence). M is the data's
 * shape, as the transform declares it (Life's generation: births, deaths, the Cells of each Color).
 */
export interface TransformResult<M extends JsonObject = JsonObject> {
  readonly state: FieldState;
  readonly summary: M;
  readonly text: string;
}

/** A pure rule over the whole state. Must depend on nothing but its arguments. */
export type Transform<M extends JsonObject = JsonObject> = (
  state: FieldState,
  match: Match,
  /**
   * The match's parameters in force (issue 24; empty for a match that declares none). The engine always gives
   * them; a caller outside it (a test of the transform alone) may leave them out for the text's.
   */
  params?: Readonly<Record<string, ParameterValue>>,
) => TransformResult<M>;

const NO_PARAMETERS: Readonly<Record<string, ParameterValue>> = Object.freeze({});

/**
 * How many times an action may be performed per nweek (per player for a player's action), or null for no limit:
 * the parameter in force when the match names one for it (PL6), else its definition's number.
 */
export function perNweekOf(match: Match, action: ActionSpec, game: GameState): number | null {
  const name = match.perNweekParameters?.[action.name];
  return name === undefined ? action.trigger.perNweek : (matchParams(match, game)[name] as number);
}

/** A match's parameters in force in a game: one property read (inForce). */
export const matchParams = (match: Match, game: GameState): Readonly<Record<string, ParameterValue>> =>
  match.parameters ? inForce(game, match.parameters) : NO_PARAMETERS;

/**
 * The effect of an Invokable Action. It refuses the invocation, as a condition of its Trigger does, by returning
 * a refusal (`return fx.refuse(code, message)`): the command returns it and the kernel drops every change the
 * effect made before it.
 */
export type Effect = (fx: EffectContext) => Refusal<FieldErrorCode> | undefined | void;

/** What an invocation is about. */
export type Target =
  | { readonly kind: 'field' }
  | { readonly kind: 'player'; readonly name: string }
  | { readonly kind: 'object'; readonly object: string; readonly at: Square };

/** Options of a change: the step of the Effect it carries out, and the rolls that decided it. */
export interface ChangeOptions {
  readonly step?: string;
  readonly rolls?: readonly Roll[];
}

/** A transform's result, and the values in force it was computed under. */
type Memo = { params: Readonly<Record<string, ParameterValue>>; result: TransformResult };
const memo = new WeakMap<FieldState, Map<string, Memo>>();

/**
 * Applies a transform. Memoised on the state object (states are never changed in place, so the same object
 * always gives the same result): the decision that computes a transform to describe it and the fold that
 * then applies it do the work once.
 */
export function applyTransform(
  match: Match,
  transforms: Readonly<Record<string, Transform>>,
  name: string,
  state: FieldState,
  /** The values in force (matchParams); the text's when not given. */
  params: Readonly<Record<string, ParameterValue>> = match.parameters?.text ?? NO_PARAMETERS,
): TransformResult {
  const key = `${match.id}|${name}`;
  let results = memo.get(state);
  const hit = results?.get(key);
  // The values in force are one record until an amendment makes another: the same record, the same result.
  if (hit && hit.params === params) return hit.result;
  const t = Object.hasOwn(transforms, name) ? transforms[name] : undefined;
  if (!t) throw new Error(`${match.name} has no transform ${name}`);
  const result = t(state, match, params);
  if (!results) memo.set(state, (results = new Map<string, Memo>()));
  results.set(key, { params, result });
  return result;
}

/** The working view of one invocation for its Effect. */
export class EffectContext {
  constructor(
    private readonly ctx: FieldMatchCtx,
    readonly match: Match,
    /** The action being performed. */
    readonly action: string,
    /** The invoking player, or null for the Referee. */
    readonly invoker: string | null,
    readonly target: Target,
    private readonly transforms: Readonly<Record<string, Transform>>,
  ) {}

  get state(): FieldState {
    return this.ctx.rules;
  }
  /** The match's parameters in force (issue 24): what its text states, as amended. */
  get params(): Readonly<Record<string, ParameterValue>> {
    return matchParams(this.match, this.ctx.state);
  }
  /** The players of the game, in joining order. */
  get players(): readonly string[] {
    return this.ctx.state.players;
  }
  get nweek(): number {
    return this.ctx.clock.nweek;
  }
  /** Every square, from (1,1) along the bottom row, then each row above. */
  squares(): Square[] {
    const s = this.state;
    return Array.from({ length: s.width * s.height }, (_, i) => squareAt(s, i));
  }

  player(name: string, attr: string): Value {
    return playerValue(this.match, this.state, name, attr);
  }
  field(attr: string): Value {
    return fieldValue(this.state, attr);
  }
  has(kind: string, at: Square): boolean {
    return objectOn(this.state, kind, at);
  }
  object(kind: string, at: Square, attr: string): Value {
    return objectValue(this.match, this.state, kind, at, attr);
  }
  count(kind: string): number {
    return layerOf(this.state, kind).count;
  }

  setPlayer(name: string, attr: string, to: Value, options: ChangeOptions = {}): void {
    this.check(attr, { kind: 'players' }, to);
    const from = this.player(name, attr);
    this.set({ scope: 'player', player: name, attribute: attr, from, to }, options);
  }
  setField(attr: string, to: Value, options: ChangeOptions = {}): void {
    this.check(attr, { kind: 'field' }, to);
    this.set({ scope: 'field', attribute: attr, from: this.field(attr), to }, options);
  }
  setObject(kind: string, at: Square, attr: string, to: Value, options: ChangeOptions = {}): void {
    this.check(attr, { kind: 'object', object: kind }, to);
    if (!this.has(kind, at)) throw new Error(`no ${kind} at (${at[0]},${at[1]})`);
    const from = this.object(kind, at, attr);
    this.set({ scope: 'object', object: kind, at: squareJson(at), attribute: attr, from, to }, options);
  }

  /** Places an object of a kind on a square, with the given attributes (the rest at their defaults). */
  place(
    kind: string,
    at: Square,
    values: Readonly<Record<string, Value>>,
    options: ChangeOptions = {},
  ): void {
    this.placeAll(kind, [{ at, values }], options);
  }

  /** Places objects of one kind on several squares at once: one event, one copy of the layer. */
  placeAll(kind: string, placed: readonly Placement[], options: ChangeOptions = {}): void {
    for (const { at, values } of placed) {
      if (!onField(this.state, at)) throw new Error(`(${at[0]},${at[1]}) is not on the Field`);
      for (const [attr, v] of Object.entries(values)) this.check(attr, { kind: 'object', object: kind }, v);
    }
    const e: ObjectsPlaced = {
      type: 'field-objects-placed',
      vis: 'public',
      object: kind,
      plural: objectOf(this.match, kind).plural,
      placed: placed.map((p) => ({ at: squareJson(p.at), values: { ...p.values } })),
      ...this.because(options),
    };
    this.ctx.emit(e);
  }

  remove(kind: string, at: Square, options: ChangeOptions = {}): void {
    if (!this.has(kind, at)) throw new Error(`no ${kind} at (${at[0]},${at[1]})`);
    const e: ObjectRemoved = {
      type: 'field-object-removed',
      vis: 'public',
      object: kind,
      at: squareJson(at),
      ...this.because(options),
    };
    this.ctx.emit(e);
  }

  /**
   * A random value of an attribute's range (without null if `nonNull`), chosen with the game's dice in
   * public: a choice among the values in the order the range lists them (manual dice: 1 is the first).
   */
  pick(attr: string, purpose: string, options: { nonNull?: boolean } = {}): { value: Value; roll: Roll } {
    const range = attributeOf(this.match, attr).range;
    if (range.kind === 'enum') {
      const values = options.nonNull ? range.nonNull : range.values;
      const { item, roll } = this.ctx.choose<Value>(values, purpose);
      return { value: item, roll };
    }
    const roll = this.ctx.roll(`1d${range.max - range.min + 1}`, purpose);
    return { value: range.min + Number(roll.result) - 1, roll };
  }

  /** Dice in the seeds' notation, rolled in public; record the roll in the change it decides. */
  roll(expr: string, purpose: string): Roll {
    return this.ctx.roll(expr, purpose);
  }
  /** One of `items`, chosen in public; record the roll in the change it decides. */
  choose<T>(items: readonly T[], purpose: string): { item: T; roll: Roll } {
    return this.ctx.choose(items, purpose);
  }

  /** Applies a registered transform; returns what it did. */
  transform(name: string, options?: ChangeOptions): TransformResult;
  /**
   * Given the transform itself (as the match registered it), what it did comes back as that transform declares
   * it: the effect reads its summary typed.
   */
  transform<M extends JsonObject>(registered: Transform<M>, options?: ChangeOptions): TransformResult<M>;
  transform(which: string | Transform, options: ChangeOptions = {}): TransformResult {
    const name = typeof which === 'string' ? which : this.nameOf(which);
    const result = applyTransform(this.match, this.transforms, name, this.state, this.params);
    const e: Transformed = {
      type: 'field-transformed',
      vis: 'public',
      transform: name,
      summary: result.summary,
      text: result.text,
      ...this.because(options),
    };
    this.ctx.emit(e);
    return result;
  }

  /** The name a transform is registered under; a transform the match never registered is a bug in the effect. */
  private nameOf(t: Transform): string {
    const name = Object.keys(this.transforms).find((k) => this.transforms[k] === t);
    if (name === undefined) throw new Error(`${this.match.name} has no such transform registered`);
    return name;
  }

  /** Ends the match: these players win. */
  end(winners: readonly string[], reason: string): void {
    this.ctx.endGame(winners, reason);
  }

  get ended(): boolean {
    return this.ctx.state.ended !== null;
  }

  /** A refusal of this invocation, for the effect to return (see Effect). */
  refuse(code: FieldErrorCode, message: string): Refusal<FieldErrorCode> {
    return refuse(code, message);
  }

  private because(options: ChangeOptions): { action: string; step?: string; rolls?: Roll[] } {
    return {
      action: this.action,
      ...(options.step !== undefined ? { step: options.step } : {}),
      ...(options.rolls && options.rolls.length > 0 ? { rolls: [...options.rolls] } : {}),
    };
  }

  private set(change: Change, options: ChangeOptions): void {
    const e: AttributeSet = {
      type: 'field-attribute-set',
      vis: 'public',
      ...change,
      ...this.because(options),
    };
    this.ctx.emit(e);
  }

  /** An effect that sets a value outside an attribute's range, or of another scope, is a bug in the effect. */
  private check(attr: string, scope: Scope, value: Value): AttributeSpec {
    const a = attributeOf(this.match, attr);
    const ok =
      a.scope.kind === scope.kind &&
      (scope.kind !== 'object' || (a.scope.kind === 'object' && a.scope.object === scope.object));
    if (!ok)
      throw new Error(
        `${attr} is not an attribute of ${scope.kind === 'object' ? scope.object : scope.kind}`,
      );
    if (!inRange(a.range, value))
      throw new Error(`${valueText(value)} is not in the range of ${attr} (${rangeText(a.range)})`);
    return a;
  }
}
