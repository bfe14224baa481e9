// The clock fairness campaign's world (issue 23 item 7, "Done means"): one server (the real routes, limits and
// kernel, through Fastify's inject, as a client's requests reach them) over a real store, a real Clockwork
// keeping its games' time, honest games created by the operator beside hostile games created and scheduled by
// strangers through the API, each stranger trying every trick a schedule allows as fast as the server lets
// em: the earliest start allowed, the fastest rhythm allowed, catching up, schedules changed in a loop,
// pause/resume storms (a resumption dated back to its pause, to make a backlog), extensions. Time is a
// TimeSource and `pass` moves it: the campaign runs on the wall clock, the suite's test on simulated time.
import type { FastifyInstance } from 'fastify';
import { ADMIN } from '../../src/core/index.js';
import type { Json, LogEntry } from '../../src/core/index.js';
import type { Referee } from '../../src/engine/referee.js';
import { Clockwork } from '../../src/clock/clockwork.js';
import type { ClockReport } from '../../src/clock/clockwork.js';
import type { TimeSource } from '../../src/clock/time.js';
import { buildApp } from '../../src/server/app.js';
import { START_TOLERANCE_MS } from '../../src/core/index.js';

export interface WorldOptions {
  readonly referee: Referee;
  readonly time: TimeSource;
  /** Moves time on by `ms` (a sleep on the wall clock; simulated time run on with the clocks settled). */
  readonly pass: (ms: number) => Promise<void>;
  readonly honest: number;
  readonly hostile: number;
  /** Hostile client addresses, each with hostile/clients games. */
  readonly clients: number;
  /** The rhythm of every game, in seconds: the honest games' and the fastest the server allows strangers. */
  readonly every: number;
  /** How long the hostile clients keep at it, and each one's pause between two requests (ms). */
  readonly runMs: number;
  readonly roundMs: number;
  readonly catchUpCap: number;
  /** A random number in [0, 1), seeded by the caller. */
  readonly random: () => number;
  /** Reports of the other processes' clocks (PostgreSQL's second process), collected by the caller. */
  readonly otherReports?: () => readonly ClockReport[];
}

export interface TrickCount {
  sent: number;
  accepted: number;
  statuses: Record<string, number>;
}

/** What the hostile clients' requests came to. */
export interface Requests {
  readonly sent: number;
  readonly accepted: number;
  /** Refused by the kernel (422/409: K16's bounds, a pause when paused, …). */
  readonly refused: number;
  /** Refused by the per-client limit (429). */
  readonly limited: number;
  /** Per trick: requests sent, accepted, and how many were answered with each status. */
  readonly byTrick: Readonly<Record<string, TrickCount>>;
}

export interface WorldFigures {
  /** Honest boundaries due in the window, fired, and not fired (must be 0). */
  readonly honestDue: number;
  readonly honestFired: number;
  readonly honestMissed: number;
  /** Lateness of the honest boundaries' ticks, committed, in ms after their instants. */
  readonly late: readonly number[];
  readonly hostileFired: number;
  /** Catch-ups refused (the game paused, one record each) and the notices left in the outbox for them. */
  readonly cappedPauses: number;
  readonly cappedNotices: number;
  readonly requests: Requests;
  /** Entries written in the run: the honest games', the hostile games' (ticks, schedule changes, capped pauses). */
  readonly honestEntries: number;
  readonly hostileEntries: number;
  readonly hostileTickEntries: number;
  readonly hostileChangeEntries: number;
  readonly hostileCapEntries: number;
  /**
   * The most the hostile games may have written: each the ticks of its rhythm from its earliest start to the
   * end (as an honest game's, at most the most entries an honest tick wrote each), a command and two events
   * for each change accepted, two entries for each catch-up refused.
   */
  readonly hostileBound: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

interface Causes {
  tick: number;
  change: number;
  cap: number;
  /** The most entries one tick wrote (an nweek's end writes more than an nday's). */
  perTick: number;
}

/** A game's entries after `from`, by the command that wrote them (a tick, a schedule change, the clock's pause). */
function entriesByCause(entries: readonly LogEntry[], from: number): Causes {
  const out: Causes = { tick: 0, change: 0, cap: 0, perTick: 0 };
  let cause: 'tick' | 'change' | 'cap' = 'change';
  let thisTick = 0;
  for (const e of entries) {
    if (e.seq <= from) continue;
    if (e.event.type === 'command') {
      const c = e.event.command as { type: string; id?: string };
      cause =
        c.type === 'tick'
          ? 'tick'
          : c.type === 'pause-clock' && c.id?.startsWith('clock:')
            ? 'cap'
            : 'change';
      thisTick = 0;
    }
    out[cause]++;
    if (cause === 'tick') out.perTick = Math.max(out.perTick, ++thisTick);
  }
  return out;
}

type Trick = 'reschedule' | 'too-fast' | 'before-creation' | 'pause' | 'resume-backdated' | 'extend';
const TRICKS: readonly Trick[] = [
  'reschedule',
  'too-fast',
  'before-creation',
  'pause',
  'resume-backdated',
  'extend',
];

interface Hostile {
  readonly game: string;
  readonly token: string;
  readonly client: string;
  readonly created: number;
}

export class FairnessWorld {
  private app: FastifyInstance | undefined;
  private clock: Clockwork | undefined;
  readonly reports: ClockReport[] = [];
  private readonly hostiles: Hostile[] = [];
  private readonly honestGames: string[] = [];
  private readonly seqAtStart = new Map<string, number>();
  private windowFrom = 0;
  private windowTo = 0;

  constructor(private readonly o: WorldOptions) {}

  private get referee(): Referee {
    return this.o.referee;
  }

  private async request(client: string, url: string, body: Json, token?: string) {
    const app = this.app;
    if (!app) throw new Error('no server');
    const res = await app.inject({
      method: 'POST',
      url,
      payload: body as object,
      remoteAddress: client,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  /** The server (the operator's floor for strangers), the hostile games and the honest ones, not yet timed. */
  async setUp(): Promise<void> {
    const o = this.o;
    this.app = await buildApp({
      referee: this.referee,
      webRoot: false,
      authLimit: false,
      clientLimits: {},
      rhythmFloor: o.every,
      now: () => o.time.now(),
    });
    await this.app.ready();
    // Strangers create their games through the API, each address within its creation limit.
    for (let i = 0; i < o.hostile; i++) {
      const client = `10.23.${Math.floor((i % o.clients) / 250)}.${((i % o.clients) % 250) + 1}`;
      const game = `hostile${i}`;
      const r = await this.request(client, '/api/games', { ruleset: 'grid-2002-01', game });
      if (r.status !== 201) throw new Error(`creating ${game}: ${r.status} ${JSON.stringify(r.body)}`);
      const created = (await this.referee.state(game)).scheduleBounds?.created;
      this.hostiles.push({
        game,
        token: r.body.adminToken as string,
        client,
        created: created ? Date.parse(created) : o.time.now(),
      });
    }
    // The operator's honest games, on the campaign's rhythm.
    for (let i = 0; i < o.honest; i++) {
      const game = `honest${i}`;
      const create = {
        game,
        ruleset: 'grid-2002-01',
        dice: 'fair',
        rhythmFloor: o.every,
        at: iso(o.time.now()),
      };
      const made = await this.referee.submit(game, { type: 'create', by: ADMIN, args: create });
      if (!made.ok) throw new Error(`creating ${game}: ${made.error.message}`);
      this.honestGames.push(game);
    }
    // The strangers' first schedules: the fastest rhythm and the earliest start allowed, catching up.
    for (const h of this.hostiles) {
      const r = await this.request(
        h.client,
        `/api/games/${h.game}/commands`,
        {
          type: 'schedule',
          args: { every: o.every, since: iso(h.created - START_TOLERANCE_MS), policy: 'catch-up' },
        },
        h.token,
      );
      if (r.status !== 200) throw new Error(`scheduling ${h.game}: ${r.status} ${JSON.stringify(r.body)}`);
    }
    // The honest schedules last, spread over one rhythm, starting once the clock runs (so none catches up).
    const base = Math.ceil((o.time.now() + 5_000) / 1000) * 1000;
    for (const [i, game] of this.honestGames.entries()) {
      const since = iso(base + Math.floor((i * o.every * 1000) / o.honest));
      const set = await this.referee.submit(game, {
        type: 'schedule',
        by: ADMIN,
        args: { every: o.every, since, policy: 'catch-up' },
      });
      if (!set.ok) throw new Error(`scheduling ${game}: ${set.error.message}`);
    }
    for (const g of [...this.honestGames, ...this.hostiles.map((h) => h.game)])
      this.seqAtStart.set(g, (await this.referee.state(g)).seq);
  }

  /** Starts this process's clock. */
  async startClock(): Promise<void> {
    this.clock = new Clockwork({
      referee: this.referee,
      time: this.o.time,
      report: (r) => this.reports.push(r),
      catchUpCap: this.o.catchUpCap,
    });
    await this.clock.start();
  }

  /** Waits for whatever this process's clock has under way (simulated time). */
  async idle(): Promise<void> {
    await this.clock?.idle();
  }

  /**
   * One request of one of the client's games: a trick of chance among those that could do something now (a
   * resumption only once the pause is long enough to leave more than a catch-up's worth of boundaries
   * behind it); answers the trick and the status.
   */
  private async trick(h: Hostile): Promise<[Trick, number]> {
    const now = this.o.time.now();
    const url = `/api/games/${h.game}/commands`;
    const earliest = iso(h.created - START_TOLERANCE_MS);
    const state = await this.referee.knownState(h.game);
    const paused = state.schedule?.paused?.at;
    const long = (this.o.catchUpCap + 1) * this.o.every * 1000;
    const choices: readonly Trick[] =
      paused === undefined
        ? TRICKS.filter((t) => t !== 'resume-backdated')
        : now - Date.parse(paused) > long
          ? ['resume-backdated']
          : TRICKS.filter((t) => t !== 'resume-backdated' && t !== 'pause');
    const trick = choices[Math.floor(this.o.random() * choices.length)] as Trick;
    const bodies: Record<Trick, Json> = {
      reschedule: { type: 'schedule', args: { every: this.o.every, since: earliest, policy: 'catch-up' } },
      'too-fast': { type: 'schedule', args: { every: 1, since: earliest, policy: 'catch-up' } },
      'before-creation': { type: 'schedule', args: { every: this.o.every, since: '2000-01-01T00:00:00Z' } },
      pause: { type: 'pause-clock', args: { reason: 'storm', at: iso(Math.max(now - 1000, h.created)) } },
      // Dated back to the pause: every boundary since then is overdue, a catch-up if the pause was long.
      'resume-backdated': { type: 'resume-clock', args: { reason: 'storm', at: paused ?? earliest } },
      extend: { type: 'extend-nweek', args: { until: iso(now + 86_400_000), reason: 'storm' } },
    };
    return [trick, (await this.request(h.client, url, bodies[trick], h.token)).status];
  }

  /** The strangers at it for `runMs`: each client a request per round, for a game and a trick of chance. */
  async storm(): Promise<Requests> {
    const o = this.o;
    const byClient = new Map<string, Hostile[]>();
    for (const h of this.hostiles) byClient.set(h.client, [...(byClient.get(h.client) ?? []), h]);
    const counts = { sent: 0, accepted: 0, refused: 0, limited: 0 };
    const byTrick: Record<string, TrickCount> = {};
    this.windowFrom = o.time.now() + 2_000;
    const end = o.time.now() + o.runMs;
    while (o.time.now() < end) {
      await Promise.all(
        [...byClient.values()].map(async (games) => {
          const h = games[Math.floor(o.random() * games.length)] as Hostile;
          const [trick, status] = await this.trick(h);
          const t = (byTrick[trick] ??= { sent: 0, accepted: 0, statuses: {} });
          t.sent++;
          t.statuses[status] = (t.statuses[status] ?? 0) + 1;
          counts.sent++;
          if (status === 200) {
            counts.accepted++;
            t.accepted++;
          } else if (status === 429) counts.limited++;
          else counts.refused++;
        }),
      );
      await o.pass(o.roundMs);
    }
    this.windowTo = o.time.now() - 2_000;
    return { ...counts, byTrick };
  }

  async stop(): Promise<void> {
    await this.clock?.stop();
    await this.app?.close();
  }

  /** The figures, from the store's logs (what was written) and the clocks' reports (how late). */
  async figures(requests: Requests): Promise<WorldFigures> {
    const o = this.o;
    const reports = [...this.reports, ...(o.otherReports?.() ?? [])];
    // Per honest boundary, the earliest commit any process reported (a duplicate's report is later).
    const lateness = new Map<string, number>();
    for (const r of reports)
      if ((r.kind === 'fired' || r.kind === 'caught-up') && r.game?.startsWith('honest') && r.scheduled) {
        const key = `${r.game} ${r.scheduled}`;
        lateness.set(key, Math.min(lateness.get(key) ?? Infinity, r.lateMs ?? 0));
      }
    let honestDue = 0;
    let honestFired = 0;
    const late: number[] = [];
    let honestEntries = 0;
    let perTick = 0;
    for (const g of this.honestGames) {
      const entries = await this.referee.entries(g);
      honestEntries += entries.filter((e) => e.seq > (this.seqAtStart.get(g) ?? 0)).length;
      perTick = Math.max(perTick, entriesByCause(entries, this.seqAtStart.get(g) ?? 0).perTick);
      const fired = new Set(
        entries.filter((e) => e.event.type === 'boundary-fired').map((e) => e.event.scheduled as string),
      );
      const schedule = (await this.referee.state(g)).schedule;
      if (!schedule) continue;
      const since = Date.parse(schedule.since);
      const every = o.every * 1000;
      for (let t = since + every; t <= this.windowTo; t += every) {
        if (t < this.windowFrom) continue;
        honestDue++;
        if (!fired.has(iso(t))) continue;
        honestFired++;
        const ms = lateness.get(`${g} ${iso(t)}`);
        if (ms !== undefined) late.push(ms);
      }
    }
    let hostileFired = 0;
    let cappedPauses = 0;
    let boundaries = 0;
    const end = o.time.now();
    const totals = { tick: 0, change: 0, cap: 0 };
    for (const h of this.hostiles) {
      boundaries += Math.floor((end - (h.created - START_TOLERANCE_MS)) / (o.every * 1000));
      const entries = await this.referee.entries(h.game);
      const from = this.seqAtStart.get(h.game) ?? 0;
      const fresh = entries.filter((e) => e.seq > from);
      hostileFired += fresh.filter((e) => e.event.type === 'boundary-fired').length;
      cappedPauses += fresh.filter(
        (e) =>
          e.event.type === 'clock-paused' &&
          /more than one catch-up fires/.test(JSON.stringify(e.event.reason ?? '')),
      ).length;
      const c = entriesByCause(entries, from);
      totals.tick += c.tick;
      totals.change += c.change;
      totals.cap += c.cap;
    }
    // The notices the Administrators were left, from the outbox (keyed: a pause given by two processes is
    // one notice).
    let cappedNotices = 0;
    for (const h of this.hostiles)
      cappedNotices += (await this.referee.outbox.notices(h.game, 'admin', 0, 10_000)).filter(
        (n) => n.key.startsWith('clock:pause:') && /one catch-up fires only so many/.test(n.text),
      ).length;
    const hostileBound = boundaries * perTick + 3 * requests.accepted + 2 * cappedPauses;
    return {
      honestDue,
      honestFired,
      honestMissed: honestDue - honestFired,
      late: late.sort((a, b) => a - b),
      hostileFired,
      cappedPauses,
      cappedNotices,
      requests,
      honestEntries,
      hostileEntries: totals.tick + totals.change + totals.cap,
      hostileTickEntries: totals.tick,
      hostileChangeEntries: totals.change,
      hostileCapEntries: totals.cap,
      hostileBound,
    };
  }
}
