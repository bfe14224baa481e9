// A test-only ruleset, "counter": small enough to read in one sitting, yet it uses every part of the kernel a
// real ruleset uses. Players bump a shared counter; each time it reaches a multiple of 10 the last bumper is
// paid 5 points from The Bank; 'roll' rolls a dice expression in public and 'hide' rolls on the secret stream
// into an Administrator-only entry; at the end of every nweek the counter drifts up by 1d6. How far one bump
// may go is a question ('max-bump') that the base module answers and optional modules enacted mid-game
// override. 'counter-v2' is a later text of the rules that a game can be amended into.
import { z } from 'zod';
import { BANK, command, erase, reject } from '../../src/core/index.js';
import type {
  CodeOf,
  AnyRuleset,
  ClockPhase,
  Decision,
  GameEvent,
  RuleModule,
  Ruleset,
} from '../../src/core/index.js';

/** The rules' state of a counter game. */
export interface CounterState {
  readonly counter: number;
  readonly lastBumper: string | null;
  /** How many multiples of 10 have been paid out. */
  readonly milestones: number;
  /** Totals of public rolls, in order. */
  readonly rolled: readonly number[];
  /** Totals of secret rolls, in order: only the Administrator sees them. */
  readonly hidden: readonly number[];
  /** A player with this many points wins (config { target }); null: nobody wins by points. */
  readonly target: number | null;
  /** The order of the players at the last drawing of lots (optional module 'lots'), chosen one first. */
  readonly lots: readonly string[];
}

/** counter-v2 keeps everything and notes where it came from. */
export interface CounterV2State extends CounterState {
  readonly amendedFrom: string;
}

export const MILESTONE = 10;
export const MILESTONE_POINTS = 5;
export const BASE_MAX_BUMP = 3;
export const BIG_MAX_BUMP = 50;
export const STRICT_MAX_BUMP = 1;

const field = (e: GameEvent, key: string): number => Number(e[key]);
const text = (e: GameEvent, key: string): string => {
  const v = e[key];
  return typeof v === 'string' ? v : JSON.stringify(v);
};

const configSchema = z.union([z.null(), z.object({ target: z.number().int().min(1) }).strict()]);

/** 'bump': a player adds 1..max-bump to the counter. Generic so counter-v2 can reuse it with a multiplier. */
function bumpModule<S extends CounterState>(id: string, factor: number): RuleModule<S> {
  return {
    id,
    section: factor === 1 ? 'Bumping' : 'Bumping (as amended)',
    text: `A Player may bump the Counter by up to the maximum bump${factor === 1 ? '' : `; each bump counts ${factor} times`}. The maximum bump is ${BASE_MAX_BUMP}, unless a rule says otherwise.`,
    commands: {
      bump: command<S, z.ZodType<{ by: number }>, CodeOf<'too-big'>>({
        actor: 'player',
        summary: 'bump the counter',
        words: ['by'],
        args: z.object({ by: z.number().int().min(1).default(1) }).strict(),
        run(ctx, by, args) {
          const max = ctx.ask('max-bump', by.role === 'player' ? by.name : null);
          if (typeof max === 'number' && args.by > max)
            ctx.reject('too-big', `a bump may be at most ${max}, not ${args.by}`);
          ctx.emit({
            type: 'bumped',
            vis: 'public',
            player: by.role === 'player' ? by.name : null,
            by: args.by * factor,
          });
        },
      }),
    },
    evolve: {
      bumped: (rules, e) => ({
        ...rules,
        counter: rules.counter + field(e, 'by'),
        lastBumper: typeof e.player === 'string' ? e.player : null,
      }),
    },
    describe: { bumped: (e) => `${text(e, 'player')} bumps the counter by ${field(e, 'by')}.` },
    answers: { 'max-bump': () => BASE_MAX_BUMP },
  };
}

/** "Whenever the Counter reaches a multiple of 10, the last Player to bump it gains 5 points." */
function milestonesModule<S extends CounterState>(): RuleModule<S> {
  return {
    id: 'milestones',
    section: 'Milestones',
    text: 'Whenever the Counter reaches a multiple of 10, the last Player to bump it gains 5 points from The Bank.',
    triggers: [
      {
        // One milestone a run, so a bump past two multiples needs the triggers to run again: 'milestone'
        // itself can leave the condition true, so it is listed.
        after: ['bumped', 'drifted', 'milestone'],
        run(ctx) {
          const at = (ctx.rules.milestones + 1) * MILESTONE;
          if (ctx.rules.counter < at) return;
          const player = ctx.rules.lastBumper;
          ctx.emit({ type: 'milestone', vis: 'public', at, player });
          if (player) ctx.transfer(BANK, player, MILESTONE_POINTS, `the counter reached ${at}`);
        },
      },
    ],
    evolve: { milestone: (rules) => ({ ...rules, milestones: rules.milestones + 1 }) },
    describe: { milestone: (e) => `The counter reaches ${field(e, 'at')}.` },
  };
}

/** "A Player with at least the target number of points wins." Watches every change (no `after`). */
function winningModule<S extends CounterState>(): RuleModule<S> {
  return {
    id: 'winning',
    section: 'Winning',
    text: 'If at any time a Player has at least the target number of points, that Player wins.',
    triggers: [
      {
        run(ctx) {
          const target = ctx.rules.target;
          if (target === null || ctx.state.ended) return;
          const winners = ctx.state.players.filter((p) => ctx.balance(p) >= target);
          if (winners.length > 0) ctx.endGame(winners, `${winners.join(', ')} reached ${target} points`);
        },
      },
    ],
  };
}

const bumping = bumpModule<CounterState>('bumping', 1);

const rolling: RuleModule<CounterState> = {
  id: 'rolling',
  section: 'Rolling',
  text: 'A Player may have the Administrator roll any dice in public. N is the number of Players, C the Counter.',
  commands: {
    roll: command<CounterState, z.ZodType<{ dice: string }>>({
      actor: 'player',
      summary: 'roll dice in public',
      words: ['dice'],
      args: z.object({ dice: z.string().min(1).max(60) }).strict(),
      run(ctx, by, { dice }) {
        const roll = ctx.roll(dice, `${by.role === 'player' ? by.name : 'admin'} asked for ${dice}`, {
          vars: { N: ctx.state.players.length, C: ctx.rules.counter },
        });
        ctx.emit({
          type: 'rolled',
          vis: 'public',
          expr: roll.expr,
          total: roll.result,
          rolls: [roll],
        });
      },
    }),
  },
  evolve: { rolled: (rules, e) => ({ ...rules, rolled: [...rules.rolled, field(e, 'total')] }) },
  describe: { rolled: (e) => `${text(e, 'expr')} comes up ${field(e, 'total')}.` },
};

const hiding: RuleModule<CounterState> = {
  id: 'hiding',
  section: 'Hidden rolls',
  text: 'A Player may have the Administrator roll 1d6 in secret; only the Administrator learns the result.',
  commands: {
    hide: command<CounterState, z.ZodType<{ dice: string }>>({
      actor: 'player',
      summary: 'roll dice that only the Administrator sees',
      args: z.object({ dice: z.string().min(1).max(60).default('1d6') }).strict(),
      visibility: 'private',
      run(ctx, by, { dice }) {
        const roll = ctx.roll(dice, 'a hidden roll', { secret: true });
        const player = by.role === 'player' ? by.name : null;
        ctx.emit({
          type: 'hidden-rolled',
          vis: 'admin',
          player,
          total: roll.result,
          rolls: [roll],
        });
      },
    }),
  },
  evolve: { 'hidden-rolled': (rules, e) => ({ ...rules, hidden: [...rules.hidden, field(e, 'total')] }) },
  describe: { 'hidden-rolled': (e) => `A hidden roll comes up ${field(e, 'total')}.` },
};

/** "At the end of each nweek the Counter drifts up by 1d6." A hook that rolls in public. */
const drifting: RuleModule<CounterState> = {
  id: 'drifting',
  section: 'Drift',
  text: 'At the end of each nweek the Counter increases by 1d6.',
  hooks: {
    nweekEnd(ctx) {
      const roll = ctx.roll('1d6', `drift at the end of nweek ${ctx.clock.nweek}`);
      ctx.emit({
        type: 'drifted',
        vis: 'public',
        nweek: ctx.clock.nweek,
        by: roll.result,
        rolls: [roll],
      });
    },
  },
  evolve: { drifted: (rules, e) => ({ ...rules, counter: rules.counter + field(e, 'by') }) },
  describe: { drifted: (e) => `The counter drifts up by ${field(e, 'by')}.` },
};

/** Optional: "The maximum bump is 50." Overrides the base answer while in force. */
const bigBumps: RuleModule<CounterState> = {
  id: 'big-bumps',
  section: 'Big bumps',
  text: 'Notwithstanding Bumping, the maximum bump is 50.',
  answers: { 'max-bump': () => BIG_MAX_BUMP },
};

/**
 * Optional: "A Player may call for lots: the Players are shuffled into a random order, and one of them is
 * chosen at random to go first." Uses the kernel's shuffle and choice, one roll each, in one public event.
 */
const lots: RuleModule<CounterState> = {
  id: 'lots',
  section: 'Lots',
  text: 'A Player may call for lots: the Players are shuffled into a random order, and one of them is chosen at random to go first.',
  commands: {
    lots: command<CounterState, z.ZodType<Record<string, never>>>({
      actor: 'player',
      summary: 'shuffle the players and choose one to go first',
      args: z.object({}).strict(),
      run(ctx) {
        const shuffled = ctx.shuffle(ctx.state.players, 'the order of the players');
        const chosen = ctx.choose(shuffled.items, 'who goes first');
        const order = [chosen.item, ...shuffled.items.filter((p) => p !== chosen.item)];
        ctx.emit({ type: 'lots-drawn', vis: 'public', order, rolls: [shuffled.roll, chosen.roll] });
      },
    }),
  },
  evolve: {
    'lots-drawn': (rules, e) => ({ ...rules, lots: e.order as readonly string[] }),
  },
  describe: { 'lots-drawn': (e) => `Lots are drawn: ${text(e, 'order')}.` },
};

/** Optional: "The maximum bump is 1." */
const strictBumps: RuleModule<CounterState> = {
  id: 'strict-bumps',
  section: 'Strict bumps',
  text: 'Notwithstanding Bumping, the maximum bump is 1.',
  answers: { 'max-bump': () => STRICT_MAX_BUMP },
};

const chime =
  (phase: ClockPhase) =>
  (ctx: Decision<CounterState>): void =>
    ctx.emit({ type: 'chimed', vis: 'public', phase, nweek: ctx.clock.nweek, nday: ctx.clock.nday });

/**
 * Optional: a chime at every clock phase, to show the order hooks run in. It also answers 'max-bump' with
 * silence (undefined), which leaves the question to the modules below it.
 */
const chimes: RuleModule<CounterState> = {
  id: 'chimes',
  section: 'Chimes',
  text: 'A chime sounds at the end and start of every nday and nweek.',
  hooks: {
    ndayEnd: chime('ndayEnd'),
    nweekEnd: chime('nweekEnd'),
    nweekStart: chime('nweekStart'),
    ndayStart: chime('ndayStart'),
  },
  answers: { 'max-bump': () => undefined },
  describe: { chimed: (e) => `A chime: ${text(e, 'phase')}.` },
};

function initial(config: unknown): CounterState {
  const parsed = configSchema.safeParse(config);
  if (!parsed.success) return reject('bad-config', 'counter takes null or { target }');
  return {
    counter: 0,
    lastBumper: null,
    milestones: 0,
    rolled: [],
    hidden: [],
    target: parsed.data?.target ?? null,
    lots: [],
  };
}

const view = (rules: CounterState, _game: unknown, viewer: { role: string }) => ({
  counter: rules.counter,
  milestones: rules.milestones,
  lastBumper: rules.lastBumper,
  rolled: [...rules.rolled],
  hidden: viewer.role === 'admin' ? [...rules.hidden] : rules.hidden.length,
});

export const counter: Ruleset<CounterState> = {
  id: 'counter',
  title: 'Counter (a test ruleset)',
  source: 'test/support/counter-ruleset.ts',
  modules: [bumping, milestonesModule(), winningModule(), rolling, hiding, drifting],
  optional: [bigBumps, strictBumps, chimes, lots],
  initial,
  view,
  render: (v) => JSON.stringify(v),
};

const bumpingV2 = bumpModule<CounterV2State>('bumping-v2', 2);

export const counterV2: Ruleset<CounterV2State> = {
  id: 'counter-v2',
  title: 'Counter, as amended: every bump counts twice',
  source: 'test/support/counter-ruleset.ts',
  modules: [
    {
      ...bumpingV2,
      onAmend(ctx, from) {
        ctx.emit({ type: 'welcomed', vis: 'public', from });
      },
      describe: { ...bumpingV2.describe, welcomed: (e) => `Amended from ${text(e, 'from')}.` },
    },
    milestonesModule(),
    winningModule(),
  ],
  initial: (config) => ({ ...initial(config), amendedFrom: '' }),
  view,
  render: (v) => JSON.stringify(v),
  migrateFrom: { counter: (old) => ({ ...(old as CounterState), amendedFrom: 'counter' }) },
  repeals: ['Rolling', 'Hidden rolls', 'Drift'],
};

/** Both counter rulesets, erased for a Registry. */
export const COUNTER_RULESETS: readonly AnyRuleset[] = [erase(counter), erase(counterV2)];
