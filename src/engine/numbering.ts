// Every number a viewer is given counts only what e may see (Kernel.position): a gap in a viewer's line
// numbers, or a count of entries, commands or rolls e cannot see, would tell em that something hidden
// happened (issue 13). These helpers number what the engine hands out for one viewer.
import type { GameEvent, LogEntry, LogLine, VerifyReport, Viewer } from '../core/index.js';
import { canSee } from '../core/index.js';
import type { Accepted, Referee } from './referee.js';
import { insidesOf } from './insides.js';

/** What numbering reads of a referee: its rules (and, through insides.ts, its store). */
type Numbering = Pick<Referee, 'rules'>;

/** An accepted command's entries as a viewer may see them, and eir position after them. */
export interface NumberedLines {
  readonly seq: number;
  readonly lines: LogLine[];
}

/**
 * What a command's answer shows its viewer: the lines of its entries in the viewer's numbering, and the
 * viewer's position after them. For a repeated command id the entries are older than the state, so the
 * position before them is counted from the log (as /log does).
 */
export async function numberedAnswer(
  referee: Numbering,
  game: string,
  accepted: Accepted,
  viewer: Viewer,
): Promise<NumberedLines> {
  const kernel = referee.rules;
  const visible = accepted.entries.filter((e) => canSee(e.event.vis, viewer)).length;
  const first = accepted.entries[0];
  let before: number;
  if (!accepted.duplicate || !first) before = kernel.position(accepted.state, viewer) - visible;
  else if (viewer.role === 'admin') before = first.seq - 1;
  else before = await positionBefore(referee, game, first.seq, viewer);
  const lines = kernel.logView(accepted.entries, viewer, accepted.state, before);
  const last = accepted.entries[accepted.entries.length - 1];
  const seq = viewer.role === 'admin' ? (last?.seq ?? accepted.state.seq) : before + visible;
  return { seq, lines };
}

/** How many entries before `seq` the viewer may see. */
export async function positionBefore(
  referee: Numbering,
  game: string,
  seq: number,
  viewer: Viewer,
): Promise<number> {
  if (viewer.role === 'admin') return seq - 1;
  let n = 0;
  for await (const batch of insidesOf(referee).store.stream(game)) {
    for (const e of batch) {
      if (e.seq >= seq) return n;
      if (canSee(e.event.vis, viewer)) n++;
    }
  }
  return n;
}

/** What one viewer can check emself of a log: the entries, commands and rolls e may see. */
export interface Checkable {
  readonly entries: number;
  readonly commands: number;
  readonly fairRolls: number;
  readonly manualRolls: number;
}

/** Per viewer, what e can check: the public's, and each player's beyond the public's. */
export interface CheckableCounts {
  readonly public: Checkable;
  readonly players: Readonly<Record<string, Checkable>>;
}

const NONE: Checkable = { entries: 0, commands: 0, fairRolls: 0, manualRolls: 0 };

function add(c: Checkable, event: GameEvent): Checkable {
  let fairRolls = c.fairRolls;
  let manualRolls = c.manualRolls;
  for (const r of event.rolls ?? []) {
    if (r.source === 'manual') manualRolls++;
    else fairRolls++;
  }
  return {
    entries: c.entries + 1,
    commands: c.commands + (event.type === 'command' ? 1 : 0),
    fairRolls,
    manualRolls,
  };
}

/**
 * The counts of what each viewer may check, entry by entry (the verifying thread counts as it verifies, a
 * page at a time: issue 17).
 */
export class CheckableCounter {
  private pub = NONE;
  private readonly players: Record<string, Checkable> = {};

  add(event: GameEvent): void {
    const vis = event.vis;
    if (vis === 'public') this.pub = add(this.pub, event);
    else if (vis !== 'admin')
      for (const name of new Set(vis.players)) this.players[name] = add(this.players[name] ?? NONE, event);
  }

  get counts(): CheckableCounts {
    return { public: this.pub, players: { ...this.players } };
  }
}

/**
 * One pass over a log for every viewer at once, so that a verification, shared by every request for the
 * same log, answers each viewer without reading the log again.
 */
export function checkableCounts(entries: readonly LogEntry[]): CheckableCounts {
  const counter = new CheckableCounter();
  for (const e of entries) counter.add(e.event);
  return counter.counts;
}

/**
 * A verification as a viewer may be told it. The Administrator gets the whole report. Anyone else learns
 * whether the whole log verifies, and counts of what e can check emself: the entries, commands and rolls
 * e may see; never how many hidden entries, commands or secret rolls there are, nor a problem's words (which
 * name hidden entries and quote them).
 */
export function verifyFor(report: VerifyReport, counts: CheckableCounts, viewer: Viewer): VerifyReport {
  if (viewer.role === 'admin') return report;
  const own = viewer.role === 'player' ? (counts.players[viewer.name] ?? NONE) : NONE;
  const problems = report.ok
    ? []
    : ['the log does not verify; the Administrator\u2019s verification says where and why'];
  return {
    ok: report.ok,
    entries: counts.public.entries + own.entries,
    commands: counts.public.commands + own.commands,
    fairRolls: counts.public.fairRolls + own.fairRolls,
    manualRolls: counts.public.manualRolls + own.manualRolls,
    problems,
  };
}
