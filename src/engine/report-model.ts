// The facts of an nweek's public report, which the text report (report.ts) and the Markdown one
// (report-markdown.ts) set out each in its own way: what happened, the corrections, every public roll, the
// standings at the nweek's end in the rules' words, and how to check the dice. Built only from the public log
// and the public view of the state replayed to the nweek's end, so it cannot carry a secret; pure, so the notice
// producers (src/channels/producers.ts) make the same report in the command's own transaction.
import { PUBLIC, viewPlayers } from '../core/index.js';
import { absences, absenceText } from './absent.js';
import type {
  GameState,
  Json,
  JsonObject,
  KernelEvent,
  LogEntry,
  LogLine,
  Roll,
  Standings,
  Stream,
} from '../core/index.js';
import type { Rules } from './ports/index.js';

/** A line of the public log: its number there (public numbering) and the game time it was written at. */
export interface LogPlace {
  readonly line: number;
  readonly nweek: number;
  readonly nday: number;
}

/** One dice seed as the public log tells of it: its commitment and, once published, the seed itself. */
export interface SeedFacts {
  readonly stream: Stream;
  readonly epoch: number;
  readonly committed?: LogPlace & { readonly commitment: string };
  readonly revealed?: LogPlace & { readonly seed: string };
  /** Whether the report's rolls were drawn from it. */
  readonly used: boolean;
}

export interface NweekReport {
  readonly game: string;
  readonly ruleset: string;
  readonly title: string;
  readonly nweek: number;
  /** The nweek's clock while it is still going on; undefined once it has ended. */
  readonly going?: { readonly nday: number; readonly ndays: number };
  /** Whether the standings are those at the nweek's end (else: now, the nweek being the current one). */
  readonly atEnd: boolean;
  readonly happened: readonly {
    readonly nday: number;
    readonly text: string;
    readonly correction: boolean;
  }[];
  /** Each wait of the rules that ended with players who had not acted, in words (absent.ts). */
  readonly absent: readonly string[];
  readonly rolls: readonly Roll[];
  readonly dice: 'fair' | 'manual' | 'beacon';
  readonly seeds: readonly SeedFacts[];
  readonly standings: Standings;
  readonly board: string;
}

/** A line of the log that is a correction of the ledger (ruling K12). */
export const isCorrection = (l: LogLine): boolean => l.type === 'points' && l.event.corrects !== undefined;

/** The nweek a report is about by default: the last one that has ended, or the current one if none has. */
export function defaultReportNweek(current: number, lines: readonly LogLine[]): number {
  const ended = lines.filter((l) => l.type === 'nweek-ended').map((l) => Number(l.event.nweek));
  return ended.length > 0 ? Math.max(...ended) : current;
}

/** Lines a report leaves out: each rule's own event says what a command did, and the clock's are the frame. */
const QUIET = ['command', 'seed-committed', 'seed-revealed', 'nday-started', 'nday-ended', 'nweek-started'];

/** A plain value of a view as a person writes it: a square as (x,y), a list in words, no JSON. */
function plainText(v: Json | undefined): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) {
    if (v.length === 2 && v.every((x) => typeof x === 'number')) return `(${v.join(',')})`;
    return v.map(plainText).join(', ');
  }
  if (typeof v === 'boolean') return v ? 'yes' : '';
  if (typeof v === 'object') return '';
  return String(v);
}

/**
 * Standings for a ruleset that writes none of its own (Ruleset.standings): each player's plain facts from the
 * view, a column per fact ("location" reads "Location"), without a column that says nothing for anyone.
 */
function plainStandings(view: JsonObject): Standings {
  const players = viewPlayers(view).filter((p) => typeof p.name === 'string');
  const keys = [...new Set(players.flatMap((p) => Object.keys(p)))].filter((k) => k !== 'name');
  const columns = keys.filter((k) => players.some((p) => plainText(p[k]) !== ''));
  const title = (k: string) => k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
  return {
    columns: ['Player', ...columns.map(title)],
    rows: players.map((p) => [plainText(p.name), ...columns.map((k) => plainText(p[k]))]),
  };
}

/** The seeds the public log tells of, each with where it was committed and revealed. */
function seedsOf(lines: readonly LogLine[]): Map<string, SeedFacts> {
  const seeds = new Map<string, SeedFacts>();
  for (const l of lines) {
    const e = l.event as KernelEvent;
    if (e.type !== 'seed-committed' && e.type !== 'seed-revealed') continue;
    const key = `${e.stream}|${e.epoch}`;
    const known: SeedFacts = seeds.get(key) ?? { stream: e.stream, epoch: e.epoch, used: false };
    const place = { line: l.seq, nweek: l.nweek, nday: l.nday };
    seeds.set(
      key,
      e.type === 'seed-committed'
        ? { ...known, committed: { ...place, commitment: e.commitment } }
        : { ...known, revealed: { ...place, seed: e.seed } },
    );
  }
  return seeds;
}

/**
 * A stretch of a game's log an nweek's report can be made from without the rest (issue 28: an nweek's end
 * costs what the nweek holds, not what the game does): consecutive entries from some entry at or before the
 * command that began the nweek to now, with the state before the first of them, and the entries of the
 * game's creation for its seeds' commitments (see reportFromStretch).
 */
export interface LogStretch {
  /** Consecutive entries of the log, up to the last there is. */
  readonly entries: readonly LogEntry[];
  /** The state before `entries[0]`; undefined when they begin the log. */
  readonly before?: GameState;
  /** The game's first entries (its creation), when `entries` do not begin the log; any beyond are ignored. */
  readonly creation?: readonly LogEntry[];
}

/**
 * The report of nweek `nweek` (default: the last that ended) from a game's log and its state now. The seeds it
 * tells of are those its rolls were drawn from, the nweek's own and the game's secret one; what the public log
 * says of each (its commitment, and the seed once revealed) is read from the whole log.
 */
export function reportModel(
  kernel: Rules,
  game: string,
  entries: readonly LogEntry[],
  current: GameState,
  nweek?: number,
): NweekReport {
  return modelOf(kernel, game, { entries }, current, nweek, true) as NweekReport;
}

/**
 * The same report from a stretch of the log, or undefined when the stretch cannot tell all the whole log
 * would: the nweek's start is not in it, or a seed the report tells of is committed outside it and the
 * creation (the kernel commits the public seed of an nweek in the command that begins it, the secret one and
 * the first nweek's at the creation, and reveals each at its nweek's end or the game's: so in a stretch from
 * the command that began the nweek, with the creation, a fair game's seeds are all there), or the game
 * ended before it (its secret seed revealed outside it).
 */
export function reportFromStretch(
  kernel: Rules,
  game: string,
  stretch: LogStretch,
  current: GameState,
  nweek: number,
): NweekReport | undefined {
  return modelOf(kernel, game, stretch, current, nweek, stretch.before === undefined);
}

function modelOf(
  kernel: Rules,
  game: string,
  stretch: LogStretch,
  current: GameState,
  nweek: number | undefined,
  whole: boolean,
): NweekReport | undefined {
  const { entries } = stretch;
  // Numbered as the whole log numbers them: from the public's position before the stretch, each entry
  // described by the ruleset in force then.
  const from = stretch.before ? kernel.position(stretch.before, PUBLIC) : 0;
  const lines = kernel.logView(entries, PUBLIC, current, from, stretch.before?.ruleset);
  const week = nweek ?? defaultReportNweek(current.clock.nweek, lines);
  // Standings as they were when the nweek ended: the log replayed to the next nweek's start, then viewed as the
  // public views it (the replay sees everything; only the public view of it leaves).
  const startOf = (n: number) =>
    entries.findIndex((e) => e.event.type === 'nweek-started' && Number(e.event.nweek) === n);
  const start = startOf(week);
  if (!whole && (start < 0 || (current.ended && !entries.some((e) => e.event.type === 'game-ended'))))
    return undefined;
  const end = startOf(week + 1);
  const nweekEntries = entries.slice(Math.max(0, start), end < 0 ? entries.length : end);
  // The state the nweek began in, needed for the standings at its end and for who did not act in time (which
  // only an nday's end can show): replayed only when one of them asks.
  const needed = end >= 0 || nweekEntries.some((e) => e.event.type === 'nday-ended');
  let before: GameState | undefined;
  if (start >= 0 && needed) {
    before = stretch.before;
    for (const e of entries.slice(0, start)) before = kernel.evolve(before, e.event);
  }
  let state = current;
  if (end >= 0) {
    let s = before;
    for (const e of nweekEntries) s = kernel.evolve(s, e.event);
    state = s ?? current;
  }
  const view = kernel.view(state, PUBLIC);
  const during = lines.filter(
    (l) => l.nweek === week || (l.type === 'nweek-ended' && Number(l.event.nweek) === week),
  );
  const events = during.filter((l) => !QUIET.includes(l.type));
  const rolls = during.flatMap((l) => l.event.rolls ?? []);

  // The creation's lines (numbered from the log's start) before the stretch's, for the seeds committed then.
  const first = entries[0]?.seq ?? 1;
  const creation = stretch.before
    ? kernel.logView(
        (stretch.creation ?? []).filter((e) => e.seq < first),
        PUBLIC,
        current,
      )
    : [];
  const known = seedsOf([...creation, ...lines]);
  const told = new Set<string>();
  for (const r of rolls) if (r.proof) told.add(`${r.proof.stream}|${r.proof.epoch}`);
  const used = new Set(told);
  // Beside the seeds the rolls came from: the nweek's own (its rolls, if any, come from it) and the game's
  // secret one (committed in public, though what it draws is hidden).
  told.add(`public|${week}`);
  told.add('secret|0');
  if (!whole && current.dice.source !== 'manual' && [...told].some((key) => !known.has(key)))
    return undefined;
  const seeds = [...known.entries()]
    .filter(([key]) => told.has(key))
    .map(([key, facts]) => ({ ...facts, used: used.has(key) }))
    // The public seeds by nweek, then the secret one.
    .sort((a, b) => (a.stream === b.stream ? a.epoch - b.epoch : a.stream === 'public' ? -1 : 1));

  const going = week === current.clock.nweek && !current.ended;
  return {
    game,
    ruleset: state.ruleset,
    title: kernel.rulesetTitle(state),
    nweek: week,
    ...(going ? { going: { nday: current.clock.nday, ndays: current.clock.ndays } } : {}),
    atEnd: state !== current,
    happened: events.map((l) => ({ nday: l.nday, text: l.text, correction: isCorrection(l) })),
    // Issue 16: what the rules did for players who had not acted in time, said apart (public facts only).
    absent: absences(kernel, before, nweekEntries).map(absenceText),
    rolls,
    dice: current.dice.source,
    seeds,
    standings: kernel.standings(state, view) ?? plainStandings(view),
    board: kernel.render(state, view),
  };
}

/** A roll's outcome as a person says it: "1d20 = 18", "#233 of 400", "new order 2, 3, 1". */
export function rollOutcome(r: Roll): string {
  if (r.kind === 'choice') return `#${Number(r.result) + 1} of ${r.sides[0] ?? '?'}`;
  const result = r.result;
  if (typeof result !== 'number') return `${r.expr}, new order ${result.map((i) => i + 1).join(', ')}`;
  const dice = r.draws.length > 1 ? ` (${r.draws.join(' + ')})` : '';
  return `${r.expr} = ${result}${dice}`;
}

/** Which seed a fair roll was drawn from, in words. */
export const seedName = (stream: Stream, epoch: number): string =>
  stream === 'public' ? `the public seed of nweek ${epoch}` : "the game's secret seed";
