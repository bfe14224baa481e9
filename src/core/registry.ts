import type { AnyRuleset, RuleModule, CommandRule, Trigger } from './ruleset.js';
import type { GameEvent } from './events.js';
import type { GameState } from './state.js';

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
}

/** The rulesets a program knows, by id. Passed to the kernel; there is no global registry. */
export class Registry {
  private readonly rulesets = new Map<string, AnyRuleset>();
  private readonly indexCache = new WeakMap<readonly string[], ActiveRules>();

  constructor(rulesets: readonly AnyRuleset[] = []) {
    for (const r of rulesets) this.add(r);
  }

  add(ruleset: AnyRuleset): this {
    if (this.rulesets.has(ruleset.id)) throw new Error(`ruleset ${ruleset.id} registered twice`);
    const ids = new Set<string>();
    for (const m of [...ruleset.modules, ...(ruleset.optional ?? [])]) {
      if (ids.has(m.id)) throw new Error(`ruleset ${ruleset.id} has two modules named ${m.id}`);
      ids.add(m.id);
    }
    this.rulesets.set(ruleset.id, ruleset);
    return this;
  }

  get(id: string): AnyRuleset | undefined {
    return this.rulesets.get(id);
  }

  ids(): string[] {
    return [...this.rulesets.keys()];
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
    const ruleset = this.rulesets.get(rulesetId);
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
    const index = { modules, commands, evolve, known, triggers };
    this.indexCache.set(ids, index);
    return index;
  }
}
