// A game on the table: the pure kernel with a log kept in memory, for scenario tests with supplied dice.
import { expect } from 'vitest';
import { ADMIN, chain, GENESIS, Kernel, player, Registry, verifyLog } from '../../src/core/index.js';
import type {
  AnyRuleset,
  Command,
  Decided,
  GameState,
  Json,
  JsonObject,
  LogEntry,
  RuleError,
  Viewer,
} from '../../src/core/index.js';

export const MASTER = new Uint8Array(32).map((_, i) => i * 7 + 1);

export class Table {
  readonly kernel: Kernel;
  entries: LogEntry[] = [];
  state: GameState | undefined;

  constructor(rulesets: readonly AnyRuleset[]) {
    this.kernel = new Kernel(new Registry(rulesets));
  }

  get game(): GameState {
    if (!this.state) throw new Error('no game yet');
    return this.state;
  }

  get head(): string {
    return this.entries[this.entries.length - 1]?.hash ?? GENESIS;
  }

  /**
   * Creates the game; `rolls` are queued manual dice (which makes the game's dice manual); `edition` plays
   * under an older edition of the ruleset's readings (ruling K4), as a game created before it did.
   */
  create(
    ruleset: string,
    options: {
      rolls?: number[];
      dice?: 'fair' | 'manual';
      ndays?: number;
      config?: Json;
      edition?: number;
      /** The kernel's own edition of its readings (K4, K13): 1 plays as a game created before names were caseless. */
      kernelEdition?: number;
      joins?: 'open' | 'approval';
    } = {},
  ): Decided {
    const dice = options.dice ?? (options.rolls ? 'manual' : 'fair');
    return this.ok({
      type: 'create',
      by: ADMIN,
      args: {
        game: 'g',
        ruleset,
        dice,
        ndays: options.ndays ?? 7,
        config: options.config ?? null,
        ...(options.edition !== undefined ? { edition: options.edition } : {}),
        ...(options.kernelEdition !== undefined ? { kernelEdition: options.kernelEdition } : {}),
        ...(options.joins !== undefined ? { joins: options.joins } : {}),
      },
      ...(options.rolls ? { rolls: options.rolls } : {}),
    });
  }

  try(command: Command): ReturnType<Kernel['decide']> {
    const result = this.kernel.decide(this.state, command, { head: this.head, master: MASTER });
    if (result.ok) {
      this.entries.push(...chain(this.head, this.entries.length + 1, result.value.events, result.value.ats));
      this.state = result.value.state;
    }
    return result;
  }

  ok(command: Command): Decided {
    const result = this.try(command);
    if (!result.ok)
      throw new Error(
        `expected ${command.type} to be accepted: ${result.error.code}: ${result.error.message}`,
      );
    return result.value;
  }

  /** Asserts the command is rejected and that nothing changed; returns the error. */
  fail(command: Command): RuleError {
    const before = this.state;
    const length = this.entries.length;
    const result = this.try(command);
    if (result.ok) throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
    expect(this.state).toBe(before);
    expect(this.entries.length).toBe(length);
    return result.error;
  }

  join(...names: string[]): void {
    for (const name of names) this.ok({ type: 'join', by: player(name), args: {} });
  }

  act(name: string, type: string, args: Record<string, Json> = {}, rolls?: number[]): Decided {
    return this.ok({ type, by: player(name), args, ...(rolls ? { rolls } : {}) });
  }

  admin(type: string, args: Record<string, Json> = {}, rolls?: number[]): Decided {
    return this.ok({ type, by: ADMIN, args, ...(rolls ? { rolls } : {}) });
  }

  /** A player's command, refused: asserts nothing changed and returns the error. */
  refuse(name: string, type: string, args: Record<string, Json> = {}, rolls?: number[]): RuleError {
    return this.fail({ type, by: player(name), args, ...(rolls ? { rolls } : {}) });
  }

  /** The Administrator's command, refused: asserts nothing changed and returns the error. */
  refuseAdmin(type: string, args: Record<string, Json> = {}, rolls?: number[]): RuleError {
    return this.fail({ type, by: ADMIN, args, ...(rolls ? { rolls } : {}) });
  }

  /** Gives each player the points named, from The Bank (the kernel's `points`, as the Administrator). */
  give(points: Readonly<Record<string, number>>, reason = 'opening balance'): void {
    for (const [to, amount] of Object.entries(points)) this.admin('points', { to, amount, reason });
  }

  tick(nweek = false): Decided {
    return this.admin('tick', nweek ? { nweek: true } : {});
  }

  view(viewer: Viewer): JsonObject {
    return this.kernel.view(this.game, viewer);
  }

  /** Replaying the log reproduces the live state, and the log verifies. */
  expectConsistent(): void {
    expect(this.kernel.replay(this.entries.map((e) => e.event))).toEqual(this.state);
    const report = verifyLog(this.kernel, this.entries, MASTER);
    expect(report.problems).toEqual([]);
  }
}
