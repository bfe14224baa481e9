import type { GameEvent, KernelEvent } from './events.js';
import type { GameState, DiceState } from './state.js';
import type { Visibility } from './visibility.js';
import type { Registry } from './registry.js';
import type { Roll } from './dice/roll.js';
import { applyTransfer, post } from './ledger.js';
import { FOLD_NOOP_TYPES, KERNEL_EVENT_TYPES } from './events.js';
import { OPEN_ADMISSION } from './state.js';
import { boundsAtCreation } from './schedule-bounds.js';
import { paramsFold } from './parameter-fold.js';
import { valuesOf, withStatus } from './parameter-amendments.js';

const NOOP: ReadonlySet<string> = new Set(FOLD_NOOP_TYPES);

/** A kernel event type's fold: 1, it only counts the entry (FOLD_NOOP_TYPES); 2, it changes the kernel's state. */
const KERNEL_KIND: ReadonlyMap<string, 1 | 2> = new Map(
  [...KERNEL_EVENT_TYPES].map((type): [string, 1 | 2] => [type, NOOP.has(type) ? 1 : 2]),
);

/** Whether a type is the kernel's, and which kind of fold it has (see foldInto); undefined for the rules'. */
export const kernelKind = (type: string): 1 | 2 | undefined => KERNEL_KIND.get(type);

/** A rule module's fold of one event type (RuleModule.evolve). */
export type RulesFold = (rules: unknown, event: GameEvent, game: GameState) => unknown;

/** Builds the pure fold (state, event) -> state for games whose rulesets are in `registry`. */
export function makeEvolve(
  registry: Registry,
): (state: GameState | undefined, event: GameEvent) => GameState {
  return function evolve(state, event) {
    const type = event.type;
    if (type === 'game-created') {
      if (state) throw new Error('the log creates the game twice');
      return created(registry, event as Extract<KernelEvent, { type: 'game-created' }>);
    }
    if (!state) throw new Error(`the log must begin with game-created, not ${type}`);
    const kind = KERNEL_KIND.get(type);
    let fold: RulesFold | null = null;
    if (kind === undefined) {
      const index = registry.indexFor(state.ruleset, state.modules);
      fold = index.evolve.get(type) ?? null;
      if (!fold && !index.known.has(type))
        throw new Error(`no active rule of ${state.ruleset} understands the event ${type}`);
    }
    return foldInto(registry, state, event, type, event.vis, event.rolls, kind, fold);
  };
}

/**
 * One event folded into a game's state (never a creation), given what the caller has already read of it: its
 * type, visibility and rolls, its kernelKind, and for a rules' event the active rules' fold of its type (null
 * when they only describe it: their state stays as it is). A Decision calls this directly, having looked all
 * of it up for its own checks: events come in dozens of shapes, so each read of one of their fields, and each
 * look-up by type, costs on the hot path of every command (docs/benchmarks.md).
 */
export function foldInto(
  registry: Registry,
  state: GameState,
  event: GameEvent,
  type: string,
  vis: Visibility,
  rolls: readonly Roll[] | undefined,
  kind: 1 | 2 | undefined,
  fold: RulesFold | null,
): GameState {
  const dice = rolls ? advanceDice(state.dice, rolls) : state.dice;
  if (kind === 1) return step(state, state.rules, dice, state.clock, vis);
  if (kind === 2) return kernelStep(registry, state, dice, event as KernelEvent);
  return step(state, fold ? fold(state.rules, event, state) : state.rules, dice, state.clock, vis);
}

/**
 * The next state after a kernel event. The ones every nweek's end writes (the clock's, the seeds', the
 * ledger's) are built as one literal by step, as the rules' events are; the rest by kernelFold's spreads.
 */
function kernelStep(registry: Registry, s: GameState, dice: DiceState, e: KernelEvent): GameState {
  if (e.type === 'nday-started')
    return step(s, s.rules, dice, { nweek: e.nweek, nday: e.nday, ndays: s.clock.ndays }, e.vis);
  if (e.type === 'nweek-started')
    return step(s, s.rules, dice, { nweek: e.nweek, nday: 1, ndays: s.clock.ndays }, e.vis);
  if (e.type === 'seed-committed') {
    const next =
      e.round !== undefined && dice.beacon
        ? beaconCommitted(dice, e.epoch, e.round, e.opens)
        : e.stream === 'public'
          ? {
              source: dice.source,
              epoch: e.epoch,
              drawn: { public: 0, secret: dice.drawn.secret },
              queue: dice.queue,
            }
          : dice;
    return step(s, s.rules, next, s.clock, e.vis);
  }
  if (e.type === 'points')
    return step(
      s,
      s.rules,
      dice,
      s.clock,
      e.vis,
      applyTransfer(s.balances, e.from, e.to, e.amount),
      pointsPosted(s, e),
    );
  return {
    ...kernelFold(registry, { ...s, dice }, e),
    seq: s.seq + 1,
    seenPublic: e.vis === 'public' ? s.seenPublic + 1 : s.seenPublic,
    seenPrivate: seePrivate(s.seenPrivate, e.vis),
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
  balances: GameState['balances'] = s.balances,
  journal: GameState['journal'] = s.journal,
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
    balances,
    journal,
    dice,
    ended: s.ended,
    schedule: s.schedule,
    scheduleBounds: s.scheduleBounds,
    params: s.params,
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
    dice: {
      source: e.dice,
      epoch: 1,
      drawn: { public: 0, secret: 0 },
      queue: [],
      // Beacon dice only (issue 26): other games' dice keep their shape.
      ...(e.beacon ? { beacon: { chain: e.beacon, round: 0, randomness: null } } : {}),
    },
    ended: null,
    schedule: null,
    scheduleBounds: boundsAtCreation(e.kernelEdition ?? 1, e.created, e.rhythmFloor),
    seq: 1,
    seenPublic: 1, // game-created is public
    seenPrivate: {},
    rules: ruleset.initial(e.config),
  };
}

/** The ledger's journal after a transfer (ruling K12), as kernelStep's fast path and kernelFold both post it. */
function pointsPosted(s: GameState, e: Extract<KernelEvent, { type: 'points' }>): GameState['journal'] {
  // The entry's number is the next one; its time the clock's now (the entry's `at`).
  return post(
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
  );
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

/** A beacon game's public seed committed naming its round (B1): the new nweek's dice wait for it (B5). */
function beaconCommitted(dice: DiceState, epoch: number, round: number, opens?: number): DiceState {
  // B14: the timelock's round joins the rounds still to be recorded.
  const sealed = [...(dice.beacon?.sealed ?? []), ...(opens !== undefined ? [opens] : [])];
  const beacon = dice.beacon && {
    chain: dice.beacon.chain,
    round,
    randomness: null,
    ...(sealed.length > 0 ? { sealed } : {}),
  };
  return { ...dice, epoch, drawn: { public: 0, secret: dice.drawn.secret }, ...(beacon ? { beacon } : {}) };
}

/** A round recorded (B5, B14): the anchor's randomness, or a timelock's round no longer awaited. */
function roundRecorded(
  b: NonNullable<DiceState['beacon']>,
  e: Extract<KernelEvent, { type: 'beacon-round' }>,
): NonNullable<DiceState['beacon']> {
  // Built as one literal, field by field (no object rest: it was a fifth of a recorded round's decision).
  const sealed = b.sealed;
  const left =
    sealed === undefined || !sealed.includes(e.round) ? sealed : sealed.filter((r) => r !== e.round);
  const randomness = e.round === b.round ? e.randomness : b.randomness;
  return left !== undefined && left.length > 0
    ? { chain: b.chain, round: b.round, randomness, sealed: left }
    : { chain: b.chain, round: b.round, randomness };
}

function kernelFold(registry: Registry, s: GameState, e: KernelEvent): GameState {
  switch (e.type) {
    case 'beacon-round':
      return s.dice.beacon ? { ...s, dice: { ...s.dice, beacon: roundRecorded(s.dice.beacon, e) } } : s;
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
        journal: pointsPosted(s, e),
      };
    case 'ruleset-amended': {
      const target = registry.get(e.to);
      const migrate = target?.migrateFrom?.[e.from];
      if (!target || !migrate)
        throw new Error(`the log amends ${e.from} into ${e.to}, which this program cannot do`);
      // P5: the amendments of the old text's parameters end with it; the new text's values are its own.
      return {
        ...s,
        ruleset: e.to,
        modules: target.modules.map((m) => m.id),
        rules: migrate(s.rules, s),
        params: undefined,
      };
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
    case 'parameters-amended':
    case 'parameters-in-force':
    case 'parameters-lapsed':
    case 'parameters-repealed':
      return { ...s, params: paramsFold(s, registry.get(s.ruleset)?.parameters?.text ?? {}, e) };
  }
}

/**
 * The text of the kernel's fold (this file's functions and the ledger's transfer and journal), for snapshots'
 * code fingerprint (snapshot.ts, foldCode): a snapshot folded by other code is not used. (The rules' folds are
 * found through Registry.indexFor; foldCode adds each module's own.)
 */
export const evolveCode = (): string =>
  [
    makeEvolve,
    foldInto,
    kernelStep,
    pointsPosted,
    step,
    seePrivate,
    created,
    advanceDice,
    beaconCommitted,
    kernelFold,
    paramsFold,
    valuesOf,
    withStatus,
    applyTransfer,
    post,
  ]
    .map(String)
    .join('\n');
