import { toJSONSchema } from 'zod';
import type { z } from 'zod';
import type { Json, JsonObject } from './json.js';
import type { GameEvent, KernelEvent } from './events.js';
import type { GameState } from './state.js';
import type { ClockPhase } from './clock.js';
import type { Actor, Viewer } from './viewer.js';
import type { Decision } from './decision.js';
import { reject } from './errors.js';
import type { CodeOf, KernelErrorCode, Refusal } from './errors.js';
import { issueText } from './arg-issues.js';
import type { Standings } from './standings.js';
import type { ParameterSet, ParameterValue } from './parameters.js';
import type { PhraseSet } from './phrases.js';

// Method-style signatures are checked bivariantly, which lets a module declare handlers for its own narrow
// event types (Moved, ThingFound, ...) in maps keyed by event type without casts at every call site.
interface EventFold<S> {
  fold(rules: S, event: GameEvent, game: GameState): S;
}
interface EventText {
  text(event: GameEvent, game: GameState | undefined): string;
}
interface Answer<S, C extends string, E extends GameEvent> {
  answer(ctx: Decision<S, C, E>, question: Json): Json | undefined;
}

/**
 * The folds of a module's events, keyed by type: each is given its own event's type (Extract by `type`), so a
 * fold reads `e.ndays` as the number its event declares. E is the union of the module's (or ruleset's) events.
 */
export type Folds<S, E extends GameEvent> = {
  readonly [K in E['type']]?: (rules: S, event: Extract<E, { type: K }>, game: GameState) => S;
};

/** One line describing each event type, keyed by type, each given its own event's type (see Folds). */
export type Texts<E extends GameEvent> = {
  readonly [K in E['type']]?: (event: Extract<E, { type: K }>, game: GameState | undefined) => string;
};

/**
 * The events of one type among `events` (a decision's `ctx.events`), typed as the union E declares that type:
 * what a trigger or hook reads of the events so far. The one cast is here: an event of a type is the shape its
 * module declares, since only that module emits it.
 */
export function eventsOf<E extends GameEvent, K extends E['type']>(
  events: readonly GameEvent[],
  type: K,
): Extract<E, { type: K }>[] {
  return events.filter((e) => e.type === type) as Extract<E, { type: K }>[];
}

/** What a command handler gives back: nothing (accepted: its events are the decision) or a Refusal. */
export type Handled<C extends string = KernelErrorCode> = Refusal<CodeOf<C>> | undefined | void;

/**
 * A condition the rules watch for. `after` lists the event types that can make the condition true; the
 * trigger is checked after each of those (after every event if `after` is absent). Listing them is an
 * optimisation that must not change behaviour: an event type left out must be one that cannot make it true.
 */
export interface Trigger<S, C extends string = KernelErrorCode, E extends GameEvent = GameEvent> {
  /** The rules' own event types or the kernel's (a trigger may wait for points moved or an nday's start). */
  readonly after?: readonly (E['type'] | KernelEvent['type'])[];
  run(ctx: Decision<S, C, E>): void;
}

/** Who may give a command; 'player' means a joined player speaking for emself. */
export type CommandActor = 'player' | 'admin';

/**
 * A command a rule module accepts. `visibility` is who sees the command itself in the log: 'public' for a
 * forum announcement, 'private' for a message to the Moderator (the author and the Administrator see it),
 * 'admin' for an order only the Administrator sees (such as queuing dice results).
 */
export interface CommandRule<S> {
  readonly actor: CommandActor;
  readonly summary: string;
  /** Positional argument names for the command line ("x y" for `enter 3 4`). */
  readonly words: readonly string[];
  readonly visibility: 'public' | 'private' | 'admin';
  /**
   * The arguments that name players (a name, or a list of names): the kernel spells each as the player joined
   * before the rule reads it, whatever case it was given in (ruling K13), so rule code compares names exactly.
   */
  readonly players?: readonly string[];
  /**
   * Set on a command that cannot be taken back in any useful sense (ending the game, amending the rules,
   * ending a whole nweek): the page asks the Administrator to confirm it, after showing a preview (issue 16).
   * `when` names a true/false argument that makes the command so (tick's `nweek`); absent, it always is.
   */
  readonly confirm?: CommandConfirm;
  /** Validates raw arguments; rejects with 'bad-arguments'. */
  parse(args: JsonObject): unknown;
  /** The arguments as a JSON Schema (input side), for forms on the web page and the API's documentation. */
  argsSchema(): JsonObject;
  /** Decides the command; a returned Refusal refuses it (the kernel drops the working copy). */
  run(ctx: Decision<S>, by: Actor, args: unknown): Refusal | undefined | void;
}

/** What the page says before an irreversible command, and the argument that makes it so (see CommandRule). */
export interface CommandConfirm {
  readonly message: string;
  readonly when?: string;
}

/**
 * What a rule declares of a command (see command()). The arguments' schema may be given as a function that makes
 * it: it is then made when first needed (the first command of that type), not when the module declaring it
 * loads, which a verb that decides no such command never pays for (issue 17).
 */
export interface CommandSpec<
  S,
  Z extends z.ZodType,
  C extends string = KernelErrorCode,
  E extends GameEvent = GameEvent,
> {
  actor: CommandActor;
  summary: string;
  args: Z | (() => Z);
  words?: readonly string[];
  visibility?: 'public' | 'private' | 'admin';
  players?: readonly string[];
  confirm?: CommandConfirm;
  /** C: the ruleset's error codes; a refusal it returns (its helpers' too) must use one of them. */
  run(ctx: Decision<S, C, E>, by: Actor, args: z.infer<Z>): Handled<C>;
}

/**
 * Declares a command with a zod schema for its arguments; the handler receives them typed. C is the ruleset's
 * closed set of error codes (its errors.ts); left out, the handler may refuse only with the kernel's.
 */
export function command<
  S,
  Z extends z.ZodType,
  C extends string = KernelErrorCode,
  E extends GameEvent = GameEvent,
>(spec: CommandSpec<S, Z, C, E>): CommandRule<S> {
  let schema: JsonObject | undefined;
  let made: Z | undefined;
  const args = (): Z => (made ??= typeof spec.args === 'function' ? spec.args() : spec.args);
  return {
    actor: spec.actor,
    summary: spec.summary,
    words: spec.words ?? [],
    ...(spec.confirm ? { confirm: spec.confirm } : {}),
    ...(spec.players ? { players: spec.players } : {}),
    // Hidden by default for the Administrator's orders: their arguments may say where a hidden thing is.
    // What the public should learn, the rules emit as public events; or the command says 'public'.
    visibility: spec.visibility ?? (spec.actor === 'admin' ? 'admin' : 'public'),
    parse(raw) {
      const parsed = args().safeParse(raw);
      if (parsed.success) return parsed.data;
      return reject('bad-arguments', issueText(parsed.error.issues[0]));
    },
    argsSchema() {
      // Computed on demand: most processes never ask. Checks that JSON Schema cannot say (refinements)
      // are left out; parse() still applies them.
      schema ??= toJSONSchema(args(), { io: 'input', unrepresentable: 'any' }) as JsonObject;
      return schema;
    },
    // The codes narrow only what the handler may write (C is a compile-time fact); the kernel's Decision is the
    // same object whatever codes its rules list.
    run: (ctx, by, parsed) => spec.run(ctx as Decision<S, C, E>, by, parsed as z.infer<Z>),
  };
}

/** A joined player speaking for emself: whom a player's command is given by. */
export type PlayerActor = Extract<Actor, { readonly role: 'player' }>;

/**
 * Declares a command a joined player gives for emself (an announcement). decide() refuses anyone else before
 * any rule runs (the actor check: not the Administrator, a usable name, a player of this game), so the handler
 * is given the player already narrowed, and no rule repeats the check.
 */
export function playerCommand<
  S,
  Z extends z.ZodType,
  C extends string = KernelErrorCode,
  E extends GameEvent = GameEvent,
>(
  spec: Omit<CommandSpec<S, Z, C, E>, 'actor' | 'run'> & {
    run(ctx: Decision<S, C, E>, by: PlayerActor, args: z.infer<Z>): Handled<C>;
  },
): CommandRule<S> {
  return command<S, Z, C, E>({
    ...spec,
    actor: 'player',
    run(ctx, by, args) {
      // Only narrows the type: the kernel's actor check has already refused an Administrator here.
      if (by.role === 'player') return spec.run(ctx, by, args);
    },
  });
}

/**
 * One section of a rule text: its name, the sentences it implements, and everything it contributes.
 * A ruleset is an ordered list of these; later modules take precedence over earlier ones.
 */
export interface RuleModule<S, C extends string = KernelErrorCode, E extends GameEvent = GameEvent> {
  /** Unique within the ruleset, e.g. 'movement'. */
  readonly id: string;
  /** The section's name as the text gives it. */
  readonly section: string;
  /** The sentences this module implements, quoted. */
  readonly text: string;
  readonly commands?: Readonly<Record<string, CommandRule<S>>>;
  /** How this module's events change the rules' state. */
  readonly evolve?: Readonly<Record<string, EventFold<S>['fold']>>;
  /** One line describing each of this module's event types, for logs and reports. */
  readonly describe?: Readonly<Record<string, EventText['text']>>;
  /**
   * Event types that only tell the player who gave a command that e gave it ("bob answers the Moderator's
   * question."), as the kernel's echo of a command does: in the log like any event, but never news on their
   * own, so a notice that would hold nothing else is not sent (src/channels/producers.ts). Only the rules
   * can say which events these are: an event naming only its player may still be news (a death).
   */
  readonly echoes?: readonly string[];
  /** Effects that fire as the clock passes a phase. */
  readonly hooks?: Readonly<Partial<Record<ClockPhase, (ctx: Decision<S, C, E>) => void>>>;
  /**
   * "If at any time ..." / "Whenever ...": checked after every change to the game, repeated until none
   * fires. Each must stop firing once it has acted (its condition becomes false).
   */
  readonly triggers?: readonly Trigger<S, C, E>[];
  /**
   * Answers to questions rules ask each other ("may this player occupy that square?"). The highest-precedence
   * module that answers (returns something other than undefined) decides: this is how a section that
   * "defers to any rule which contradicts it" is overridden.
   */
  readonly answers?: Readonly<Record<string, Answer<S, C, E>['answer']>>;
  /** At game creation, after the initial state exists. */
  readonly onSetup?: (ctx: Decision<S, C, E>) => void;
  /**
   * When a player joins (after the kernel's `player-joined`, in module order); may refuse the join by returning
   * a Refusal (Tunnelers' edition 1: a full game), which refuses the join (or the approval) that made em. Its code
   * is the module's: made by a helper typed with the ruleset's codes (`Refusal<C>` is not asked for here, so
   * that a module of any ruleset is still a module of the kernel's, as CommandRule.run's Refusal is).
   */
  readonly onJoin?: (ctx: Decision<S, C, E>, player: string) => Refusal | undefined | void;
  /**
   * When the Administrator has removed a player from the game (ruling K15): the player is no longer in the
   * game's list, and the module does with eir things what its text says of a player who leaves (or the ruling
   * on it says). Every module's, in module order, after the kernel's `player-removed`.
   */
  readonly onRemove?: (ctx: Decision<S, C, E>, player: string) => void;
  /** Just after an amendment made this ruleset the game's ruleset. */
  readonly onAmend?: (ctx: Decision<S, C, E>, from: string) => void;
}

/** A game's rules: modules plus how to start, show, and amend into it. */
export interface Ruleset<S, C extends string = KernelErrorCode> {
  readonly id: string;
  readonly title: string;
  /** The text it implements (a seed file, a proposal). */
  readonly source: string;
  /**
   * The closed set of codes its rules refuse with beside the kernel's (KERNEL_ERROR_CODES), listed once in the
   * ruleset's errors.ts: C is their union, and a refusal with any other code is a type error. Absent: the
   * kernel's only.
   */
  readonly errorCodes?: readonly C[];
  /** Active at the start, lowest precedence first. */
  readonly modules: readonly RuleModule<S, C>[];
  /** Further modules an Administrator may enact mid-game. */
  readonly optional?: readonly RuleModule<S, C>[];
  /** The rules' initial state from the game's configuration; pure. Rejects a bad config with 'bad-config'. */
  initial(config: Json): S;
  /** What a viewer may see of the rules' state. */
  view(rules: S, game: GameState, viewer: Viewer): JsonObject;
  /** A view as text (the board, x right and y up). */
  render(view: JsonObject): string;
  /**
   * The players' standings as a table in the rules' words (issue 16: the nweek's report prints it), made from a
   * view so that it holds only what the view's viewer may know. Optional: without it a report lists each
   * player's plain facts from the view.
   */
  standings?(view: JsonObject): Standings;
  /** Amendments into this ruleset: for each ruleset it can replace, how the old state carries over. */
  readonly migrateFrom?: Readonly<Record<string, (old: unknown, game: GameState) => S>>;
  /**
   * The edition of this program's readings of the text, when a ruling has changed since the first (ruling
   * K4): a game records the edition it is created under and keeps it, amendments included, and rule code
   * asks `ctx.state.edition` where a reading changed. Absent: 1, and nothing is recorded.
   */
  readonly edition?: number;
  /** The rules an amendment into this ruleset repeals, for the record. */
  readonly repeals?: readonly string[];
  /**
   * Who the rules are waiting for now (issue 14): the players whose action is needed before the wait ends,
   * and whether each has acted, as far as the public may know (in the Grid, that a player announced, never
   * where). Undefined when the rules wait for no one. Pure; read by every view and by the clock's reminders.
   */
  awaiting?(rules: S, game: GameState): Awaiting | undefined;
  /**
   * Every number and named choice its text states (issue 24), declared once: rule code reads them through
   * inForce, and the Administrator amends them (amend-rules). Absent: the text states none we read.
   */
  readonly parameters?: ParameterSet;
  /**
   * What its players may write on the forum, as data (issue 24: one folder per ruleset): phrase sets tried in
   * this order, the more specific first (Quests' before its host's). The forum adds the kernel's own and builds
   * the parser. Absent or empty: the game takes no forum text (`no-forum-text`).
   */
  readonly phrases?: readonly PhraseSet[];
  /**
   * What in the game stands in the way of these values in force (issue 24: "a Grid shrunk under a standing
   * player"), in words, or null when nothing does. Also where values that fit their types one by one do not
   * fit together. Pure. The message may be shown to EVERYONE (an amendment that lapses at its boundary does so
   * in a public event, ruling P4), so it must speak only of what everyone can see: hidden information is never
   * in the way of an amendment (ruling P8); the rules deal with it themselves once the values are in force.
   */
  parameterProblem?(
    rules: S,
    game: GameState,
    values: Readonly<Record<string, ParameterValue>>,
  ): string | null;
}

/** What the rules wait for: see Ruleset.awaiting. Only public facts. */
export interface Awaiting {
  /** What is awaited, in the rules' words: "announcements for nweek 3", "alice's turn". */
  readonly what: string;
  /** Each player whose action is needed, in the game's order, and whether e has given it. */
  readonly players: readonly { readonly name: string; readonly done: boolean }[];
  /**
   * The game time the wait ends at: the end of this nday of this nweek (the clock turns it into an instant).
   * A wait that ends at an nweek's end names that nweek's last nday.
   */
  readonly until: { readonly nweek: number; readonly nday: number };
  /**
   * How a player awaited acts, in the rules' words and the command's ("announce a move: move X Y"), for
   * reminders. Optional: a reminder without it says only what is awaited.
   */
  readonly how?: string;
  /**
   * What became of a player still awaited when the wait ended, in the rules' words, said to that player
   * ("the nweek ended and you had not announced a move: you stay where you are"). Optional.
   */
  readonly late?: string;
}

/** A ruleset with its state type forgotten, as the registry and the kernel hold it. */
export type AnyRuleset = Ruleset<unknown, string>;
export const erase = <S, C extends string>(ruleset: Ruleset<S, C>): AnyRuleset => ruleset;
