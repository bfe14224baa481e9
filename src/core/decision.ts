import type { Json } from './json.js';
import type { GameEvent } from './events.js';
import type { GameState } from './state.js';
import type { ClockPhase } from './clock.js';
import type { ActiveRules, Registry } from './registry.js';
import type { AnyRuleset, RuleModule } from './ruleset.js';
import type { Roll } from './dice/roll.js';
import type { Visibility } from './visibility.js';
import { Rejection, reject, ruleError } from './errors.js';
import type { CodeOf, KernelErrorCode } from './errors.js';
import { foldInto, kernelKind } from './evolve.js';
import { bytesToHex, hmacSha256 } from './hash.js';
import { commitmentOf, fairDraw, keptStreamSeed } from './dice/fair.js';
import type { Stream } from './dice/fair.js';
import { diceSides, diceTotal, parseDice } from './dice/notation.js';
import type { DiceSpec } from './dice/notation.js';
import { permutation, shuffleSides } from './dice/roll.js';
import { balanceOf } from './ledger.js';
import { anchoredStreamSeed, waitsForRound } from './beacon-dice.js';

/** What a decision needs from outside the rules: the registry, the fold, the log head, the dice secret. */
export interface DecisionEnv {
  readonly registry: Registry;
  readonly evolve: (state: GameState | undefined, event: GameEvent) => GameState;
  /** Hash of the log before this command. */
  readonly head: string;
  /** The game's master dice secret (fair dice only). */
  readonly master?: Uint8Array | undefined;
}

/** Options of a roll: the secret stream, for results that place something hidden. */
export interface RollOptions {
  readonly secret?: boolean;
  readonly vars?: Readonly<Record<string, number>>;
}

const TRIGGER_ROUNDS = 10_000;

/** Dice expressions without variables as parsed, kept: rules roll the same few ("2d20") again and again. */
const parsedSpecs = new Map<string, DiceSpec>();

function parsedDice(expr: string): DiceSpec {
  let spec = parsedSpecs.get(expr);
  if (!spec) {
    spec = parseDice(expr);
    // Bounded: expressions are the rules' own, but one may be built from the game ("1d(3*N)" with N bound).
    if (parsedSpecs.size < 256) parsedSpecs.set(expr, spec);
  }
  return spec;
}

/**
 * The working copy of one decision. Rule code reads the state, rolls, and emits events; each emitted event
 * is folded in at once, so the next line of rule code sees its effect, and the rules' triggers run after it.
 * Nothing here touches the stored game: if the decision is rejected, all of it is dropped.
 */
export class Decision<S = unknown, C extends string = KernelErrorCode, E extends GameEvent = GameEvent> {
  readonly events: GameEvent[] = [];
  readonly ats: { nweek: number; nday: number }[] = [];
  private current: GameState | undefined;
  // A Set (in the order the rolls were made): an Initialize of a big Field records thousands of rolls, and
  // finding and removing each in an array made that quadratic (issue 13, item 4). Made at the first roll:
  // most decisions (every announcement) roll nothing.
  private pending: Set<Roll> | undefined;
  private readonly pendingDraws = { public: 0, secret: 0, manual: 0 };
  private settling = false;
  private cachedIndex: { ids: readonly string[]; ruleset: string; index: ActiveRules } | undefined;
  /** The game time of the last event emitted (shared by the events of one nday, as `ats` holds them). */
  private lastAt: { nweek: number; nday: number } | undefined;
  /** How many of `events` the triggers have been checked after. */
  private checked = 0;
  /** Where the command's own entry is in `events` (-1 before it). */
  private commandAt = -1;

  constructor(
    private readonly env: DecisionEnv,
    state: GameState | undefined,
  ) {
    this.current = state;
  }

  get state(): GameState {
    if (!this.current) throw new Error('no game yet in this decision');
    return this.current;
  }
  get rules(): S {
    return this.state.rules as S;
  }
  get clock(): GameState['clock'] {
    return this.state.clock;
  }
  get head(): string {
    return this.env.head;
  }
  get registry(): Registry {
    return this.env.registry;
  }
  get ruleset(): AnyRuleset {
    const r = this.env.registry.get(this.state.ruleset);
    if (!r) throw new Error(`ruleset ${this.state.ruleset} is not registered`);
    return r;
  }
  /** Active modules, lowest precedence first. */
  get modules(): readonly RuleModule<S>[] {
    return this.index().modules as readonly RuleModule<S>[];
  }

  /** The registry's lookups for the active modules, cached until an amendment changes them. */
  private index(): ActiveRules {
    const state = this.state;
    if (this.cachedIndex?.ids !== state.modules || this.cachedIndex.ruleset !== state.ruleset) {
      this.cachedIndex = {
        ids: state.modules,
        ruleset: state.ruleset,
        index: this.env.registry.indexFor(state.ruleset, state.modules),
      };
    }
    return this.cachedIndex.index;
  }

  /**
   * Records an event, folds it into the working state, then lets the rules' triggers react. E is the events the
   * rules may emit (a ruleset's own union, issue 28 item 5): a rule cannot emit a shape its ruleset never
   * declared. The kernel's own events (points, the game's end) go through recordEvent().
   */
  emit(raw: E): void {
    this.recordEvent(raw);
  }

  /** Records any event: the kernel's helpers below, and emit() for the rules. */
  private recordEvent(raw: GameEvent): void {
    // The event's type, visibility and rolls are read once, here, and handed to the fold: events come in
    // dozens of shapes, and each read of a field of one is a look-up V8 cannot specialise.
    const type = raw.type;
    const vis = raw.vis;
    const salted = vis === 'public' ? raw : this.salted(raw);
    if (salted.rolls) this.attachRolls(salted);
    // Folded and recorded as the rules made it: no copy on the hot path (a canonical copy of every event cost
    // a decision two thirds of its speed). The stores keep each event's canonical JSON (what its hash covers),
    // so a state folded from the stored log may hold the same values with its keys in another order; nothing
    // reads the order of a state's keys (issue 17).
    const event = salted;
    const rolls = event.rolls;
    const current = this.current;
    const folds = current !== undefined && type !== 'game-created';
    // The active rules' view of this type (kind, fold, known, wakes), in one look-up.
    const before = folds ? this.index() : undefined;
    const info = before?.eventType(type);
    const kind = info ? info.kind : kernelKind(type);
    const fold = info ? info.fold : null;
    // A rule may emit an event that only a repealed module folds: that is the rules refusing (the module it
    // needs is not in force), not a program error, and the command changes nothing.
    if (info && kind === undefined && !fold && !info.known) {
      reject(
        'rule-not-in-force',
        `no rule in force here can record "${type}": a rule this needs has been repealed`,
      );
    }
    if (type === 'seed-committed' && this.pendingDraws.public > 0) {
      throw new Error('a public roll was made but not recorded before its nweek ended');
    }
    const next = folds
      ? foldInto(this.env.registry, current, event, type, vis, rolls, kind, fold)
      : this.env.evolve(current, event);
    this.current = next;
    this.events.push(event);
    const clock = next.clock;
    let at = this.lastAt;
    if (!at || at.nweek !== clock.nweek || at.nday !== clock.nday)
      this.lastAt = at = { nweek: clock.nweek, nday: clock.nday };
    this.ats.push(at);
    if (this.settling) return;
    if (type === 'command') {
      // (Not settled: the command's own events follow, and are checked with it.)
      this.commandAt = this.events.length - 1;
      return;
    }
    // Events no trigger lists in its `after` would set nothing off: when the unchecked ones are such (this
    // one, and the command before it if it is unchecked), they are marked checked without a settle round.
    // Most events of an nweek's end, and every announcement, are.
    // (The rules in force after the event: it may have enacted or repealed some.)
    const index = this.index();
    const wakes = index === before && info ? info.wakes : index.eventType(type).wakes;
    const unchecked = this.events.length - this.checked;
    if (
      !wakes &&
      (unchecked === 1 ||
        (unchecked === 2 && this.commandAt === this.checked && !index.eventType('command').wakes))
    )
      this.checked = this.events.length;
    else this.settle();
  }

  /**
   * Emits a group of events that belong together with the triggers held until all are in (e.g. a game's
   * creation and its seed commitments: no rule may roll before the commitments are in the log).
   */
  atomically(work: () => void): void {
    const held = this.settling;
    this.settling = true;
    try {
      work();
    } finally {
      this.settling = held;
    }
    this.settle();
  }

  /**
   * Abandons the decision with one of the ruleset's codes or the kernel's (C: the ruleset's, declared in its
   * errors.ts). For the kernel's own checks (admission, corrections, dice): rule code never throws a refusal,
   * it returns one (see refuse(); test/rulesets-types/no-thrown-refusals.test.ts holds src/rulesets to it).
   */
  reject(code: CodeOf<C>, message: string): never {
    throw new Rejection(ruleError(code, message));
  }

  /** Rolls dice written in the seeds' notation ("2d20", "5+5d3", "1d(3*N)" with vars). */
  roll(expr: string, purpose: string, options: RollOptions = {}): Roll {
    const spec = options.vars === undefined ? parsedDice(expr) : parseDice(expr, options.vars);
    const sides = diceSides(spec);
    return this.record({ purpose, kind: 'dice', expr: spec.text, sides }, options, (draws) =>
      diceTotal(spec, draws),
    );
  }

  /** Chooses one of `items` uniformly (one draw of n). */
  choose<T>(items: readonly T[], purpose: string, options: RollOptions = {}): { item: T; roll: Roll } {
    if (items.length === 0) throw new Error(`nothing to choose from for ${purpose}`);
    const roll = this.record(
      { purpose, kind: 'choice', expr: `choice of ${items.length}`, sides: [items.length] },
      options,
      (d) => (d[0] ?? 1) - 1,
    );
    return { item: items[roll.result as number] as T, roll };
  }

  /** Shuffles `items` (Fisher-Yates, draws of n, n-1, ..., 2). */
  shuffle<T>(items: readonly T[], purpose: string, options: RollOptions = {}): { items: T[]; roll: Roll } {
    const n = items.length;
    const roll = this.record(
      { purpose, kind: 'shuffle', expr: `shuffle of ${n}`, sides: shuffleSides(n) },
      options,
      (d) => permutation(n, d),
    );
    return { items: (roll.result as number[]).map((i) => items[i] as T), roll };
  }

  /** Moves points between two ledger accounts, with the reason in the log. */
  transfer(from: string, to: string, amount: number, reason: string, vis: Visibility = 'public'): void {
    if (!Number.isInteger(amount)) throw new Error(`points must be whole: ${amount}`);
    if (amount === 0 || from === to) return;
    this.recordEvent({ type: 'points', vis, from, to, amount, reason });
  }

  balance(account: string): number {
    return balanceOf(this.state.balances, account);
  }

  /** Asks the active rules a question; the highest-precedence module that answers decides. */
  ask(question: string, input: Json): Json | undefined {
    // The modules that answer this question, highest precedence first (ActiveRules.answers).
    const answers = this.index().answers(question);
    for (let i = 0; i < answers.length; i++) {
      const answer = (answers[i] as (typeof answers)[number])(this as Decision, input);
      if (answer !== undefined) return answer;
    }
    return undefined;
  }

  /**
   * Asks a yes-or-no question of the rules ('may-occupy', 'may-move', ...). Answers are `true` (yes), a string
   * (no, and why) or `false` (no). Returns null when permitted, else the reason. A question nobody answers is
   * permitted: rules forbid, silence allows.
   */
  forbids(question: string, input: Json): string | null {
    const answer = this.ask(question, input);
    if (answer === undefined || answer === true) return null;
    return typeof answer === 'string' ? answer : 'the rules do not permit it';
  }

  /** Runs every active module's hook for a clock phase, in module order. */
  runHooks(phase: ClockPhase): void {
    // Only the modules with a hook for this phase, in module order (ActiveRules.hooks).
    const hooks = this.index().hooks[phase];
    for (let i = 0; i < hooks.length; i++) (hooks[i] as (typeof hooks)[number])(this as Decision);
  }

  /** Ends the game and reveals every seed still hidden. */
  endGame(winners: readonly string[], reason: string): void {
    this.recordEvent({ type: 'game-ended', vis: 'public', winners: [...winners], reason });
    if (this.state.dice.source !== 'manual') {
      this.revealSeed('public', this.state.dice.epoch);
      this.revealSeed('secret', 0);
    }
  }

  /** Publishes a stream's commitment; `round`, beacon dice only: the round its rolls are anchored to (B1); `timelock`: B13. */
  commitSeed(
    stream: Stream,
    epoch: number,
    round?: number,
    timelock: { opens?: number; timelock?: string } = {},
  ): void {
    this.recordEvent({
      type: 'seed-committed',
      vis: 'public',
      stream,
      epoch,
      commitment: commitmentOf(this.seed(stream, epoch)),
      ...(round !== undefined ? { round } : {}),
      // B13: the round the seed's timelock opens at, and the ciphertext the engine sealed it in.
      ...timelock,
    });
  }

  revealSeed(stream: Stream, epoch: number): void {
    this.recordEvent({
      type: 'seed-revealed',
      vis: 'public',
      stream,
      epoch,
      seed: bytesToHex(this.seed(stream, epoch)),
    });
  }

  /** Called by the kernel when the command's handler has returned. */
  finish(): void {
    this.settle();
    const orphan = this.pending?.values().next().value;
    if (orphan) throw new Error(`the roll for "${orphan.purpose}" was made but recorded in no event`);
  }

  /** Checks the triggers that the events since the last check may have set off, until none fires. */
  private settle(): void {
    if (this.settling) return;
    // B12: while a beacon game waits for its round nothing of its nweek happens, "at any time" rules included
    // (they would roll on dice not yet anchored); they look again once the round is recorded.
    if (waitsForRound(this.state)) {
      this.checked = this.events.length;
      return;
    }
    this.settling = true;
    try {
      for (let round = 0; ; round++) {
        if (round > TRIGGER_ROUNDS) throw new Error('rule triggers keep firing without end');
        const from = this.checked;
        const to = this.events.length;
        if (from === to) return;
        this.checked = to;
        const triggers = this.index().triggers;
        for (let i = 0; i < triggers.length; i++) {
          const t = triggers[i] as (typeof triggers)[number];
          if (!t.after || this.anyOf(t.after, from, to)) t.run(this as Decision);
        }
      }
    } finally {
      this.settling = false;
    }
  }

  /**
   * A hidden entry's content can be guessed (a Thing went to one of 400 units), and its hash is in the chain
   * that public roll proofs quote; so in a game with a secret, every entry the public cannot see gets 128 bits
   * of salt derived from it, unguessable without the secret, yet the same when verify decides again.
   */
  private salted(event: GameEvent): GameEvent {
    if (event.vis === 'public' || !this.env.master || event.salt !== undefined) return event;
    const mac = hmacSha256(this.env.master, `salt|${this.env.head}|${this.events.length}`);
    return { ...event, salt: bytesToHex(mac.subarray(0, 16)) };
  }

  /** Whether any event in events[from..to) has one of the types. */
  private anyOf(types: readonly string[], from: number, to: number): boolean {
    for (let i = from; i < to; i++) if (types.includes((this.events[i] as GameEvent).type)) return true;
    return false;
  }

  private seed(stream: Stream, epoch: number): Uint8Array {
    if (!this.env.master) throw new Error('fair dice need the game secret, which the store did not supply');
    return keptStreamSeed(this.env.master, stream, epoch);
  }

  private record(
    what: Pick<Roll, 'purpose' | 'kind' | 'expr' | 'sides'>,
    options: RollOptions,
    result: (draws: number[]) => Roll['result'],
  ): Roll {
    const secret = options.secret ?? false;
    const dice = this.state.dice;
    let roll: Roll;
    if (dice.source === 'manual') {
      const at = this.pendingDraws.manual;
      const draws = dice.queue.slice(at, at + what.sides.length);
      if (draws.length < what.sides.length) {
        const need = what.sides
          .slice(draws.length)
          .map((s) => `d${s}`)
          .join(', ');
        reject(
          'dice-needed',
          `no queued dice result for "${what.purpose}": queue ${need} with the dice command`,
        );
      }
      draws.forEach((d, i) => {
        const sides = what.sides[i] ?? 0;
        if (d < 1 || d > sides)
          reject('bad-dice', `the queued result ${d} does not fit a d${sides} ("${what.purpose}")`);
      });
      this.pendingDraws.manual += draws.length;
      roll = { ...what, draws, result: result(draws), source: 'manual', secret };
    } else {
      const stream: Stream = secret ? 'secret' : 'public';
      const epoch = secret ? 0 : dice.epoch;
      const first = dice.drawn[stream] + this.pendingDraws[stream];
      // Beacon dice (issue 26): the stream's seed anchored to the nweek's round, the round named in the proof.
      const beacon = dice.source === 'beacon' ? dice.beacon : undefined;
      const streamSeed = this.seed(stream, epoch);
      const seed = beacon ? anchoredStreamSeed(streamSeed, beacon) : streamSeed;
      const game = this.state.game;
      const head = this.env.head;
      const draws = what.sides.map((sides, i) =>
        fairDraw(seed, { game, stream, epoch, index: first + i, head }, sides),
      );
      this.pendingDraws[stream] += draws.length;
      roll = {
        ...what,
        draws,
        result: result(draws),
        source: beacon ? 'beacon' : 'fair',
        proof: beacon
          ? { stream, epoch, first, head: this.env.head, chain: beacon.chain.name, round: beacon.round }
          : { stream, epoch, first, head: this.env.head },
        secret,
      };
    }
    (this.pending ??= new Set()).add(roll);
    return roll;
  }

  private attachRolls(event: GameEvent): void {
    if (!event.rolls) return;
    for (const roll of event.rolls) {
      if (!this.pending?.has(roll))
        throw new Error(`event ${event.type} carries a roll this decision did not make`);
      if (roll.secret === (event.vis === 'public')) {
        throw new Error(
          `event ${event.type} is ${JSON.stringify(event.vis)} but carries a ${roll.secret ? 'secret' : 'public'} roll ("${roll.purpose}")`,
        );
      }
      this.pending.delete(roll);
      if (roll.source === 'manual') this.pendingDraws.manual -= roll.draws.length;
      else this.pendingDraws[roll.secret ? 'secret' : 'public'] -= roll.draws.length;
    }
  }
}
