import type { AnyRuleset, RuleModule, CommandRule, Trigger } from './ruleset.js';
import type { GameEvent } from './events.js';
import type { GameState } from './state.js';
import type { Json } from './json.js';
import type { ClockPhase } from './clock.js';
import type { Decision } from './decision.js';
import { CLOCK_PHASES } from './clock.js';
import { kernelKind } from './evolve.js';
import type { RulesFold } from './evolve.js';

type Hook = (ctx: Decision<unknown>) => void;
type Answer = (ctx: Decision<unknown>, question: Json) => Json | undefined;
import type { Command } from './commands.js';

/** The active modules of a game, with lookups by command and event type resolved by precedence. */
export interface ActiveRules {
  readonly modules: readonly RuleModule<unknown>[];
  /** Highest-precedence handler of each command type. */
  readonly commands: ReadonlyMap<string, CommandRule<unknown>>;
  /** Highest-precedence fold of each event type. */
  readonly evolve: ReadonlyMap<string, (rules: unknown, event: GameEvent, game: GameState) => unknown>;
  /** Every event type some active module describes or folds. */
  readonly known: ReadonlySet<string>;
  /** Every active module's triggers, in module order. */
  readonly triggers: readonly Trigger<unknown>[];
  /**
   * The event types some trigger lists in its `after` (null when a trigger has none, so any event may set it
   * off): an event of another type sets nothing off.
   */
  readonly wakers: ReadonlySet<string> | null;
  /** Each clock phase's hooks, in module order (only the modules that have one: most have none). */
  readonly hooks: Readonly<Record<ClockPhase, readonly Hook[]>>;
  /**
   * The answers to a question, highest precedence first (the modules that answer it), found once per question
   * and kept: a move asks 'may-move' and its making 'may-occupy' of every module, every time.
   */
  answers(question: string): readonly Answer[];
  /** What a Decision needs to know of an event type, found once per type (see EventTypeInfo). */
  eventType(type: string): EventTypeInfo;
}

/**
 * An event type as the active rules see it: the kernel's fold kind (kernelKind: 1 only counts the entry, 2
 * changes the kernel's state; undefined for the rules' types), the rules' fold of it (null if none: the rules'
 * state stays as it is), whether any active module knows it (folds or describes it), and whether a trigger
 * lists it in its `after` (or has no `after`). One look-up instead of four per event emitted.
 */
export interface EventTypeInfo {
  readonly kind: 1 | 2 | undefined;
  readonly fold: RulesFold | null;
  readonly known: boolean;
  readonly wakes: boolean;
}

/**
 * A ruleset a registry knows by its id and loads only when a game needs it (issue 17: a command on a Grid game
 * need not load Life). The host says how (src/rulesets/catalogue.ts imports each ruleset's module).
 */
export interface RulesetSource {
  readonly id: string;
  load(): Promise<AnyRuleset>;
}

/**
 * The ruleset an event names: the one a game is created under, or amended into. Folding the event needs it
 * (evolve.ts), and so does describing the events after it.
 */
export function rulesetNamedBy(event: GameEvent): string | undefined {
  if (event.type === 'game-created' && typeof event.ruleset === 'string') return event.ruleset;
  if (event.type === 'ruleset-amended' && typeof event.to === 'string') return event.to;
  return undefined;
}

/** The ruleset a command names (the kernel's `create` and `amend`): deciding it needs that ruleset. */
export function rulesetNamedByCommand(command: Command): string | undefined {
  const named = command.args.ruleset;
  return (command.type === 'create' || command.type === 'amend') && typeof named === 'string'
    ? named
    : undefined;
}

/**
 * The rulesets a program knows, by id. Passed to the kernel; there is no global registry. A ruleset is either
 * given loaded or known by its source, and loaded by load() before anything of it is used: the kernel's own
 * work is synchronous, so whoever hands it a game (the Referee) loads the rulesets the game names first.
 */
export class Registry {
  private readonly rulesets = new Map<string, AnyRuleset>();
  /** Every ruleset known, loaded or not, in the order given: its source while it is not loaded. */
  private readonly known = new Map<string, RulesetSource | undefined>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly indexCache = new WeakMap<readonly string[], ActiveRules>();

  constructor(rulesets: readonly AnyRuleset[] = [], sources: readonly RulesetSource[] = []) {
    for (const r of rulesets) this.add(r);
    for (const source of sources) {
      if (this.known.has(source.id)) throw new Error(`ruleset ${source.id} registered twice`);
      this.known.set(source.id, source);
    }
  }

  add(ruleset: AnyRuleset): this {
    if (this.rulesets.has(ruleset.id) || this.known.get(ruleset.id) !== undefined)
      throw new Error(`ruleset ${ruleset.id} registered twice`);
    const ids = new Set<string>();
    for (const m of [...ruleset.modules, ...(ruleset.optional ?? [])]) {
      if (ids.has(m.id)) throw new Error(`ruleset ${ruleset.id} has two modules named ${m.id}`);
      ids.add(m.id);
    }
    this.rulesets.set(ruleset.id, ruleset);
    this.known.set(ruleset.id, undefined);
    return this;
  }

  /**
   * The ruleset `id`, or undefined if there is none of that id. One known but not loaded yet is a bug of the
   * caller (it did not load what the game names), said loudly: answering "no such ruleset" would be wrong.
   */
  get(id: string): AnyRuleset | undefined {
    const ruleset = this.rulesets.get(id);
    if (ruleset || !this.known.has(id)) return ruleset;
    throw new Error(`ruleset ${id} is not loaded: load() it before the kernel uses it`);
  }

  /** The ruleset `id` if it is loaded (undefined if not, or if there is none). */
  loaded(id: string): AnyRuleset | undefined {
    return this.rulesets.get(id);
  }

  /** Every ruleset's id, loaded or not, in the order given. */
  ids(): string[] {
    return [...this.known.keys()];
  }

  /** Loads every ruleset of these ids not loaded yet (ids of none are left for the kernel to refuse). */
  async load(ids: Iterable<string>): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const id of ids) {
      const source = this.known.get(id);
      if (!source) continue;
      let loading = this.loading.get(id);
      if (!loading) {
        loading = source.load().then((ruleset) => {
          if (ruleset.id !== id) throw new Error(`the source of ruleset ${id} loaded ${ruleset.id}`);
          if (this.rulesets.has(id)) return;
          this.known.set(id, undefined);
          this.add(ruleset);
        });
        this.loading.set(id, loading);
        // A load that failed may be tried again.
        loading.catch(() => this.loading.delete(id));
      }
      waits.push(loading);
    }
    await Promise.all(waits);
  }

  /** Loads every ruleset known. */
  async loadAll(): Promise<this> {
    await this.load(this.ids());
    return this;
  }

  /** The rulesets these events name that are known and not loaded yet. */
  missing(events: Iterable<GameEvent>): string[] {
    const missing: string[] = [];
    for (const e of events) {
      const id = rulesetNamedBy(e);
      if (id !== undefined && this.known.get(id) !== undefined && !missing.includes(id)) missing.push(id);
    }
    return missing;
  }

  /** Every module a ruleset offers, active by default or enactable. */
  available(ruleset: AnyRuleset): readonly RuleModule<unknown>[] {
    return [...ruleset.modules, ...(ruleset.optional ?? [])];
  }

  /** The active modules of a game, lowest precedence first; cached per module list (lists are immutable). */
  active(ruleset: AnyRuleset, ids: readonly string[]): readonly RuleModule<unknown>[] {
    return this.index(ruleset, ids).modules;
  }

  private last: { ruleset: string; ids: readonly string[]; index: ActiveRules } | undefined;

  /** index() by ruleset id, remembering the last answer: a replay asks the same question a million times. */
  indexFor(rulesetId: string, ids: readonly string[]): ActiveRules {
    const last = this.last;
    if (last && last.ids === ids && last.ruleset === rulesetId) return last.index;
    const ruleset = this.get(rulesetId);
    if (!ruleset) throw new Error(`ruleset ${rulesetId} is not registered`);
    const index = this.index(ruleset, ids);
    this.last = { ruleset: rulesetId, ids, index };
    return index;
  }

  /** Lookups over the active modules, later modules overriding earlier ones. */
  index(ruleset: AnyRuleset, ids: readonly string[]): ActiveRules {
    const hit = this.indexCache.get(ids);
    if (hit) return hit;
    const all = this.available(ruleset);
    const modules = ids.map((id) => {
      const m = all.find((x) => x.id === id);
      if (!m) throw new Error(`ruleset ${ruleset.id} has no module ${id}`);
      return m;
    });
    const commands = new Map<string, CommandRule<unknown>>();
    const evolve = new Map<string, (rules: unknown, event: GameEvent, game: GameState) => unknown>();
    const known = new Set<string>();
    for (const m of modules) {
      for (const [type, rule] of Object.entries(m.commands ?? {})) commands.set(type, rule);
      for (const [type, fold] of Object.entries(m.evolve ?? {})) evolve.set(type, fold);
      for (const type of [...Object.keys(m.evolve ?? {}), ...Object.keys(m.describe ?? {})]) known.add(type);
    }
    const triggers = modules.flatMap((m) => m.triggers ?? []);
    const wakers = triggers.every((t) => t.after) ? new Set(triggers.flatMap((t) => t.after ?? [])) : null;
    const hooks = {} as Record<ClockPhase, Hook[]>;
    for (const phase of CLOCK_PHASES)
      hooks[phase] = modules.flatMap((m) => {
        const hook = m.hooks?.[phase];
        return hook ? [hook] : [];
      });
    const answerers = new Map<string, readonly Answer[]>();
    const answers = (question: string): readonly Answer[] => {
      let found = answerers.get(question);
      if (!found) {
        const list: Answer[] = [];
        for (let i = modules.length - 1; i >= 0; i--) {
          const answers = (modules[i] as RuleModule<unknown>).answers;
          // Own properties only: a question named "constructor" must not find Object.prototype's.
          const answer = answers && Object.hasOwn(answers, question) ? answers[question] : undefined;
          if (answer) list.push(answer);
        }
        found = list;
        // Questions are the rules' own names, a handful per ruleset; the map stays that small.
        answerers.set(question, found);
      }
      return found;
    };
    const types = new Map<string, EventTypeInfo>();
    const eventType = (type: string): EventTypeInfo => {
      let info = types.get(type);
      if (!info) {
        info = {
          kind: kernelKind(type),
          fold: evolve.get(type) ?? null,
          known: known.has(type),
          wakes: wakers === null || wakers.has(type),
        };
        // Bounded: event types are the rules' own names (a type no rule knows is refused, never folded).
        if (types.size < 1024) types.set(type, info);
      }
      return info;
    };
    const index = { modules, commands, evolve, known, triggers, wakers, hooks, answers, eventType };
    this.indexCache.set(ids, index);
    return index;
  }
}
