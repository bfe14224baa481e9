import { z } from 'zod';
import type { Command } from './commands.js';
import type { GameEvent, KernelEvent, LogEntry } from './events.js';
import type { GameState } from './state.js';
import type { Json, JsonObject } from './json.js';
import type { RuleError } from './errors.js';
import type { Result } from './result.js';
import type { Viewer } from './viewer.js';
import type { Awaiting, CommandRule } from './ruleset.js';
import type { Standings } from './standings.js';
import type { Registry } from './registry.js';
import { Decision } from './decision.js';
import { makeEvolve } from './evolve.js';
import { KERNEL_COMMANDS, PLAYER_NAME, startNweek } from './kernel-commands.js';
import { Rejection, ruleError } from './errors.js';
import { err, ok } from './result.js';
import { isJson } from './json.js';
import { canSee } from './visibility.js';
import { describeKernelEvent } from './describe.js';
import { KERNEL_EDITION, nameHolder, spellNames } from './players.js';
import { KERNEL_EVENT_TYPES } from './events.js';
import { isoOf } from './instant.js';
import { instantArg } from './schedule-commands.js';
import { DEFAULT_RHYTHM_FLOOR, SCHEDULE_BOUNDS_EDITION } from './schedule-bounds.js';
import { timelockFields } from './beacon-timelock.js';
import { TIMELOCK_MAX } from './dice/timelock.js';
import { WHILE_WAITING, awaitedRound, chainArgument, roundNamedAt, waitRefusal } from './beacon-dice.js';

/** What the store supplies beside the state: the log's head hash and the game's dice secret. */
export interface DecideEnv {
  readonly head: string;
  readonly master?: Uint8Array;
  /**
   * For the Administrator's own tools (planning which dice to queue): a player's refusal is answered as the
   * Administrator would be told it, naming the roll that is missing, rather than as the player may read it.
   */
  readonly asAdministrator?: boolean;
}

/** An accepted command: its events (each with the game time it happened at) and the state after them. */
export interface Decided {
  readonly events: readonly GameEvent[];
  readonly ats: readonly LogEntry['at'][];
  readonly state: GameState;
}

/** One line of a log as a viewer may see it. */
export interface LogLine {
  /**
   * The line's number in the viewer's own numbering: the Administrator's is the entry's seq; anyone else's
   * counts only the entries e may see, so hidden entries leave no gap (see Kernel.position).
   */
  readonly seq: number;
  readonly nweek: number;
  readonly nday: number;
  readonly type: string;
  readonly text: string;
  readonly event: GameEvent;
}

export const GAME_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The arguments of `create`: made on first use, not when the kernel loads (issue 17; see command()). */
function createSchemaOf() {
  return z
    .object({
      game: z.string().regex(GAME_ID, 'a game id is letters, digits, - and _ (at most 64)'),
      ruleset: z.string().min(1),
      config: z.custom<Json>(isJson, 'the configuration is not JSON').optional(),
      ndays: z.number().int().min(1).max(100).optional(),
      dice: z.enum(['fair', 'manual', 'beacon']).optional(),
      /** Beacon dice (issue 26, B4): a pinned chain's name (quicknet unless given) or a chain described whole. */
      beacon: z.custom<Json>(isJson, 'the beacon chain is not JSON').optional(),
      /** K4: the edition of the readings to play under; the ruleset's latest unless given (a replay gives it). */
      edition: z.number().int().min(1).optional(),
      /** K4, K13: the edition of the kernel's own readings; the latest unless given (a replay gives it). */
      kernelEdition: z.number().int().min(1).optional(),
      /** K14: whether a join waits for the Administrator's approval; open unless given. */
      joins: z.enum(['open', 'approval']).optional(),
      /** K16: when the game was created, filled in by the edge that received the creation (instants.ts). */
      at: z.string().min(1).max(40).optional(),
      /** K16: the fastest rhythm its schedules may have, in seconds: the operator's say (60 unless given). */
      rhythmFloor: z.number().int().min(1).max(31_622_400).optional(),
      /** B13: nweek 1's seed timelocked to the round at its end, sealed by the engine (beacon dice). */
      timelock: z.string().min(1).max(TIMELOCK_MAX).optional(),
    })
    .strict();
}
let createSchema: ReturnType<typeof createSchemaOf> | undefined;
const createArgs = () => (createSchema ??= createSchemaOf());

/**
 * A refusal as a player may read it. With manual dice a command can wait for a roll the Administrator has not
 * queued, and the roll's purpose and dice may name or count hidden things ("new location of Shiny Thing 2", the
 * Bonus Box a move would open and its dice, a choice among squares with no hidden Box): the player is told only
 * that the Administrator's dice are missing or do not fit (issue 13; rulings R10). The Administrator, who
 * queues them, is told what they are for.
 */
function forPlayer(error: RuleError): RuleError {
  if (error.code === 'dice-needed')
    return ruleError('dice-needed', 'this needs dice the Administrator has not queued yet (manual dice)');
  if (error.code === 'bad-dice')
    return ruleError('bad-dice', 'a dice result the Administrator queued does not fit what this needs');
  return error;
}

/**
 * The kernel: pure functions over a game's state and log for the rulesets in its registry.
 * decide(state, command) -> events | error; evolve(state, event) -> state; view(state, viewer) -> JSON.
 */
export class Kernel {
  readonly evolve: (state: GameState | undefined, event: GameEvent) => GameState;

  constructor(readonly registry: Registry) {
    this.evolve = makeEvolve(registry);
  }

  /** Validates a command against the game's rules; an error changes nothing. */
  decide(state: GameState | undefined, command: Command, env: DecideEnv): Result<Decided, RuleError> {
    try {
      const ctx = new Decision(
        { registry: this.registry, evolve: this.evolve, head: env.head, master: env.master },
        state,
      );
      if (command.type === 'create') this.create(ctx, state, command);
      else {
        if (!state) return err(ruleError('unknown-game', 'there is no such game'));
        if (state.ended) return err(ruleError('game-over', `the game is over (${state.ended.reason})`));
        // B5: a beacon game whose nweek's round is not yet recorded takes nothing that rolls or acts in it.
        if (!WHILE_WAITING.has(command.type)) waitRefusal(state);
        const rule = this.findCommand(state, command.type);
        // K13: the actor and the arguments naming players, spelt as the players joined, before anything reads
        // them; so the log, its visibility and every rule see the one spelling.
        const said = spellNames(state, command, rule);
        this.checkActor(state, said, rule);
        const args = rule.parse(said.args);
        const vis =
          rule.visibility === 'public'
            ? 'public'
            : rule.visibility === 'admin'
              ? 'admin'
              : { players: [actorName(said)] };
        ctx.emit({ type: 'command', vis, command: withoutRolls(said) as Command & JsonObject });
        queueWithCommand(ctx, said.rolls);
        // A handler refuses by returning a Refusal (the kernel's own checks, by throwing a Rejection): either
        // way the working copy is dropped and the command changes nothing.
        const refusal = rule.run(ctx, said.by, args);
        if (refusal) return refused(command, env, refusal.error);
      }
      ctx.finish();
      return ok({ events: ctx.events, ats: ctx.ats, state: ctx.state });
    } catch (e) {
      if (e instanceof Rejection) return refused(command, env, e.error);
      throw e;
    }
  }

  /** Folds a whole log into a state. */
  replay(events: Iterable<GameEvent>): GameState | undefined {
    let state: GameState | undefined;
    for (const e of events) state = this.evolve(state, e);
    return state;
  }

  /** The commands a game accepts now, kernel and rules, with their handlers. */
  commands(state: GameState): ReadonlyMap<string, CommandRule<unknown>> {
    const rules = this.registry.index(this.rulesetOf(state), state.modules).commands;
    return new Map([...Object.entries(KERNEL_COMMANDS), ...rules]);
  }

  /** The event types that echo a command to the player who gave it: the kernel's, and RuleModule.echoes. */
  echoes(state: GameState): ReadonlySet<string> {
    const modules = this.registry.active(this.rulesetOf(state), state.modules);
    return new Set(['command', ...modules.flatMap((m) => m.echoes ?? [])]);
  }

  /** What a viewer may see of a game. The only way state leaves the kernel. */
  view(state: GameState, viewer: Viewer): JsonObject {
    const ruleset = this.rulesetOf(state);
    const base: Record<string, Json> = {
      game: state.game,
      ruleset: state.ruleset,
      nweek: state.clock.nweek,
      nday: state.clock.nday,
      ndays: state.clock.ndays,
      dice: state.dice.source,
      ended: state.ended ? { winners: [...state.ended.winners], reason: state.ended.reason } : null,
      // The calendar is a rule in force, and who the rules wait for only public facts (Ruleset.awaiting):
      // every viewer sees both alike.
      schedule: state.schedule as unknown as Json,
    };
    // Who may join and who waits to (K14), who was removed (K15): public, as joining is.
    base.admission = state.admission as unknown as Json;
    const awaiting = this.awaiting(state);
    if (awaiting) base.awaiting = awaiting as unknown as Json;
    if (viewer.role === 'admin') base.diceQueue = [...state.dice.queue];
    // Beacon dice: the chain, and the round the game waits for (public, as the commitment naming it is).
    const beacon = state.dice.beacon;
    if (beacon) {
      const waiting = awaitedRound(state);
      base.beacon = {
        chain: beacon.chain.name,
        round: beacon.round,
        ...(waiting ? { waiting: true, due: waiting.due } : { waiting: false }),
      };
    }
    return { ...base, ...ruleset.view(state.rules, state, viewer) };
  }

  /** Who the rules wait for now, and until when (Ruleset.awaiting): public facts, the same for every viewer. */
  awaiting(state: GameState): Awaiting | undefined {
    const ruleset = this.rulesetOf(state);
    return state.ended ? undefined : ruleset.awaiting?.(state.rules, state);
  }

  /**
   * A command as the rules will read it: its actor and the arguments naming players spelt as the game knows
   * them (K13). For comparing a retried command with the one first recorded under its id.
   */
  spelt(state: GameState, command: Command): Command {
    const type = command.type;
    const rule = Object.hasOwn(KERNEL_COMMANDS, type)
      ? KERNEL_COMMANDS[type]
      : this.registry.index(this.rulesetOf(state), state.modules).commands.get(type);
    return spellNames(state, command, rule);
  }

  render(state: GameState, view: JsonObject): string {
    return this.rulesetOf(state).render(view);
  }

  /** The title of the rules a game is played under now ("The Grid (Spoon, proposed 20 Jan 2002)"). */
  rulesetTitle(state: GameState): string {
    return this.rulesetOf(state).title;
  }

  /** The players' standings as the game's ruleset writes them from a view (Ruleset.standings), if it does. */
  standings(state: GameState, view: JsonObject): Standings | undefined {
    return this.rulesetOf(state).standings?.(view);
  }

  /**
   * Where a viewer stands in a game's log: how many entries of it e may see. The Administrator's is the
   * entry count (seq); the public's counts public entries; a player's, those and the ones visible to em.
   * Every number a viewer is given (a view's seq, a line's number, a stream's position) is one of these,
   * so nothing a viewer may not see is ever counted.
   */
  position(state: GameState, viewer: Viewer): number {
    if (viewer.role === 'admin') return state.seq;
    if (viewer.role === 'public') return state.seenPublic;
    const own = Object.hasOwn(state.seenPrivate, viewer.name) ? (state.seenPrivate[viewer.name] ?? 0) : 0;
    return state.seenPublic + own;
  }

  /**
   * A log as a viewer may see it, one described line per visible entry, numbered in the viewer's own
   * numbering (see position): `from` is the viewer's position before the first entry given (0 when the
   * entries start at the beginning of the log). The Administrator's lines keep the entries' seq.
   * `rulesetInForce`:
   * the ruleset in force before the first entry given (the state's there), when they do not start the log.
   */
  logView(
    entries: Iterable<LogEntry>,
    viewer: Viewer,
    state?: GameState,
    from = 0,
    rulesetInForce?: string,
  ): LogLine[] {
    const lines: LogLine[] = [];
    let position = from;
    // Each entry is described by the ruleset in force when it was written: two texts of one rule may use the
    // same event names for different things.
    let inForce = rulesetInForce;
    for (const e of entries) {
      const k = e.event as KernelEvent;
      if (k.type === 'game-created') inForce = k.ruleset;
      if (k.type === 'ruleset-amended') inForce = k.to;
      if (!canSee(e.event.vis, viewer)) continue;
      position++;
      lines.push({
        seq: viewer.role === 'admin' ? e.seq : position,
        nweek: e.at.nweek,
        nday: e.at.nday,
        type: e.event.type,
        text: this.describe(e.event, state, inForce),
        event: e.event,
      });
    }
    return lines;
  }

  /** One sentence for an event, from the kernel or whichever rule module describes it. */
  describe(event: GameEvent, state?: GameState, rulesetInForce?: string): string {
    if (KERNEL_EVENT_TYPES.has(event.type)) return describeKernelEvent(event as KernelEvent);
    const first = rulesetInForce ?? state?.ruleset;
    // Only loaded rulesets: the one in force is (the Referee loads what a game's log names before folding it).
    const rulesets = [
      ...(first ? [this.registry.loaded(first)] : []),
      ...this.registry.ids().map((id) => this.registry.loaded(id)),
    ];
    for (const r of rulesets) {
      if (!r) continue;
      for (const m of this.registry.available(r)) {
        const text = m.describe?.[event.type];
        if (text) return text(event, state);
      }
    }
    return `${event.type} ${JSON.stringify(event)}`;
  }

  private rulesetOf(state: GameState) {
    const r = this.registry.get(state.ruleset);
    if (!r) throw new Error(`ruleset ${state.ruleset} is not registered`);
    return r;
  }

  private create(ctx: Decision, state: GameState | undefined, command: Command): void {
    if (state) ctx.reject('game-exists', `the game ${state.game} already exists`);
    if (command.by.role !== 'admin') ctx.reject('not-allowed', 'only an Administrator creates a game');
    const parsed = createArgs().safeParse(command.args);
    if (!parsed.success) ctx.reject('bad-arguments', parsed.error.issues[0]?.message ?? 'bad arguments');
    const a = parsed.data;
    if (!this.registry.get(a.ruleset))
      ctx.reject(
        'unknown-ruleset',
        `there is no ruleset ${a.ruleset}; known: ${this.registry.ids().join(', ')}`,
      );
    const dice = a.dice ?? 'fair';
    if (a.beacon !== undefined && dice !== 'beacon')
      ctx.reject('bad-arguments', 'beacon: a chain is named only for beacon dice');
    if (a.timelock !== undefined && dice !== 'beacon')
      ctx.reject('bad-arguments', 'timelock: only a beacon game timelocks its seeds');
    const chain = dice === 'beacon' ? chainArgument(ctx, a.beacon) : undefined;
    // K4: a game keeps the edition of the readings it was created under; edition 1 is written as nothing, so
    // the creation of every game made before editions existed is decided again exactly as it was.
    const latest = this.registry.get(a.ruleset)?.edition ?? 1;
    const edition = a.edition ?? latest;
    if (edition > latest)
      ctx.reject(
        'bad-arguments',
        `${a.ruleset} has no edition ${edition} of its readings (latest: ${latest})`,
      );
    // K4 again, for the kernel's own readings (K13: names whatever their case): written only when not 1.
    const kernelEdition = a.kernelEdition ?? KERNEL_EDITION;
    if (kernelEdition > KERNEL_EDITION)
      ctx.reject(
        'bad-arguments',
        `the kernel has no edition ${kernelEdition} of its readings (latest: ${KERNEL_EDITION})`,
      );
    // K16 (edition 3 on): the creation instant and the rhythm floor are recorded, bounding every schedule.
    const bounded = kernelEdition >= SCHEDULE_BOUNDS_EDITION;
    const at = bounded && a.at !== undefined ? instantArg(ctx, 'at', a.at) : undefined;
    const floor = bounded && a.rhythmFloor !== DEFAULT_RHYTHM_FLOOR ? a.rhythmFloor : undefined;
    // The game, its queued dice and its seed commitments go in before any rule can react (and so roll).
    ctx.atomically(() => {
      ctx.emit({
        type: 'game-created',
        vis: 'public',
        game: a.game,
        ruleset: a.ruleset,
        config: a.config ?? null,
        ndays: a.ndays ?? 7,
        dice,
        ...(edition > 1 ? { edition } : {}),
        ...(kernelEdition > 1 ? { kernelEdition } : {}),
        ...(a.joins === 'approval' ? { joins: 'approval' as const } : {}),
        ...(at !== undefined ? { created: isoOf(at) } : {}),
        ...(floor !== undefined ? { rhythmFloor: floor } : {}),
        ...(chain ? { beacon: { ...chain } } : {}),
        ...(a.timelock !== undefined ? { timelock: a.timelock } : {}),
      });
      queueWithCommand(ctx, command.rolls);
      if (dice === 'fair') {
        ctx.commitSeed('public', 1);
        ctx.commitSeed('secret', 0);
      }
      if (chain) {
        const round = roundNamedAt(ctx, chain, a.at);
        const sealed = timelockFields(ctx, chain, round, Date.parse(a.at as string), a.timelock);
        ctx.commitSeed('public', 1, round, sealed);
        ctx.commitSeed('secret', 0);
      }
    });
    // B5: a beacon game's setup and first nweek begin when the round its commitment named is recorded.
    if (chain) return;
    for (const m of ctx.modules) m.onSetup?.(ctx);
    startNweek(ctx, 1);
  }

  private findCommand(state: GameState, type: string): CommandRule<unknown> {
    // Own properties only: a command named "constructor" or "__proto__" must not find Object.prototype's.
    const kernel = Object.hasOwn(KERNEL_COMMANDS, type) ? KERNEL_COMMANDS[type] : undefined;
    const rule = kernel ?? this.registry.indexFor(state.ruleset, state.modules).commands.get(type);
    if (!rule) {
      const known = [...this.commands(state).keys()].join(', ');
      throw new Rejection(
        ruleError('unknown-command', `no rule in force here lets anyone "${type}"; commands: ${known}`),
      );
    }
    return rule;
  }

  private checkActor(state: GameState, command: Command, rule: CommandRule<unknown>): void {
    const by = command.by;
    if (rule.actor === 'admin' && by.role !== 'admin') {
      throw new Rejection(ruleError('not-allowed', `only the Administrator may ${command.type}`));
    }
    if (rule.actor === 'player') {
      if (by.role !== 'player')
        throw new Rejection(
          ruleError('not-allowed', `${command.type} is a player's announcement; give it as that player`),
        );
      if (!PLAYER_NAME.test(by.name))
        throw new Rejection(
          ruleError(
            'bad-arguments',
            `"${by.name}" is not a usable player name (a letter, then letters, digits, . _ -; at most 32)`,
          ),
        );
      if (command.type !== 'join' && !state.players.includes(by.name)) {
        const held = nameHolder(state, by.name);
        throw new Rejection(
          ruleError(
            'unknown-player',
            held?.as === 'request'
              ? `${by.name}'s request to join waits for the Administrator's approval`
              : held?.as === 'removed'
                ? `${by.name} was removed from this game by the Administrator`
                : `${by.name} has not joined this game`,
          ),
        );
      }
    }
  }
}

/** A refused command's result: the refusal as its giver may read it (see forPlayer). */
function refused(command: Command, env: DecideEnv, error: RuleError): Result<Decided, RuleError> {
  return err(command.by.role === 'admin' || env.asAdministrator ? error : forPlayer(error));
}

/** Queues the dice results a command brought with it (see Command.rolls). */
function queueWithCommand(ctx: Decision, rolls: readonly number[] | undefined): void {
  if (!rolls || rolls.length === 0) return;
  if (ctx.state.dice.source !== 'manual')
    ctx.reject('not-allowed', 'this game rolls fair dice; results cannot be supplied');
  if (!rolls.every((v) => Number.isInteger(v) && v >= 1))
    ctx.reject('bad-dice', 'dice results are whole numbers from 1 up');
  ctx.emit({ type: 'dice-queued', vis: 'admin', values: [...rolls], withCommand: true });
}

/** The command as its log entry records it: the dice it brought go in an Administrator-only entry instead. */
function withoutRolls(command: Command): Command {
  if (command.rolls === undefined) return command;
  const { rolls, ...recorded } = command;
  return recorded;
}

const actorName = (c: Command): string => (c.by.role === 'player' ? c.by.name : 'admin');
