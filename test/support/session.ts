// A game driven through the pure kernel with its log kept in memory: what a store does, minus the disk.
// Each accepted command's events are chained onto the log; a rejected command leaves state and log alone.
import { expect } from 'vitest';
import { ADMIN, chain, GENESIS, Kernel, player, Registry } from '../../src/core/index.js';
import type {
  AnyRuleset,
  Command,
  Decided,
  GameEvent,
  GameState,
  Json,
  LogEntry,
  Result,
  RuleError,
} from '../../src/core/index.js';
import { COUNTER_RULESETS } from './counter-ruleset.js';

/** A fixed master dice secret, so fair games are reproducible in tests. */
export const MASTER = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) & 0xff);

export interface CreateOptions {
  readonly game?: string;
  readonly ruleset?: string;
  readonly dice?: 'fair' | 'manual';
  readonly ndays?: number;
  readonly config?: Json;
  readonly rolls?: readonly number[];
}

export class Session {
  readonly kernel: Kernel;
  state: GameState | undefined;
  entries: LogEntry[] = [];
  /** The events of the last accepted command. */
  last: readonly GameEvent[] = [];

  /** The game's master dice secret as the store would supply it; undefined for a store that has none. */
  readonly master: Uint8Array | undefined;

  /** `master` null: no secret at all (enough for manual dice). */
  constructor(master: Uint8Array | null = MASTER, rulesets: readonly AnyRuleset[] = COUNTER_RULESETS) {
    this.master = master ?? undefined;
    this.kernel = new Kernel(new Registry(rulesets));
  }

  /** Hash of the last log entry (GENESIS for an empty log). */
  get head(): string {
    return this.entries[this.entries.length - 1]?.hash ?? GENESIS;
  }

  get game(): GameState {
    if (!this.state) throw new Error('no game yet');
    return this.state;
  }

  get events(): GameEvent[] {
    return this.entries.map((e) => e.event);
  }

  /** The create command for these options (fair dice and a 'counter' game 'g' unless told). */
  static createCommand(options: CreateOptions = {}): Command {
    return {
      type: 'create',
      by: ADMIN,
      args: {
        game: options.game ?? 'g',
        ruleset: options.ruleset ?? 'counter',
        dice: options.dice ?? 'fair',
        ...(options.ndays !== undefined ? { ndays: options.ndays } : {}),
        ...(options.config !== undefined ? { config: options.config } : {}),
      },
      ...(options.rolls ? { rolls: options.rolls } : {}),
    };
  }

  /** Decides a command against the current state; applies it if accepted. */
  decide(command: Command): Result<Decided, RuleError> {
    const result = this.kernel.decide(this.state, command, { head: this.head, master: this.master });
    if (result.ok) {
      const { events, ats, state } = result.value;
      this.entries.push(...chain(this.head, this.entries.length + 1, events, ats));
      this.state = state;
      this.last = events;
    }
    return result;
  }

  /** Decides a command that must be accepted. */
  ok(command: Command): readonly GameEvent[] {
    const result = this.decide(command);
    if (!result.ok)
      throw new Error(
        `expected ${command.type} to be accepted: ${result.error.code}: ${result.error.message}`,
      );
    return result.value.events;
  }

  /** Decides a command that must be rejected; asserts nothing changed and returns the error. */
  fail(command: Command): RuleError {
    const before = this.state;
    const snapshot = structuredClone(before);
    const length = this.entries.length;
    const result = this.decide(command);
    if (result.ok) throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
    expect(this.state).toBe(before);
    expect(this.state).toEqual(snapshot);
    expect(this.entries).toHaveLength(length);
    return result.error;
  }

  create(options: CreateOptions = {}): readonly GameEvent[] {
    return this.ok(Session.createCommand(options));
  }

  join(...names: string[]): void {
    for (const name of names) this.ok({ type: 'join', by: player(name), args: {} });
  }

  /** A player's command. */
  as(name: string, type: string, args: Record<string, Json> = {}, rolls?: readonly number[]): Command {
    return { type, by: player(name), args, ...(rolls ? { rolls } : {}) };
  }

  /** An Administrator's command. */
  admin(type: string, args: Record<string, Json> = {}, rolls?: readonly number[]): Command {
    return { type, by: ADMIN, args, ...(rolls ? { rolls } : {}) };
  }

  tick(nweek = false, rolls?: readonly number[]): readonly GameEvent[] {
    return this.ok(this.admin('tick', nweek ? { nweek: true } : {}, rolls));
  }

  /** The rules' state, typed by the caller. */
  rules<S>(): S {
    return this.game.rules as S;
  }
}

/** Events of one type from a list. */
export const ofType = (events: readonly GameEvent[], type: string): GameEvent[] =>
  events.filter((e) => e.type === type);

/** A field of an event as text (events are JSON, so anything else is written as JSON). */
export const str = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** Freezes a value and everything reachable from it, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A fair game with a bit of everything: rolls public and secret, payments, a rule enacted, nweeks passing. */
export function played(): Session {
  const s = new Session();
  s.create({ ndays: 2 });
  s.join('ann', 'bob');
  s.ok(s.as('ann', 'roll', { dice: '2d20' }));
  s.ok(s.as('bob', 'hide'));
  for (let i = 0; i < 4; i++) s.ok(s.as(i % 2 ? 'ann' : 'bob', 'bump', { by: 3 }));
  s.ok(s.admin('points', { to: 'ann', amount: 7, reason: 'a ruling' }));
  s.ok(s.admin('enact', { module: 'big-bumps' }));
  s.tick(true);
  s.ok(s.as('bob', 'roll', { dice: '10+5d3' }));
  s.ok(s.as('ann', 'bump', { by: 20 }));
  s.tick();
  return s;
}
