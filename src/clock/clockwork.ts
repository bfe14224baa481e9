// The clock that keeps time where games are served (issue 14): it finds the games with a schedule, keeps each
// one's next boundary in a min-heap with one timer for the earliest, and fires each boundary when it falls due
// as the ordinary `tick` the Administrator would give, with the scheduled instant and the id `clock:<instant>`.
// The kernel never reads the wall clock; this is the one place that does, and it only feeds commands.
//
// Once only, everywhere: the id is the store's command id (unique per game), so of several processes firing
// one boundary, or a process restarted and firing it again, one tick is appended and the rest are answered
// with it. Never twice: a game's next boundary is the first after the last one fired (its `schedule.fired`),
// so a clock set back delays the next boundary but cannot repeat one.
//
// Outages: a boundary found more than `graceMs` overdue (a process started after downtime, a machine
// suspended and resumed, a clock set forward, a loop held up) follows the game's policy: 'catch-up' fires
// every missed boundary once, in order, each with its own instant; 'pause' pauses the game's clock with a
// logged reason and tells the Administrator. A boundary late by less than the grace is simply fired.
//
// Fairness (issue 23 item 7, ruling K17): a catch-up fires at most `catchUpCap` boundaries; a larger backlog
// pauses the game as the 'pause' policy would, with one logged pause and one notice. Due games are served in
// turn (turns.ts), one boundary each, so a game with many boundaries due delays another game's boundary by one
// of its own at most, whatever its backlog; the heap only tells when each game falls due.
import type { GameState } from '../core/index.js';
import type { ClockDoor, Notice } from '../engine/ports/index.js';

export type { ClockReport } from './firing.js';
import type { Boundary } from './calendar.js';
import { setBackNotice } from './commands.js';
import type { ClockReport, Firing, Outcome } from './firing.js';
import { fireTick, overCap, pauseAfterOutage, why } from './firing.js';
import { CLOCK_DEFAULTS } from './defaults.js';
import { MinHeap } from './heap.js';
import { Turns } from './turns.js';
import { JumpWatch } from './jumps.js';
import { nextToFire, scheduleOf } from './plan.js';
import { nextReminder, waitOf } from './reminding.js';
import { remindersDue } from './reminders.js';
import type { TimeSource } from './time.js';
import type { BeaconFetching } from './beacon-fetching.js';
import { backOff, fetchAndRecord, roundToFetch, unreachableNotice, waitingFor } from './beacon-fetching.js';

export interface ClockworkOptions {
  readonly referee: ClockDoor;
  readonly time: TimeSource;
  readonly report?: (report: ClockReport) => void;
  /** A boundary more overdue than this is an outage, handled by the game's policy (default 60 s). */
  readonly graceMs?: number;
  /**
   * The longest the clock sleeps without looking at the wall clock (default 1 s): a clock set forward makes
   * boundaries due that no timer waits for, and a suspended machine's timers count only the time it ran.
   */
  readonly heartbeatMs?: number;
  /** Wall time moving this much more (or less) than monotonic time between two looks is a jump (default 2 s). */
  readonly jumpMs?: number;
  /** How many games' boundaries are fired at once (default 32): a store commits them in groups. */
  readonly concurrency?: number;
  /** After a store failure, when a boundary is tried again (default 5 s). */
  readonly retryMs?: number;
  /** K17: the most boundaries one catch-up fires (default 10); a larger backlog pauses the game. */
  readonly catchUpCap?: number;
  /** Issue 26 (B8-B10): how the clock fetches the beacon round a game waits for; none: it is pasted. */
  readonly beacon?: BeaconFetching;
}

export { CLOCK_DEFAULTS } from './defaults.js';

/** How many games are read at once at start. */
const LOADING = 16;

/** What the clock knows of one game: the state it planned from, and the boundary it waits for. */
interface Planned {
  readonly state: GameState;
  readonly boundary: Boundary | undefined;
  /** The next instant a reminder of the game's current wait falls (Infinity: none). */
  readonly remindAt: number;
  /** The wait it was planned for (reminding.ts waitOf): a new wait is planned again. */
  readonly wait: string;
  /** The beacon round the game waits for (B5), if it does: no boundary fires meanwhile (B10). */
  readonly round: number;
  /** When to ask the relays for that round (Infinity: not waiting, or no relays to ask). */
  readonly fetchAt: number;
  /** Wall ms at which to wake for the game: its boundary's instant, a reminder's, or a retry after a failure. */
  readonly wake: number;
  /** Heap entries of an older plan for this game carry another token and are skipped. */
  readonly token: number;
}

interface Due {
  readonly game: string;
  readonly wake: number;
  readonly token: number;
}

export class Clockwork {
  private readonly referee: ClockDoor;
  private readonly time: TimeSource;
  private readonly say: (report: ClockReport) => void;
  private readonly settings: { -readonly [K in keyof typeof CLOCK_DEFAULTS]: number };
  private readonly games = new Map<string, Planned>();
  private readonly heap = new MinHeap<Due>((a, b) => a.wake < b.wake);
  /** The games due now, in the order they are served (K17). */
  private readonly turns = new Turns();
  private readonly inFlight = new Set<string>();
  /** Games whose state changed while their boundary was being fired: planned again after. */
  private readonly changed = new Set<string>();
  private readonly checking = new Set<string>();
  private readonly work = new Set<Promise<unknown>>();
  private tokens = 0;
  private cancelTimer: (() => void) | undefined;
  private armedFor = Infinity;
  private unsubscribe: (() => void) | undefined;
  private running = false;
  private readonly jumps: JumpWatch;
  /** What firing a boundary needs of the clock. */
  private readonly firing: Firing;
  /** Wall time at the last look before a jump forward: the machine was away from then. */
  private awayFrom: number | undefined;
  /** Per game, the instant up to which its reminders were given (from the clock's start, less the grace). */
  private readonly remindedTo = new Map<string, number>();
  /** Reminders are given from here on for a game first seen (a restart within the grace misses none). */
  private remindFrom = -Infinity;
  /** Per game, the round asked for and how many attempts found none (B9: the next waits longer). */
  private readonly attempts = new Map<string, { round: number; tries: number; next: number }>();
  private readonly beacon: BeaconFetching | undefined;

  constructor(options: ClockworkOptions) {
    this.referee = options.referee;
    this.time = options.time;
    this.say = options.report ?? (() => undefined);
    this.beacon = options.beacon;
    this.settings = {
      graceMs: options.graceMs ?? CLOCK_DEFAULTS.graceMs,
      heartbeatMs: options.heartbeatMs ?? CLOCK_DEFAULTS.heartbeatMs,
      jumpMs: options.jumpMs ?? CLOCK_DEFAULTS.jumpMs,
      concurrency: options.concurrency ?? CLOCK_DEFAULTS.concurrency,
      retryMs: options.retryMs ?? CLOCK_DEFAULTS.retryMs,
      catchUpCap: options.catchUpCap ?? CLOCK_DEFAULTS.catchUpCap,
    };
    if (!(this.settings.catchUpCap >= 1)) throw new RangeError('catchUpCap is at least 1');
    this.jumps = new JumpWatch(this.time, this.settings.jumpMs);
    this.firing = {
      referee: this.referee,
      time: this.time,
      graceMs: this.settings.graceMs,
      catchUpCap: this.settings.catchUpCap,
      say: this.say,
      notify: (notices) => this.notify(notices),
    };
  }

  /** How many games have a boundary waiting. */
  get scheduled(): number {
    let n = 0;
    for (const p of this.games.values()) if (p.boundary) n++;
    return n;
  }

  /**
   * Finds every scheduled game and starts keeping time. Listens for appends first (from any process, once the
   * store is watched), so a schedule set while the games are being read is not missed.
   */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.referee.onAppend((game) => this.appended(game));
    await this.referee.watch();
    this.remindFrom = this.time.now() - this.settings.graceMs;
    this.look();
    const games = (await this.referee.listGames()).map((g) => g.id);
    let next = 0;
    const loader = async () => {
      while (this.running && next < games.length) {
        const game = games[next++] as string;
        try {
          this.consider(game, await this.referee.state(game));
        } catch (e) {
          this.say({
            kind: 'error',
            game,
            text: `${game}: cannot be read, so its clock is not kept: ${why(e)}`,
          });
        }
      }
    };
    await this.track(Promise.all(Array.from({ length: LOADING }, loader)));
    this.say({
      kind: 'started',
      text: `keeping time for ${this.scheduled} scheduled game(s) of ${games.length}`,
    });
    this.dispatch();
  }

  /** Stops: no timer, no listener; boundaries being fired are finished (each is committed or not at all). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.unsubscribe?.();
    await this.idle();
    this.say({ kind: 'stopped', text: 'the clock stopped' });
  }

  /** Resolves once nothing the clock started is under way (tests wait on it after moving simulated time). */
  async idle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.work.add(promise);
    void promise.then(
      () => this.work.delete(promise),
      () => this.work.delete(promise),
    );
    return promise;
  }

  /** An append to a game (here or, on PostgreSQL, in another process): its schedule or clock may have moved. */
  private appended(game: string): void {
    if (!this.running) return;
    if (this.inFlight.has(game)) {
      this.changed.add(game);
      return;
    }
    if (this.checking.has(game)) return;
    this.checking.add(game);
    const check = async () => {
      try {
        this.consider(game, await this.referee.knownState(game));
      } catch (e) {
        this.say({ kind: 'error', game, text: `${game}: cannot be read: ${why(e)}` });
      } finally {
        this.checking.delete(game);
      }
      this.dispatch();
    };
    void this.track(check());
  }

  /** Plans a game again if what the plan rests on changed: its schedule, its clock, its end. */
  private consider(game: string, state: GameState): void {
    const planned = this.games.get(game);
    const before = planned?.state;
    if (
      before &&
      scheduleOf(before) === scheduleOf(state) &&
      before.clock.nweek === state.clock.nweek &&
      before.clock.nday === state.clock.nday &&
      before.ended === state.ended &&
      (roundToFetch(before)?.round ?? 0) === (roundToFetch(state)?.round ?? 0) &&
      // Only a scheduled game waits for reminders (a new turn in Tunnelers is a new wait within one nday).
      (scheduleOf(state) === null || planned.wait === waitOf(this.referee.rules, state))
    )
      return;
    this.plan(game, state);
  }

  private plan(game: string, state: GameState, wake?: number): void {
    // B10: a game waiting for its beacon round fires no boundary (its tick would be refused): the round first.
    const waiting = waitingFor(state);
    const boundary = waiting ? undefined : nextToFire(state);
    // B14: a round a seed's timelock opens at is fetched too when due, but holds nothing up (no notice).
    const fetching = roundToFetch(state);
    const token = ++this.tokens;
    const scheduled = scheduleOf(state) !== null;
    const kernel = this.referee.rules;
    const remindAt = scheduled ? nextReminder(kernel, state, this.remindedSince(game)) : Infinity;
    const wait = scheduled ? waitOf(kernel, state) : '';
    const tried = this.attempts.get(game);
    if (tried && tried.round !== fetching?.round) this.attempts.delete(game);
    const fetchAt =
      !fetching || !this.beacon
        ? Infinity
        : tried?.round === fetching.round
          ? Math.max(tried.next, fetching.at)
          : fetching.at;
    const at = wake ?? Math.min(boundary?.at ?? Infinity, remindAt, fetchAt);
    const round = fetching?.round ?? 0;
    this.games.set(game, { state, boundary, round, fetchAt, remindAt, wait, wake: at, token });
    if (at === Infinity) return;
    this.heap.push({ game, wake: at, token });
    if (at < this.armedFor) this.arm();
  }

  private remindedSince(game: string): number {
    return this.remindedTo.get(game) ?? this.remindFrom;
  }

  /** One timer, for the earliest boundary or the heartbeat, whichever comes first. */
  private arm(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.armedFor = Infinity;
    if (!this.running) return;
    const now = this.time.now();
    const top = this.earliest();
    // With every firing place taken, a due boundary waits for a place (each firing's end dispatches again),
    // not for a timer that would wake at once, again and again.
    const full = this.inFlight.size >= this.settings.concurrency;
    const until = top && !full ? Math.max(0, top.wake - now) : Infinity;
    const delay = Math.min(until, this.settings.heartbeatMs);
    this.armedFor = now + delay;
    this.cancelTimer = this.time.setTimer(delay, () => {
      this.cancelTimer = undefined;
      this.armedFor = Infinity;
      this.look();
      this.dispatch();
    });
  }

  /** The heap's earliest entry that is still a game's plan (older plans are dropped as they surface). */
  private earliest(): Due | undefined {
    for (let top = this.heap.peek(); top; top = this.heap.peek()) {
      if (this.games.get(top.game)?.token === top.token) return top;
      this.heap.pop();
    }
    return undefined;
  }

  /**
   * Compares the wall clock with the monotonic one since the last look. Wall time that ran ahead is a machine
   * suspended or a clock set forward: the boundaries it skipped are now overdue, and fall to each game's
   * policy. Wall time that fell behind is a clock set back: nothing fires twice, but each Administrator is told.
   */
  private look(): void {
    const jump = this.jumps.look();
    if (jump?.kind === 'forward') {
      this.awayFrom = jump.from;
      this.say({
        kind: 'jumped',
        text: `the machine's clock jumped forward ${Math.round(jump.by / 1000)} s (suspended, or set forward): boundaries missed follow each game's policy`,
      });
    } else if (jump?.kind === 'back') {
      this.say({
        kind: 'set-back',
        text: `the machine's clock was set back ${Math.round(jump.by / 1000)} s: no boundary fires twice, the next ones come that much later`,
      });
      const notices: Notice[] = [];
      for (const [game, p] of this.games)
        if (p.boundary)
          notices.push(setBackNotice(game, jump.from, jump.to, scheduleOf(p.state)?.fired ?? null));
      this.notify(notices);
    }
  }

  /**
   * Fires what is due, up to `concurrency` games at once, in turn (K17): every game fallen due joins the back
   * of the line (earliest first among those), and each game served fires one boundary (or gives its
   * reminders); a game with another boundary due already joins the line again behind all who wait. Then
   * sleeps until the next.
   */
  private dispatch(): void {
    if (!this.running) return;
    const now = this.time.now();
    for (let top = this.earliest(); top && top.wake <= now; top = this.earliest()) {
      this.heap.pop();
      if (!this.inFlight.has(top.game)) this.turns.join(top.game);
      else this.changed.add(top.game);
    }
    while (this.inFlight.size < this.settings.concurrency) {
      const game = this.turns.next();
      if (game === undefined) break;
      // The game's plan now (it may have been planned again while it waited; its place is kept).
      const planned = this.games.get(game);
      if (!planned || planned.wake > now) continue;
      if (this.inFlight.has(game)) {
        this.changed.add(game);
        continue;
      }
      if (planned.remindAt <= now) void this.track(this.remind(game, now));
      else if (planned.fetchAt <= now) void this.track(this.fetchRound(game, planned));
      else if (planned.boundary) void this.track(this.fire(game, planned, planned.boundary));
    }
    this.arm();
  }

  private async fire(game: string, planned: Planned, boundary: Boundary): Promise<void> {
    this.inFlight.add(game);
    let outcome: Outcome | undefined;
    let retryAt: number | undefined;
    try {
      const now = this.time.now();
      const late = now - boundary.at;
      const schedule = scheduleOf(planned.state);
      const outage = late > this.settings.graceMs;
      // K17: a catch-up larger than the cap is not begun (nor, grown while under way, gone on with).
      const capped =
        outage && schedule?.policy === 'catch-up' && overCap(this.firing, planned.state, boundary, now);
      outcome =
        outage && (schedule?.policy === 'pause' || capped)
          ? await pauseAfterOutage(this.firing, game, planned.state, boundary, now, this.awayFrom, capped)
          : await fireTick(this.firing, game, boundary, late);
    } catch (e) {
      retryAt = this.time.now() + this.settings.retryMs;
      this.say({
        kind: 'error',
        game,
        scheduled: boundary.iso,
        text: `${game}: the boundary ${boundary.iso} could not be fired (tried again in ${this.settings.retryMs / 1000} s): ${why(e)}`,
      });
    } finally {
      this.inFlight.delete(game);
    }
    if (retryAt !== undefined) this.plan(game, planned.state, retryAt);
    else if (outcome && 'plan' in outcome) this.plan(game, outcome.plan);
    // Kept with the state refused on, so only a change of it plans the game again.
    else if (outcome)
      this.games.set(game, {
        state: outcome.drop,
        boundary: undefined,
        round: 0,
        fetchAt: Infinity,
        remindAt: Infinity,
        wait: '',
        wake: Infinity,
        token: ++this.tokens,
      });
    if (this.changed.delete(game)) this.appended(game);
    this.dispatch();
  }

  /**
   * Gives the reminders that fell due up to `now`, computed again from the game's latest state (a player who
   * acted meanwhile is not reminded; each reminder's key makes it once-only across processes), then plans
   * the game again: its boundary, if due too, fires next.
   */
  private async remind(game: string, now: number): Promise<void> {
    this.inFlight.add(game);
    let state: GameState | undefined;
    try {
      state = await this.referee.state(game);
      const notices = remindersDue(
        game,
        state,
        this.referee.rules.awaiting(state),
        this.remindedSince(game),
        now,
      );
      this.remindedTo.set(game, now);
      if (notices.length > 0) await this.referee.outbox.enqueue(notices);
    } catch (e) {
      this.say({ kind: 'error', game, text: `${game}: reminders could not be given: ${why(e)}` });
    } finally {
      this.inFlight.delete(game);
    }
    const planned = this.games.get(game);
    if (state) this.plan(game, state);
    else if (planned) this.plan(game, planned.state, now + this.settings.retryMs);
    if (this.changed.delete(game)) this.appended(game);
    this.dispatch();
  }

  /** One attempt at the round a game waits for (B8), one turn (K17); none had: back-off and a notice (B9). */
  private async fetchRound(game: string, planned: Planned): Promise<void> {
    const beacon = this.beacon;
    const waiting = roundToFetch(planned.state);
    if (!beacon || !waiting) return;
    this.inFlight.add(game);
    let state: GameState | undefined;
    let again: number | undefined;
    try {
      const now = this.time.now();
      const got = await fetchAndRecord(this.referee, beacon, game, waiting, now, this.say);
      if ('recorded' in got) state = got.recorded;
      else if ('again' in got && got.missing === undefined) again = got.again;
      else {
        // No round, or one the rules refused while the game still waits for it: asked again later (B9).
        const missing = 'again' in got ? got.missing : undefined;
        if ('latest' in got) state = got.latest;
        const before = this.attempts.get(game);
        const tries = before?.round === waiting.round ? before.tries + 1 : 1;
        const retry = backOff(beacon, tries);
        this.attempts.set(game, { round: waiting.round, tries, next: now + retry });
        if (tries === 1 && missing && waiting.holds)
          this.notify([unreachableNotice(game, waiting, missing, now, retry)]);
      }
    } catch (e) {
      this.say({ kind: 'error', game, text: `${game}: the beacon round could not be recorded: ${why(e)}` });
      this.attempts.set(game, {
        round: waiting.round,
        tries: 1,
        next: this.time.now() + this.settings.retryMs,
      });
    } finally {
      this.inFlight.delete(game);
    }
    if (state) this.plan(game, state);
    else this.plan(game, planned.state, again);
    if (this.changed.delete(game)) this.appended(game);
    this.dispatch();
  }

  /** Leaves notices in the outbox if the store has one (keyed, so a notice written twice is kept once). */
  private notify(notices: readonly Notice[]): void {
    const enqueue = this.referee.outbox.enqueue?.bind(this.referee.outbox);
    if (!enqueue || notices.length === 0) return;
    void this.track(
      enqueue(notices).catch((e: unknown) =>
        this.say({ kind: 'error', text: `notices to the Administrator could not be written: ${why(e)}` }),
      ),
    );
  }
}
