// The non-interference campaign of issue 13 (and issue 18's Tunnelers): two games that differ only in hidden
// facts, played with the same public commands, must give byte-identical outputs to everyone but the
// Administrator, through every route, the live stream, reports and exports.
//
// Method. For each game a seed gives a ruleset driver (non-interference-drivers.ts), the players, and a random
// script; two worlds (non-interference-world.ts: a server each, manual dice queued by the Administrator)
// play it:
// - the hidden facts differ: the secret rolls (where the Things, the moles go, the deck's order: all of them
//   or some, by the game's variant), the Bonus Boxes the Administrator hides (another number of them,
//   elsewhere, of other types), and Administrator-only entries in world 1 (dice queued and cleared again);
// - every public roll has the same result in both worlds (its result is a function of its purpose and
//   count, which the public sees), so where the worlds' public outputs differ, a hidden fact made them;
// - the script is the same in both: players' commands (from what the player sees in world 0, or from the
//   `/me` schemas, some broken so they are refused), forum posts, joins (late, and again), ticks and nweek
//   ends, the Administrator's public commands, and commands with a token no game issued. Only the
//   Administrator's answers are not compared.
// After every command, for each viewer — the public (no token), each player (eir token), an outsider (a token
// no game issued; for the CLI's renders a name that never joined) — the views (`GET /api/games/g`, `/me`, the
// CLI's `show` and `show --json`) and the answers that viewer got are compared; every 8 commands and at the
// end also the log (`/log`, `/log?from=` the seq of the viewer's 3rd and 10th lines, the CLI's `log` and
// `log --json`, `export --public` / `--as`), and for the public `/api/games`, `/verify`, every nweek's report
// as text and markdown (HTTP and the report functions) and `referee games`. Each viewer's live stream (read
// over loopback with fetch, pings left out) is compared at the end.
//
// What a viewer may learn. A viewer's comparison stops, as "told", at the first difference the rules tell em:
// a new log line of a type the driver lists as telling (a Thing found, a Box opened, a Radar's reveal, a
// Tunnelers announcement or death), a line addressed to em alone (the Moderator's answers, eir cards), or a
// difference in eir own part of eir view (eir mole and hand). Any other difference is a leak: it is matched
// against the known classes (non-interference-compare.ts) and otherwise reported as new, with the route, the
// viewer, the step and the first differing lines; the viewer's comparison stops there too (what follows would
// repeat it). The Administrator's view and log must differ, or the two worlds were not different at all.
//
// Run: `node dist/bench/campaigns/non-interference.js --games N --seed S [--steps K] [--no-doc]` after
// `npm run build`; prints the figures as JSON and writes the "Non-interference" section of docs/reliability.md.
import { pathToFileURL } from 'node:url';
import { canSee, PUBLIC, player } from '../../src/core/index.js';
import type { GameState, Json, JsonObject, LogEntry, Viewer } from '../../src/core/index.js';
import { nweekReport } from '../../src/engine/report.js';
import { nweekReportMarkdown } from '../../src/engine/report-markdown.js';
import { phraseTable } from '../../src/forum/phrases/index.js';
import { RULESETS } from '../../src/rulesets/index.js';
import { fromSchema, harvest, Tape } from './fuzz.js';
import type { Schema } from './fuzz.js';
import { DRIVERS, described, pick } from './non-interference-drivers.js';
import type { Driver, Random, ScriptCommand } from './non-interference-drivers.js';
import { amendmentCommand } from './non-interference-amend.js';
import { canonical, compare, knownClass, LEAK_CLASSES } from './non-interference-compare.js';
import { BOGUS_TOKEN, GAME, World } from './non-interference-world.js';
import type { Answer } from './non-interference-world.js';
import { machine, writeSection } from './reliability-doc.js';
import { arg, findingsList } from './report.js';

const PHRASES = phraseTable(RULESETS);

/** mulberry32: the script's randomness, from the game's seed. */
export function rng(seed: number): Random {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** When the campaign's time starts (World.time): a Monday noon, a minute of it a step. */
export const CAMPAIGN_START = Date.parse('2026-03-23T12:00:00.000Z');

const NAMES = ['alice', 'bob', 'carol', 'dave', 'erin'];
const LATE = ['zoe', 'alice'];
const OUTSIDER = 'zed';
const CHATTER = [
  'Good luck, everyone.',
  'Hello! I am thinking about my next move.',
  'I mvoe to (4,5).',
  'I will teleport to the moon.',
  'Thanks for the game so far.',
];

/** A difference the campaign found. */
export interface Finding {
  readonly game: string;
  readonly step: number;
  readonly command: string;
  readonly viewer: string;
  readonly route: string;
  /** A known class's id, or 'new'. */
  readonly leak: string;
  readonly line: number;
  readonly a: string;
  readonly b: string;
}

export interface GameResult {
  readonly game: string;
  readonly steps: number;
  readonly comparisons: number;
  readonly differences: number;
  /** Viewers whose comparison stopped, with why and when. */
  readonly stopped: Readonly<Record<string, string>>;
  /** Known classes seen (first finding of each). */
  readonly known: readonly Finding[];
  /** New leaks (first finding per route kind and viewer). */
  readonly leaks: readonly Finding[];
  readonly adminDiffers: boolean;
  readonly accepted: number;
  readonly refused: number;
  /** Issue 24: the amendments of the text's parameters made in the game (world 0's count). */
  readonly amended: number;
}

export interface ViewerSpec {
  readonly name: string;
  readonly viewer: Viewer;
  /** The token it presents over HTTP, by world. */
  token(w: World): string | undefined;
}

/** A short label for a route, so findings group (log?from=17 and log?from=19 are one route). */
const routeKind = (route: string): string => route.replace(/=\d+/g, '=N');

export class GameRun {
  readonly random: Random;
  readonly driver: Driver;
  readonly players: string[];
  readonly viewers: ViewerSpec[];
  readonly stopped = new Map<string, string>();
  readonly known = new Map<string, Finding>();
  readonly leaks = new Map<string, Finding>();
  comparisons = 0;
  differences = 0;
  accepted = 0;
  refused = 0;
  private seen: [number, number] = [0, 0];
  private readonly listened = new Map<World, number>();
  /** The Administrator's hidden acts in each world. */
  hiddenActs: [ScriptCommand[], ScriptCommand[]] = [[], []];
  /** Probes made so far. */
  probes = 0;
  /** Issue 24: whether the Administrator amends the text's parameters in this game, and how often e has. */
  amends = false;
  amendments = 0;

  /** Public lines the log held when the streams were opened. */
  publicAtListen(w: World): number {
    return this.listened.get(w) ?? 0;
  }

  async listen(): Promise<void> {
    for (const w of this.worlds) {
      this.listened.set(w, (await w.referee.log(GAME, PUBLIC)).length);
      for (const v of this.viewers) await w.listen(v.name, v.token(w));
    }
  }

  constructor(
    readonly label: string,
    readonly seed: number,
    readonly worlds: [World, World],
    driver: Driver,
  ) {
    this.random = rng(seed);
    this.driver = driver;
    const [lo, hi] = driver.players;
    this.players = NAMES.slice(0, lo + Math.floor(this.random() * (hi - lo + 1)));
    this.viewers = [
      { name: 'public', viewer: PUBLIC, token: () => undefined },
      ...this.players.map((p) => ({ name: p, viewer: player(p), token: (w: World) => w.tokens.get(p) })),
      { name: 'outsider', viewer: player(OUTSIDER), token: () => BOGUS_TOKEN },
    ];
  }

  private find(
    step: number,
    command: string,
    viewer: string,
    route: string,
    leak: string,
    d: { line: number; a: string; b: string },
  ): void {
    const f: Finding = { game: this.label, step, command, viewer, route: routeKind(route), leak, ...d };
    this.differences += 1;
    if (leak === 'new') {
      const key = `${routeKind(route)}|${viewer}`;
      if (!this.leaks.has(key)) this.leaks.set(key, f);
    } else if (!this.known.has(leak)) this.known.set(leak, f);
  }

  /**
   * Compares one output for one viewer. Returns false when the viewer's comparison stops here: told, a known
   * leak of content, or a new leak.
   */
  check(step: number, command: string, v: ViewerSpec, route: string, a: string, b: string): boolean {
    this.comparisons += 1;
    const verdict = compare(route, a, b);
    if (verdict.kind === 'same') return true;
    if (verdict.kind === 'numbering') {
      for (const c of verdict.classes) this.find(step, command, v.name, route, c, firstLines(a, b));
      return true;
    }
    if (this.ownPart(v, route, a, b)) {
      this.stopped.set(v.name, `told at step ${step} (${route}: eir own part of eir view)`);
      return false;
    }
    const known = knownClass(verdict);
    this.find(step, command, v.name, route, known ?? 'new', verdict);
    this.stopped.set(v.name, `${known ?? 'a new leak'} at step ${step} (${route})`);
    return false;
  }

  /** Whether a player's views differ first in eir own part (eir mole, eir hand): e knows it, nobody else. */
  private ownPart(v: ViewerSpec, route: string, a: string, b: string): boolean {
    if (v.viewer.role !== 'player' || v.name === 'outsider' || this.driver.own.size === 0) return false;
    if (!/\/me$|show --json/.test(route)) return false;
    try {
      const va = JSON.parse(a) as JsonObject;
      const vb = JSON.parse(b) as JsonObject;
      const viewA = (route.endsWith('/me') ? va.view : va) as JsonObject;
      const viewB = (route.endsWith('/me') ? vb.view : vb) as JsonObject;
      const keys = new Set([...Object.keys(viewA), ...Object.keys(viewB)]);
      const differing = [...keys].filter((k) => JSON.stringify(viewA[k]) !== JSON.stringify(viewB[k]));
      return differing.length > 0 && differing.every((k) => this.driver.own.has(k));
    } catch {
      return false;
    }
  }

  /** Compares what one viewer's live stream received in the two worlds (after the game). */
  checkStream(step: number, v: ViewerSpec): void {
    const route = 'events';
    const text = (w: World) =>
      JSON.stringify({
        status: w.streamStatus(v.name),
        messages: w.messages(v.name).map((m) => ({ event: m.event, data: parseOr(m.data) })),
      });
    const [a, b] = [text(this.worlds[0]), text(this.worlds[1])];
    this.comparisons += 1;
    const verdict = compare(route, a, b);
    const command = 'the live stream';
    if (verdict.kind === 'numbering') {
      for (const c of verdict.classes) this.find(step, command, v.name, route, c, firstLines(a, b));
      return;
    }
    if (verdict.kind === 'same') return;
    type Message = {
      event: string;
      data: { lines?: { type: string; text: string; event: { vis: Json } }[] };
    };
    const messages = (t: string) =>
      (JSON.parse(canonical(route, t, ALL_CLASSES)) as { messages: Message[] }).messages;
    const ma = messages(a);
    const mb = messages(b);
    if (/^(told|acted)/.test(this.stopped.get(v.name) ?? '')) return;
    const i = firstIndex(route, ma, mb);
    const lines = (m: Message | undefined) => m?.data.lines ?? [];
    const la = lines(ma[i]);
    const lb = lines(mb[i]);
    const j = firstIndex(route, la, lb);
    type Line = (typeof la)[number];
    const said = (m: Message | undefined, l: Line | undefined): string =>
      !m ? '(no message)' : l ? `${l.type}: ${l.text} ${short(l.event)}` : `${m.event}: (no line)`;
    const d = { line: i + 1, a: said(ma[i], la[j]), b: said(mb[i], lb[j]) };
    const tells = [la[j], lb[j]].some(
      (l) =>
        l && (this.driver.reveals.has(l.type) || (l.event.vis !== 'public' && v.viewer.role === 'player')),
    );
    if (tells) return;
    const known = knownClass(d);
    if (known) return this.find(step, command, v.name, route, known, d);
    this.find(step, command, v.name, route, 'new', d);
  }

  /**
   * The new log lines each viewer may see: where they differ first at a line the rules tell that viewer, e
   * was told; at any other line, it is a leak.
   */
  async checkLines(step: number, command: string): Promise<void> {
    const fresh = await Promise.all(
      this.worlds.map(async (w, i) => {
        const all = await w.entries();
        const out = all.slice(this.seen[i]);
        this.seen[i] = all.length;
        return { entries: out, state: await w.referee.state(GAME) };
      }),
    );
    const [fa, fb] = fresh as [
      { entries: LogEntry[]; state: GameState },
      { entries: LogEntry[]; state: GameState },
    ];
    for (const v of this.viewers) {
      if (this.stopped.has(v.name)) continue;
      const lines = (f: { entries: LogEntry[]; state: GameState }) =>
        this.worlds[0].referee.rules.logView(f.entries, v.viewer, f.state).map((l) => ({
          type: l.type,
          vis: l.event.vis,
          text: l.text,
          event: l.event as unknown as Json,
        }));
      const la = lines(fa);
      const lb = lines(fb);
      const route = 'new log lines';
      const verdict = compare(route, JSON.stringify(la), JSON.stringify(lb));
      this.comparisons += 1;
      if (verdict.kind === 'same' || verdict.kind === 'numbering') continue;
      const i = firstIndex(route, la, lb);
      const said = (l: (typeof la)[number] | undefined): string =>
        l ? `${l.type} (${JSON.stringify(l.vis)}): ${l.text} ${short(l.event)}` : '(no line)';
      const d = { line: i + 1, a: said(la[i]), b: said(lb[i]) };
      const known = knownClass(d) ?? knownClass(verdict);
      const telling = [la[i], lb[i]].some(
        (l) => l && (this.driver.reveals.has(l.type) || (l.vis !== 'public' && v.viewer.role === 'player')),
      );
      if (known) {
        this.find(step, command, v.name, route, known, d);
        this.stopped.set(v.name, `${known} at step ${step}`);
      } else if (telling) {
        const l = la[i] ?? lb[i];
        this.stopped.set(v.name, `told at step ${step} (${l?.type ?? '?'})`);
      } else {
        this.find(step, command, v.name, route, 'new', d);
        this.stopped.set(v.name, `a new leak at step ${step} (${route})`);
      }
    }
  }
}

/** An event as compact JSON, salt and seq left out, cut to 300 characters. */
const short = (event: Json): string => {
  const text = canonical('event', JSON.stringify(event), ALL_CLASSES).replace(/\n\s*/g, ' ');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

const firstLines = (a: string, b: string) => ({ line: 1, a: a.slice(0, 240), b: b.slice(0, 240) });

/** The index of the first item two lists differ at, once the numbering classes are taken out. */
function firstIndex(route: string, a: readonly unknown[], b: readonly unknown[]): number {
  const same = (x: unknown, y: unknown) =>
    canonical(route, JSON.stringify(x), ALL_CLASSES) === canonical(route, JSON.stringify(y), ALL_CLASSES);
  let i = 0;
  while (i < a.length && i < b.length && same(a[i], b[i])) i++;
  return i;
}

const ALL_CLASSES: ReadonlySet<string> = new Set();

/** Everything one viewer sees in one world, by route. */
async function outputs(w: World, v: ViewerSpec, deep: boolean): Promise<[string, string][]> {
  const token = v.token(w);
  const out: [string, string][] = [];
  const get = async (url: string, t = token) => {
    const r = await w.request('GET', url, t);
    out.push([`GET ${url}`, shown(r)]);
  };
  const g = `/api/games/${GAME}`;
  if (v.name !== 'public') await get(`${g}/me`);
  await get(g);
  out.push(['CLI show --json', JSON.stringify(await w.referee.view(GAME, v.viewer), null, 2)]);
  out.push(['CLI show', await w.referee.render(GAME, v.viewer)]);
  if (!deep) return out.map(([route, text]) => [route.startsWith('GET ') ? route.slice(4) : route, text]);
  await get(`${g}/log`);
  // Issue 24: the rules in force (the same for everyone, amended or not).
  await get(`${g}/rules`);
  const lines = await w.referee.log(GAME, v.viewer);
  for (const k of [3, 10]) {
    const from = lines[k - 1]?.seq;
    if (from !== undefined) {
      const r = await w.request('GET', `${g}/log?from=${from}`, token);
      out.push([`${g}/log?from=(line ${k})`, shown(r)]);
    }
  }
  out.push(['CLI log', lines.map((l) => `[nweek ${l.nweek}, nday ${l.nday}] ${l.text}`).join('\n')]);
  out.push([
    'CLI log --json',
    JSON.stringify(
      lines.map((l) => ({ nweek: l.nweek, nday: l.nday, event: l.event, text: l.text })),
      null,
      2,
    ),
  ]);
  const entries = await w.entries();
  out.push([
    'CLI export',
    entries
      .filter((e) => canSee(e.event.vis, v.viewer))
      .map((e) => JSON.stringify({ nweek: e.at.nweek, nday: e.at.nday, event: e.event }))
      .join('\n'),
  ]);
  if (v.name === 'public') {
    await get('/api/games');
    await get(`${g}/verify`);
    const nweek = (await w.referee.state(GAME)).clock.nweek;
    for (let n = 1; n <= nweek; n++) {
      await get(`${g}/report?nweek=${n}&format=text`);
      await get(`${g}/report?nweek=${n}&format=markdown`);
      out.push([`report ${n}`, await nweekReport(w.referee, GAME, n).catch((e: Error) => e.message)]);
      out.push([
        `report ${n} markdown`,
        await nweekReportMarkdown(w.referee, GAME, n).catch((e: Error) => e.message),
      ]);
    }
    // `referee games` is not compared: the CLI opens the database itself, so whoever runs it is the operator
    // (who may `show --admin`), and its counts are the Administrator's (docs/architecture.md).
  }
  return out.map(([route, text]) => [route.startsWith('GET ') ? route.slice(4) : route, text]);
}

/** The next command of the script, from what world 0 shows (the same command then goes to both worlds). */
export async function nextStep(
  run: GameRun,
  step: number,
): Promise<{ kind: string; command?: ScriptCommand; text?: string; by?: string }> {
  const r = run.random();
  const a = run.worlds[0];
  if (run.driver.amendAt?.step === step) return { kind: 'amend' };
  // A game with probes starts with one (other differences might stop every viewer before it comes).
  if (step === 1 && run.driver.probe) {
    const c = run.driver.probe(run.random, run.hiddenActs, run.players, run.probes++);
    if (c) return { kind: 'command', command: c };
  }
  if (r < 0.07) return { kind: 'command', command: { by: null, type: 'tick', args: {} } };
  if (r < 0.09) return { kind: 'nweek' };
  if (r < 0.15) {
    const by = pick(run.random, run.players);
    const examples = (PHRASES[run.driver.ruleset] ?? []).flatMap((s) => s.examples.map((e) => e.text));
    const text = [pick(run.random, CHATTER), ...(examples.length ? [pick(run.random, examples)] : [])].join(
      ' ',
    );
    return { kind: 'post', by, text };
  }
  if (r < 0.17) return { kind: 'join', by: pick(run.random, LATE) };
  if (r < 0.19) return { kind: 'outsider' };
  if (r < 0.21) return { kind: 'noise' };
  // Amended games (issue 24): only where asked, so that the other games' scripts stay what they were.
  if (run.amends && r < 0.25) {
    const c = amendmentCommand(run.random, run.driver.ruleset, run.amendments);
    if (c) {
      if (c.type === 'amend-rules') run.amendments++;
      return { kind: 'command', command: c };
    }
  }
  if (r < 0.25 && run.driver.probe) {
    const c = run.driver.probe(run.random, run.hiddenActs, run.players, run.probes++);
    if (c) return { kind: 'command', command: c };
  }
  if (r < 0.27 && run.driver.privateAct) {
    // Told players may act too (the public is still compared); two private acts a game at most.
    const live = run.players.filter((p) => !(run.stopped.get(p) ?? '').startsWith('acted'));
    if (live.length > run.players.length - 2) {
      const c = run.driver.privateAct(run.random, pick(run.random, live));
      if (c) return { kind: 'private', command: c };
    }
  }
  // A player, or now and then the Administrator, gives one of the commands e may give.
  const admin = r < 0.3;
  const pub = JSON.parse((await a.request('GET', `/api/games/${GAME}`)).body) as JsonObject;
  const turn = (pub.view as JsonObject | undefined)?.turn;
  const active =
    typeof turn === 'string' ? turn : ((turn as JsonObject | null | undefined)?.player as string | undefined);
  const by = admin
    ? null
    : active && run.players.includes(active) && run.random() < 0.7
      ? active
      : pick(run.random, run.players);
  const me = JSON.parse(
    (await a.request('GET', `/api/games/${GAME}/me`, by === null ? a.adminToken : a.tokens.get(by))).body,
  ) as JsonObject;
  const view = (me.view ?? {}) as JsonObject;
  if (by !== null && run.random() < 0.55) {
    const s = run.driver.suggest(run.random, view, by);
    if (s) return { kind: 'command', command: s };
  }
  const commands = ((me.commands ?? []) as { name: string; schema?: Json }[]).filter(
    (c) => !['join', 'dice', 'amend', 'enact', 'repeal', 'end', 'tick', 'moderator-leaves'].includes(c.name),
  );
  if (commands.length === 0) return { kind: 'command', command: { by: null, type: 'tick', args: {} } };
  const c = pick(run.random, commands);
  const pool = harvest(by === null ? (pub.view as Json) : view, [...run.players, ...run.driver.words]);
  const tape = new Tape(Array.from({ length: 24 }, () => Math.floor(run.random() * 1000)));
  const args = fromSchema((c.schema ?? {}) as Schema, tape, pool, run.random() < 0.15);
  return {
    kind: 'command',
    command: {
      by,
      type: c.name,
      args: args !== null && typeof args === 'object' && !Array.isArray(args) ? (args as JsonObject) : {},
    },
  };
}

/** Plays one game in both worlds, comparing as it goes. */
export async function playGame(
  index: number,
  seed: number,
  steps: number,
  options: { readonly amends?: boolean } = {},
): Promise<GameResult> {
  const driver = DRIVERS[index % DRIVERS.length] as Driver;
  const label = `${driver.name} #${seed}`;
  // Successive rounds over the drivers try each driver's variants in turn.
  const vary = driver.vary(Math.floor(index / DRIVERS.length));
  const worlds: [World, World] = [await World.open(0, seed, vary), await World.open(1, seed, vary)];
  // The campaign's own time, a minute a step: the instants the Administrator's clock commands lack are
  // filled from it, the same in both worlds (not from the wall clock, as each request arrives).
  const at = (step: number): void => {
    for (const w of worlds) w.time = CAMPAIGN_START + step * 60_000;
  };
  at(0);
  const run = new GameRun(label, seed, worlds, driver);
  run.amends = options.amends === true;
  try {
    const both = async <T>(f: (w: World, i: 0 | 1) => Promise<T>): Promise<[T, T]> => [
      await f(worlds[0], 0),
      await f(worlds[1], 1),
    ];
    await both((w) => w.create(driver.ruleset, driver.ndays, driver.config));
    for (const p of run.players) await both((w) => w.join(p));
    await run.listen();
    const hiddenRandom = [rng(seed * 7 + 1), rng(seed * 7 + 2)];
    let hides = 0;
    const hide = async () => {
      const shared = seed * 7 + 3 + hides++;
      await both(async (w, i) => {
        for (const c of driver.hidden(i, hiddenRandom[i] as Random, rng(shared))) {
          run.hiddenActs[i].push(c);
          await w.command(c.by, c.type, c.args);
        }
      });
    };
    for (const c of driver.start(run.players)) await both((w) => w.command(c.by, c.type, c.args));
    await hide();
    // World 1 always has entries only the Administrator sees, so the worlds differ even where nothing else is hidden.
    await worlds[1].hiddenNoise(0);
    await run.checkLines(0, 'setup');
    for (let step = 1; step <= steps; step++) {
      at(step);
      const s = await nextStep(run, step);
      let answers: [Answer, Answer] | null = null;
      let answerViewer: string | null = null;
      let said = s.kind;
      switch (s.kind) {
        case 'amend':
          said = `Administrator: amend to ${driver.amendAt?.to}`;
          await both((w) => w.command(null, 'amend', { ruleset: driver.amendAt?.to ?? '' }));
          await hide();
          break;
        case 'post':
          said = `${s.by}: post "${s.text}"`;
          answers = await both((w) => w.post(s.by ?? '', s.text ?? '', step));
          answerViewer = s.by ?? null;
          break;
        case 'join':
          said = `join ${s.by}`;
          // The lines addressed to the newcomer alone (eir cards) are eirs to know; the rest anyone may read.
          answers = await both(async (w) => publicPart(await w.join(s.by ?? '')));
          answerViewer = 'public';
          break;
        case 'outsider':
          said = 'a command with a token no game issued';
          answers = await both((w) =>
            w.request('POST', `/api/games/${GAME}/commands`, BOGUS_TOKEN, {
              type: 'move',
              args: { x: 1, y: 1 },
            }),
          );
          answerViewer = 'outsider';
          break;
        case 'nweek':
          said = 'Administrator: tick {"nweek":true}';
          await both((w) => w.command(null, 'tick', { nweek: true }));
          for (const c of driver.eachNweek ?? []) await both((w) => w.command(c.by, c.type, c.args));
          break;
        case 'private': {
          const c = s.command as ScriptCommand;
          said = `in world 1 only, ${described(c)}`;
          run.stopped.set(c.by ?? '', `acted privately in world 1 only at step ${step}`);
          await worlds[1].command(c.by, c.type, c.args);
          break;
        }
        case 'noise':
          said = 'Administrator-only entries in world 1';
          await worlds[1].hiddenNoise(step);
          break;
        default: {
          const c = s.command as ScriptCommand;
          said = described(c);
          answers = await both((w) => w.command(c.by, c.type, c.args));
          answerViewer = c.by;
          if (c.by !== null) {
            if (answers[0].status === 200) run.accepted += 1;
            else run.refused += 1;
          }
        }
      }
      await run.checkLines(step, said);
      const deep = step % 8 === 0 || step === steps;
      for (const v of run.viewers) {
        if (run.stopped.has(v.name)) continue;
        if (answers && answerViewer === v.name) {
          const [x, y] = answers;
          if (!run.check(step, said, v, 'answer', shown(x), shown(y))) continue;
        }
        const [oa, ob] = await both((w) => outputs(w, v, deep));
        for (let i = 0; i < oa.length; i++) {
          const [route, a] = oa[i] as [string, string];
          const b = ob[i]?.[1] ?? '(missing)';
          if (!run.check(step, said, v, route, a, b)) break;
        }
      }
    }
    // The end: a tick every viewer sees, then each viewer's live stream.
    await both((w) => w.command(null, 'tick', {}));
    await run.checkLines(steps + 1, 'the last tick');
    await waitForStreams(run);
    for (const v of run.viewers) run.checkStream(steps + 1, v);
    // The Administrator sees the difference: the two worlds were different games.
    const adminOf = async (w: World) => (await w.request('GET', `/api/games/${GAME}/log`, w.adminToken)).body;
    const [la, lb] = await both(adminOf);
    const [ma, mb] = await both(async (w) =>
      JSON.stringify(
        (JSON.parse((await w.request('GET', `/api/games/${GAME}/me`, w.adminToken)).body) as JsonObject).view,
      ),
    );
    return {
      game: label,
      steps,
      comparisons: run.comparisons,
      differences: run.differences,
      stopped: Object.fromEntries(run.stopped),
      known: [...run.known.values()],
      leaks: [...run.leaks.values()],
      adminDiffers: la !== lb && (ma !== mb || driver.hidden(0, rng(1), rng(1)).length === 0),
      accepted: run.accepted,
      refused: run.refused,
      amended: (await worlds[0].referee.state(GAME)).params?.amendments.length ?? 0,
    };
  } finally {
    await worlds[0].close();
    await worlds[1].close();
  }
}

/** A join's answer with only its public lines. */
export function publicPart(r: Answer): Answer {
  const body = parseOr(r.body) as JsonObject;
  if (body === null || typeof body !== 'object' || !Array.isArray(body.lines)) return r;
  const lines = (body.lines as JsonObject[]).filter(
    (l) => (l.event as JsonObject | undefined)?.vis === 'public',
  );
  return { status: r.status, body: JSON.stringify({ ...body, lines }) };
}

/** An answer as one JSON text: its status and its body (parsed where it is JSON). */
export const shown = (r: Answer): string => JSON.stringify({ status: r.status, body: parseOr(r.body) });

const parseOr = (text: string): Json => {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
};

/** Waits (a bounded while) until every stream has every public line the public log holds. */
async function waitForStreams(run: GameRun): Promise<void> {
  for (const w of run.worlds) {
    const publicLines = (await w.referee.log(GAME, PUBLIC)).length;
    for (let tries = 0; ; tries++) {
      const behind = run.viewers.filter((v) => {
        if (w.streamStatus(v.name) !== 200) return false;
        const got = w
          .messages(v.name)
          .flatMap((m) => ((parseOr(m.data) as JsonObject).lines ?? []) as JsonObject[])
          .filter((l) => (l.event as JsonObject | undefined)?.vis === 'public').length;
        return got < publicLines - run.publicAtListen(w);
      });
      if (process.env.NI_DEBUG)
        console.error('wait', w.index, publicLines, run.publicAtListen(w), behind.length);
      if (behind.length === 0) break;
      if (tries > 3000)
        throw new Error(`the live streams of ${behind.map((v) => v.name).join(', ')} fell behind`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export interface CampaignResult {
  readonly games: number;
  readonly seed: number;
  readonly steps: number;
  readonly comparisons: number;
  readonly differences: number;
  readonly accepted: number;
  readonly refused: number;
  readonly byRuleset: Readonly<Record<string, number>>;
  /** Known classes seen, with their first finding. */
  readonly known: Readonly<Record<string, Finding>>;
  /** New leaks: every first finding per game, route and viewer. */
  readonly leaks: readonly Finding[];
  /** Games where the Administrator's log and view did not differ (the worlds were not different). */
  readonly sameForAdmin: readonly string[];
  /** How viewers' comparisons stopped: told by the rules, a known leak, a new leak; and never. */
  readonly stops: Readonly<Record<string, number>>;
}

/** Plays `games` games (rulesets in turn), game i with seed `seed + i`. */
export async function nonInterferenceCampaign(options: {
  games: number;
  seed: number;
  steps: number;
  onGame?: (r: GameResult) => void;
}): Promise<CampaignResult> {
  const known: Record<string, Finding> = {};
  const leaks: Finding[] = [];
  const sameForAdmin: string[] = [];
  const byRuleset: Record<string, number> = {};
  const stops: Record<string, number> = { told: 0, 'acted privately': 0, 'known leak': 0, 'new leak': 0 };
  let comparisons = 0;
  let differences = 0;
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < options.games; i++) {
    const r = await playGame(i, options.seed + i, options.steps);
    options.onGame?.(r);
    const name = DRIVERS[i % DRIVERS.length]?.name ?? '?';
    byRuleset[name] = (byRuleset[name] ?? 0) + 1;
    comparisons += r.comparisons;
    differences += r.differences;
    accepted += r.accepted;
    refused += r.refused;
    for (const f of r.known) known[f.leak] ??= f;
    leaks.push(...r.leaks);
    if (!r.adminDiffers) sameForAdmin.push(r.game);
    for (const why of Object.values(r.stopped)) {
      const kind = why.startsWith('told')
        ? 'told'
        : why.startsWith('acted')
          ? 'acted privately'
          : why.includes('new leak')
            ? 'new leak'
            : 'known leak';
      stops[kind] = (stops[kind] ?? 0) + 1;
    }
  }
  return {
    games: options.games,
    seed: options.seed,
    steps: options.steps,
    comparisons,
    differences,
    accepted,
    refused,
    byRuleset,
    known,
    leaks,
    sameForAdmin,
    stops,
  };
}

const fmt = (n: number): string => n.toLocaleString('en-US');
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ⏎ ').replace(/`/g, "'");

function section(r: CampaignResult, seconds: number): string {
  const known = LEAK_CLASSES.filter((c) => r.known[c.id]);
  return [
    '## Non-interference',
    '',
    'Two games that differ only in hidden facts (the secret rolls placing Things and moles and shuffling the',
    'deck, the Bonus Boxes the Administrator hides, Administrator-only entries), played with the same random',
    "public script (players' commands, some refused, forum posts, late joins, ticks, nweek ends, the",
    "Administrator's public commands, a token no game issued), compared after every command for the public,",
    'each player and an outsider over every route (views, `/me`, the log and `?from=`, `/verify`, the games',
    'list, every report as text and markdown, answers to commands, joins and posts), the CLI renders and',
    "exports, and each viewer's live stream. A viewer's comparison stops where the rules tell em something",
    'that differs (a Thing found, a Box opened, eir own mole and hand); the method is in',
    '`bench/campaigns/non-interference.ts`, and `test/campaigns/non-interference.test.ts` runs it small.',
    '',
    `Run: \`node dist/bench/campaigns/non-interference.js --games ${r.games} --seed ${r.seed} --steps ${r.steps}\` (${seconds.toFixed(1)} s on ${machine()}, ${new Date().toISOString().slice(0, 10)}).`,
    '',
    '| what | figure |',
    '| --- | ---: |',
    `| games (${Object.entries(r.byRuleset)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}) | ${fmt(r.games)} |`,
    `| script steps per game / players' commands accepted / refused | ${r.steps} / ${fmt(r.accepted)} / ${fmt(r.refused)} |`,
    `| outputs compared | ${fmt(r.comparisons)} |`,
    `| viewers' comparisons stopped: told by the rules / acted privately in world 1 / at a known leak / at a new leak | ${r.stops.told ?? 0} / ${r.stops['acted privately'] ?? 0} / ${r.stops['known leak'] ?? 0} / ${r.stops['new leak'] ?? 0} |`,
    `| games the Administrator saw as the same (must be 0) | ${r.sameForAdmin.length} |`,
    `| known leak classes seen | ${known.length} of ${LEAK_CLASSES.length} |`,
    `| **new leaks (game, route and viewer)** | **${r.leaks.length}** |`,
    '',
    ...(known.length
      ? [
          'Known leak classes seen (being closed on other branches), with the first difference of each:',
          '',
          '| class | issue item | route, viewer | first differing line (world 0 / world 1) |',
          '| --- | --- | --- | --- |',
          ...known.map((c) => {
            const f = r.known[c.id] as Finding;
            return `| ${c.id}: ${cell(c.what)} | ${c.item} | ${cell(f.route)}, ${f.viewer} (${cell(f.game)}, step ${f.step}) | ${cell(f.a)} / ${cell(f.b)} |`;
          }),
          '',
        ]
      : ['No known leak class was seen.', '']),
    findingsList(
      'New leaks',
      r.leaks,
      (f) =>
        `${f.game}, step ${f.step} (${f.command}): ${f.route} for ${f.viewer}: \`${cell(f.a)}\` / \`${cell(f.b)}\``,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const result = await nonInterferenceCampaign({
    games: Number(arg('--games') ?? 24),
    seed: Number(arg('--seed') ?? 13_2002),
    steps: Number(arg('--steps') ?? 80),
    onGame: (g) =>
      console.error(`${g.game}: ${g.comparisons} compared, ${g.known.length} known, ${g.leaks.length} new`),
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify(result, null, 2));
  if (!process.argv.includes('--no-doc')) await writeSection('non-interference', section(result, seconds));
  if (result.leaks.length > 0 || result.sameForAdmin.length > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
