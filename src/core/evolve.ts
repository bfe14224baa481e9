import type { GameEvent, KernelEvent } from './events.js';
import type { GameState, DiceState } from './state.js';
import type { Visibility } from './visibility.js';
import type { Registry } from './registry.js';
import type { Roll } from './dice/roll.js';
import { applyTransfer, post } from './ledger.js';
import { FOLD_NOOP_TYPES, KERNEL_EVENT_TYPES } from './events.js';
import { OPEN_ADMISSION } from './state.js';

const NOOP: ReadonlySet<string> = new Set(FOLD_NOOP_TYPES);

/** Builds the pure fold (state, event) -> state for games whose rulesets are in `registry`. */
export function makeEvolve(
  registry: Registry,
): (state: GameState | undefined, event: GameEvent) => GameState {
  return function evolve(state, event) {
    if (event.type === 'game-created') {
      if (state) throw new Error('the log creates the game twice');
      return created(registry, event as Extract<KernelEvent, { type: 'game-created' }>);
    }
    if (!state) throw new Error(`the log must begin with game-created, not ${event.type}`);
    const dice = event.rolls ? advanceDice(state.dice, event.rolls) : state.dice;
    if (NOOP.has(event.type)) return step(state, state.rules, dice, state.clock, event.vis);
    if (event.type === 'nday-started') {
      const e = event as Extract<KernelEvent, { type: 'nday-started' }>;
      return step(
        state,
        state.rules,
        dice,
        { nweek: e.nweek, nday: e.nday, ndays: state.clock.ndays },
        event.vis,
      );
    }
    if (KERNEL_EVENT_TYPES.has(event.type))
      return {
        ...kernelFold(registry, { ...state, dice }, event as KernelEvent),
        seq: state.seq + 1,
        seenPublic: event.vis === 'public' ? state.seenPublic + 1 : state.seenPublic,
        seenPrivate: seePrivate(state.seenPrivate, event.vis),
      };
    return step(state, rulesFold(registry, state, event), dice, state.clock, event.vis);
  };
}

/**
 * The next state after a ruleset's event: new rules, dice and count, the rest shared. Written out field by
 * field because this is the hot path of every decide and replay, and a literal of one fixed shape is several
 * times faster in V8 than an object spread.
 */
function step(
  s: GameState,
  rules: unknown,
  dice: DiceState,
  clock: GameState['clock'],
  vis: Visibility,
): GameState {
  return {
    game: s.game,
    ruleset: s.ruleset,
    config: s.config,
    edition: s.edition,
    kernelEdition: s.kernelEdition,
    admission: s.admission,
    modules: s.modules,
    clock,
    players: s.players,
    balances: s.balances,
    journal: s.journal,
    dice,
    ended: s.ended,
    schedule: s.schedule,
    seq: s.seq + 1,
    seenPublic: vis === 'public' ? s.seenPublic + 1 : s.seenPublic,
    seenPrivate: seePrivate(s.seenPrivate, vis),
    rules,
  };
}

/** Per player, the private entries e may see after one more entry with this visibility. */
function seePrivate(
  counts: Readonly<Record<string, number>>,
  vis: Visibility,
): Readonly<Record<string, number>> {
  if (vis === 'public' || vis === 'admin' || vis.players.length === 0) return counts;
  const next: Record<string, number> = { ...counts };
  vis.players.forEach((name, i) => {
    if (vis.players.indexOf(name) !== i) return; // named twice, seen once (as canSee has it)
    const before = Object.hasOwn(next, name) ? (next[name] ?? 0) : 0;
    // Defined rather than assigned: a name is data, and must never reach a prototype setter.
    Object.defineProperty(next, name, {
      value: before + 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return next;
}

function created(registry: Registry, e: Extract<KernelEvent, { type: 'game-created' }>): GameState {
  const ruleset = registry.get(e.ruleset);
  if (!ruleset) throw new Error(`the log uses ruleset ${e.ruleset}, which this program does not know`);
  return {
    game: e.game,
    ruleset: e.ruleset,
    config: e.config,
    edition: e.edition ?? 1,
    kernelEdition: e.kernelEdition ?? 1,
    admission: e.joins === 'approval' ? { ...OPEN_ADMISSION, approval: true } : OPEN_ADMISSION,
    modules: ruleset.modules.map((m) => m.id),
    clock: { nweek: 1, nday: 1, ndays: e.ndays },
    players: [],
    balances: {},
    journal: [],
    dice: { source: e.dice, epoch: 1, drawn: { public: 0, secret: 0 }, queue: [] },
    ended: null,
    schedule: null,
    seq: 1,
    seenPublic: 1, // game-created is public
    seenPrivate: {},
    rules: ruleset.initial(e.config),
  };
}

function advanceDice(dice: DiceState, rolls: readonly Roll[]): DiceState {
  let { queue } = dice;
  let { public: pub, secret } = dice.drawn;
  for (const r of rolls) {
    if (r.source === 'manual') queue = queue.slice(r.draws.length);
    else if (r.secret) secret += r.draws.length;
    else pub += r.draws.length;
  }
  return { ...dice, queue, drawn: { public: pub, secret } };
}

function kernelFold(registry: Registry, s: GameState, e: KernelEvent): GameState {
  switch (e.type) {
    case 'command':
    case 'seed-revealed':
    case 'nday-ended':
    case 'nweek-ended':
    case 'game-created':
      return s;
    case 'seed-committed':
      return e.stream === 'public'
        ? { ...s, dice: { ...s.dice, epoch: e.epoch, drawn: { ...s.dice.drawn, public: 0 } } }
        : s;
    case 'nweek-started':
      return { ...s, clock: { ...s.clock, nweek: e.nweek, nday: 1 } };
    case 'nday-started':
      return { ...s, clock: { ...s.clock, nweek: e.nweek, nday: e.nday } };
    case 'player-joined':
      // A request answered by joining (approved, or the game opened since) is no longer waiting.
      return {
        ...s,
        players: [...s.players, e.player],
        admission: s.admission.requests.includes(e.player)
          ? { ...s.admission, requests: s.admission.requests.filter((p) => p !== e.player) }
          : s.admission,
      };
    case 'join-approved':
      return s; // the player-joined that follows makes the player
    case 'join-requested':
      return { ...s, admission: { ...s.admission, requests: [...s.admission.requests, e.player] } };
    case 'join-refused':
      return {
        ...s,
        admission: { ...s.admission, requests: s.admission.requests.filter((p) => p !== e.player) },
      };
    case 'player-removed':
      // K15: the name stays taken; eir account stays in the ledger with the points it has.
      return {
        ...s,
        players: s.players.filter((p) => p !== e.player),
        admission: { ...s.admission, removed: [...s.admission.removed, e.player] },
      };
    case 'joins-set':
      return { ...s, admission: { ...s.admission, approval: e.joins === 'approval' } };
    case 'dice-queued':
      return { ...s, dice: { ...s.dice, queue: [...s.dice.queue, ...e.values] } };
    case 'dice-cleared':
      return { ...s, dice: { ...s.dice, queue: [] } };
    case 'points':
      return {
        ...s,
        balances: applyTransfer(s.balances, e.from, e.to, e.amount),
        // The entry's number is the next one; its time the clock's now (the entry's `at`).
        journal: post(
          s.journal ?? [],
          {
            seq: s.seq + 1,
            nweek: s.clock.nweek,
            nday: s.clock.nday,
            from: e.from,
            to: e.to,
            amount: e.amount,
            reason: e.reason,
            vis: e.vis,
          },
          e.corrects,
        ),
      };
    case 'ruleset-amended': {
      const target = registry.get(e.to);
      const migrate = target?.migrateFrom?.[e.from];
      if (!target || !migrate)
        throw new Error(`the log amends ${e.from} into ${e.to}, which this program cannot do`);
      return { ...s, ruleset: e.to, modules: target.modules.map((m) => m.id), rules: migrate(s.rules, s) };
    }
    case 'module-enacted':
      return { ...s, modules: [...s.modules, e.module] };
    case 'module-repealed':
      return { ...s, modules: s.modules.filter((m) => m !== e.module) };
    case 'game-ended':
      return { ...s, ended: { winners: e.winners, reason: e.reason } };
    case 'schedule-set':
      return { ...s, schedule: e.schedule };
    case 'schedule-cleared':
      return { ...s, schedule: null };
    case 'clock-paused':
      return { ...s, schedule: s.schedule && { ...s.schedule, paused: { at: e.at, reason: e.reason } } };
    case 'clock-resumed':
      // Resuming starts the schedule afresh at that instant: what fell while paused is not caught up (K9).
      return { ...s, schedule: s.schedule && { ...s.schedule, paused: null, since: e.at } };
    case 'nweek-extended':
      return {
        ...s,
        schedule: s.schedule && {
          ...s.schedule,
          extension: { nweek: e.nweek, until: e.until, reason: e.reason },
        },
      };
    case 'boundary-fired':
      return { ...s, schedule: s.schedule && { ...s.schedule, fired: e.scheduled } };
  }
}

function rulesFold(registry: Registry, s: GameState, e: GameEvent): unknown {
  const index = registry.indexFor(s.ruleset, s.modules);
  const fold = index.evolve.get(e.type);
  if (fold) return fold(s.rules, e, s);
  if (index.known.has(e.type)) return s.rules;
  throw new Error(`no active rule of ${s.ruleset} understands the event ${e.type}`);
}

/**
 * The text of the kernel's fold (this file's functions and the ledger's transfer), for snapshots' code
 * fingerprint (snapshot.ts, foldCode): a snapshot folded by other code is not used.
 */
export const evolveCode = (): string =>
  [makeEvolve, step, seePrivate, created, advanceDice, kernelFold, rulesFold, applyTransfer]
    .map(String)
    .join('\n');
